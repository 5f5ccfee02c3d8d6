// File > Export: choose layout (row, grid or the SR paper's figure, with its crops), format, size / DPI and
// whether to add the kernel plot and the difference maps, for a figure spec prefilled from the viewer's
// current comparison; and the equivalent `resizelab --export` command line, with a Copy button.
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
  QCheckBox* kernel_ = nullptr;
  QCheckBox* diffs_ = nullptr;
  QComboBox* diff_mode_ = nullptr;
  QLineEdit* path_ = nullptr;
  QLabel* size_label_ = nullptr;
  QLabel* error_ = nullptr;
  QPlainTextEdit* command_ = nullptr;
  QLabel* left_out_ = nullptr;
};

}  // namespace rl::ui
