// The comparison model's computation: every pane's result (MATLAB's resizer or a library's), the
// difference maps with their shared colour scale, and the statistics in the words the views print.
#include "rl/ui/comparison.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>

#include "rl/convert.hpp"
#include "rl/peer_resize.hpp"
#include "rl/resize.hpp"

namespace rl::ui {

std::array<PaneConfig, 4> libraries_preset() {
  const auto peer = [](const char* name) {
    PaneConfig c{Method::Bicubic, false};
    c.peer = peers::parse_peer_spec(name);
    return c;
  };
  return {PaneConfig{Method::Bicubic, true}, peer("opencv-cubic"), peer("pillow-bicubic"),
          peer("torch-bicubic")};
}

QString pane_label(const PaneConfig& c) {
  if (c.peer) return QString::fromStdString(peers::display_name(*c.peer));
  const QString m = QString::fromStdString(to_string(c.method));
  if (c.method == Method::Nearest && !c.antialiasing) return m;
  return m + (c.antialiasing ? " (antialiased)" : " (no antialiasing)");
}

Colormap diff_colormap(DiffMode mode) {
  return mode == DiffMode::Signed ? Colormap::Diverging : Colormap::Inferno;
}

std::vector<Statistic> statistics_of(const DiffStats& s) {
  const QString max = QString::number(s.max_abs, 'g', 4), mean = QString::number(s.mean_abs, 'g', 4);
  const QString psnr = std::isinf(s.psnr) ? QStringLiteral("\u221e") : QString::number(s.psnr, 'f', 2);
  const QString pct = QString::number(s.differing_percent(), 'f', 2);
  const QString n = QString::number(static_cast<qulonglong>(s.differing));
  return {{QStringLiteral("max |\u0394|"), max, QStringLiteral("max |\u0394| ") + max},
          {QStringLiteral("mean |\u0394|"), mean, QStringLiteral("mean |\u0394| ") + mean},
          {QStringLiteral("PSNR"), psnr + QStringLiteral(" dB"), QStringLiteral("PSNR %1 dB").arg(psnr)},
          {QStringLiteral("differ"), QStringLiteral("%1 px (%2%)").arg(n, pct),
           QStringLiteral("%1 px differ (%2%)").arg(n, pct)}};
}

QString diff_summary(const PaneDiff& d) {
  if (!d.error.isEmpty()) return "difference: " + d.error;
  QStringList parts;
  for (const Statistic& s : d.statistics) parts << s.phrase;
  if (parts.isEmpty() && d.stats)
    for (const Statistic& s : statistics_of(*d.stats)) parts << s.phrase;
  return parts.join(QStringLiteral(" \u00b7 "));
}

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
  out.image = std::make_shared<const Image>(std::move(img));
  out.device = QStringLiteral("CPU");
  out.note = QString::fromStdString(note + tables.note);
  return out;
}

PaneResult run_matlab_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane,
                           const RunPlan& run) {
  ResizeSpec spec = base;
  spec.method = pane.method;
  spec.antialiasing = pane.antialiasing;
  PlanLimits limits;
  limits.channels = src.channels();
  PaneResult r;
  r.plan = std::make_shared<const Plan>(make_plan(spec, src.rows(), src.cols(), limits));
  const auto t0 = std::chrono::steady_clock::now();
  Image img = run(*r.plan, src, r.device);
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  r.image = std::make_shared<const Image>(std::move(img));
  return r;
}

QString shape_text(const Image& img) {
  return QStringLiteral("%1x%2x%3").arg(img.rows()).arg(img.cols()).arg(img.channels());
}

}  // namespace

PaneResult compute_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane, DisplayRange range,
                        const RunPlan& run) {
  PaneResult r;
  try {
    r = pane.peer ? run_peer_pane(src, base, *pane.peer) : run_matlab_pane(src, base, pane, run);
    r.display = to_qimage(*r.image, range);
  } catch (const std::exception& e) {
    r = PaneResult{};
    r.error = QString::fromStdString(e.what());
  }
  return r;
}

std::vector<PaneResult> compute_panes(const Image& src, const ResizeSpec& base,
                                      const std::vector<PaneConfig>& panes, DisplayRange range,
                                      const RunPlan& run, const std::function<bool()>& superseded) {
  std::vector<PaneResult> results(panes.size());
  for (std::size_t i = 0; i < panes.size(); ++i) {
    if (superseded()) break;  // the result is dropped anyway
    results[i] = compute_pane(src, base, panes[i], range, run);
  }
  return results;
}

PaneDiffs compare_images(const std::vector<std::shared_ptr<const Image>>& images, const Image& ref,
                         const DiffSettings& settings) {
  PaneDiffs out;
  out.diffs.resize(images.size());
  double m = 0.0;
  for (std::size_t i = 0; i < images.size(); ++i) {
    PaneDiff& d = out.diffs[i];
    const auto& a = images[i];
    if (!a) continue;
    try {
      if (!a->same_shape(ref))
        throw std::invalid_argument(
            QString("reference is %1, this pane is %2").arg(shape_text(ref), shape_text(*a)).toStdString());
      const Image b = ref.type() == a->type() ? ref : convert_to(ref, a->type());
      d.stats = diff_stats(*a, b);
      d.statistics = statistics_of(*d.stats);
      const bool largest = settings.mode == DiffMode::Signed && settings.channel < 0;
      const int channel = settings.mode == DiffMode::AbsMaxChannel || largest
                              ? -1
                              : std::clamp(settings.channel, 0, a->channels() - 1);
      auto map = std::make_shared<const Image>(diff_map(*a, b, settings.mode, channel));
      m = std::max(m, max_abs_finite(*map));
      d.map = std::move(map);
    } catch (const std::exception& e) {
      d.error = QString::fromStdString(e.what());
    }
  }
  if (settings.fixed_range) m = settings.fixed_max;
  if (!(m > 0.0)) m = 1.0;
  const bool sgn = settings.mode == DiffMode::Signed;
  out.scale.lo = sgn ? -m : 0.0;
  out.scale.hi = m;
  out.scale.colormap = diff_colormap(settings.mode);
  out.scale.label = sgn ? QStringLiteral("a \u2212 ref") : QStringLiteral("|a \u2212 ref|");
  for (auto& d : out.diffs)
    if (d.map) d.colored = colorize(*d.map, out.scale.colormap, out.scale.lo, out.scale.hi);
  return out;
}

std::shared_ptr<const Image> Comparison::reference() const {
  if (against_image()) return reference_image;
  if (kReferencePane < static_cast<int>(results.size())) return results[kReferencePane].image;
  return nullptr;
}

void compare(Comparison& c) {
  const auto ref = c.reference();
  if (!ref) {
    c.diffs.assign(c.results.size(), PaneDiff{});
    c.scale = DiffScale{};
    c.scale.colormap = diff_colormap(c.diff.mode);
    return;
  }
  std::vector<std::shared_ptr<const Image>> images;
  for (const PaneResult& r : c.results) images.push_back(r.image);
  PaneDiffs d = compare_images(images, *ref, c.diff);
  c.diffs = std::move(d.diffs);
  c.scale = d.scale;
}

void compute_comparison(Comparison& c, const RunPlan& run, const std::function<bool()>& superseded) {
  c.results = c.source ? compute_panes(*c.source, c.base, c.panes, c.display, run, superseded)
                       : std::vector<PaneResult>(c.panes.size());
  if (!superseded()) compare(c);
}

}  // namespace rl::ui
