// The comparison model's computation: every pane's result (MATLAB's resizer, a library's, or an image
// file registered to the reference), the difference maps with their shared colour scale, and the statistics
// in the words the views print.
#include "rl/ui/comparison.hpp"

#include <QFileInfo>
#include <QPainter>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>

#include "rl/convert.hpp"
#include "rl/image_io.hpp"
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

PaneConfig file_pane(const QString& path, std::optional<Method> upscale) {
  PaneConfig c;
  c.file = path;
  c.file_upscale = upscale;
  return c;
}

std::array<PaneConfig, 4> sr_baselines_preset(int s) {
  std::array<PaneConfig, 4> panes{{{Method::Bicubic, true},
                                   {Method::Nearest, false},
                                   {Method::Bilinear, false},
                                   {Method::Lanczos3, false}}};
  for (PaneConfig& p : panes) p.sr_round_trip = s;
  return panes;
}

QString pane_label(const PaneConfig& c) {
  if (c.is_file()) return QFileInfo(c.file).fileName();
  if (c.peer && c.sr_round_trip == 0) return QString::fromStdString(peers::display_name(*c.peer));
  // Antialiasing only acts when shrinking: a round trip's up step has none to name.
  if (c.sr_round_trip > 0)
    return (c.peer ? QString::fromStdString(peers::display_name(*c.peer))
                   : QString::fromStdString(to_string(c.method))) +
           QStringLiteral(" (SR \u00d7%1 round trip)").arg(c.sr_round_trip);
  const QString m = QString::fromStdString(to_string(c.method));
  if (c.method == Method::Nearest && !c.antialiasing) return m;
  return m + (c.antialiasing ? " (antialiased)" : " (no antialiasing)");
}

QString pane_label(const PaneConfig& c, const PaneResult& r) {
  if (!c.is_file() || r.upscaled_by < 2 || !c.file_upscale) return pane_label(c);
  return QStringLiteral("%1, %2 x%3")
      .arg(pane_label(c), QString::fromStdString(to_string(*c.file_upscale)))
      .arg(r.upscaled_by);
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

std::optional<QRectF> parse_crop(const QString& s) {
  const QStringList parts = s.split(QLatin1Char(','));
  if (parts.size() != 4) return std::nullopt;
  double v[4];
  for (int i = 0; i < 4; ++i) {
    bool ok = false;
    v[i] = parts[i].trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v[i])) return std::nullopt;
  }
  if (!(v[2] > 0) || !(v[3] > 0)) return std::nullopt;
  return QRectF(v[0], v[1], v[2], v[3]);
}

std::optional<QList<QRect>> parse_crop_list(const QString& text) {
  QList<QRect> crops;
  QString spaced = text;
  spaced.replace(QLatin1Char(';'), QLatin1Char(' '));
  for (const QString& word : spaced.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (word == QLatin1String("--crop")) continue;
    const auto c = parse_crop(word);
    if (!c) return std::nullopt;
    crops << c->toAlignedRect();
  }
  return crops;
}

QString crop_list_text(const QList<QRect>& crops) {
  QStringList groups;
  for (const QRect& r : crops)
    groups << QStringLiteral("%1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
  return groups.join(QStringLiteral("; "));
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

QString size_text(int rows, int cols) { return QStringLiteral("%1x%2").arg(rows).arg(cols); }

[[noreturn]] void refuse(const QString& message) { throw std::runtime_error(message.toStdString()); }

PaneResult run_file_pane(const PaneConfig& pane, const PaneTarget& target, Boundary boundary,
                         const RunPlan& run) {
  PaneResult r;
  const auto t0 = std::chrono::steady_clock::now();
  r.image =
      std::make_shared<const Image>(load_file_pane(pane, target, boundary, run, r.device, r.upscaled_by));
  r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const QString name = QFileInfo(pane.file).fileName();
  r.note = r.upscaled_by > 1
               ? QStringLiteral("%1: %2, upscaled x%3 by MATLAB %4 (imresize)")
                     .arg(name, size_text(r.image->rows() / r.upscaled_by, r.image->cols() / r.upscaled_by))
                     .arg(r.upscaled_by)
                     .arg(QString::fromStdString(to_string(*pane.file_upscale)))
               : QStringLiteral("%1, %2 as read (%3)")
                     .arg(pane.file, size_text(r.image->rows(), r.image->cols()),
                          QString::fromStdString(to_string(r.image->type())));
  return r;
}

// A file's values are shown as its own type is (float 0..1, uint16 / 257, an integer type's whole
// range) unless it has the source's type: then through the document's range, as the resizer panes.
DisplayRange file_display_range(ElemType file, ElemType source, DisplayRange source_range) {
  if (file == source) return source_range;
  const ElemInfo& t = info(file);
  return t.is_integer ? DisplayRange{t.min, t.max, false} : DisplayRange{0.0, 1.0, false};
}

// The HR an SR round trip at factor s starts from: `src` mod-cropped to a multiple of s.
std::shared_ptr<const Image> sr_hr(const std::shared_ptr<const Image>& src, int s) {
  if (s < 2 || (src->rows() % s == 0 && src->cols() % s == 0)) return src;
  return std::make_shared<const Image>(modcrop(*src, s));
}

// up(down(HR, 1/s, MATLAB bicubic antialiased), s, the pane's method or library), as SR benchmarks
// make their LR inputs and the "Bicubic" row. Both steps use the base's boundary rule. No plan: the
// teaching views explain one resize of the loaded image, and a round trip is two, of another image.
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
  ResizeSpec down = ResizeSpec::with_scale(1.0 / s), up = ResizeSpec::with_scale(s);
  down.boundary = up.boundary = base.boundary;
  const PaneResult lr = run_matlab_pane(hr, down, PaneConfig{Method::Bicubic, true}, run);
  PaneConfig up_pane = pane;
  up_pane.sr_round_trip = 0;
  PaneResult r = up_pane.peer ? run_peer_pane(*lr.image, up, *up_pane.peer)
                              : run_matlab_pane(*lr.image, up, up_pane, run);
  r.ms += lr.ms;
  r.plan.reset();
  QString note =
      QStringLiteral("SR \u00d7%1 round trip: %2 HR down to %3 by MATLAB bicubic (antialiased), up by %4.")
          .arg(s)
          .arg(shape_text(hr), shape_text(*lr.image), pane_label(up_pane));
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
    refuse(QStringLiteral("cannot read %1: %2").arg(name, QString::fromStdString(e.what())));
  }
  device = QStringLiteral("CPU");
  upscaled_by = 1;
  if (img.empty()) refuse(QStringLiteral("%1 is empty").arg(name));
  if (img.channels() != target.channels)
    refuse(QStringLiteral("%1 has %2 channel(s), the reference %3")
               .arg(name)
               .arg(img.channels())
               .arg(target.channels));
  if (img.rows() == target.rows && img.cols() == target.cols) return img;
  // An LR file: one integer factor for both axes, as an SR network's output is f times its input.
  const int f = target.rows / img.rows();
  const bool integer_factor = f >= 2 && img.rows() * f == target.rows && img.cols() * f == target.cols;
  const QString sizes =
      QStringLiteral("%1 is %2, the reference %3")
          .arg(name, size_text(img.rows(), img.cols()), size_text(target.rows, target.cols));
  if (!integer_factor) refuse(sizes + QStringLiteral(": neither the same size nor 1/n of it"));
  if (!pane.file_upscale)
    refuse(sizes + QStringLiteral(" (an LR image at 1/%1): choose an upscaling method").arg(f));
  ResizeSpec spec;
  spec.scale = {{static_cast<double>(f), static_cast<double>(f)}};
  spec.method = *pane.file_upscale;
  spec.boundary = boundary;
  PlanLimits limits;
  limits.channels = img.channels();
  upscaled_by = f;
  return run(make_plan(spec, img.rows(), img.cols(), limits), img, device);
}

PaneResult compute_pane(const Image& src, const ResizeSpec& base, const PaneConfig& pane, DisplayRange range,
                        const RunPlan& run, const Image* reference) {
  PaneResult r;
  try {
    if (pane.is_file()) {
      r = run_file_pane(pane, pane_target(src, base, reference), base.boundary, run);
      range = file_display_range(r.image->type(), src.type(), range);
    } else {
      r = pane.sr_round_trip != 0 ? run_round_trip_pane(src, base, pane, run)
          : pane.peer             ? run_peer_pane(src, base, *pane.peer)
                                  : run_matlab_pane(src, base, pane, run);
    }
    r.display = to_qimage(*r.image, range);
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

int Comparison::sr_scale() const {
  for (const PaneConfig& p : panes)
    if (p.sr_round_trip > 0) return p.sr_round_trip;
  return sr_scale_of(base);
}

bool Comparison::uses_base() const {
  if (!against_source()) return true;  // a file then registers to the resizer panes' size
  return std::any_of(panes.begin(), panes.end(),
                     [](const PaneConfig& p) { return p.sr_round_trip == 0 && !p.is_file(); });
}

std::shared_ptr<const Image> Comparison::reference() const {
  if (against_image()) return reference_image;
  if (against_source()) return sr_hr(source, sr_scale());
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
  if (c.reference_is_pane() && kReferencePane < static_cast<int>(settings.nudges.size()))
    settings.nudges[kReferencePane] = QPoint();  // the reference pane is what the others are moved onto
  std::optional<StatsRegion> region;
  if (const auto in_ref = c.reference_region()) region = StatsRegion{*c.diff.region, *in_ref};
  PaneDiffs d = compare_images(images, *ref, settings, c.sr_scale(), region);
  c.diffs = std::move(d.diffs);
  c.scale = d.scale;
  for (std::size_t i = 0; i < c.diffs.size(); ++i)
    if (c.diffs[i].nudged)
      c.diffs[i].nudged_display = nudged_qimage(c.results[i].display, settings.nudge(static_cast<int>(i)));
  c.reference_display =
      c.reference_is_pane() ? c.results[kReferencePane].display : to_qimage(*ref, c.display);
}

void compute_comparison(Comparison& c, const RunPlan& run, const std::function<bool()>& superseded) {
  // File panes are registered to the image the panes are compared with when that is not a pane's: the
  // loaded reference, or the source as an SR round trip's HR.
  const auto registered_to = c.reference_is_pane() ? nullptr : c.reference();
  c.results = c.source
                  ? compute_panes(*c.source, c.base, c.panes, c.display, run, superseded, registered_to.get())
                  : std::vector<PaneResult>(c.panes.size());
  if (!superseded()) compare(c);
}

}  // namespace rl::ui
