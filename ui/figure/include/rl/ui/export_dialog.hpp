// File > Export: choose layout (row, grid or the SR paper's figure, with its crops; the SR paper's by
// default when the panes are compared with the image itself at an SR factor), format, size / DPI, the
// difference maps and any of the plots `--plots` draws with the output pixel they explain, for a figure spec
// prefilled from the viewer's current comparison; and the equivalent `resizelab --export` command line, with
// a Copy button.
#pragma once

#include <QDialog>
#include <QStringList>
#include <functional>
#include <optional>

#include "rl/ui/figure.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace rl::ui {

// The command line that writes a figure: its words (program first) and what it cannot say.
struct ExportCommand {
  QStringList args;
  QStringList left_out;
};
// Made by the program that owns the option table (resizelab's export_command); the shell line shown.
struct CommandLineWriter {
  std::function<ExportCommand(const FigureSpec&, const QString& path)> command;
  std::function<QString(const QStringList&)> shell_line;
};

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  // Without a writer the dialog shows no command line.
  ExportDialog(FigureSpec spec, const QString& suggested_path, QWidget* parent = nullptr,
               CommandLineWriter writer = {});
  // The spec with the dialog's choices applied, and the chosen file (its extension = format).
  FigureSpec spec() const;
  QString path() const;
  // The command line for the current choices (empty without a writer) and the line shown.
  ExportCommand command() const;
  QString command_text() const;
  // Writes the figure; on failure shows the reason in the dialog and returns false.
  bool export_now();

 public slots:
  void accept() override;

 private:
  void sync_extension();
  void update_command();
  QString crops_error() const;  // empty when the crops field reads as crops
  QString pixel_error() const;  // empty when the pixel field is empty or reads as row,col
  void prepare_paper();         // paper_ from spec_'s comparison
  FigureSpec spec_;
  // The SR paper's comparison: the window's with a protocol (srcnn unless one is chosen) and without
  // its statistics region, so every inset's scores are of the whole image (as `imresize score`'s).
  std::optional<Comparison> paper_;
  QCheckBox* crop_scores_ = nullptr;
  CommandLineWriter writer_;
  QComboBox* layout_ = nullptr;
  QLineEdit* crops_ = nullptr;  // the SR paper's crops, "x,y,w,h; x,y,w,h"
  QComboBox* format_ = nullptr;
  QSpinBox* width_ = nullptr;
  QDoubleSpinBox* dpi_ = nullptr;
  QList<QCheckBox*> plots_;     // one per FigurePlot, in its order
  QLineEdit* pixel_ = nullptr;  // the output pixel the plots explain, "row,col" (empty: the centre)
  QCheckBox* diffs_ = nullptr;
  QComboBox* diff_mode_ = nullptr;
  QLineEdit* path_ = nullptr;
  QLabel* size_label_ = nullptr;
  QLabel* error_ = nullptr;
  QPlainTextEdit* command_ = nullptr;
  QLabel* left_out_ = nullptr;
};

}  // namespace rl::ui
