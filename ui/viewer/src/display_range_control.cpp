// The display control: a mode and the black and white levels of the fixed range, and the channel shown.
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
  mode_->setObjectName("displayMode");
  mode_->addItem("auto (min–max)");
  mode_->addItem("fixed");
  mode_->setToolTip(
      "How images are shown: auto maps a floating-point or 16-bit source's min..max to black..white "
      "and shows 8-bit images as they are; fixed maps the black and white levels below to black and "
      "white for every class (e.g. 0..1 for floats as in MATLAB's imshow, 0..65535 for 16-bit, "
      "50..200 to stretch an 8-bit image). Display only: the values printed are the data's.");
  dlabel->setToolTip(mode_->toolTip());
  lo_ = new QDoubleSpinBox;
  hi_ = new QDoubleSpinBox;
  for (QDoubleSpinBox* b : {lo_, hi_}) {
    b->setDecimals(3);
    b->setRange(-1e9, 1e9);
    b->setButtonSymbols(QAbstractSpinBox::NoButtons);
    b->setMinimumWidth(50);
  }
  lo_->setObjectName("displayBlack");
  hi_->setObjectName("displayWhite");
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
  auto* crow = new QHBoxLayout;
  crow->setContentsMargins(4, 0, 4, 2);
  channel_ = new QComboBox;
  channel_->setObjectName("displayChannel");
  for (const char* name : {"All", "R", "G", "B", "Y (luma)", "alpha"}) channel_->addItem(name);
  channel_->setToolTip(
      "The channel every pane, the reference and the overview show, as grey: Y is the luma with "
      "MATLAB's rgb2gray weights; alpha is white where an image has none.");
  auto* clabel = new QLabel("Channel");
  clabel->setToolTip(channel_->toolTip());
  crow->addWidget(clabel);
  crow->addWidget(channel_, 1);
  v->addLayout(crow);
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
  connect(channel_, &QComboBox::currentIndexChanged, this, push);
}

DisplaySettings DisplayRangeControl::settings() const {
  DisplaySettings d;
  d.auto_range = mode_->currentIndex() == 0;
  d.lo = lo_->value();
  d.hi = hi_->value();
  d.channel = static_cast<ViewChannel>(channel_->currentIndex());
  return d;
}

void DisplayRangeControl::set_settings(const DisplaySettings& d) {
  const QSignalBlocker b1(mode_), b2(lo_), b3(hi_), b4(channel_);
  channel_->setCurrentIndex(static_cast<int>(d.channel));
  mode_->setCurrentIndex(d.auto_range ? 0 : 1);
  lo_->setValue(d.lo);
  hi_->setValue(d.hi);
  lo_->setEnabled(!d.auto_range);
  hi_->setEnabled(!d.auto_range);
}

}  // namespace rl::ui
