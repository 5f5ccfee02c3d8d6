// File > Save Pane As and File > Copy Pane Command in the viewer's window (pane_command.hpp's rule).
#pragma once

#include <QString>
#include <functional>

namespace rl::ui {
class MainWindow;
// Asks where to save, given a suggested path; an empty answer cancels. The default is a file dialog.
using AskSavePath = std::function<QString(const QString& suggested)>;
// Adds both submenus (one item per pane, named by its label) to the File menu, before Export Figure.
void install_pane_saving(MainWindow& w, AskSavePath ask = {});
// The file name Copy Pane Command and Save Pane As suggest for pane `pane` of an image at `source`
// ("bird-pane2.png"; "resizelab-pane2.png" for the built-in image).
QString pane_file_name(const QString& source, int pane);
}  // namespace rl::ui
