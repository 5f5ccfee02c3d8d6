// The parameters toolbar: its widgets, the slider's snapping and the parsing of typed values.
#include "rl/ui/parameter_toolbar.hpp"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>
#include <QSlider>
#include <cmath>
#include <exception>

#include "rl/parse.hpp"

namespace rl::ui {

namespace {
constexpr int kSliderMin = -400, kSliderMax = 300;  // 100 * log2(scale): 1/16 .. 8
}  // namespace

QString scale_to_text(double s) {
  const double inv = 1.0 / s;
  if (s < 1 && std::abs(inv - std::round(inv)) < 1e-9) return QString("1/%1").arg(std::lround(inv));
  return QString::number(s, 'g', 4);
}

double slider_scale(int position) {
  double s = std::exp2(position / 100.0);
  // Snap to 1/n and to integers near the handle, the scales people actually compare.
  const double inv = std::round(1.0 / s);
  if (s < 1 && std::abs(1.0 / s - inv) < 0.03 * inv)
    s = 1.0 / inv;
  else if (s >= 1 && std::abs(s - std::round(s)) < 0.03 * s)
    s = std::round(s);
  return s;
}

ParameterToolbar::ParameterToolbar(Document* doc, QWidget* parent)
    : QToolBar("Parameters", parent), doc_(doc) {
  setObjectName("parameters");
  addWidget(new QLabel(" Scale "));
  scale_slider_ = new QSlider(Qt::Horizontal);
  scale_slider_->setRange(kSliderMin, kSliderMax);
  scale_slider_->setFixedWidth(130);  // both toolbars in one row at the default width
  scale_slider_->setToolTip("Scale, logarithmic from 1/16 to 8");
  addWidget(scale_slider_);
  scale_edit_ = new QLineEdit;
  scale_edit_->setFixedWidth(70);
  scale_edit_->setToolTip("Scale: a number or a fraction such as 1/3 (Enter to apply)");
  addWidget(scale_edit_);
  addWidget(new QLabel("  or size "));
  size_edit_ = new QLineEdit;
  size_edit_->setFixedWidth(90);
  size_edit_->setPlaceholderText("rows,cols");
  size_edit_->setToolTip("Output size rows,cols; one may be NaN to keep the aspect ratio (Enter to apply)");
  addWidget(size_edit_);
  addWidget(new QLabel("  Boundary "));
  boundary_box_ = new QComboBox;
  boundary_box_->addItem("modern (mirror)", static_cast<int>(Boundary::Modern));
  boundary_box_->addItem("legacy (clamp)", static_cast<int>(Boundary::Legacy));
  addWidget(boundary_box_);
  addWidget(new QLabel("  Class "));
  class_box_ = new QComboBox;
  class_box_->setObjectName("classBox");
  class_box_->addItem("keep", static_cast<int>(ResizeClass::Keep));
  class_box_->addItem("double", static_cast<int>(ResizeClass::Double));
  class_box_->addItem("single", static_cast<int>(ResizeClass::Single));
  class_box_->setToolTip(
      "The class MATLAB's panes resize in (imresize --as): the image's own, or im2double / im2single of "
      "it, the result brought back to the image's class as a file written from it is");
  addWidget(class_box_);
  addWidget(new QLabel("  Device "));
  device_box_ = new QComboBox;
  for (Device d : {Device::Auto, Device::Cpu, Device::Cuda})
    device_box_->addItem(to_qstring(d), static_cast<int>(d));
  addWidget(device_box_);

  connect(scale_slider_, &QSlider::valueChanged, this, [this](int v) {
    const double s = slider_scale(v);
    const QString text = scale_to_text(s);
    scale_edit_->setText(text);
    size_edit_->clear();
    doc_->set_scale(s, text);
  });
  connect(scale_edit_, &QLineEdit::returnPressed, this, [this]() { apply_scale_text(scale_edit_->text()); });
  connect(size_edit_, &QLineEdit::returnPressed, this, [this]() { apply_size_text(size_edit_->text()); });
  connect(boundary_box_, &QComboBox::currentIndexChanged, this,
          [this]() { doc_->set_boundary(static_cast<Boundary>(boundary_box_->currentData().toInt())); });
  connect(class_box_, &QComboBox::currentIndexChanged, this,
          [this]() { doc_->set_resize_class(static_cast<ResizeClass>(class_box_->currentData().toInt())); });
  connect(device_box_, &QComboBox::currentIndexChanged, this,
          [this]() { doc_->set_device(static_cast<Device>(device_box_->currentData().toInt())); });
}

void ParameterToolbar::show_scale(double s, const QString& text) {
  {
    const QSignalBlocker b(scale_slider_);
    scale_slider_->setValue(static_cast<int>(std::lround(100 * std::log2(s))));
  }
  scale_edit_->setText(text);
  size_edit_->clear();
  doc_->set_scale(s, text);
}

void ParameterToolbar::set_scale(double s) { show_scale(s, scale_to_text(s)); }

void ParameterToolbar::set_out_size(double rows, double cols) {
  doc_->set_out_size(rows, cols);
  const auto side = [](double v) { return std::isnan(v) ? QString("NaN") : QString::number(v, 'g', 10); };
  size_edit_->setText(side(rows) + "," + side(cols));
}

void ParameterToolbar::apply_scale_text(const QString& text) {
  try {
    show_scale(parse_scale_value(text.toStdString()), text.trimmed());
  } catch (const std::exception& e) {
    emit error(QString::fromStdString(e.what()));
  }
}

void ParameterToolbar::apply_size_text(const QString& text) {
  try {
    const auto [r, c] = parse_size(text.toStdString());
    doc_->set_out_size(r, c);
    size_edit_->setText(text.trimmed());
  } catch (const std::exception& e) {
    emit error(QString::fromStdString(e.what()));
  }
}

QString ParameterToolbar::size_text() const { return doc_->spec().out_size ? size_edit_->text() : QString(); }

void ParameterToolbar::refresh() {
  const QSignalBlocker b1(boundary_box_), b2(device_box_), b3(class_box_);
  class_box_->setCurrentIndex(class_box_->findData(static_cast<int>(doc_->resize_class())));
  boundary_box_->setCurrentIndex(boundary_box_->findData(static_cast<int>(doc_->spec().boundary)));
  device_box_->setCurrentIndex(device_box_->findData(static_cast<int>(doc_->device())));
  if (doc_->spec().scale && !scale_edit_->hasFocus()) scale_edit_->setText(doc_->scale_text());
  // SR round trips (and files compared with the image) set their own sizes: the scale is not theirs.
  const bool in_use = doc_->comparison().uses_base();
  for (QWidget* w : {static_cast<QWidget*>(scale_slider_), static_cast<QWidget*>(scale_edit_),
                     static_cast<QWidget*>(size_edit_)}) {
    w->setEnabled(in_use);
    w->setStatusTip(in_use ? QString()
                           : QString("Unused: the SR round-trip panes go down and up by ×%1 (Presets)")
                                 .arg(doc_->comparison().sr_scale()));
  }
}

}  // namespace rl::ui
