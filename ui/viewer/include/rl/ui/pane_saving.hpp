// File > Save Pane As and File > Copy Pane Command in the viewer's window: one item per pane, and the
// HR's in SR mode. The rule of the call (which imresize options made a pane, what may be written where)
// is the command line's, given as PaneCalls; a save is encoded and written off the GUI thread.
#pragma once

#include <QString>
#include <functional>

#include "rl/ui/comparison.hpp"

namespace rl::ui {
class MainWindow;
// Asks where to save, given a suggested path; an empty answer cancels. The default is a file dialog.
using AskSavePath = std::function<QString(const QString& suggested)>;

// What the command line knows of a pane's call (app/resizelab/pane_command.hpp).
struct PaneCalls {
  // Pane `pane`'s imresize call as one shell line reading `input` and writing `output`; throws
  // std::runtime_error with one line where no single call makes the pane.
  std::function<QString(const Comparison&, int pane, const QString& input, const QString& output)>
      command_line;
  // Throws std::runtime_error with one line where the pane cannot be written to `path` as its call
  // writes it (no call makes it, or the call would write another file).
  std::function<void(const Comparison&, int pane, const QString& path)> check_save;
};

// Adds both submenus (one item per pane, named by its label, then "HR (the image itself)" in SR mode)
// to the File menu, before Export Figure. Save Pane As checks on the GUI thread, then encodes and
// writes through the core's atomic writer on a worker thread (the status bar shows it running): the
// result saved is the one shown when it was asked for, whatever changes or closes meanwhile.
void install_pane_saving(MainWindow& w, PaneCalls calls, AskSavePath ask = {});
// The file name Copy Pane Command and Save Pane As suggest for pane `pane` of an image at `source`
// ("bird-pane2.png"; "resizelab-pane2.png" for the built-in image), and for the HR ("bird-hr.png").
QString pane_file_name(const QString& source, int pane);
QString hr_file_name(const QString& source);
// How many saves are being written now (all windows).
int pane_saves_running();
}  // namespace rl::ui
