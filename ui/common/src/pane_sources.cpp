// What each pane's source makes: MATLAB's resizer, a library's resize, an SR round trip of either, or
// an image file registered to the reference (upscaled when it is an LR image).
#include "pane_sources.hpp"

#include <QFileInfo>
#include <chrono>
#include <exception>
#include <stdexcept>
#include <string>

#include "rl/convert.hpp"
#include "rl/degrade.hpp"
#include "rl/image_io.hpp"
#include "rl/peer_resize.hpp"
#include "rl/resize.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/release.hpp"
#include "statistics_text.hpp"

namespace rl::ui {

Image run_on_cpu(const Plan& plan, const Image& src, QString& device) {
  device = QStringLiteral("CPU");
  return rl::run(plan, src);
}

namespace {

// A library pane: its pixels for `src` at MATLAB's output size for `base`, and its tables as a Plan
// for the kernel, tap and worked-example views. With a scale, the library's own call (scale_factor /
// fx) is used when its size rule gives the same size; otherwise the size is given, as
// F.interpolate(size=) / cv2.resize(dsize) / Image.resize would be called. A type the library does
// not take goes through float32 (im2single) and back to the source's type.
// What a file pane is registered to: the reference's size and channels.
struct PaneTarget {
  int rows = 0, cols = 0, channels = 0;
};
// `reference` when the panes are compared with a loaded image, else what the resizer panes make of
// `src` with `base` (MATLAB's output size, the source's channels).
PaneTarget pane_target(const Image& src, const ResizeSpec& base, const Image* reference);
// A file pane's image, in the file's element type: the file as it is when it has the target's size;
// an LR file whose size times one integer factor f (the same for rows and columns) is the target's,
// upscaled by imresize(file, f, pane.file_upscale) with base's boundary (run on `run`), with
// `upscaled_by` = f. Throws std::runtime_error with one line (unreadable, corrupt, another channel
// count, a size that fits no integer factor, an LR file and no upscale method).
Image load_file_pane(const PaneConfig& pane, const PaneTarget& target, Boundary boundary, const RunPlan& run,
                     QString& device, int& upscaled_by);

PaneResult run_peer_pane(const Image& src, const ResizeSpec& base, const peers::PeerSpec& peer) {
  const SizeAndScale ss = derive_size_and_scale(base, src.rows(), src.cols());
  std::string note;
  peers::PeerTarget target = peers::PeerTarget::with_size(ss.out_rows, ss.out_cols);
  if (base.scale) {
    const auto by_scale = peers::PeerTarget::with_scale(base.scale->first, base.scale->second);
    const auto [r, c] = peers::output_size(peer, src.rows(), src.cols(), by_scale);
    if (r == ss.out_rows && c == ss.out_cols)
      target = by_scale;
    else
      note = "size " + std::to_string(ss.out_rows) + "x" + std::to_string(ss.out_cols) +
             " given (the library's rule makes " + std::to_string(r) + "x" + std::to_string(c) +
             " from this scale). ";
  }
  const bool convert = !peers::supports(peer, src.type(), src.channels());
  Image converted;
  if (convert) {
    converted = im2single(src);
    note += "Resized as float32 (im2single) and converted back to " + to_string(src.type()) + ". ";
  }
  const Image& in = convert ? converted : src;
  const peers::PeerTables tables = peers::peer_tables(peer, in.rows(), in.cols(), target, in.type());
  PaneResult out;
  out.plan = std::make_shared<const Plan>(peers::as_plan(tables));
  const auto t0 = std::chrono::steady_clock::now();
  Image img = io::peer_resize(in, peer, target);
  out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (convert) img = convert_to(img, src.type());
  out.image = share_image(std::move(img));
  out.device = QStringLiteral("CPU");
  out.note = QString::fromStdString(note + tables.note);
  return out;
}

// `shared`: src as its holder shares it (or null): an identity plan's result is then src itself.
PaneResult run_matlab_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane,
                           const RunPlan& run, const std::shared_ptr<const Image>& shared = nullptr,
                           ResizeClass cls = ResizeClass::Keep) {
  const ElemType to = cls == ResizeClass::Double ? ElemType::F64 : ElemType::F32;
  if (cls != ResizeClass::Keep && src.type() != to) {
    // `imresize --as`: MATLAB's im2double (im2single), the resize, then back to the image's class.
    PaneResult r =
        run_matlab_pane(cls == ResizeClass::Double ? im2double(src) : im2single(src), base, pane, run);
    r.image = share_image(convert_to(*r.image, src.type()));
    r.note = QStringLiteral(
                 "Resized in %1 (im2%1 of the %2 image), then back to %2, as `imresize --as %1` "
                 "writes a file.")
                 .arg(to_qstring(cls), QString::fromStdString(rl::to_string(src.type())));
    return r;
  }
  ResizeSpec spec = base;
  spec.method = pane.method;
  spec.antialiasing = pane.antialiasing;
  PlanLimits limits;
  limits.channels = src.channels();
  PaneResult r;
  r.plan = std::make_shared<const Plan>(make_plan(spec, src.rows(), src.cols(), limits));
  if (shared.get() == &src && r.plan->is_identity()) {
    r.image = shared;
    r.device = QStringLiteral("CPU");
    r.note = QStringLiteral(
        "Every output pixel is its input pixel (one tap of weight 1 on each axis): the "
        "result is the image itself, not a copy.");
    return r;
  }
  const auto t0 = std::chrono::steady_clock::now();
  Image img = run(*r.plan, src, r.device);
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  r.image = share_image(std::move(img));
  return r;
}

[[noreturn]] void throw_pane_error(const QString& message) {
  throw std::runtime_error(message.toStdString());
}

PaneResult run_file_pane(const PaneConfig& pane, const PaneTarget& target, Boundary boundary,
                         const RunPlan& run) {
  PaneResult r;
  const auto t0 = std::chrono::steady_clock::now();
  r.image = share_image(load_file_pane(pane, target, boundary, run, r.device, r.upscaled_by));
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const QString name = QFileInfo(pane.file).fileName();
  r.note = r.upscaled_by > 1
               ? QStringLiteral("%1: %2, upscaled x%3 by MATLAB %4 (imresize)")
                     .arg(name, size_text(r.image->cols() / r.upscaled_by, r.image->rows() / r.upscaled_by))
                     .arg(r.upscaled_by)
                     .arg(QString::fromStdString(to_string(*pane.file_upscale)))
               : QStringLiteral("%1, %2 as read (%3)")
                     .arg(pane.file, size_text(r.image->cols(), r.image->rows()),
                          QString::fromStdString(to_string(r.image->type())));
  return r;
}

// A file's values are shown as its own type is (float 0..1, uint16 / 257, an integer type's whole
// range) unless it has the source's type: then through the document's range, as the resizer panes.
DisplayRange file_display_range(ElemType file, ElemType source, DisplayRange source_range) {
  if (file == source) return source_range;
  const ElemInfo& t = info(file);
  DisplayRange r = t.is_integer ? DisplayRange{t.min, t.max, false} : DisplayRange{0.0, 1.0, false};
  r.channel = source_range.channel;  // the channel and tone shown are the window's, whatever the file's type
  r.tone = source_range.tone;
  return r;
}

// The LR of a round trip from `hr` (already a multiple of s): under BI the bicubic resize on the
// chosen device, as before degradations; under BD, BD-VSR and DN rl::degrade on the CPU, the function
// `imresize degrade` and resizelab.degrade call.
PaneResult round_trip_lr(const Image& hr, const ResizeSpec& base, const PaneConfig& pane,
                         const RunPlan& run) {
  const int s = pane.sr_round_trip;
  const DegradeOptions o = degrade_options(pane.sr_degradation, s, base.boundary);  // throws if invalid
  if (o.model == Degradation::Bi) {
    ResizeSpec down = ResizeSpec::with_scale(1.0 / s);
    down.boundary = base.boundary;
    return run_matlab_pane(hr, down, PaneConfig{Method::Bicubic, true}, run);
  }
  PaneResult lr;
  const auto t0 = std::chrono::steady_clock::now();
  lr.image = std::make_shared<const Image>(degrade(hr, o));
  lr.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  lr.device = QStringLiteral("CPU");
  return lr;
}

// up(LR, s, the pane's method or library) with the LR of round_trip_lr, as SR benchmarks make their
// LR inputs and the "Bicubic" row. Both steps use the base's boundary rule. No plan: the teaching
// views explain one resize of the loaded image, and a round trip is two, of another image.
PaneResult run_round_trip_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane,
                               const RunPlan& run) {
  const int s = pane.sr_round_trip;
  if (s < 2 || s > 64)
    throw std::invalid_argument("an SR round trip takes a factor 2..64, got " + std::to_string(s));
  if (src.rows() < s || src.cols() < s)
    throw std::invalid_argument(QStringLiteral("a %1 image has no pixels left at SR \u00d7%2")
                                    .arg(shape_text(src))
                                    .arg(s)
                                    .toStdString());
  const Image hr = modcrop(src, s);
  ResizeSpec up = ResizeSpec::with_scale(s);
  up.boundary = base.boundary;
  const PaneResult lr = round_trip_lr(hr, base, pane, run);
  PaneConfig up_pane = pane;
  up_pane.sr_round_trip = 0;
  up_pane.sr_degradation = {};
  PaneResult r = up_pane.peer ? run_peer_pane(*lr.image, up, *up_pane.peer)
                              : run_matlab_pane(*lr.image, up, up_pane, run);
  r.ms += lr.ms;
  r.plan.reset();
  QString note = QStringLiteral("%1 round trip: %2 HR down to %3 %4, up by %5.")
                     .arg(sr_round_trip_name(pane), shape_text(hr), shape_text(*lr.image), sr_lr_text(pane),
                          pane_label(up_pane));
  if (hr.rows() != src.rows() || hr.cols() != src.cols())
    note += QStringLiteral(
                " The %1 image was mod-cropped to %2 (bottom and right, to a multiple of %3, as SR "
                "protocols do); the reference is that crop.")
                .arg(shape_text(src), shape_text(hr))
                .arg(s);
  if (!r.note.isEmpty()) note += QStringLiteral(" Up step: ") + r.note;
  r.note = note;
  return r;
}

}  // namespace

namespace {
PaneTarget pane_target(const Image& src, const ResizeSpec& base, const Image* reference) {
  if (reference) return {reference->rows(), reference->cols(), reference->channels()};
  const SizeAndScale ss = derive_size_and_scale(base, src.rows(), src.cols());
  return {ss.out_rows, ss.out_cols, src.channels()};
}

Image load_file_pane(const PaneConfig& pane, const PaneTarget& target, Boundary boundary, const RunPlan& run,
                     QString& device, int& upscaled_by) {
  const QString name = QFileInfo(pane.file).fileName();
  Image img;
  try {
    img = io::load(pane.file.toStdString());
  } catch (const std::exception& e) {
    throw_pane_error(QStringLiteral("cannot read %1: %2").arg(name, QString::fromStdString(e.what())));
  }
  device = QStringLiteral("CPU");
  upscaled_by = 1;
  if (img.empty()) throw_pane_error(QStringLiteral("%1 is empty").arg(name));
  if (img.channels() != target.channels)
    throw_pane_error(QStringLiteral("%1 has %2 channel(s), the reference %3")
                         .arg(name)
                         .arg(img.channels())
                         .arg(target.channels));
  if (img.rows() == target.rows && img.cols() == target.cols) return img;
  // An LR file: one integer factor for both axes, as an SR network's output is f times its input.
  const int f = target.rows / img.rows();
  const bool integer_factor = f >= 2 && img.rows() * f == target.rows && img.cols() * f == target.cols;
  const QString sizes =
      QStringLiteral("%1 is %2, the reference %3")
          .arg(name, size_text(img.cols(), img.rows()), size_text(target.cols, target.rows));
  if (!integer_factor) throw_pane_error(sizes + QStringLiteral(": neither the same size nor 1/n of it"));
  if (!pane.file_upscale)
    throw_pane_error(sizes + QStringLiteral(" (an LR image at 1/%1): choose an upscaling method").arg(f));
  ResizeSpec spec;
  spec.scale = {{static_cast<double>(f), static_cast<double>(f)}};
  spec.method = *pane.file_upscale;
  spec.boundary = boundary;
  PlanLimits limits;
  limits.channels = img.channels();
  upscaled_by = f;
  return run(make_plan(spec, img.rows(), img.cols(), limits), img, device);
}
}  // namespace

namespace detail {
namespace {
bool same_table(const AxisTable& a, const AxisTable& b) {
  return a.in_size == b.in_size && a.out_size == b.out_size && a.scale == b.scale &&
         a.kernel_width == b.kernel_width && a.antialiased == b.antialiased && a.taps_full == b.taps_full &&
         a.taps == b.taps && a.u == b.u && a.left == b.left && a.kept == b.kept && a.weights == b.weights &&
         a.index == b.index;
}
// Everything a run reads (the antialiasing flag only chose the tables).
bool same_tables(const Plan& a, const Plan& b) {
  return a.method == b.method && a.method != Method::Custom && a.in_rows == b.in_rows &&
         a.in_cols == b.in_cols && a.out_rows == b.out_rows && a.out_cols == b.out_cols &&
         a.boundary == b.boundary && a.order == b.order && same_table(a.rows, b.rows) &&
         same_table(a.cols, b.cols);
}
}  // namespace

std::optional<PaneResult> result_of_same_tables(const Image& src, const ResizeSpec& base,
                                                const std::vector<PaneConfig>& panes,
                                                const std::vector<PaneResult>& results, std::size_t i) {
  if (i >= panes.size() || !panes[i].is_matlab_resize()) return std::nullopt;
  std::optional<Plan> plan;
  for (std::size_t j = 0; j < i && j < results.size(); ++j) {
    const PaneResult& r = results[j];
    if (!panes[j].is_matlab_resize() || !r.image || !r.plan || !r.error.isEmpty()) continue;
    if (panes[j].method != panes[i].method) continue;
    if (!plan) {
      ResizeSpec spec = base;
      spec.method = panes[i].method;
      spec.antialiasing = panes[i].antialiasing;
      PlanLimits limits;
      limits.channels = src.channels();
      try {
        plan = make_plan(spec, src.rows(), src.cols(), limits);
      } catch (const std::exception&) {
        return std::nullopt;  // compute_pane reports it
      }
    }
    if (!same_tables(*plan, *r.plan)) continue;
    PaneResult out = r;
    out.plan = std::make_shared<const Plan>(std::move(*plan));
    out.ms = 0.0;
    out.made_from.reset();
    out.note = QStringLiteral("The same tables as pane %1 (the same pixels): its result, not resized again.")
                   .arg(j + 1);
    return out;
  }
  return std::nullopt;
}
bool doubles_each_pixel(const Plan& plan) {
  const auto doubles = [](const AxisTable& t) {
    if (t.out_size != 2 * t.in_size || t.taps != 1 ||
        t.index.size() != static_cast<std::size_t>(t.out_size) || t.weights.size() != t.index.size())
      return false;
    for (int o = 0; o < t.out_size; ++o)
      if (t.index[static_cast<std::size_t>(o)] != o / 2 || t.weights[static_cast<std::size_t>(o)] != 1.0)
        return false;
    return true;
  };
  return plan.out_rows == 2 * plan.in_rows && plan.out_cols == 2 * plan.in_cols && doubles(plan.rows) &&
         doubles(plan.cols);
}

DisplayRange pane_display_range(const PaneResult& r, const PaneConfig& pane, ElemType source,
                                DisplayRange range) {
  return r.image && (pane.is_pushed() || pane.is_file()) ? file_display_range(r.image->type(), source, range)
                                                         : range;
}

}  // namespace detail

PaneResult compute_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane, DisplayRange range,
                        const RunPlan& run, const Image* reference, bool display,
                        const std::shared_ptr<const Image>& shared_src, ResizeClass cls) {
  PaneResult r;
  try {
    if (pane.is_pushed()) {  // exactly the image sent
      r.image = pane.pushed_image;
      r.device = QStringLiteral("CPU");
      r.note = QStringLiteral("%1, %2 as sent")
                   .arg(pane.pushed, QString::fromStdString(to_string(r.image->type())));
      range = file_display_range(r.image->type(), src.type(), range);
    } else if (pane.is_file()) {
      r = run_file_pane(pane, pane_target(src, base, reference), base.boundary, run);
      range = file_display_range(r.image->type(), src.type(), range);
    } else {
      r = pane.sr_round_trip != 0 ? run_round_trip_pane(src, base, pane, run)
          : pane.peer             ? run_peer_pane(src, base, *pane.peer)
                                  : run_matlab_pane(src, base, pane, run, shared_src, cls);
    }
    // A result that doubles each source pixel has the source's pixels as its first halving.
    const bool doubled = r.plan && r.image && r.image->type() == src.type() &&
                         r.image->channels() == src.channels() && detail::doubles_each_pixel(*r.plan);
    if (display) r.display = doubled ? Picture::of(r.image, range, &src) : Picture::of(r.image, range);
  } catch (const std::exception& e) {
    r = PaneResult{};
    r.error = QString::fromStdString(e.what());
  }
  return r;
}

std::vector<PaneResult> compute_panes(const Image& src, const ResizeSpec& base,
                                      const std::vector<PaneConfig>& panes, DisplayRange range,
                                      const RunPlan& run, const std::function<bool()>& superseded,
                                      const Image* reference) {
  std::vector<PaneResult> results(panes.size());
  for (std::size_t i = 0; i < panes.size(); ++i) {
    if (superseded()) break;  // the result is dropped anyway
    results[i] = compute_pane(src, base, panes[i], range, run, reference);
  }
  return results;
}

}  // namespace rl::ui
