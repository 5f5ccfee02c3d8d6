// The display control: a mode and the black and white levels of the fixed range, the exposure and
// offset before them, and the channel shown, offered as the shown images have it.
#include "rl/ui/display_range_control.hpp"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QVBoxLayout>

namespace rl::ui {

namespace {
constexpr const char* kChannelNames[] = {"All", "R", "G", "B", "Y (luma)", "alpha"};

QHBoxLayout* row(QVBoxLayout* into) {
  auto* r = new QHBoxLayout;
  r->setContentsMargins(4, 0, 4, 2);
  into->addLayout(r);
  return r;
}
}  // namespace

ChannelViews channel_views(const std::vector<const Image*>& images) {
  ChannelViews v{};
  v[static_cast<int>(ViewChannel::All)] = true;
  for (const Image* img : images) {
    if (!img || img->empty()) continue;
    const int ch = img->channels();
    if (ch >= 3)
      for (const ViewChannel c : {ViewChannel::R, ViewChannel::G, ViewChannel::B, ViewChannel::Y})
        v[static_cast<int>(c)] = true;
    if (view_channel_index(ViewChannel::Alpha, ch) >= 0) v[static_cast<int>(ViewChannel::Alpha)] = true;
  }
  return v;
}

ChannelViews channel_views(const Document& doc) {
  std::vector<const Image*> images{doc.source().get(), doc.reference_image().get()};
  for (int i = 0; i < doc.pane_count(); ++i) images.push_back(doc.result(i).image.get());
  return channel_views(images);
}

DisplayRangeControl::DisplayRangeControl(QWidget* parent) : QWidget(parent) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(0, 0, 0, 0);
  v->setSpacing(2);
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
  const auto box = [](const char* name, double lo, double hi, int decimals, const char* tip) {
    auto* b = new QDoubleSpinBox;
    b->setObjectName(name);
    b->setDecimals(decimals);
    b->setRange(lo, hi);
    b->setMinimumWidth(50);
    b->setToolTip(tip);
    return b;
  };
  lo_ = box("displayBlack", -1e9, 1e9, 3, "Shown as black (fixed range)");
  hi_ = box("displayWhite", -1e9, 1e9, 3, "Shown as white (fixed range)");
  for (QDoubleSpinBox* b : {lo_, hi_}) b->setButtonSymbols(QAbstractSpinBox::NoButtons);
  exposure_ = box("displayExposure", -kMaxExposure, kMaxExposure, 2,
                  "Exposure in stops, as in tev: each value is shown as value x 2^exposure + offset, then "
                  "through the black and white levels (E and Shift+E: half a stop)");
  exposure_->setSingleStep(0.5);
  offset_ = box("displayOffset", -kMaxOffset, kMaxOffset, 3,
                "Added after the exposure, in the image's own values (levels of an 8-bit image, 0..1 of "
                "a floating-point one in MATLAB's convention)");
  offset_->setButtonSymbols(QAbstractSpinBox::NoButtons);
  QHBoxLayout* drow = row(v);
  drow->addWidget(dlabel);
  drow->addWidget(mode_, 1);
  QHBoxLayout* rrow = row(v);
  rrow->addWidget(new QLabel("black at"));
  rrow->addWidget(lo_, 1);
  rrow->addWidget(new QLabel("white at"));
  rrow->addWidget(hi_, 1);
  QHBoxLayout* erow = row(v);
  auto* elabel = new QLabel("exposure");
  elabel->setToolTip(exposure_->toolTip());
  auto* olabel = new QLabel("offset");
  olabel->setToolTip(offset_->toolTip());
  erow->addWidget(elabel);
  erow->addWidget(exposure_, 1);
  erow->addWidget(olabel);
  erow->addWidget(offset_, 1);
  channel_ = new QComboBox;
  channel_->setObjectName("displayChannel");
  for (const char* name : kChannelNames) channel_->addItem(name);
  channel_->setToolTip(
      "The channel every pane, the reference, the overview, the maps and the histogram show, as "
      "grey: Y is the luma with MATLAB's rgb2gray weights. Only those the shown images have are "
      "offered.");
  auto* clabel = new QLabel("Channel");
  clabel->setToolTip(channel_->toolTip());
  QHBoxLayout* crow = row(v);
  crow->addWidget(clabel);
  crow->addWidget(channel_, 1);
  note_ = new QLabel;
  note_->setObjectName("displayNote");
  note_->setWordWrap(true);
  note_->setStyleSheet("color: #7b4a00;");
  note_->setContentsMargins(4, 0, 4, 2);
  note_->hide();
  v->addWidget(note_);
  set_settings(DisplaySettings{});
  connect(mode_, &QComboBox::currentIndexChanged, this, &DisplayRangeControl::push);
  for (QDoubleSpinBox* b : {lo_, hi_, exposure_, offset_})
    connect(b, &QDoubleSpinBox::valueChanged, this, &DisplayRangeControl::push);
  connect(channel_, &QComboBox::currentIndexChanged, this, [this]() {
    note_->hide();  // a choice of the user's replaces the fallback's note
    fell_back_from_ = -1;
    push();
  });
}

void DisplayRangeControl::push() {
  const DisplaySettings d = settings();
  lo_->setEnabled(!d.auto_range);
  hi_->setEnabled(!d.auto_range);
  emit changed(d);
}

DisplaySettings DisplayRangeControl::settings() const {
  DisplaySettings d;
  d.auto_range = mode_->currentIndex() == 0;
  d.lo = lo_->value();
  d.hi = hi_->value();
  d.tone = {exposure_->value(), offset_->value()};
  d.channel = static_cast<ViewChannel>(channel_->currentIndex());
  return d;
}

void DisplayRangeControl::set_settings(const DisplaySettings& d) {
  const QSignalBlocker b1(mode_), b2(lo_), b3(hi_), b4(channel_), b5(exposure_), b6(offset_);
  channel_->setCurrentIndex(static_cast<int>(d.channel));
  mode_->setCurrentIndex(d.auto_range ? 0 : 1);
  lo_->setValue(d.lo);
  hi_->setValue(d.hi);
  exposure_->setValue(d.tone.exposure);
  offset_->setValue(d.tone.offset);
  lo_->setEnabled(!d.auto_range);
  hi_->setEnabled(!d.auto_range);
}

void DisplayRangeControl::follow(Document* doc) {
  const auto update = [this, doc]() {
    if (doc->source()) set_channel_views(channel_views(*doc));
  };
  connect(doc, &Document::source_changed, this, update);
  connect(doc, &Document::results_changed, this, update);
  connect(doc, &Document::reference_changed, this, update);
  update();
}

void DisplayRangeControl::set_channel_views(const ChannelViews& views) {
  auto* model = qobject_cast<QStandardItemModel*>(channel_->model());
  for (int i = 0; i < channel_->count(); ++i)
    if (QStandardItem* item = model ? model->item(i) : nullptr) {
      item->setEnabled(views[static_cast<std::size_t>(i)]);
      item->setToolTip(views[static_cast<std::size_t>(i)] ? QString()
                       : i == static_cast<int>(ViewChannel::Alpha)
                           ? QStringLiteral("None of the shown images has alpha")
                           : QStringLiteral("The shown images are grey: one channel"));
    }
  // The note of a fallback goes once the images have that view again (the choice stays All).
  if (fell_back_from_ >= 0 && views[static_cast<std::size_t>(fell_back_from_)]) {
    note_->hide();
    fell_back_from_ = -1;
  }
  const int chosen = channel_->currentIndex();
  if (views[static_cast<std::size_t>(chosen)]) return;
  fell_back_from_ = chosen;
  note_->setText(
      QStringLiteral("Channel %1: %2; showing All")
          .arg(channel_->itemText(chosen), chosen == static_cast<int>(ViewChannel::Alpha)
                                               ? QStringLiteral("none of the shown images has alpha")
                                               : QStringLiteral("the shown images are grey")));
  note_->show();
  {
    const QSignalBlocker b(channel_);
    channel_->setCurrentIndex(static_cast<int>(ViewChannel::All));
  }
  push();
}

QString DisplayRangeControl::note() const { return note_->isHidden() ? QString() : note_->text(); }

}  // namespace rl::ui
