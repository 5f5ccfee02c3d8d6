// Pane header controls and layout.
#include "rl/ui/pane_widget.hpp"

#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QMimeData>
#include <QSignalBlocker>
#include <QStandardItemModel>
#include <QStyle>
#include <QStyleOptionComboBox>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

#include "rl/kernels.hpp"
#include "rl/peers.hpp"
#include "rl/ui/elided_label.hpp"
#include "rl/ui/pane_view.hpp"

namespace rl::ui {

PaneWidget::PaneWidget(int index, ViewState* view, QWidget* parent)
    : QWidget(parent), index_(index), reference_(index == Document::kReferencePane) {
  auto* v = new QVBoxLayout(this);
  v->setContentsMargins(2, 2, 2, 2);
  v->setSpacing(2);
  auto* head = new QHBoxLayout;
  head->setSpacing(6);
  name_ = new QLabel;
  show_name();
  method_ = new QComboBox;
  // Grouped by library: a disabled heading, then its methods. The item data is "matlab:METHOD" or
  // "peer:SPEC" (rl::peers::parse_peer_spec).
  const auto heading = [this](const QString& title) {
    if (method_->count() > 0) method_->insertSeparator(method_->count());
    method_->addItem(title);
    if (auto* model = qobject_cast<QStandardItemModel*>(method_->model())) {
      QStandardItem* item = model->item(method_->count() - 1);
      item->setEnabled(false);
      QFont f = item->font();
      f.setBold(true);
      item->setFont(f);
    }
  };
  heading("MATLAB");
  for (Method m : builtin_methods())
    method_->addItem(QString::fromStdString(to_string(m)), "matlab:" + QString::fromStdString(to_string(m)));
  const std::vector<peers::PeerSpec> specs = peers::all_peer_specs();
  for (const auto& [lib, title] :
       {std::pair{peers::Library::OpenCV, "OpenCV"}, std::pair{peers::Library::Pillow, "Pillow"},
        std::pair{peers::Library::Torch, "PyTorch"}}) {
    heading(title);
    for (const peers::PeerSpec& ps : specs)
      if (ps.library == lib)
        method_->addItem(QString::fromStdString(peers::display_name(ps)),
                         "peer:" + QString::fromStdString(peers::to_string(ps)));
  }
  method_->setToolTip("Method of this pane: MATLAB's, or the resize of OpenCV, Pillow or PyTorch");
  // Sized for the name shown (fit_method_box), not the longest in the list, so four panes still fit a
  // small screen; the open list is as wide as its longest entry.
  method_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  method_->view()->setMinimumWidth(method_->view()->sizeHintForColumn(0) + 24);
  // A file pane's header: the file's name (elided, the path in the tooltip) and how an LR file is
  // upscaled to the reference's size.
  file_ = new ElidedLabel;
  file_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Preferred);
  upscale_ = new QComboBox;
  upscale_->addItem("as is", QString());
  for (Method m : builtin_methods())
    upscale_->addItem("up: " + QString::fromStdString(to_string(m)), QString::fromStdString(to_string(m)));
  upscale_->setToolTip(
      "An LR file (1/n of the reference's size) is upscaled by MATLAB's imresize with this method; "
      "\"as is\" refuses it");
  upscale_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  upscale_->view()->setMinimumWidth(upscale_->view()->sizeHintForColumn(0) + 24);
  remove_ = new QToolButton;
  remove_->setText("\u2715");
  remove_->setAutoRaise(true);
  remove_->setToolTip("Remove this pane");
  connect(remove_, &QToolButton::clicked, this, [this]() { emit remove_requested(index_); });
  setAcceptDrops(true);
  // "AA", so the size, time and device keep their room in pane 1's header ("1 · reference").
  aa_ = new QCheckBox("AA");
  aa_->setToolTip("Antialiasing (MATLAB's): widen the kernel by 1/scale when shrinking");
  // Both lines show whole items ("116×116", "1.8 ms"; the statistics on two lines) and end in "…"
  // where the pane is too narrow (a long line never widens the window, a number is never cut); the
  // tooltip has the whole line.
  info_ = new ElidedLabel;
  info_->set_items(QStringLiteral(" \u00b7 "));
  info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  head->addWidget(name_);
  head->addWidget(method_);
  head->addWidget(file_, 1);
  head->addWidget(upscale_);
  head->addWidget(aa_);
  head->addStretch(1);
  head->addWidget(info_);
  head->addWidget(remove_);
  v->addLayout(head);
  stats_ = new ElidedLabel;
  stats_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont sf = stats_->font();
  sf.setPointSizeF(sf.pointSizeF() * 0.9);
  stats_->setFont(sf);
  stats_->set_items(QStringLiteral(" \u00b7 "), 2);
  v->addWidget(stats_);
  view_ = new PaneView(view);
  v->addWidget(view_, 1);

  const auto edited = [this]() {
    // A library fixes its own antialiasing (the spec says which); a round trip's up step has none.
    aa_->setVisible(!config().peer && !sr_round_trip_);
    fit_method_box();
    emit config_edited(index_, config());
  };
  connect(method_, &QComboBox::currentIndexChanged, this, edited);
  connect(upscale_, &QComboBox::currentIndexChanged, this, [this]() {
    fit_method_box();
    emit config_edited(index_, config());
  });
  connect(aa_, &QCheckBox::toggled, this, edited);
}

void PaneWidget::set_config(const PaneConfig& c) {
  const QSignalBlocker b1(method_), b2(aa_);
  const QString key = c.peer ? "peer:" + QString::fromStdString(peers::to_string(*c.peer))
                             : "matlab:" + QString::fromStdString(to_string(c.method));
  method_->setCurrentIndex(method_->findData(key));
  aa_->setChecked(c.antialiasing);
  sr_round_trip_ = c.sr_round_trip;
  sr_degradation_ = c.sr_degradation;
  aa_->setVisible(c.is_matlab_resize());
  fit_method_box();
  file_path_ = c.file;
  const QSignalBlocker b3(upscale_);
  upscale_->setCurrentIndex(std::max(
      0,
      upscale_->findData(c.file_upscale ? QString::fromStdString(to_string(*c.file_upscale)) : QString())));
  const bool as_is = c.is_file() || c.is_pushed();  // shown as it is: a name, no method
  method_->setVisible(!as_is);
  file_->setVisible(as_is);
  upscale_->setVisible(c.is_file() && upscaled_by_ != 1);
  remove_->setVisible(as_is);
  file_->set_full_text(as_is ? pane_label(c) : QString());
  file_->setToolTip(c.is_pushed() ? QStringLiteral("%1 (pushed)").arg(c.pushed) : c.file);
  // The file's name before the size line: whole up to 110 px (three columns of panes still fit a
  // 1280 px screen), elided beyond, the path in the tooltip.
  file_->setMinimumWidth(std::min(file_->fontMetrics().horizontalAdvance(file_->full_text()) + 2, 110));
  fit_method_box();
  show_name();
}

void PaneWidget::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void PaneWidget::dropEvent(QDropEvent* e) {
  for (const QUrl& u : e->mimeData()->urls())
    if (u.isLocalFile()) {
      e->acceptProposedAction();
      emit file_dropped(index_, u.toLocalFile());
      return;
    }
}

void PaneWidget::set_reference(bool is_reference) {
  reference_ = is_reference;
  show_name();
}

void PaneWidget::show_name() {
  QString name = QString::number(index_ + 1);
  if (reference_) name += " · reference";
  PaneConfig shown;
  shown.sr_round_trip = sr_round_trip_;
  shown.sr_degradation = sr_degradation_;
  // The model and factor; its parameters are in the tooltip (the size and time keep their room).
  if (sr_round_trip_ > 0) name += " · " + sr_round_trip_name(shown, false);
  name_->setText("<b>" + name.toHtmlEscaped() + "</b>");
  name_->setToolTip(sr_round_trip_ > 0
                        ? QString("%1 round trip: the image down to 1/%2 %3, then up by %2 with the method "
                                  "chosen here (Presets > Super-Resolution Baselines chooses the LR)")
                              .arg(sr_round_trip_name(shown))
                              .arg(sr_round_trip_)
                              .arg(sr_lr_text(shown))
                        : QString());
}

void PaneWidget::fit_method_box() {
  // The style's own box around the text shown (the size hint counts uppercase X's, and the longest
  // library label would widen every pane).
  for (QComboBox* box : {method_, upscale_}) {
    QStyleOptionComboBox opt;
    opt.initFrom(box);
    const QFontMetrics fm = box->fontMetrics();
    const QSize text(fm.horizontalAdvance(box->currentText()) + fm.horizontalAdvance(QChar(' ')),
                     fm.height());
    box->setMinimumWidth(box->style()->sizeFromContents(QStyle::CT_ComboBox, &opt, text, box).width());
  }
}

PaneConfig PaneWidget::config() const {
  if (!file_path_.isEmpty()) {
    const QString up = upscale_->currentData().toString();
    return file_pane(file_path_, up.isEmpty() ? std::nullopt : parse_method(up.toStdString()));
  }
  PaneConfig c{Method::Bicubic, aa_->isChecked()};
  c.sr_round_trip = sr_round_trip_;  // the method box picks the up step of a round trip
  c.sr_degradation = sr_degradation_;
  const QString key = method_->currentData().toString();
  if (key.startsWith("peer:"))
    c.peer = peers::parse_peer_spec(key.mid(5).toStdString());
  else if (const auto m = parse_method(key.mid(7).toStdString()))
    c.method = *m;
  return c;
}

void PaneWidget::set_info(const QString& info, const QString& stats) {
  info_->set_full_text(info);
  stats_text_ = stats;
  show_stats();
}

void PaneWidget::set_progress(const QString& step) {
  if (step == progress_) return;
  progress_ = step;
  show_stats();
}

void PaneWidget::show_stats() {
  // On the statistics line, the pane's full width: the header's info field is too narrow for it.
  stats_->set_full_text(progress_.isEmpty()     ? stats_text_
                        : stats_text_.isEmpty() ? progress_
                                                : progress_ + QStringLiteral(" \u00b7 ") + stats_text_);
}

void PaneWidget::set_showing(const QString& what) { view_->set_tag(what); }

QString PaneWidget::showing() const { return view_->tag(); }

void PaneWidget::set_upscaled_by(int factor) {
  upscaled_by_ = factor;
  upscale_->setVisible(!file_path_.isEmpty() && factor != 1);
}

QString PaneWidget::title() const { return QString("%1 · %2").arg(index_ + 1).arg(pane_label(config())); }

}  // namespace rl::ui
