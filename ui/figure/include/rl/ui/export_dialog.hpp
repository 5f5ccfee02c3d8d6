// File > Export: choose layout, format, size / DPI and whether to add the kernel plot and the
// difference maps, for a figure spec prefilled from the viewer's current comparison.
#pragma once

#include <QDialog>

#include "rl/ui/figure.hpp"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace rl::ui {

class ExportDialog : public QDialog {
  Q_OBJECT
 public:
  ExportDialog(FigureSpec spec, const QString& suggested_path, QWidget* parent = nullptr);
  // The spec with the dialog's choices applied, and the chosen file (its extension = format).
  FigureSpec spec() const;
  QString path() const;
  // Writes the figure; on failure shows the reason in the dialog and returns false.
  bool export_now();

 public slots:
  void accept() override;

 private:
  void sync_extension();
  FigureSpec spec_;
  QComboBox* layout_ = nullptr;
  QComboBox* format_ = nullptr;
  QSpinBox* width_ = nullptr;
  QDoubleSpinBox* dpi_ = nullptr;
  QCheckBox* kernel_ = nullptr;
  QCheckBox* diffs_ = nullptr;
  QComboBox* diff_mode_ = nullptr;
  QLineEdit* path_ = nullptr;
  QLabel* size_label_ = nullptr;
  QLabel* error_ = nullptr;
};

}  // namespace rl::ui
