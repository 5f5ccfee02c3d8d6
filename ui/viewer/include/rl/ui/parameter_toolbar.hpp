// The parameters toolbar: scale (logarithmic slider and typed value), output size, boundary rule, the
// class MATLAB's panes resize in and device, written into the document and kept in step with it.
#pragma once

#include <QToolBar>

#include "rl/ui/document.hpp"

class QComboBox;
class QLineEdit;
class QSlider;

namespace rl::ui {

// A scale as the user would write it: 1/3 rather than 0.333333.
QString scale_to_text(double s);
// The scale at a slider position (100 * log2(scale)), snapped to 1/n and to integers within 3%.
double slider_scale(int position);

class ParameterToolbar : public QToolBar {
  Q_OBJECT
 public:
  explicit ParameterToolbar(Document* doc, QWidget* parent = nullptr);

  QLineEdit* scale_edit() const { return scale_edit_; }
  QLineEdit* size_edit() const { return size_edit_; }
  // A scale (shown as scale_to_text writes it) or an output size (one side may be NaN), into the
  // widgets and the document.
  void set_scale(double s);
  void set_out_size(double rows, double cols);
  // Apply a scale typed by the user ("0.5", "1/3") or an output size ("100,NaN"); a bad value is
  // reported through `error` and changes nothing.
  void apply_scale_text(const QString& text);
  void apply_size_text(const QString& text);
  // The size as typed when the document resizes to a size, else empty.
  QString size_text() const;
  // Shows the document's boundary, class, device and scale (e.g. after restoring settings).
  void refresh();

 signals:
  void error(const QString& message);

 private:
  void show_scale(double s, const QString& text);

  Document* doc_;
  QSlider* scale_slider_ = nullptr;
  QLineEdit* scale_edit_ = nullptr;
  QLineEdit* size_edit_ = nullptr;
  QComboBox* boundary_box_ = nullptr;
  QComboBox* device_box_ = nullptr;
  QComboBox* class_box_ = nullptr;
};

}  // namespace rl::ui
