// The document model: owns the image, parameters and results; runs every resize, load and
// difference computation on the thread pool and keeps only the results of the newest request.
#include "rl/ui/document.hpp"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <memory>
#include <utility>

#include "rl/device_policy.hpp"
#include "rl/device_runner.hpp"
#include "rl/parallel.hpp"
#include "rl/resize.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/release.hpp"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace rl::ui {

namespace {

// ---- Jobs: started here, run by the pure functions of document_jobs.hpp ----

// Background work must never take the CPU from the GUI thread: Qt's pool threads and the core's
// worker threads run at a lower priority. On Linux the nice value is per thread, while
// QThread::setPriority does nothing for ordinary threads there. The core's workers inherit the
// priority of whichever thread first starts them (the GUI thread, when a pass runs there first), so
// the document sets theirs explicitly (rl::set_worker_nice).
constexpr int kWorkerNice = 10;

void lower_worker_priority() {
  thread_local bool done = false;
  if (done) return;
  done = true;
  QThread::currentThread()->setPriority(QThread::LowPriority);
#ifdef __linux__
  const id_t tid = static_cast<id_t>(::syscall(SYS_gettid));
  const int now = ::getpriority(PRIO_PROCESS, tid);
  if (now < kWorkerNice) (void)::setpriority(PRIO_PROCESS, tid, kWorkerNice);
#endif
}

// Watches a future and hands its result to `done` on the GUI thread.
template <class T, class F>
QFutureWatcher<T>* watch(QObject* owner, QList<QFutureWatcherBase*>& list, QFuture<T> fut, F done) {
  auto* w = new QFutureWatcher<T>(owner);
  list.push_back(w);
  QObject::connect(w, &QFutureWatcher<T>::finished, owner, [w, &list, done]() {
    list.removeOne(w);
    QObject::disconnect(w, nullptr, nullptr, nullptr);
    done(w->result());
    // A stale result's images (gigabytes at 48 MP) free themselves off the GUI thread (release.hpp).
    w->deleteLater();
  });
  w->setFuture(fut);
  return w;
}

}  // namespace

struct Document::ComputeOut {
  Comparison comparison;
  QString device_note;
};

Document::Document(QObject* parent) : QObject(parent), live_gen_(std::make_shared<std::atomic<quint64>>(0)) {
  rl::set_worker_nice(kWorkerNice);
  comparison_.base.scale = {{kDefaultScale, kDefaultScale}};
  comparison_.panes.assign(kDefaultPanes.begin(), kDefaultPanes.end());
  clear_results();
  file_watcher_ = new QFileSystemWatcher(this);
  watch_settle_ = new QTimer(this);
  watch_settle_->setSingleShot(true);
  watch_settle_->setInterval(150);
  connect(watch_settle_, &QTimer::timeout, this, &Document::check_watched);
  // A file rewritten in place reports itself; one replaced by a rename reports its folder (and the
  // watcher forgets the old file), so both are watched and checked by their rl::FileStat.
  connect(file_watcher_, &QFileSystemWatcher::fileChanged, watch_settle_, qOverload<>(&QTimer::start));
  connect(file_watcher_, &QFileSystemWatcher::directoryChanged, watch_settle_, qOverload<>(&QTimer::start));
}

Document::~Document() {
  // Running jobs see the bumped generation and stop at their next check; wait so none outlives us.
  live_gen_->fetch_add(1);
  const auto pending = watchers_;
  for (QFutureWatcherBase* w : pending) w->waitForFinished();
}

void Document::clear_results() {
  comparison_.results.assign(comparison_.panes.size(), PaneResult{});
  comparison_.diffs.assign(comparison_.panes.size(), PaneDiff{});
}

void Document::adopt_source(const PreparedSource& p, const QString& name, const QString& path) {
  // A region and nudges belong to an image of that size.
  if (!source() || !p.image || !source()->same_shape(*p.image)) {
    comparison_.diff.region.reset();
    comparison_.diff.nudges.clear();
  }
  comparison_.source = p.image;
  source_lo_ = p.lo;
  source_hi_ = p.hi;
  preview_image_ = p.preview_image;
  preview_ = p.preview;
  source_name_ = name;
  source_path_ = path;
  clear_results();
  emit source_changed();
}

void Document::set_source(Image img, const QString& name) {
  adopt_source(prepare_source(share_image(std::move(img)), display_), name, QString());
  schedule_compute();
}

void Document::load_file(const QString& path) {
  const quint64 gen = ++load_gen_;
  ++running_load_;
  // Work on the present source is stale once another is on its way (the built-in image's, while the
  // file named on the command line loads): a scheduled job does not start, a running one stops at its
  // next check, and neither takes the CPU from the load.
  if (compute_pending_ || running_compute_ > 0) {
    compute_pending_ = false;
    live_gen_->store(++gen_);
    stopped_for_load_ = true;
  }
  loading_path_ = path;
  emit loading_changed();
  update_busy();
  const DisplaySettings display = display_;
  auto fut = QtConcurrent::run([path, display]() {
    lower_worker_priority();
    return load_source(path, display);
  });
  watch(this, watchers_, fut, [this, gen, path, display](PreparedSource out) {
    --running_load_;
    if (gen != load_gen_) {
      ++dropped_;
    } else if (!out.error.isEmpty()) {
      loading_path_.clear();
      emit loading_changed();
      emit error_occurred(QString("Could not open %1: %2").arg(QFileInfo(path).fileName(), out.error));
      if (std::exchange(stopped_for_load_, false)) schedule_compute();
    } else {
      stopped_for_load_ = false;
      loading_path_.clear();
      // The settings may have changed while the file loaded.
      if (!(display == display_))
        out.preview = to_qimage(*out.preview_image, effective_range(display_, out.lo, out.hi));
      adopt_source(out, QFileInfo(path).fileName(), path);
      emit loading_changed();
      emit file_loaded(path);
      schedule_compute();
    }
    update_busy();
  });
}

void Document::load_reference(const QString& path) {
  const quint64 gen = ++ref_gen_;
  ++running_load_;
  update_busy();
  auto fut = QtConcurrent::run([path]() {
    lower_worker_priority();
    return load_source(path, {}, false);
  });
  watch(this, watchers_, fut, [this, gen, path](const PreparedSource& out) {
    --running_load_;
    if (gen == ref_gen_) {
      if (!out.error.isEmpty()) {
        emit error_occurred(
            QString("Could not open reference %1: %2").arg(QFileInfo(path).fileName(), out.error));
      } else {
        comparison_.reference_image = out.image;
        reference_name_ = QFileInfo(path).fileName();
        reference_path_ = path;
        comparison_.diff.against = DiffAgainst::ReferenceImage;
        emit reference_changed();
        emit params_changed();
        if (has_file_pane())
          schedule_compute();  // file panes are registered to the new reference
        else
          start_diff();
      }
    }
    update_busy();
  });
}

void Document::clear_reference() {
  comparison_.reference_image.reset();
  reference_name_.clear();
  reference_path_.clear();
  comparison_.diff.against = DiffAgainst::ReferencePane;
  emit reference_changed();
  emit params_changed();
  if (has_file_pane())
    schedule_compute();
  else
    start_diff();
}

void Document::set_scale(double s, const QString& text) {
  comparison_.base.scale = {{s, s}};
  comparison_.base.out_size.reset();
  scale_text_ = text.isEmpty() ? QString::number(s, 'g', 6) : text;
  emit params_changed();
  schedule_compute();
}

void Document::set_out_size(double rows, double cols) {
  comparison_.base.out_size = {{rows, cols}};
  comparison_.base.scale.reset();
  emit params_changed();
  schedule_compute();
}

void Document::set_boundary(Boundary b) {
  comparison_.base.boundary = b;
  emit params_changed();
  schedule_compute();
}

void Document::set_resize_class(ResizeClass c) {
  if (c == comparison_.resize_class) return;
  comparison_.resize_class = c;
  emit params_changed();
  schedule_compute();
}

void Document::set_device(Device d) {
  device_ = d;
  for (PaneResult& r : comparison_.results) r.made_from.reset();  // made on the other device
  emit params_changed();
  schedule_compute();
}

void Document::set_pane(int i, const PaneConfig& c) {
  if (i < 0 || i >= pane_count()) return;
  comparison_.panes[static_cast<std::size_t>(i)] = c;
  rewatch();
  emit params_changed();
  schedule_compute();
}

void Document::set_panes(const std::vector<PaneConfig>& panes) {
  if (panes.empty()) return;
  const int before = pane_count();
  comparison_.panes.assign(panes.begin(), panes.begin() + std::min<std::size_t>(panes.size(), kMaxPanes));
  // Results and maps keep one entry per pane (views index them by pane) until the new ones come.
  comparison_.results.resize(comparison_.panes.size());
  comparison_.diffs.resize(comparison_.panes.size());
  rewatch();
  if (pane_count() != before) emit pane_count_changed();
  emit params_changed();
  schedule_compute();
}

bool Document::add_pane(const PaneConfig& c) {
  if (pane_count() >= kMaxPanes) return false;
  std::vector<PaneConfig> panes = comparison_.panes;
  panes.push_back(c);
  set_panes(panes);
  return true;
}

void Document::remove_pane(int i) {
  if (i < 0 || i >= pane_count() || pane_count() < 2) return;
  std::vector<PaneConfig> panes = comparison_.panes;
  panes.erase(panes.begin() + i);
  std::vector<QPoint>& nudges = comparison_.diff.nudges;
  if (i < static_cast<int>(nudges.size())) nudges.erase(nudges.begin() + i);
  comparison_.results.erase(comparison_.results.begin() + i);
  comparison_.diffs.erase(comparison_.diffs.begin() + i);
  set_panes(panes);
}

bool Document::has_file_pane() const {
  return std::any_of(comparison_.panes.begin(), comparison_.panes.end(),
                     [](const PaneConfig& p) { return p.is_file(); });
}

void Document::set_diff_settings(const DiffSettings& d) {
  // File panes are registered to what the panes are compared with: a new choice reads them again.
  const bool registration = d.against != comparison_.diff.against && has_file_pane();
  comparison_.diff = d;
  emit params_changed();
  if (registration)
    schedule_compute();
  else
    start_diff();
}

void Document::set_maps_shown(bool on) {
  if (comparison_.maps_shown == on) return;
  comparison_.maps_shown = on;
  const bool uncoloured =
      std::any_of(comparison_.diffs.begin(), comparison_.diffs.end(),
                  [](const PaneDiff& d) { return d.has_map() && d.colored_picture == nullptr; });
  if (on && uncoloured && !compute_pending_ && running_compute_ == 0) start_diff();
}

void Document::set_region(std::optional<QRect> r) {
  if (r && source()) *r = r->intersected(QRect(0, 0, source()->cols(), source()->rows()));
  if (r && r->isEmpty()) r.reset();
  if (r == comparison_.diff.region) return;
  DiffSettings d = comparison_.diff;
  d.region = r;
  set_diff_settings(d);
}

bool Document::nudge_pane(int i, QPoint delta) {
  if (i < 0 || i >= pane_count() || comparison_.is_reference(i)) return false;
  DiffSettings d = comparison_.diff;
  d.nudges.resize(std::max(d.nudges.size(), comparison_.panes.size()));
  d.nudges[static_cast<std::size_t>(i)] += delta;
  set_diff_settings(d);
  return true;
}

void Document::reset_nudge(int i) {
  DiffSettings d = comparison_.diff;
  if (i < 0)
    d.nudges.clear();
  else if (i < static_cast<int>(d.nudges.size()))
    d.nudges[static_cast<std::size_t>(i)] = QPoint();
  if (std::all_of(d.nudges.begin(), d.nudges.end(), [](QPoint p) { return p.isNull(); })) d.nudges.clear();
  if (!(d == comparison_.diff)) set_diff_settings(d);
}

void Document::set_display_settings(const DisplaySettings& d) {
  if (d == display_) return;
  display_ = d;
  if (preview_image_) preview_ = to_qimage(*preview_image_, display_range());
  emit display_changed();
  // The pictures are re-mapped off the GUI thread from the kept results (compute_comparison keeps
  // every result whose inputs are unchanged: nothing is resized again).
  if (source()) schedule_compute();
}

DisplayRange Document::display_range() const { return effective_range(display_, source_lo_, source_hi_); }

void Document::schedule_compute() {
  // Several setters in one event-loop turn (e.g. restoring settings) make one job, not several.
  if (compute_pending_) return;
  compute_pending_ = true;
  update_busy();
  QTimer::singleShot(0, this, [this]() {
    if (compute_pending_) compute_now();
  });
}

void Document::compute_now() {
  compute_pending_ = false;
  const quint64 gen = ++gen_;
  live_gen_->store(gen);
  ++diff_gen_;  // a diff of the previous results is stale too
  if (!source()) {
    update_busy();
    return;
  }
  ++running_compute_;
  ++jobs_started_;
  update_busy();
  auto live = live_gen_;
  const Device device = device_;
  auto steps = std::make_shared<std::vector<std::atomic<int>>>(comparison_.panes.size());
  for (auto& st : *steps) st.store(static_cast<int>(PaneStep::Queued));
  steps_ = steps;
  ComputeOut job;
  job.comparison = comparison_;
  job.comparison.display = display_range();
  const auto observer = step_observer_;
  auto fut = QtConcurrent::run([=]() {
    lower_worker_priority();
    // The shared runner; the viewer cannot stop, so a refused cuda request runs on the CPU like
    // auto's fallback, and the note (the policy's line) says why.
    rl::DeviceRunner dev(device, rl::DeviceRunner::OnRefusal::RunOnCpu);
    ComputeOut out = job;
    compute_comparison(
        out.comparison,
        [&dev](const Plan& p, const Image& im, QString& d) {
          Image img = dev.run(p, im);
          d = dev.using_cuda() ? "CUDA" : "CPU";  // one job, one thread: the device this run used
          return img;
        },
        [&live, gen]() { return live->load() != gen; },
        [&steps, &observer](int i, PaneStep step) {
          if (i >= 0 && i < static_cast<int>(steps->size()))
            (*steps)[static_cast<std::size_t>(i)].store(static_cast<int>(step));
          if (observer) observer(i, step);
        });
    const rl::DeviceChoice used = dev.choice();
    out.device_note = used.note.empty() ? QString() : QString::fromStdString(used.describe());
    return out;
  });
  watch(this, watchers_, fut, [this, gen](const ComputeOut& out) {
    --running_compute_;
    finish_compute(gen, out);
    update_busy();
  });
}

void Document::finish_compute(quint64 gen, const ComputeOut& out) {
  if (gen != gen_) {
    ++dropped_;
    return;
  }
  const Comparison& c = out.comparison;
  if (c.panes.size() != comparison_.panes.size()) {  // panes added meanwhile: a newer job is coming
    ++dropped_;
    return;
  }
  // Assigned element by element into the same storage: references to a pane's result stay valid.
  comparison_.results = c.results;
  comparison_.display = c.display;
  device_note_ = out.device_note;
  bool pane_error = false;
  for (std::size_t i = 0; i < comparison_.results.size() && !pane_error; ++i) {
    const QString& error = comparison_.results[i].error;
    if (error.isEmpty()) continue;
    pane_error = true;
    // A file pane's line names the pane; the others keep theirs.
    emit error_occurred(comparison_.panes[i].is_file() ? QString("Pane %1: %2").arg(i + 1).arg(error)
                                                       : QString("Resize failed: %1").arg(error));
  }
  if (!pane_error && pane_error_shown_) emit error_occurred(QString());  // the file is readable again
  pane_error_shown_ = pane_error;
  emit results_changed();
  // The job compared with the settings it started with; if they changed meanwhile (or the maps are
  // shown now and it made no colours), compare again.
  if (c.diff == comparison_.diff && c.reference_image == comparison_.reference_image &&
      (c.maps_shown || !comparison_.maps_shown)) {
    ++diff_gen_;  // a comparison of the previous results, still running, is stale
    comparison_.diffs = c.diffs;
    comparison_.scale = c.scale;
    comparison_.reference_display = c.reference_display;
    comparison_.reference_niqe = c.reference_niqe;
    comparison_.reference_niqe_of = c.reference_niqe_of;
    emit diffs_changed();
  } else {
    start_diff();
  }
}

void Document::start_diff() {
  const quint64 gen = ++diff_gen_;
  if (!comparison_.reference()) {
    comparison_.diffs.assign(comparison_.panes.size(), PaneDiff{});
    emit diffs_changed();
    return;
  }
  ++running_diff_;
  update_busy();
  const Comparison job = comparison_;
  auto fut = QtConcurrent::run([job]() {
    lower_worker_priority();
    Comparison out = job;
    compare(out);
    return out;
  });
  watch(this, watchers_, fut, [this, gen](const Comparison& out) {
    --running_diff_;
    if (gen != diff_gen_ || out.diffs.size() != comparison_.panes.size()) {
      ++dropped_;
    } else {
      comparison_.diffs = out.diffs;
      comparison_.scale = out.scale;
      comparison_.reference_display = out.reference_display;
      comparison_.reference_niqe = out.reference_niqe;
      comparison_.reference_niqe_of = out.reference_niqe_of;
      emit diffs_changed();
    }
    update_busy();
  });
}

void Document::update_busy() {
  const bool b = compute_pending_ || running_compute_ > 0 || running_diff_ > 0 || running_load_ > 0;
  if (b != busy_) {
    busy_ = b;
    emit busy_changed(b);
  }
}

}  // namespace rl::ui
