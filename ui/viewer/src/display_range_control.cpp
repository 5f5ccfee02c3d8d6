// The display range control (float and 16-bit images): a mode and the black and white levels of the fixed
// range.
#include "rl/ui/display_range_control.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace rl::ui {

DisplayRangeControl::DisplayRangeControl(QWidget* parent) : QWidget(parent) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
  auto* drow = new QHBoxLayout;
  drow->setContentsMargins(4, 0, 4, 2);
  auto* dlabel = new QLabel("Display range");
  mode_ = new QComboBox;
  mode_->addItem("auto (min–max)");
  mode_->addItem("fixed");
  mode_->setToolTip(
      "How floating-point and 16-bit images are shown: the source's min..max, or a fixed range "
      "(e.g. 0..1 for floats as in MATLAB's imshow, 0..65535 for 16-bit) mapped to black..white. "
      "8-bit images are shown as they are.");
  dlabel->setToolTip(mode_->toolTip());
  lo_ = new QDoubleSpinBox;
  hi_ = new QDoubleSpinBox;
  for (QDoubleSpinBox* b : {lo_, hi_}) {
    b->setDecimals(3);
    b->setRange(-1e9, 1e9);
    b->setButtonSymbols(QAbstractSpinBox::NoButtons);
    b->setMinimumWidth(50);
  }
  lo_->setToolTip("Shown as black (fixed range)");
  hi_->setToolTip("Shown as white (fixed range)");
  drow->addWidget(dlabel);
  drow->addWidget(mode_, 1);
  v->addLayout(drow);
  auto* rrow = new QHBoxLayout;
  rrow->setContentsMargins(4, 0, 4, 2);
  rrow->addWidget(new QLabel("black at"));
  rrow->addWidget(lo_, 1);
  rrow->addWidget(new QLabel("white at"));
  rrow->addWidget(hi_, 1);
  v->addLayout(rrow);
  set_settings(DisplaySettings{});
  const auto push = [this]() {
    const DisplaySettings d = settings();
    lo_->setEnabled(!d.auto_range);
    hi_->setEnabled(!d.auto_range);
    emit changed(d);
  };
  connect(mode_, &QComboBox::currentIndexChanged, this, push);
  connect(lo_, &QDoubleSpinBox::valueChanged, this, push);
  connect(hi_, &QDoubleSpinBox::valueChanged, this, push);
}

DisplaySettings DisplayRangeControl::settings() const {
  DisplaySettings d;
  d.auto_range = mode_->currentIndex() == 0;
  d.lo = lo_->value();
  d.hi = hi_->value();
  return d;
}

void DisplayRangeControl::set_settings(const DisplaySettings& d) {
  const QSignalBlocker b1(mode_), b2(lo_), b3(hi_);
  mode_->setCurrentIndex(d.auto_range ? 0 : 1);
  lo_->setValue(d.lo);
  hi_->setValue(d.hi);
  lo_->setEnabled(!d.auto_range);
  hi_->setEnabled(!d.auto_range);
}

}  // namespace rl::ui
