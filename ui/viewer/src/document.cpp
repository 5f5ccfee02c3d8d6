// The document model: owns the image, parameters and results; runs every resize, load and
// difference computation on the thread pool and keeps only the results of the newest request.
#include "rl/ui/document.hpp"

#include <QFileInfo>
#include <QThread>
#include <QTimer>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <tuple>

#include "rl/convert.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/image_convert.hpp"

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace rl::ui {

QString to_qstring(Device d) {
  switch (d) {
    case Device::Auto: return "auto";
    case Device::Cpu: return "cpu";
    case Device::Cuda: return "cuda";
  }
  return "auto";
}

std::optional<Device> parse_device(const QString& s) {
  const QString l = s.trimmed().toLower();
  if (l == "auto") return Device::Auto;
  if (l == "cpu") return Device::Cpu;
  if (l == "cuda" || l == "gpu") return Device::Cuda;
  return std::nullopt;
}

QString pane_label(const PaneConfig& c) {
  const QString m = QString::fromStdString(to_string(c.method));
  if (c.method == Method::Nearest && !c.antialiasing) return m;
  return m + (c.antialiasing ? " (antialiased)" : " (no antialiasing)");
}

Image downsample_preview(const Image& img, int max_side) {
  const int longest = std::max(img.rows(), img.cols());
  if (img.empty() || longest <= max_side) return img;
  const double f = static_cast<double>(max_side) / longest;
  const int rows = std::max(1, static_cast<int>(img.rows() * f));
  const int cols = std::max(1, static_cast<int>(img.cols() * f));
  Image out = Image::uninitialized(rows, cols, img.channels(), img.type());
  const std::size_t es = elem_size(img.type());
  const auto* src = static_cast<const unsigned char*>(img.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const std::size_t px = es * static_cast<std::size_t>(img.channels());
  for (int r = 0; r < rows; ++r) {
    const int sr = std::min(img.rows() - 1, static_cast<int>((r + 0.5) / f));
    for (int c = 0; c < cols; ++c) {
      const int sc = std::min(img.cols() - 1, static_cast<int>((c + 0.5) / f));
      std::copy_n(src + (static_cast<std::size_t>(sr) * img.cols() + sc) * px, px,
                  dst + (static_cast<std::size_t>(r) * cols + c) * px);
    }
  }
  return out;
}

std::optional<Footprint> footprint_of(const Plan& plan, int out_row, int out_col) {
  if (out_row < 0 || out_col < 0 || out_row >= plan.out_rows || out_col >= plan.out_cols) return std::nullopt;
  // Every kept tap, as the worked example lists them (a tap may weigh 0 for this one output).
  const auto span = [](const AxisTable& t, int o) {
    const std::int32_t* idx = t.index_of(o);
    const auto [lo, hi] = std::minmax_element(idx, idx + t.taps);
    return std::pair<double, double>(*lo, *hi + 1.0);
  };
  const auto [y0, y1] = span(plan.rows, out_row);
  const auto [x0, x1] = span(plan.cols, out_col);
  // u is 1-based (pixel k's centre at k); source coordinates put pixel k's centre at k - 0.5.
  const QPointF centre(plan.cols.u[static_cast<std::size_t>(out_col)] - 0.5,
                       plan.rows.u[static_cast<std::size_t>(out_row)] - 0.5);
  return Footprint{QRectF(QPointF(x0, y0), QPointF(x1, y1)), centre};
}

namespace {

constexpr int kPreviewSide = 1024;

bool is_float(ElemType t) { return t == ElemType::F32 || t == ElemType::F64; }

// Finite min..max over every element of a floating-point image (0..1 for integer or empty ones).
std::pair<double, double> finite_range(const Image& img) {
  if (!is_float(img.type())) return {0.0, 1.0};
  double lo = INFINITY, hi = -INFINITY;
  const std::size_t n = img.elements();
  const auto scan = [&](const auto* v) {
    for (std::size_t k = 0; k < n; ++k) {
      const double x = static_cast<double>(v[k]);
      if (std::isfinite(x)) {
        lo = std::min(lo, x);
        hi = std::max(hi, x);
      }
    }
  };
  if (img.type() == ElemType::F32)
    scan(img.data<float>());
  else
    scan(img.data<double>());
  if (!(lo <= hi)) return {0.0, 1.0};
  return {lo, hi};
}

DisplayRange effective_range(const DisplaySettings& d, double source_lo, double source_hi) {
  return d.auto_range ? DisplayRange{source_lo, source_hi} : DisplayRange{d.lo, d.hi};
}

// Background work must never take the CPU from the GUI thread: pool threads (and the resizer's
// worker threads they start, which inherit it) run at a lower priority. On Linux the nice value is
// per thread, while QThread::setPriority does nothing for ordinary threads there.
void lower_worker_priority() {
  thread_local bool done = false;
  if (done) return;
  done = true;
  QThread::currentThread()->setPriority(QThread::LowPriority);
#ifdef __linux__
  const id_t tid = static_cast<id_t>(::syscall(SYS_gettid));
  const int now = ::getpriority(PRIO_PROCESS, tid);
  if (now < 10) (void)::setpriority(PRIO_PROCESS, tid, 10);
#endif
}

// Watches a future and hands its result to `done` on the GUI thread.
template <class T, class F>
QFutureWatcher<T>* watch(QObject* owner, QList<QFutureWatcherBase*>& list, QFuture<T> fut, F done) {
  auto* w = new QFutureWatcher<T>(owner);
  list.push_back(w);
  QObject::connect(w, &QFutureWatcher<T>::finished, owner, [w, &list, done]() {
    list.removeOne(w);
    done(w->result());
    w->deleteLater();
  });
  w->setFuture(fut);
  return w;
}

}  // namespace

struct Document::LoadOut {
  quint64 gen = 0;
  std::shared_ptr<const Image> image;
  std::shared_ptr<const Image> preview_image;
  double lo = 0.0, hi = 1.0;
  DisplaySettings display;  // the settings `preview` was mapped with
  QImage preview;
  QString path, error;
};

struct Document::ComputeOut {
  quint64 gen = 0;
  std::array<PaneResult, kPanes> results;
  QString device_note;
};

struct Document::DiffOut {
  quint64 gen = 0;
  std::array<PaneDiff, kPanes> diffs;
  double lo = 0.0, hi = 1.0;
};

Document::Document(QObject* parent) : QObject(parent), live_gen_(std::make_shared<std::atomic<quint64>>(0)) {
  spec_.scale = {{0.4, 0.4}};
  panes_[0] = {Method::Bicubic, true};
  panes_[1] = {Method::Nearest, false};
  panes_[2] = {Method::Bilinear, false};
  panes_[3] = {Method::Bicubic, false};
}

Document::~Document() {
  // Running jobs see the bumped generation and stop at their next check; wait so none outlives us.
  live_gen_->fetch_add(1);
  const auto pending = watchers_;
  for (QFutureWatcherBase* w : pending) w->waitForFinished();
}

void Document::set_source(Image img, const QString& name) {
  auto p = std::make_shared<const Image>(std::move(img));
  std::tie(source_lo_, source_hi_) = finite_range(*p);
  preview_image_ = std::make_shared<const Image>(downsample_preview(*p, kPreviewSide));
  preview_ = to_qimage(*preview_image_, display_range());
  source_ = std::move(p);
  source_name_ = name;
  source_path_.clear();
  for (auto& r : results_) r = PaneResult{};
  for (auto& d : diffs_) d = PaneDiff{};
  emit source_changed();
  schedule_compute();
}

void Document::load_file(const QString& path) {
  const quint64 gen = ++load_gen_;
  ++running_load_;
  update_busy();
  const DisplaySettings display = display_;
  auto fut = QtConcurrent::run([gen, path, display]() {
    lower_worker_priority();
    LoadOut out;
    out.gen = gen;
    out.path = path;
    out.display = display;
    try {
      auto img = std::make_shared<const Image>(rl::io::load(path.toStdString()));
      if (img->empty()) throw std::runtime_error("the image is empty");
      std::tie(out.lo, out.hi) = finite_range(*img);
      out.preview_image = std::make_shared<const Image>(downsample_preview(*img, kPreviewSide));
      out.preview = to_qimage(*out.preview_image, effective_range(display, out.lo, out.hi));
      out.image = std::move(img);
    } catch (const std::exception& e) {
      out.error = QString::fromStdString(e.what());
    }
    return out;
  });
  watch(this, watchers_, fut, [this](const LoadOut& out) {
    --running_load_;
    if (out.gen == load_gen_) {
      if (!out.error.isEmpty()) {
        emit error_occurred(QString("Could not open %1: %2").arg(QFileInfo(out.path).fileName(), out.error));
      } else {
        source_ = out.image;
        source_lo_ = out.lo;
        source_hi_ = out.hi;
        preview_image_ = out.preview_image;
        // The settings may have changed while the file loaded.
        preview_ = out.display == display_ ? out.preview : to_qimage(*preview_image_, display_range());
        source_name_ = QFileInfo(out.path).fileName();
        source_path_ = out.path;
        for (auto& r : results_) r = PaneResult{};
        for (auto& d : diffs_) d = PaneDiff{};
        emit source_changed();
        emit file_loaded(out.path);
        schedule_compute();
      }
    } else {
      ++dropped_;
    }
    update_busy();
  });
}

void Document::load_reference(const QString& path) {
  const quint64 gen = ++ref_gen_;
  ++running_load_;
  update_busy();
  auto fut = QtConcurrent::run([gen, path]() {
    lower_worker_priority();
    LoadOut out;
    out.gen = gen;
    out.path = path;
    try {
      out.image = std::make_shared<const Image>(rl::io::load(path.toStdString()));
    } catch (const std::exception& e) {
      out.error = QString::fromStdString(e.what());
    }
    return out;
  });
  watch(this, watchers_, fut, [this](const LoadOut& out) {
    --running_load_;
    if (out.gen == ref_gen_) {
      if (!out.error.isEmpty()) {
        emit error_occurred(
            QString("Could not open reference %1: %2").arg(QFileInfo(out.path).fileName(), out.error));
      } else {
        reference_ = out.image;
        reference_name_ = QFileInfo(out.path).fileName();
        diff_.against = DiffAgainst::ReferenceImage;
        emit reference_changed();
        emit params_changed();
        start_diff();
      }
    }
    update_busy();
  });
}

void Document::clear_reference() {
  reference_.reset();
  reference_name_.clear();
  diff_.against = DiffAgainst::ReferencePane;
  emit reference_changed();
  emit params_changed();
  start_diff();
}

void Document::set_scale(double s, const QString& text) {
  spec_.scale = {{s, s}};
  spec_.out_size.reset();
  scale_text_ = text.isEmpty() ? QString::number(s, 'g', 6) : text;
  emit params_changed();
  schedule_compute();
}

void Document::set_out_size(double rows, double cols) {
  spec_.out_size = {{rows, cols}};
  spec_.scale.reset();
  emit params_changed();
  schedule_compute();
}

void Document::set_boundary(Boundary b) {
  spec_.boundary = b;
  emit params_changed();
  schedule_compute();
}

void Document::set_device(Device d) {
  device_ = d;
  emit params_changed();
  schedule_compute();
}

void Document::set_pane(int i, const PaneConfig& c) {
  if (i < 0 || i >= kPanes) return;
  panes_[static_cast<std::size_t>(i)] = c;
  emit params_changed();
  schedule_compute();
}

void Document::set_diff_settings(const DiffSettings& d) {
  diff_ = d;
  emit params_changed();
  start_diff();
}

void Document::set_display_settings(const DisplaySettings& d) {
  if (d == display_) return;
  display_ = d;
  if (preview_image_) preview_ = to_qimage(*preview_image_, display_range());
  emit display_changed();
  // Integer results do not depend on the range; float ones are re-made off the GUI thread.
  if (source_ && is_float(source_->type())) schedule_compute();
}

DisplayRange Document::display_range() const { return effective_range(display_, source_lo_, source_hi_); }

QString Document::diff_label() const {
  const QString ref = diff_.against == DiffAgainst::ReferenceImage ? "loaded reference" : "reference pane";
  const QString ch = diff_.mode == DiffMode::AbsMaxChannel ? QString("max over channels")
                                                           : QString("channel %1").arg(diff_.channel + 1);
  if (diff_.mode == DiffMode::Signed) return QString("pane - %1 (%2)").arg(ref, ch);
  return QString("|pane - %1| (%2)").arg(ref, ch);
}

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
  if (!source_) {
    update_busy();
    return;
  }
  ++running_compute_;
  update_busy();
  auto live = live_gen_;
  auto src = source_;
  const ResizeSpec base = spec_;
  const auto panes = panes_;
  const Device device = device_;
  const DisplayRange range = display_range();
  auto fut = QtConcurrent::run([=]() {
    lower_worker_priority();
    ComputeOut out;
    out.gen = gen;
    bool use_cuda = false;
    if (device != Device::Cpu) {
      const rl::cuda::Status st = rl::cuda::device_status();
      use_cuda = st.ok;
      if (!st.ok && device == Device::Cuda)
        out.device_note = QString("CUDA unavailable (%1); using CPU").arg(QString::fromStdString(st.message));
      else if (!st.ok)
        out.device_note = QString("CPU (CUDA: %1)").arg(QString::fromStdString(st.message));
    }
    std::unique_ptr<rl::cuda::Resizer> gpu;
    for (int i = 0; i < kPanes; ++i) {
      if (live->load() != gen) return out;  // superseded: stop early, the result is dropped anyway
      PaneResult& r = out.results[static_cast<std::size_t>(i)];
      try {
        ResizeSpec spec = base;
        spec.method = panes[static_cast<std::size_t>(i)].method;
        spec.antialiasing = panes[static_cast<std::size_t>(i)].antialiasing;
        PlanLimits limits;
        limits.channels = src->channels();
        auto plan = std::make_shared<const Plan>(make_plan(spec, src->rows(), src->cols(), limits));
        const auto t0 = std::chrono::steady_clock::now();
        Image img;
        bool done = false;
        if (use_cuda) {
          if (!gpu) gpu = std::make_unique<rl::cuda::Resizer>();
          const rl::cuda::Status st = gpu->run(*plan, *src, img);
          if (st.ok) {
            done = true;
            r.device = "CUDA";
          } else {
            out.device_note = QString("CUDA failed (%1); using CPU").arg(QString::fromStdString(st.message));
          }
        }
        if (!done) {
          img = rl::run(*plan, *src);
          r.device = "CPU";
        }
        r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
        r.display = to_qimage(img, range);
        r.image = std::make_shared<const Image>(std::move(img));
        r.plan = std::move(plan);
      } catch (const std::exception& e) {
        r.error = QString::fromStdString(e.what());
      }
    }
    return out;
  });
  watch(this, watchers_, fut, [this](const ComputeOut& out) {
    --running_compute_;
    finish_compute(out);
    update_busy();
  });
}

void Document::finish_compute(const ComputeOut& out) {
  if (out.gen != gen_) {
    ++dropped_;
    return;
  }
  results_ = out.results;
  device_note_ = out.device_note;
  for (const auto& r : results_)
    if (!r.error.isEmpty()) {
      emit error_occurred(QString("Resize failed: %1").arg(r.error));
      break;
    }
  emit results_changed();
  start_diff();
}

void Document::start_diff() {
  const quint64 gen = ++diff_gen_;
  std::array<std::shared_ptr<const Image>, kPanes> imgs;
  for (int i = 0; i < kPanes; ++i)
    imgs[static_cast<std::size_t>(i)] = results_[static_cast<std::size_t>(i)].image;
  std::shared_ptr<const Image> ref =
      diff_.against == DiffAgainst::ReferenceImage && reference_ ? reference_ : imgs[kReferencePane];
  if (!ref) {
    for (auto& d : diffs_) d = PaneDiff{};
    emit diffs_changed();
    return;
  }
  ++running_diff_;
  update_busy();
  const DiffSettings settings = diff_;
  auto fut = QtConcurrent::run([=]() {
    lower_worker_priority();
    DiffOut out;
    out.gen = gen;
    double m = 0.0;
    for (int i = 0; i < kPanes; ++i) {
      PaneDiff& d = out.diffs[static_cast<std::size_t>(i)];
      const auto& a = imgs[static_cast<std::size_t>(i)];
      if (!a) continue;
      try {
        if (!a->same_shape(*ref))
          throw std::invalid_argument(QString("reference is %1x%2x%3, this pane is %4x%5x%6")
                                          .arg(ref->rows())
                                          .arg(ref->cols())
                                          .arg(ref->channels())
                                          .arg(a->rows())
                                          .arg(a->cols())
                                          .arg(a->channels())
                                          .toStdString());
        // Compare in the pane's element type so a PNG reference matches a uint8 result.
        const Image b = ref->type() == a->type() ? *ref : convert_to(*ref, a->type());
        d.stats = diff_stats(*a, b);
        const int ch = std::clamp(settings.channel, 0, a->channels() - 1);
        const int channel = settings.mode == DiffMode::AbsMaxChannel ? -1 : ch;
        auto map = std::make_shared<const Image>(diff_map(*a, b, settings.mode, channel));
        const double* v = map->data<double>();
        for (std::size_t k = 0; k < map->elements(); ++k)
          if (std::isfinite(v[k])) m = std::max(m, std::abs(v[k]));
        d.map = std::move(map);
      } catch (const std::exception& e) {
        d.error = QString::fromStdString(e.what());
      }
    }
    if (settings.fixed_range) m = settings.fixed_max;
    if (!(m > 0.0)) m = 1.0;
    const bool sgn = settings.mode == DiffMode::Signed;
    out.lo = sgn ? -m : 0.0;
    out.hi = m;
    for (auto& d : out.diffs)
      if (d.map) d.colored = colorize(*d.map, sgn ? Colormap::Diverging : Colormap::Inferno, out.lo, out.hi);
    return out;
  });
  watch(this, watchers_, fut, [this](const DiffOut& out) {
    --running_diff_;
    finish_diff(out);
    update_busy();
  });
}

void Document::finish_diff(const DiffOut& out) {
  if (out.gen != diff_gen_) {
    ++dropped_;
    return;
  }
  diffs_ = out.diffs;
  diff_lo_ = out.lo;
  diff_hi_ = out.hi;
  emit diffs_changed();
}

void Document::update_busy() {
  const bool b = compute_pending_ || running_compute_ > 0 || running_diff_ > 0 || running_load_ > 0;
  if (b != busy_) {
    busy_ = b;
    emit busy_changed(b);
  }
}

}  // namespace rl::ui
