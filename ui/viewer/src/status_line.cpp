// The status bar's fields, written from the document.
#include "rl/ui/status_line.hpp"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>

namespace rl::ui {

StatusLine::StatusLine(QStatusBar* bar, const Document* doc, QObject* parent) : QObject(parent), doc_(doc) {
  for (QLabel*& l : fields_) l = new QLabel;
  busy_ = new QProgressBar;
  busy_->setRange(0, 0);  // indeterminate: work is running
  busy_->setMaximumWidth(120);
  busy_->setFormat("computing");
  busy_->hide();
  for (std::size_t i = 0; i < fields_.size(); ++i)
    bar->addWidget(fields_[i], i + 1 == fields_.size() ? 1 : 0);  // the times take the rest
  bar->addPermanentWidget(busy_);
}

void StatusLine::set_busy(bool busy) { busy_->setVisible(busy); }

void StatusLine::refresh() {
  const auto& src = doc_->source();
  fields_[0]->setText(src ? QString("%1: %2×%3×%4 %5")
                                .arg(doc_->source_name())
                                .arg(src->cols())
                                .arg(src->rows())
                                .arg(src->channels())
                                .arg(QString::fromStdString(to_string(src->type())))
                          : QString());
  const ResizeSpec& spec = doc_->spec();
  QString sc = spec.scale ? QString("scale %1").arg(doc_->scale_text())
                          : QString("size %1,%2").arg(spec.out_size->first).arg(spec.out_size->second);
  const auto& r0 = doc_->result(Document::kReferencePane);
  if (r0.image) sc += QString(" → %1×%2").arg(r0.image->cols()).arg(r0.image->rows());
  sc += QString(" · %1").arg(QString::fromStdString(to_string(spec.boundary)));
  fields_[1]->setText(sc);
  QString dev = QString("device %1: ").arg(to_qstring(doc_->device()));
  dev += r0.device.isEmpty() ? QString("–") : r0.device;
  if (!doc_->device_note().isEmpty()) dev += " · " + doc_->device_note();
  fields_[2]->setText(dev);
  QStringList times;
  for (int i = 0; i < Document::kPanes; ++i)
    if (doc_->result(i).image)
      times << QString("%1: %2 ms").arg(i + 1).arg(QString::number(doc_->result(i).ms, 'f', 1));
  fields_[3]->setText(times.join("  "));
}

}  // namespace rl::ui
