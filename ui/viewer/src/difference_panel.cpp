// The difference panel's controls, colour bar and statistics table.
#include "rl/ui/difference_panel.hpp"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStyleOptionComboBox>
#include <QStyledItemDelegate>
#include <QTableWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <functional>
#include <utility>

#include "rl/ui/colorbar_widget.hpp"
#include "rl/ui/niqe_controls.hpp"

namespace rl::ui {

// The map combo's item for the SSIM map (the others carry a DiffMode).
constexpr int kSsimMapItem = 100;
// Signed with the channel of largest magnitude per pixel (channel -1: the export's --diff signed).
constexpr int kSignedLargestItem = 101;
// An Against item's whole text; the item shows as much of it as the box's width holds.
constexpr int kFullTextRole = Qt::UserRole + 1;

namespace {

// `text` whole when it fits `width`, else its longest run of whole words that fits with " …".
QString elide_words(const QString& text, const QFontMetrics& fm, int width) {
  if (fm.horizontalAdvance(text) <= width) return text;
  for (qsizetype end = text.lastIndexOf(' '); end > 0; end = text.lastIndexOf(' ', end - 1)) {
    const QString head = text.left(end) + QStringLiteral(" \u2026");
    if (fm.horizontalAdvance(head) <= width) return head;
  }
  return fm.elidedText(text, Qt::ElideRight, width);
}

// Each item's whole text (kFullTextRole) cut to whole words that fit the box; every item, and the
// box, has the whole text as its tooltip.
void fit_items(QComboBox* c) {
  QStyleOptionComboBox opt;
  opt.initFrom(c);
  const QRect field = c->style()->subControlRect(QStyle::CC_ComboBox, &opt, QStyle::SC_ComboBoxEditField, c);
  for (int i = 0; i < c->count(); ++i) {
    const QString full = c->itemData(i, kFullTextRole).toString();
    c->setItemText(i, elide_words(full, c->fontMetrics(), field.width() - 4));
    c->setItemData(i, full, Qt::ToolTipRole);
  }
  c->setToolTip(c->itemData(c->currentIndex(), kFullTextRole).toString());
}

void set_full_text(QComboBox* c, int item, const QString& text) {
  c->setItemData(item, text, kFullTextRole);
  fit_items(c);
}

// A row with no statistics (its pane has no image, or cannot be compared) says why in one cell
// spanning the row, elided to the table's width (the whole line in its tooltip): it asks no width
// of the first column, so the columns keep the sizes their numbers and headers need.
constexpr int kReasonRole = Qt::UserRole + 2;
class ReasonDelegate : public QStyledItemDelegate {
 public:
  using QStyledItemDelegate::QStyledItemDelegate;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override {
    QSize s = QStyledItemDelegate::sizeHint(option, index);
    if (index.data(kReasonRole).toBool()) s.setWidth(0);
    return s;
  }
};

// Calls `f` after each resize of the widget it watches.
class OnResize : public QObject {
 public:
  OnResize(QWidget* w, std::function<void()> f) : QObject(w), f_(std::move(f)) {
    w->installEventFilter(this);
  }
  bool eventFilter(QObject*, QEvent* e) override {
    if (e->type() == QEvent::Resize) f_();
    return false;
  }

 private:
  std::function<void()> f_;
};

}  // namespace

DifferencePanel::DifferencePanel(Document* doc, QWidget* parent) : QWidget(parent), doc_(doc) {
  auto* l = new QVBoxLayout(this);
  auto* form = new QFormLayout;
  against_ = new QComboBox;
  against_->setObjectName("diffAgainst");
  // Its items' texts are cut to its width (fit_items), not its width to them: the dock stays as wide
  // as the window's default size gives it.
  against_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  against_->setMinimumContentsLength(12);
  // Pane 1 (named by refresh()), a loaded image, and an SR round trip's HR: the image the panes were
  // made from (DiffAgainst::Source).
  for (const QString t : {"1 (reference pane)", "loaded image (none)", "the image itself (HR)"}) {
    against_->addItem(t);
    against_->setItemData(against_->count() - 1, t, kFullTextRole);
  }
  fit_items(against_);
  new OnResize(against_, [this]() { fit_items(against_); });
  connect(against_, &QComboBox::currentIndexChanged, this, [this]() { fit_items(against_); });
  auto* load_ref = new QPushButton("Load reference…");
  auto* against_row = new QHBoxLayout;
  against_row->addWidget(against_, 1);
  against_row->addWidget(load_ref);
  form->addRow("Against", against_row);
  mode_ = new QComboBox;
  mode_->setObjectName("diffMode");
  mode_->addItem("|a − b|, max over channels", static_cast<int>(DiffMode::AbsMaxChannel));
  mode_->addItem("|a − b|, one channel", static_cast<int>(DiffMode::AbsChannel));
  mode_->addItem("signed a − b, one channel", static_cast<int>(DiffMode::Signed));
  mode_->addItem("signed a − b, largest magnitude", kSignedLargestItem);
  mode_->addItem("1 − SSIM (MATLAB ssim)", kSsimMapItem);
  form->addRow("Map", mode_);
  channel_ = new QSpinBox;
  channel_->setRange(1, 4);
  form->addRow("Channel", channel_);
  fixed_ = new QCheckBox("fixed, up to");
  max_ = new QDoubleSpinBox;
  max_->setDecimals(4);
  max_->setRange(1e-4, 65535);
  max_->setValue(DiffSettings{}.fixed_max);
  auto* range_row = new QHBoxLayout;
  range_row->addWidget(fixed_);
  range_row->addWidget(max_, 1);
  form->addRow("Range", range_row);
  // The SR protocol whose PSNR and SSIM join the table (its name heads the columns).
  protocol_ = new QComboBox;
  protocol_->addItem("none", -1);
  for (const SrProtocolInfo& p : sr_protocols()) {
    protocol_->addItem(p.name, static_cast<int>(p.id));
    protocol_->setItemData(protocol_->count() - 1, QString::fromLatin1(p.source), Qt::ToolTipRole);
  }
  protocol_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  protocol_->setToolTip(
      "PSNR and SSIM as this SR paper's script scores them; shave by the scale when it "
      "is an integer factor, else none");
  // No-reference NIQE of each pane (and of a loaded reference or the HR, on a row of its own).
  niqe_ = new NiqeControls;
  auto* scores_row = new QHBoxLayout;
  scores_row->addWidget(protocol_);
  scores_row->addStretch(1);
  form->addRow("SR scores", scores_row);
  form->addRow("No reference", niqe_);
  l->addLayout(form);
  auto* bar_row = new QHBoxLayout;
  colorbar_ = new ColorbarWidget;
  colorbar_->setMinimumHeight(120);
  bar_row->addWidget(colorbar_);
  desc_ = new QLabel;
  desc_->setWordWrap(true);
  desc_->setAlignment(Qt::AlignTop);
  bar_row->addWidget(desc_, 1);
  l->addLayout(bar_row);
  // Whether the table is of the whole image or of the region.
  scope_ = new QLabel;
  scope_->setObjectName("statsScope");
  scope_->setWordWrap(true);
  scope_->setToolTip("Ctrl+drag on a pane draws a region; Esc clears it");
  l->addWidget(scope_);
  hint_ = new QLabel;
  hint_->setObjectName("classHint");
  hint_->setWordWrap(true);
  hint_->setStyleSheet("color: #7b4a00;");
  hint_->hide();
  l->addWidget(hint_);
  // The columns are the comparison's statistics, named by it (see refresh).
  stats_ = new QTableWidget(Document::kPanes, 0);
  stats_->verticalHeader()->setVisible(true);
  stats_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  stats_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  stats_->setItemDelegate(new ReasonDelegate(stats_));
  stats_->setTextElideMode(Qt::ElideRight);
  // As tall as its rows (refresh): the panes' and the HR's all show, the panel scrolling instead.
  stats_->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  l->addWidget(stats_);
  l->addStretch(1);

  connect(against_, &QComboBox::currentIndexChanged, this, [this]() {
    if (against_->currentIndex() == 1 && !doc_->reference_image()) {
      const QSignalBlocker b(against_);
      against_->setCurrentIndex(0);
      emit error("No reference image is loaded: use File > Load Reference Image.");
      return;
    }
    push();
  });
  connect(mode_, &QComboBox::currentIndexChanged, this, &DifferencePanel::push);
  connect(protocol_, &QComboBox::currentIndexChanged, this, &DifferencePanel::push);
  connect(niqe_, &NiqeControls::changed, this, &DifferencePanel::push);
  connect(niqe_, &NiqeControls::error, this, &DifferencePanel::error);
  connect(channel_, &QSpinBox::valueChanged, this, &DifferencePanel::push);
  connect(fixed_, &QCheckBox::toggled, this, &DifferencePanel::push);
  connect(max_, &QDoubleSpinBox::valueChanged, this, &DifferencePanel::push);
  connect(load_ref, &QPushButton::clicked, this, &DifferencePanel::load_reference_requested);
  connect(doc_, &Document::reference_changed, this, &DifferencePanel::on_reference_changed);
  connect(doc_, &Document::diffs_changed, this, &DifferencePanel::refresh);
}

void DifferencePanel::push() {
  DiffSettings s = doc_->diff_settings();
  const int against = against_->currentIndex();
  s.against = against == 2                              ? DiffAgainst::Source
              : against == 1 && doc_->reference_image() ? DiffAgainst::ReferenceImage
                                                        : DiffAgainst::ReferencePane;
  const int item = mode_->currentData().toInt();
  s.ssim_map = item == kSsimMapItem;
  if (!s.ssim_map) s.mode = item == kSignedLargestItem ? DiffMode::Signed : static_cast<DiffMode>(item);
  const int protocol = protocol_->currentData().toInt();
  s.protocol = protocol < 0 ? std::nullopt : std::optional(static_cast<SrProtocol>(protocol));
  s.niqe = niqe_->choice();
  s.channel = item == kSignedLargestItem ? -1 : channel_->value() - 1;
  s.fixed_range = fixed_->isChecked();
  s.fixed_max = max_->value();
  channel_->setEnabled(s.mode != DiffMode::AbsMaxChannel && !s.ssim_map && s.channel >= 0);
  doc_->set_diff_settings(s);
}

void DifferencePanel::show_settings(const DiffSettings& s) {
  const QSignalBlocker b1(mode_), b2(channel_), b3(fixed_), b4(max_), b5(protocol_), b6(against_);
  show_against(s.against);
  const bool largest = s.mode == DiffMode::Signed && s.channel < 0;
  mode_->setCurrentIndex(mode_->findData(s.ssim_map ? kSsimMapItem
                                         : largest  ? kSignedLargestItem
                                                    : static_cast<int>(s.mode)));
  protocol_->setCurrentIndex(
      std::max(0, protocol_->findData(s.protocol ? static_cast<int>(*s.protocol) : -1)));
  niqe_->show_choice(s.niqe);
  channel_->setValue(std::max(1, s.channel + 1));
  channel_->setEnabled(s.mode != DiffMode::AbsMaxChannel && !s.ssim_map && !largest);
  fixed_->setChecked(s.fixed_range);
  max_->setValue(s.fixed_max);
}

void DifferencePanel::show_view_channel() {
  // The view's R, G, B or alpha makes every map of that channel (shown_diff_settings): the kinds and the
  // channel box say so rather than the kind chosen for All.
  const Comparison& cmp = doc_->comparison();
  const auto ref = cmp.reference();
  const int ch = ref && !cmp.diff.ssim_map ? view_channel_index(cmp.display.channel, ref->channels()) : -1;
  const QString name = ch >= 0 ? channel_names(ref->channels()).value(ch) : QString();
  const QString view = QString("channel %1 (the view's)").arg(name);
  mode_->setItemText(0, ch >= 0 ? "|a − b|, " + view : QString("|a − b|, max over channels"));
  mode_->setItemText(1, ch >= 0 ? "|a − b|, " + view : QString("|a − b|, one channel"));
  mode_->setItemText(2, ch >= 0 ? "signed a − b, " + view : QString("signed a − b, one channel"));
  mode_->setItemText(3, ch >= 0 ? "signed a − b, " + view : QString("signed a − b, largest magnitude"));
  const DiffSettings& s = cmp.diff;
  const bool largest = s.mode == DiffMode::Signed && s.channel < 0;
  channel_->setEnabled(ch < 0 && s.mode != DiffMode::AbsMaxChannel && !s.ssim_map && !largest);
  channel_->setToolTip(ch >= 0
                           ? QString("The view shows %1: every map is of %1 (Display > Channel)").arg(name)
                           : QString("The channel of a one-channel map (1-based)"));
}

void DifferencePanel::on_reference_changed() {
  const QSignalBlocker b(against_);
  set_full_text(against_, 1,
                doc_->reference_image() ? "loaded: " + doc_->reference_name() : "loaded image (none)");
  show_against(doc_->diff_settings().against);
}

void DifferencePanel::show_against(DiffAgainst a) {
  // The combo's items are in DiffAgainst's order; a loaded reference that is gone reads as the pane.
  against_->setCurrentIndex(
      a == DiffAgainst::ReferenceImage && !doc_->reference_image() ? 0 : static_cast<int>(a));
}

void DifferencePanel::refresh() {
  // The pickers name panes by their label or file (the A/B flicker shows this one).
  if (doc_->pane_count() > 0)
    set_full_text(against_, 0,
                  QString("1 · %1").arg(pane_label(doc_->pane(0), doc_->result(Document::kReferencePane))));
  const DiffSettings& s = doc_->diff_settings();
  const DiffScale& scale = doc_->diff_scale();
  colorbar_->set(scale.colormap, scale.lo, scale.hi, scale.label, scale.non_finite);
  const Tone& tone = doc_->display_settings().tone;
  desc_->setText(QString("%1<br>range %2 … %3 (%4%5)")
                     .arg(doc_->diff_label().toHtmlEscaped())
                     .arg(doc_->diff_lo())
                     .arg(doc_->diff_hi())
                     .arg(s.fixed_range ? "fixed" : "auto")
                     .arg(tone.neutral() ? QString()
                                         : QString(", at exposure %1 and offset %2 as the panes")
                                               .arg(tone.exposure)
                                               .arg(tone.offset)));
  show_view_channel();
  // The columns: every pane's statistics by name, in the order they first appear (a nudged pane has
  // one more, the protocol's come and go), but the SR protocol's PSNR and SSIM first, where a narrow
  // dock shows them without scrolling, and the pane's own values last. The region is the same on
  // every row: the scope line above names it once.
  QStringList headers;
  const auto rank = [](StatisticKind k) {
    return k == StatisticKind::ProtocolPsnr || k == StatisticKind::ProtocolSsim || k == StatisticKind::Niqe
               ? 0
           : k == StatisticKind::Values ? 2
                                        : 1;
  };
  for (int pass = 0; pass < 3; ++pass)
    for (int i = 0; i < doc_->pane_count(); ++i)
      for (const Statistic& st : doc_->diff(i).statistics)
        if (st.kind != StatisticKind::Region && rank(st.kind) == pass && !headers.contains(st.name))
          headers << st.name;
  if (!headers.isEmpty()) {
    stats_->setColumnCount(static_cast<int>(headers.size()));
    stats_->setHorizontalHeaderLabels(headers);
  }
  const Comparison& cmp = doc_->comparison();
  const auto region = cmp.reference_region();
  if (cmp.diff.region && region)
    scope_->setText(QString("Statistics of the region x %1, y %2, %3×%4 source px (%5×%6 px of the compared "
                            "images); Esc clears it")
                        .arg(cmp.diff.region->x())
                        .arg(cmp.diff.region->y())
                        .arg(cmp.diff.region->width())
                        .arg(cmp.diff.region->height())
                        .arg(region->width())
                        .arg(region->height()));
  else
    scope_->setText("Statistics of the whole image (Ctrl+drag: a region)");
  if (!cmp.diff.nudges.empty())
    scope_->setText(
        scope_->text() +
        "; a nudged pane: where it overlaps the reference (the grey-checkered strip is left out)");
  QStringList hints;
  for (int i = 0; i < doc_->pane_count(); ++i)
    if (const QString h = class_hint(cmp, i); !h.isEmpty()) hints << h;
  hint_->setText(hints.join('\n'));
  hint_->setVisible(!hints.isEmpty());
  // A pane per row (panes from files come and go), then the reference's NIQE when it is not a pane's.
  const std::optional<Statistic>& ref_niqe = cmp.diff.niqe ? cmp.reference_niqe : std::nullopt;
  if (ref_niqe && !headers.contains(ref_niqe->name)) {
    headers.prepend(ref_niqe->name);
    stats_->setColumnCount(static_cast<int>(headers.size()));
  }
  stats_->setRowCount(doc_->pane_count() + (ref_niqe ? 1 : 0));
  // What is in brackets goes to a second line ("PSNR" over "(srcnn)", "2293670 px" over "(82.92%)")
  // when the columns are wider than the dock on one line, as a protocol's two columns make them.
  const auto fill = [&](bool wrap) {
    const auto shown = [wrap](QString text) {
      return wrap ? text.replace(QStringLiteral(" ("), QStringLiteral("\n(")) : text;
    };
    for (int c = 0; c < static_cast<int>(headers.size()); ++c)
      stats_->setHorizontalHeaderItem(c, new QTableWidgetItem(shown(headers[c])));
    stats_->clearSpans();
    for (int i = 0; i < doc_->pane_count(); ++i) {
      const PaneDiff& d = doc_->diff(i);
      stats_->setVerticalHeaderItem(i, new QTableWidgetItem(QString::number(i + 1)));
      // Why there is no number: the comparison's error, or the pane's own (an unreadable file, a
      // refused image), across the row (ReasonDelegate), whole in the tooltip (and the pane, and the
      // banner).
      const QString& pane_error = doc_->result(i).error;
      const QString reason = !d.error.isEmpty()      ? d.error
                             : !pane_error.isEmpty() ? QStringLiteral("no image: ") + pane_error
                                                     : QString();
      if (!reason.isEmpty() && d.statistics.empty()) {
        for (int c = 0; c < stats_->columnCount(); ++c) stats_->setItem(i, c, new QTableWidgetItem);
        auto* item = new QTableWidgetItem(reason);
        item->setData(kReasonRole, true);
        item->setToolTip(reason);
        stats_->setItem(i, 0, item);
        if (stats_->columnCount() > 1) stats_->setSpan(i, 0, 1, stats_->columnCount());
        continue;
      }
      for (int c = 0; c < stats_->columnCount(); ++c) {
        QString cell;
        QString note;
        for (const Statistic& st : d.statistics)
          if (st.name == headers.value(c)) {
            cell = shown(st.value);
            note = st.note;
          }
        auto* item = new QTableWidgetItem(cell);
        if (!note.isEmpty()) item->setToolTip(note);
        stats_->setItem(i, c, item);
      }
    }
    if (ref_niqe) {
      const int row = doc_->pane_count();
      stats_->setVerticalHeaderItem(row, new QTableWidgetItem(cmp.against_source() ? "HR" : "ref"));
      for (int c = 0; c < stats_->columnCount(); ++c) {
        const bool niqe = headers.value(c) == ref_niqe->name;
        auto* item = new QTableWidgetItem(niqe ? ref_niqe->value : QString());
        if (niqe) item->setToolTip(ref_niqe->note);
        stats_->setItem(row, c, item);
      }
    }
    stats_->horizontalHeader()->resizeSections(QHeaderView::ResizeToContents);
  };
  fill(false);
  if (stats_->verticalHeader()->width() + stats_->horizontalHeader()->length() > stats_->viewport()->width())
    fill(true);
  stats_->resizeRowsToContents();
  const bool wide =
      stats_->verticalHeader()->width() + stats_->horizontalHeader()->length() > stats_->viewport()->width();
  stats_->setFixedHeight(2 * stats_->frameWidth() + stats_->horizontalHeader()->sizeHint().height() +
                         stats_->verticalHeader()->length() +
                         (wide ? stats_->horizontalScrollBar()->sizeHint().height() : 0));
}

}  // namespace rl::ui
