// The comparison model's computation: every pane's result (MATLAB's resizer or a library's), the
// difference maps with their shared colour scale, and the statistics in the words the views print.
#include "rl/ui/comparison.hpp"

#include <QPainter>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>

#include "rl/convert.hpp"
#include "rl/image_ops.hpp"
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

QBrush uncovered_brush() { return QBrush(QColor(150, 150, 150), Qt::Dense4Pattern); }

QRect result_crop(const QRect& c, int src_rows, int src_cols, int out_rows, int out_cols) {
  if (src_rows <= 0 || src_cols <= 0) return {};
  const double sy = static_cast<double>(out_rows) / src_rows, sx = static_cast<double>(out_cols) / src_cols;
  // Rounded edges: a crop ending at a feature's edge in the source ends there in the result too.
  const int x0 = std::clamp(static_cast<int>(std::lround(c.x() * sx)), 0, out_cols - 1);
  const int y0 = std::clamp(static_cast<int>(std::lround(c.y() * sy)), 0, out_rows - 1);
  const int x1 = std::clamp(static_cast<int>(std::lround((c.x() + c.width()) * sx)), x0 + 1, out_cols);
  const int y1 = std::clamp(static_cast<int>(std::lround((c.y() + c.height()) * sy)), y0 + 1, out_rows);
  return QRect(x0, y0, x1 - x0, y1 - y0);
}

QString crop_argument(const QRect& r) {
  return QStringLiteral("--crop %1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

QRect compared_window(QSize ref_size, QPoint nudge, const std::optional<QRect>& ref_region) {
  QRect w = QRect(QPoint(0, 0), ref_size).intersected(QRect(nudge, ref_size));
  if (ref_region) w = w.intersected(*ref_region);
  return w;
}

namespace {
// `img` moved by `nudge` onto `canvas` (of its shape), which keeps its values where img does not reach.
void paste_nudged(Image& canvas, const Image& img, QPoint nudge) {
  const QRect w = compared_window(QSize(img.cols(), img.rows()), nudge, std::nullopt);
  for (int r = w.top(); r <= w.bottom(); ++r)
    for (int c = w.left(); c <= w.right(); ++c)
      for (int k = 0; k < img.channels(); ++k) canvas.set(r, c, k, img.at(r - nudge.y(), c - nudge.x(), k));
}
}  // namespace

Image nudge_image(const Image& img, QPoint nudge) {
  Image out(img.rows(), img.cols(), img.channels(), img.type());  // zero-filled
  paste_nudged(out, img, nudge);
  return out;
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
           QStringLiteral("%1 px differ (%2%)").arg(n, pct)},
          // The values the figures above leave out; no phrase when there is none.
          {QStringLiteral("non-finite"), QString::number(static_cast<qulonglong>(s.non_finite)),
           non_finite_text(s)}};
}

int sr_scale_of(const ResizeSpec& base) {
  if (!base.scale || base.scale->first != base.scale->second) return 0;
  const double f = base.scale->first;
  return f >= 1.0 && f == std::floor(f) && f <= 1e6 ? static_cast<int>(f) : 0;
}

SrScore score_pane(const Image& pane, const Image& ref, int sr_scale, SrProtocol p) {
  return sr_scale > 0 ? score_sr(pane, ref, sr_scale, p) : score_sr_shaved(pane, ref, 0, p);
}

std::vector<Statistic> sr_statistics_of(SrProtocol p, const std::optional<SrScore>& s, const QString& error) {
  const QString name = QString::fromLatin1(sr_protocol_info(p).name);
  const QString psnr_name = QStringLiteral("PSNR (%1)").arg(name),
                ssim_name = QStringLiteral("SSIM (%1)").arg(name);
  if (!s)
    return {{psnr_name, QStringLiteral("n/a"), name + QStringLiteral(": ") + error},
            {ssim_name, QStringLiteral("n/a"), {}}};
  const QString psnr = std::isinf(s->psnr) ? QStringLiteral("\u221e") : QString::number(s->psnr, 'f', 2);
  const QString ssim = QString::number(s->ssim, 'f', 4);
  return {{psnr_name, psnr + QStringLiteral(" dB"), QStringLiteral("%1 %2 dB").arg(psnr_name, psnr)},
          {ssim_name, ssim, QStringLiteral("%1 %2").arg(ssim_name, ssim)}};
}

Image ssim_dissimilarity_map(const Image& a, const Image& b) {
  if (!a.same_shape(b)) throw std::invalid_argument("SSIM map: the images differ in shape");
  const ElemInfo& t = info(a.type());
  const double range = t.is_integer ? t.max - t.min : 1.0;  // MATLAB ssim's DynamicRange default
  Image out(a.rows(), a.cols(), 1, ElemType::F64);
  double* worst = out.data<double>();
  for (int k = 0; k < a.channels(); ++k) {
    Image ak(a.rows(), a.cols(), 1, ElemType::F64), bk(a.rows(), a.cols(), 1, ElemType::F64);
    for (int r = 0; r < a.rows(); ++r)
      for (int c = 0; c < a.cols(); ++c) {
        ak.set(r, c, 0, a.at(r, c, k));
        bk.set(r, c, 0, b.at(r, c, k));
      }
    const Image map = ssim_matlab(ak, bk, range).map;
    const double* m = map.data<double>();
    for (std::size_t i = 0; i < map.elements(); ++i) {
      const double v = 1.0 - m[i];
      // NaN outranks every value, as in the difference maps, so a NaN is shown and counted.
      if (k == 0 || std::isnan(v) || v > worst[i]) worst[i] = v;
    }
  }
  return out;
}

QString diff_summary(const PaneDiff& d) {
  if (!d.error.isEmpty()) return "difference: " + d.error;
  QStringList parts;
  const auto& stats = d.statistics.empty() && d.stats ? statistics_of(*d.stats) : d.statistics;
  for (const Statistic& s : stats)
    if (!s.phrase.isEmpty()) parts << s.phrase;
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

namespace {

// `img` moved by `nudge` onto a canvas of its size, the uncovered strip checkered.
QImage nudged_qimage(const QImage& img, QPoint nudge) {
  QImage out(img.size(), QImage::Format_RGB32);
  out.fill(QColor(48, 48, 52));
  QPainter p(&out);
  p.fillRect(out.rect(), uncovered_brush());
  p.drawImage(nudge, img);
  return out;
}

// The strip of a map that a nudge leaves uncompared, checkered over the map's colours.
void checker_uncovered(QImage& map, QPoint nudge) {
  QPainter p(&map);
  p.setClipRegion(QRegion(map.rect()).subtracted(QRegion(QRect(nudge, map.size()))));
  p.fillRect(map.rect(), QColor(48, 48, 52));
  p.fillRect(map.rect(), uncovered_brush());
}

// "region 2,2,4,4", as drawn (the Differences dock also names the compared images' part).
Statistic region_statistic(const StatsRegion& r) {
  const QRect& s = r.source;
  const QString x_y = QStringLiteral("%1,%2").arg(s.x()).arg(s.y());
  return {QStringLiteral("region"), QStringLiteral("%1 %2\u00d7%3").arg(x_y).arg(s.width()).arg(s.height()),
          QStringLiteral("region %1,%2,%3").arg(x_y).arg(s.width()).arg(s.height())};
}

QString signed_text(int v) { return (v > 0 ? QStringLiteral("+") : QString()) + QString::number(v); }

// The pane's own values in the region: finite mean, min and max over every channel.
Statistic values_statistic(const Image& img) {
  double sum = 0.0;
  std::size_t n = 0;
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c)
      for (int k = 0; k < img.channels(); ++k)
        if (const double v = img.at(r, c, k); std::isfinite(v)) {
          sum += v;
          ++n;
        }
  const auto range = finite_range(img);
  if (!range || n == 0) return {QStringLiteral("values"), QStringLiteral("none finite"), {}};
  const QString text =
      QStringLiteral("mean %1, %2 \u2026 %3")
          .arg(QString::number(sum / static_cast<double>(n), 'g', 5), QString::number(range->first, 'g', 5),
               QString::number(range->second, 'g', 5));
  return {QStringLiteral("values"), text, QStringLiteral("values ") + text};
}

}  // namespace

PaneDiffs compare_images(const std::vector<std::shared_ptr<const Image>>& images, const Image& ref,
                         const DiffSettings& settings, int sr_scale,
                         const std::optional<StatsRegion>& region) {
  const std::optional<QRect> ref_region = region ? std::optional(region->image) : std::nullopt;
  PaneDiffs out;
  out.diffs.resize(images.size());
  double m = 0.0;
  const QSize ref_size(ref.cols(), ref.rows());
  std::vector<QPoint> nudges(images.size());
  for (std::size_t i = 0; i < images.size(); ++i) {
    PaneDiff& d = out.diffs[i];
    const auto& a = images[i];
    if (!a) continue;
    try {
      if (!a->same_shape(ref))
        throw std::invalid_argument(
            QString("reference is %1, this pane is %2").arg(shape_text(ref), shape_text(*a)).toStdString());
      const QPoint nudge = settings.nudge(static_cast<int>(i));
      // What is compared: the overlap after the nudge, inside the region (one rule for both).
      const QRect window = compared_window(ref_size, nudge, ref_region);
      if (window.isEmpty()) throw std::invalid_argument("the nudge leaves nothing of the region to compare");
      const Image b = ref.type() == a->type() ? ref : convert_to(ref, a->type());
      const bool whole = window == QRect(QPoint(0, 0), ref_size);
      const QRect pane_window = window.translated(-nudge);
      const Image a_part =
          whole ? Image() : crop(*a, pane_window.y(), pane_window.x(), window.height(), window.width());
      const Image b_part = whole ? Image() : crop(b, window.y(), window.x(), window.height(), window.width());
      const Image& a_cmp = whole ? *a : a_part;
      const Image& b_cmp = whole ? b : b_part;
      d.stats = diff_stats(a_cmp, b_cmp);
      if (region) d.statistics.push_back(region_statistic(*region));
      if (!nudge.isNull()) {
        const QString by = signed_text(nudge.x()) + "," + signed_text(nudge.y());
        d.statistics.push_back({QStringLiteral("nudge"), by, QStringLiteral("nudged ") + by});
      }
      for (Statistic& s : statistics_of(*d.stats)) d.statistics.push_back(std::move(s));
      if (ref_region) d.statistics.push_back(values_statistic(a_cmp));
      if (settings.protocol) {
        QString why;
        try {
          d.sr = score_pane(a_cmp, b_cmp, sr_scale, *settings.protocol);
        } catch (const std::exception& e) {
          why = QString::fromStdString(e.what());
        }
        for (Statistic& s : sr_statistics_of(*settings.protocol, d.sr, why))
          d.statistics.push_back(std::move(s));
      }
      // The map is of the whole image: a nudged pane over the reference where it covers it, the
      // reference itself (a difference of 0, checkered) where it does not.
      Image moved;
      if (!nudge.isNull()) {
        moved = b;
        paste_nudged(moved, *a, nudge);
        d.nudged = std::make_shared<const Image>(nudge_image(*a, nudge));
      }
      const Image& shown = nudge.isNull() ? *a : moved;
      const bool largest = settings.mode == DiffMode::Signed && settings.channel < 0;
      const int channel = settings.mode == DiffMode::AbsMaxChannel || largest
                              ? -1
                              : std::clamp(settings.channel, 0, a->channels() - 1);
      auto map = std::make_shared<const Image>(
          settings.ssim_map ? ssim_dissimilarity_map(shown, b) : diff_map(shown, b, settings.mode, channel));
      m = std::max(m, max_abs_finite(*map));
      out.scale.non_finite += count_non_finite(*map);
      d.map = std::move(map);
      nudges[i] = nudge;
    } catch (const std::exception& e) {
      d.error = QString::fromStdString(e.what());
    }
  }
  if (settings.fixed_range) m = settings.fixed_max;
  if (!(m > 0.0)) m = 1.0;
  const bool sgn = settings.mode == DiffMode::Signed && !settings.ssim_map;
  out.scale.lo = sgn ? -m : 0.0;
  out.scale.hi = m;
  out.scale.colormap = diff_colormap(sgn ? DiffMode::Signed : DiffMode::AbsMaxChannel);
  out.scale.label = settings.ssim_map ? QStringLiteral("1 \u2212 SSIM")
                    : sgn             ? QStringLiteral("a \u2212 ref")
                                      : QStringLiteral("|a \u2212 ref|");
  for (std::size_t i = 0; i < out.diffs.size(); ++i) {
    PaneDiff& d = out.diffs[i];
    if (!d.map) continue;
    d.colored = colorize(*d.map, out.scale.colormap, out.scale.lo, out.scale.hi);
    if (!nudges[i].isNull()) checker_uncovered(d.colored, nudges[i]);
  }
  return out;
}

std::shared_ptr<const Image> Comparison::reference() const {
  if (against_image()) return reference_image;
  if (kReferencePane < static_cast<int>(results.size())) return results[kReferencePane].image;
  return nullptr;
}

std::optional<QRect> Comparison::reference_region() const {
  const auto ref = reference();
  if (!diff.region || !ref || !source) return std::nullopt;
  return result_crop(*diff.region, source->rows(), source->cols(), ref->rows(), ref->cols());
}

void compare(Comparison& c) {
  const auto ref = c.reference();
  if (!ref) {
    c.diffs.assign(c.results.size(), PaneDiff{});
    c.scale = DiffScale{};
    c.scale.colormap = diff_colormap(c.diff.mode);
    c.reference_display = QImage();
    return;
  }
  std::vector<std::shared_ptr<const Image>> images;
  for (const PaneResult& r : c.results) images.push_back(r.image);
  DiffSettings settings = c.diff;
  if (!c.against_image() && kReferencePane < static_cast<int>(settings.nudges.size()))
    settings.nudges[kReferencePane] = QPoint();  // the reference pane is what the others are moved onto
  std::optional<StatsRegion> region;
  if (const auto in_ref = c.reference_region()) region = StatsRegion{*c.diff.region, *in_ref};
  PaneDiffs d = compare_images(images, *ref, settings, sr_scale_of(c.base), region);
  c.diffs = std::move(d.diffs);
  c.scale = d.scale;
  for (std::size_t i = 0; i < c.diffs.size(); ++i)
    if (c.diffs[i].nudged)
      c.diffs[i].nudged_display = nudged_qimage(c.results[i].display, settings.nudge(static_cast<int>(i)));
  c.reference_display = c.against_image() ? to_qimage(*ref, c.display) : c.results[kReferencePane].display;
}

void compute_comparison(Comparison& c, const RunPlan& run, const std::function<bool()>& superseded) {
  c.results = c.source ? compute_panes(*c.source, c.base, c.panes, c.display, run, superseded)
                       : std::vector<PaneResult>(c.panes.size());
  if (!superseded()) compare(c);
}

}  // namespace rl::ui
