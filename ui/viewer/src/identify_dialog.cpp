// The Identify LR Image dialog: rl::identify in a worker (progress polled, cancelled from the progress
// callback when the dialog closes), its table, and setting a pane to the chosen candidate.
#include "rl/ui/identify_dialog.hpp"

#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <cmath>

#include "rl/peer_resize.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/document_jobs.hpp"

namespace rl::ui {

PaneSetting pane_setting_for(const identify::Candidate& c) {
  PaneSetting s;
  if (c.modcrop != 0)
    s.refusal = QString("A pane resizes the whole image; this call reads modcrop(hr, %1).").arg(c.modcrop);
  else if (c.family == identify::Family::Torch)
    s.refusal = "A pane cannot show torch's pipeline: it rounds outside the library.";
  else if (c.family == identify::Family::Matlab && c.via_double)
    s.refusal = "A pane resizes in the image's own class; this call goes through im2double.";
  if (!s.refusal.isEmpty()) return s;
  if (c.family == identify::Family::Matlab)
    s.pane = PaneConfig{c.method, c.antialiasing};
  else
    s.pane.peer = c.peer;
  s.boundary = c.boundary;
  if (c.scale_given) {
    s.scale = c.scale();
    s.scale_text =
        c.scale_den == 1 ? QString::number(c.scale_num) : QString("%1/%2").arg(c.scale_num).arg(c.scale_den);
  }
  s.rows = c.out_rows;
  s.cols = c.out_cols;
  return s;
}

namespace {

struct Cancelled {};

constexpr int kCallColumn = 1, kEvidenceColumn = 5;

QString pixels_text(const identify::Match& m) { return QString("%1 / %2").arg(m.equal).arg(m.total); }

}  // namespace

// What the worker and the dialog share; the worker owns a reference, so the dialog may go first.
struct IdentifyDialog::Job {
  std::shared_ptr<const Image> hr;
  QString lr_path;
  std::atomic<bool> cancel{false};
  std::atomic<int> done{0}, total{0};
  // Written by the worker, read after the future finishes.
  std::optional<identify::Report> report;
  std::shared_ptr<const Image> lr;
  QString error;
};

IdentifyDialog::IdentifyDialog(Document* doc, QWidget* parent) : QDialog(parent), doc_(doc) {
  setWindowTitle("Identify LR Image");
  auto* layout = new QVBoxLayout(this);
  pair_ = new QLabel(this);
  pair_->setWordWrap(true);
  layout->addWidget(pair_);
  progress_ = new QProgressBar(this);
  progress_->setFormat("%v / %m candidates");
  layout->addWidget(progress_);
  status_ = new QLabel(this);
  status_->setWordWrap(true);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(status_);
  table_ = new QTableWidget(0, 6, this);
  table_->setHorizontalHeaderLabels(
      {"Verdict", "Call", "Pixels equal / total", QString::fromUtf8("max |\u0394|"), "PSNR", "Evidence"});
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  // Calls and sentences are long: they wrap in their cells, the evidence taking the width left over.
  table_->setWordWrap(true);
  table_->setTextElideMode(Qt::ElideNone);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(kCallColumn, QHeaderView::Interactive);
  table_->horizontalHeader()->setSectionResizeMode(kEvidenceColumn, QHeaderView::Stretch);
  layout->addWidget(table_, 1);
  // Wrapped cells change height with their column's width.
  connect(table_->horizontalHeader(), &QHeaderView::sectionResized, table_,
          &QTableWidget::resizeRowsToContents);

  auto* pane_row = new QHBoxLayout;
  pane_row->addWidget(new QLabel("Pane", this));
  pane_box_ = new QSpinBox(this);
  pane_box_->setRange(1, doc_->pane_count());
  pane_row->addWidget(pane_box_);
  set_pane_ = new QPushButton(this);
  pane_row->addWidget(set_pane_);
  pane_note_ = new QLabel(this);
  pane_note_->setWordWrap(true);
  pane_row->addWidget(pane_note_, 1);
  layout->addLayout(pane_row);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  layout->addWidget(buttons);

  connect(pane_box_, &QSpinBox::valueChanged, this, &IdentifyDialog::update_set_button);
  connect(table_, &QTableWidget::itemSelectionChanged, this, &IdentifyDialog::update_set_button);
  connect(set_pane_, &QPushButton::clicked, this, &IdentifyDialog::set_pane_to_selected);
  poll_ = new QTimer(this);
  poll_->setInterval(50);
  connect(poll_, &QTimer::timeout, this, [this]() {
    if (!job_) return;
    progress_->setMaximum(std::max(1, job_->total.load()));
    progress_->setValue(job_->done.load());
  });
  resize(1180, 460);
  update_set_button();
}

IdentifyDialog::~IdentifyDialog() {
  if (job_) job_->cancel = true;  // the worker stops at its next candidate; it holds its own Job
}

void IdentifyDialog::done(int result) {
  if (job_) job_->cancel = true;  // closing stops the work too
  QDialog::done(result);
}

bool IdentifyDialog::running() const { return watcher_ && watcher_->isRunning(); }

void IdentifyDialog::start(const QString& lr_path) {
  if (job_) job_->cancel = true;
  delete watcher_;
  lr_path_ = lr_path;
  report_.reset();
  rows_.clear();
  table_->setRowCount(0);
  const auto& hr = doc_->source();
  pair_->setText(QString("HR: %1 (%2 x %3)    LR: %4")
                     .arg(doc_->source_name())
                     .arg(hr ? hr->rows() : 0)
                     .arg(hr ? hr->cols() : 0)
                     .arg(QFileInfo(lr_path).fileName()));
  status_->setText("Identifying…");
  progress_->setRange(0, 1);
  progress_->setValue(0);
  progress_->show();
  job_ = std::make_shared<Job>();
  job_->hr = hr;
  job_->lr_path = lr_path;
  watcher_ = new QFutureWatcher<void>(this);
  connect(watcher_, &QFutureWatcher<void>::finished, this, &IdentifyDialog::finish);
  watcher_->setFuture(QtConcurrent::run([job = job_]() {
    const PreparedSource lr = load_source(job->lr_path, DisplaySettings{}, false);
    if (!lr.error.isEmpty() || !job->hr) {
      job->error = job->hr ? lr.error : QString("No image is loaded to identify against.");
      return;
    }
    job->lr = lr.image;
    identify::Options opt;
    opt.opencv = io::opencv_resize;
    opt.progress = [&job = *job](int done, int total) {
      job.done = done;
      job.total = total;
      if (job.cancel) throw Cancelled{};
    };
    try {
      job->report = identify::identify(*job->hr, *job->lr, opt);
    } catch (const Cancelled&) {
    } catch (const std::exception& e) {
      job->error = QString::fromStdString(e.what());  // a Refusal's one line, or what went wrong
    }
  }));
  poll_->start();
  update_set_button();
}

void IdentifyDialog::finish() {
  poll_->stop();
  progress_->hide();
  if (job_->report)
    show_report(*job_->report);
  else
    status_->setText(job_->error);
  update_set_button();
  emit identified();
}

void IdentifyDialog::show_report(const identify::Report& r) {
  report_ = r;
  rows_ = r.exact;
  rows_.insert(rows_.end(), r.closest.begin(), r.closest.end());
  const bool colour = r.channels > 1;
  QStringList lines;
  lines << (r.exact.empty()
                ? QString("No candidate reproduces LR; the %1 closest of %2 are listed.")
                      .arg(r.closest.size())
                      .arg(r.candidates)
                : QString("%1 of %2 candidates reproduce LR exactly.").arg(r.exact.size()).arg(r.candidates));
  for (const std::string& n : r.notes) lines << QString::fromStdString("Note: " + n + ".");
  status_->setText(lines.join('\n'));
  table_->setRowCount(static_cast<int>(rows_.size()));
  for (int i = 0; i < table_->rowCount(); ++i) {
    const identify::Match& m = rows_[static_cast<std::size_t>(i)];
    // The remark (boundary, torch's rounding) belongs to the call: two calls can read alike without it.
    QString call = QString::fromStdString(m.candidate.call(r.type, r.channels));
    if (m.bgr && colour) call += "  (BGR order)";
    if (const std::string remark = identify::call_remark(m); !remark.empty())
      call += QString::fromUtf8(" — ") + QString::fromStdString(remark);
    QString evidence = m.exact ? QString("reproduces LR") : QString::fromStdString(m.evidence);
    if (m.tolerated)
      evidence += QString(" (%1 pixel(s) within torch's float rounding of a step)").arg(m.tolerated);
    const QStringList cells{m.exact ? "exact" : "closest",
                            call,
                            pixels_text(m),
                            QString::number(m.max_abs, 'g', 6),
                            psnr_text(m.psnr) + QStringLiteral(" dB"),
                            evidence};
    for (int col = 0; col < cells.size(); ++col) {
      auto* item = new QTableWidgetItem(cells[col]);
      item->setToolTip(cells[col]);
      table_->setItem(i, col, item);
    }
  }
  table_->resizeColumnToContents(kCallColumn);
  const int call_width_cap = table_->viewport()->width() * 2 / 5;
  if (table_->columnWidth(kCallColumn) > call_width_cap) table_->setColumnWidth(kCallColumn, call_width_cap);
  table_->resizeRowsToContents();
  if (!rows_.empty()) table_->selectRow(0);
}

const identify::Match* IdentifyDialog::selected_match() const {
  if (rows_.empty()) return nullptr;
  const auto sel = table_->selectionModel()->selectedRows();
  const int row = sel.isEmpty() ? 0 : sel.first().row();
  return &rows_[static_cast<std::size_t>(row)];
}

void IdentifyDialog::update_set_button() {
  set_pane_->setText(QString("Set pane %1 to this candidate").arg(pane_box_->value()));
  const identify::Match* m = selected_match();
  const PaneSetting s = m ? pane_setting_for(m->candidate) : PaneSetting{};
  set_pane_->setEnabled(m && s.refusal.isEmpty() && !running());
  pane_note_->setText(m ? s.refusal : QString());
}

void IdentifyDialog::set_pane_to_selected() {
  const identify::Match* m = selected_match();
  if (!m) return;
  const PaneSetting s = pane_setting_for(m->candidate);
  if (!s.refusal.isEmpty()) return;
  doc_->set_boundary(s.boundary);
  if (s.scale)
    doc_->set_scale(*s.scale, s.scale_text);
  else
    doc_->set_out_size(s.rows, s.cols);
  doc_->set_pane(pane_box_->value() - 1, s.pane);
  doc_->load_reference(lr_path_);  // the difference map then shows where this candidate and LR differ
}

}  // namespace rl::ui
