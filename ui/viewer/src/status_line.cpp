// The status bar's fields, written from the document.
#include "rl/ui/status_line.hpp"

#include <QFileInfo>
#include <QLabel>
#include <QProgressBar>
#include <QScopeGuard>
#include <QStatusBar>
#include <algorithm>

#include "rl/ui/elided_label.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::ui {

StatusLine::StatusLine(QStatusBar* bar, const Document* doc, QObject* parent) : QObject(parent), doc_(doc) {
  for (ElidedLabel*& l : fields_) l = new ElidedLabel;  // elided, never widening the window
  // The panes' times (their headers have them too) give way first, a whole time at a time: the others
  // keep their width.
  fields_[3]->set_items(QStringLiteral("  "));
  fields_[3]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  busy_ = new QProgressBar;
  busy_->setRange(0, 0);  // indeterminate: work is running
  busy_->setMaximumWidth(120);
  busy_->setFormat("computing");
  busy_->hide();
  for (std::size_t i = 0; i < fields_.size(); ++i)
    bar->addWidget(fields_[i], i + 1 == fields_.size() ? 1 : 0);  // the times take the rest
  bar->addPermanentWidget(busy_);
  view_ = new QLabel;
  view_->setObjectName("viewStatus");
  bar->addPermanentWidget(view_);
}

void StatusLine::set_busy(bool busy) { busy_->setVisible(busy); }
void StatusLine::set_view_text(const QString& text) { view_->setText(text); }
QString StatusLine::view_text() const { return view_->text(); }

void StatusLine::refresh() {
  const auto& src = doc_->source();
  const auto finish = qScopeGuard([this]() {  // the device's tooltip says why CUDA is not used
    if (!doc_->device_note().isEmpty() && doc_->loading_path().isEmpty())
      fields_[2]->setToolTip(QString("%1\n\n%2").arg(fields_[2]->full_text(), doc_->device_note()));
  });
  // While a file loads, the fields of the image it replaces would describe the wrong image.
  if (!doc_->loading_path().isEmpty()) {
    fields_[0]->set_full_text(QString("Loading %1…").arg(QFileInfo(doc_->loading_path()).fileName()));
    for (std::size_t i = 1; i < fields_.size(); ++i) fields_[i]->set_full_text(QString());
    return;
  }
  fields_[0]->set_full_text(src ? QString("%1: %2 %3")
                                      .arg(doc_->source_name(),
                                           size_text(src->cols(), src->rows(), src->channels()),
                                           QString::fromStdString(to_string(src->type())))
                                : QString());
  const ResizeSpec& spec = doc_->spec();
  const Comparison& cmp = doc_->comparison();
  const auto& r0 = doc_->result(Document::kReferencePane);
  QString sc;
  if (!cmp.uses_base()) {  // the round trip's sizes: the panes' (the mod-cropped HR), its LR, back
    const int s = std::max(1, cmp.sr_scale());
    sc = QString("SR ×%1").arg(s);
    for (const PaneConfig& p : cmp.panes)  // the first round trip's LR model ("SR BD ×3")
      if (p.sr_round_trip == s) {
        sc = sr_round_trip_name(p);
        break;
      }
    if (r0.image) {
      const int c = r0.image->cols(), r = r0.image->rows();
      sc += QString(": %1 → %2 → %1").arg(size_text(c, r), size_text(c / s, r / s));
    }
  } else {
    sc = spec.scale ? QString("scale %1").arg(doc_->scale_text())
                    : QString("size %1,%2").arg(spec.out_size->first).arg(spec.out_size->second);
    if (r0.image) sc += " → " + size_text(r0.image->cols(), r0.image->rows());
  }
  sc += QString(" · %1").arg(QString::fromStdString(to_string(spec.boundary)));
  fields_[1]->set_full_text(sc);
  QString dev = QString("device %1: ").arg(to_qstring(doc_->device()));
  dev += r0.device.isEmpty() ? QString("–") : r0.device;
  // The reason CUDA is not used can be a paragraph: the bar says that it is not, the tooltip why.
  if (!doc_->device_note().isEmpty()) dev += " · CUDA not used (why: tooltip)";
  fields_[2]->set_full_text(dev);
  QStringList times;
  for (int i = 0; i < doc_->pane_count(); ++i)
    if (doc_->result(i).image)
      times << QString("%1: %2 ms").arg(i + 1).arg(QString::number(doc_->result(i).ms, 'f', 1));
  fields_[3]->set_full_text(times.join("  "));
}

}  // namespace rl::ui
