// The comparison model's computation: every pane's result (MATLAB's resizer, a library's, or an image
// file registered to the reference), the difference maps with their shared colour scale, and the statistics
// in the words the views print.
#include "rl/ui/comparison.hpp"

#include <QFile>
#include <QFileInfo>
#include <QPainter>
#include <QStringList>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <string>
#include <string_view>
#include <tuple>

#include "file_stamp.hpp"
#include "pane_maps.hpp"
#include "pane_niqe.hpp"
#include "pane_scores.hpp"
#include "pane_sources.hpp"
#include "rl/convert.hpp"
#include "rl/fnv1a.hpp"
#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/parallel.hpp"
#include "rl/peer_resize.hpp"
#include "rl/resize.hpp"
#include "rl/ssim.hpp"
#include "rl/ui/release.hpp"
#include "statistics_text.hpp"

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

DegradeOptions degrade_options(const SrDegradation& d, int s, Boundary boundary) {
  DegradeOptions o;
  o.model = d.model;
  o.scale = s;
  o.sigma = d.sigma;
  o.noise = d.noise;
  o.seed = d.seed;
  o.boundary = boundary;
  check_degrade_options(o);
  return o;
}

QString degradation_label(Degradation d) { return QString::fromLatin1(degradation_info(d).name).toUpper(); }

std::array<PaneConfig, 4> sr_baselines_preset(int s, const SrDegradation& d) {
  std::array<PaneConfig, 4> panes{{{Method::Bicubic, true},
                                   {Method::Nearest, false},
                                   {Method::Bilinear, false},
                                   {Method::Lanczos3, false}}};
  for (PaneConfig& p : panes) {
    p.sr_round_trip = s;
    p.sr_degradation = d;
  }
  return panes;
}

QString sr_lr_text(const PaneConfig& c) {
  const SrDegradation& d = c.sr_degradation;
  const double param = degradation_info(d.model).default_parameter;
  const QString name = degradation_label(d.model);
  switch (d.model) {
    case Degradation::Bi: return QStringLiteral("by MATLAB bicubic (antialiased)");
    case Degradation::Dn:
      return QStringLiteral(
                 "by %1: MATLAB bicubic, then Gaussian noise of sigma %2 (seed %3; not MATLAB's "
                 "randn draw)")
          .arg(name)
          .arg(d.noise.value_or(param))
          .arg(d.seed);
    case Degradation::Bd:
    case Degradation::BdVsr: break;
  }
  const double sigma = d.sigma.value_or(param);
  QString kernel = QStringLiteral("a Gaussian blur");
  try {
    const int n = bd_kernel_size(d.model, c.sr_round_trip, sigma);
    kernel = QStringLiteral("a %1x%1 Gaussian blur").arg(n);
  } catch (const std::invalid_argument&) {  // a sigma out of range: the pane's error says so
  }
  return QStringLiteral("by %1: %2 of sigma %3 (imfilter, replicate), then one pixel in %4 along each axis")
      .arg(name, kernel)
      .arg(sigma)
      .arg(c.sr_round_trip);
}

QString sr_round_trip_name(const PaneConfig& c, bool parameters) {
  if (c.sr_round_trip <= 0) return {};
  const SrDegradation& d = c.sr_degradation;
  QString name = QStringLiteral("SR %1 \u00d7%2").arg(degradation_label(d.model)).arg(c.sr_round_trip);
  if (!parameters) return name;
  QStringList params;
  if (d.sigma) params << QStringLiteral("sigma %1").arg(*d.sigma);
  if (d.noise) params << QStringLiteral("noise %1").arg(*d.noise);
  if (d.seed != 0) params << QStringLiteral("seed %1").arg(d.seed);
  if (!params.isEmpty()) name += QStringLiteral(" (%1)").arg(params.join(QStringLiteral(", ")));
  return name;
}

QString pane_label(const PaneConfig& c) {
  if (c.is_file()) return QFileInfo(c.file).fileName();
  if (c.is_pushed()) return c.pushed;
  if (c.peer && c.sr_round_trip == 0) return QString::fromStdString(peers::display_name(*c.peer));
  // Antialiasing only acts when shrinking: a round trip's up step has none to name.
  if (c.sr_round_trip > 0)
    return (c.peer ? QString::fromStdString(peers::display_name(*c.peer))
                   : QString::fromStdString(to_string(c.method))) +
           QStringLiteral(" (%1 round trip)").arg(sr_round_trip_name(c));
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

namespace {
// How difference maps are coloured: the one rule that a signed map takes the diverging colormap.
Colormap diff_colormap(DiffMode mode) {
  return mode == DiffMode::Signed ? Colormap::Diverging : Colormap::Inferno;
}
}  // namespace

int sr_scale_of(const ResizeSpec& base) {
  if (!base.scale || base.scale->first != base.scale->second) return 0;
  const double f = base.scale->first;
  return f >= 1.0 && f == std::floor(f) && f <= 1e6 ? static_cast<int>(f) : 0;
}

namespace {
// The HR an SR round trip at factor s starts from: `src` mod-cropped to a multiple of s.
std::shared_ptr<const Image> round_trip_hr(const std::shared_ptr<const Image>& src, int s) {
  if (s < 2 || (src->rows() % s == 0 && src->cols() % s == 0)) return src;
  return share_image(modcrop(*src, s));
}

// `img` moved by `nudge` onto a canvas of its size, the uncovered strip checkered.
QImage nudged_qimage(const QImage& img, QPoint nudge) {
  QImage out = make_display_image(img.width(), img.height(), QImage::Format_RGB32);
  if (out.isNull()) return out;
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

// The statistics shown for pane d after its stats are made: the region and nudge it is taken over,
// the stats, the region's values, and the protocol's scores (or why there are none).
void add_statistics(PaneDiff& d, const Image& a_cmp, const Image& b_cmp, const DiffSettings& settings,
                    detail::PaneScorer* scorer, bool whole, const std::optional<StatsRegion>& region,
                    QPoint nudge) {
  if (region) d.statistics.push_back(region_statistic(*region));
  if (!nudge.isNull()) d.statistics.push_back(nudge_statistic(nudge));
  for (Statistic& s : statistics_of(*d.stats)) d.statistics.push_back(std::move(s));
  if (region) d.statistics.push_back(values_statistic(a_cmp));
  if (settings.protocol && scorer) {
    QString why;
    try {
      d.sr = scorer->score(a_cmp, b_cmp, whole);
      if (whole) d.sr_reference = scorer->shared();
    } catch (const std::exception& e) {
      why = QString::fromStdString(e.what());
    }
    for (Statistic& s : sr_statistics_of(*settings.protocol, d.sr, why)) d.statistics.push_back(std::move(s));
  }
}

}  // namespace

PaneDiffs compare_images(const std::vector<std::shared_ptr<const Image>>& images,
                         const std::shared_ptr<const Image>& ref_ptr, const DiffSettings& settings,
                         int sr_scale, const std::optional<StatsRegion>& region, bool colour,
                         const std::vector<PaneDiff>& earlier) {
  const Image& ref = *ref_ptr;
  const std::optional<QRect> ref_region = region ? std::optional(region->image) : std::nullopt;
  PaneDiffs out;
  out.diffs.resize(images.size());
  double m = 0.0;
  const QSize ref_size(ref.cols(), ref.rows());
  std::vector<QPoint> nudges(images.size());
  std::vector<const PaneDiff*> kept_map(images.size(), nullptr);  // the earlier PaneDiff whose map is kept
  std::optional<detail::PaneScorer> scorer;
  if (settings.protocol) scorer.emplace(ref_ptr, *settings.protocol, sr_scale, earlier);
  for (std::size_t i = 0; i < images.size(); ++i) {
    PaneDiff& d = out.diffs[i];
    const auto& a = images[i];
    if (!a) continue;
    try {
      if (!a->same_shape(ref))
        throw std::invalid_argument(
            QString("reference is %1, this pane is %2").arg(shape_text(ref), shape_text(*a)).toStdString());
      const QPoint nudge = settings.nudge(static_cast<int>(i));
      const bool largest = settings.mode == DiffMode::Signed && settings.channel < 0;
      const int channel = settings.mode == DiffMode::AbsMaxChannel || largest
                              ? -1
                              : std::clamp(settings.channel, 0, a->channels() - 1);
      PaneDiff::MadeFrom from;
      from.image = a;
      from.ref = ref_ptr;
      from.nudge = nudge;
      from.region = ref_region;
      if (region) from.region_source = region->source;
      from.protocol = settings.protocol;
      from.sr_scale = sr_scale;
      from.mode = settings.mode;
      from.channel = channel;
      from.ssim_map = settings.ssim_map;
      d.made_from = from;
      const PaneDiff* before = i < earlier.size() && earlier[i].made_from ? &earlier[i] : nullptr;
      const bool same_inputs = before && before->made_from->image.lock() == a &&
                               before->made_from->ref.lock() == ref_ptr && before->made_from->nudge == nudge;
      const bool same_stats = same_inputs && before->made_from->region == ref_region &&
                              before->made_from->region_source == from.region_source &&
                              before->made_from->protocol == settings.protocol &&
                              before->made_from->sr_scale == sr_scale && before->stats;
      // The map is kept whole where it is drawn whole (see PaneDiff::map).
      const bool keep_map = colour || settings.ssim_map || !nudge.isNull();
      const bool same_map = same_inputs && before->has_map() && (before->map || !keep_map) &&
                            before->made_from->ssim_map == settings.ssim_map &&
                            (settings.ssim_map || (before->made_from->mode == settings.mode &&
                                                   before->made_from->channel == channel));
      // What is compared: the overlap after the nudge, inside the region (one rule for both).
      const QRect window = detail::compared_window(ref_size, nudge, ref_region);
      if (window.isEmpty()) throw std::invalid_argument("the nudge leaves nothing of the region to compare");
      // The reference in the pane's element type: itself (not a copy) when the types agree.
      std::optional<Image> converted;
      if (ref.type() != a->type() && !(same_stats && same_map)) converted = convert_to(ref, a->type());
      const Image& b = converted ? *converted : ref;
      if (same_stats) {
        d.stats = before->stats;
        d.sr = before->sr;
        d.sr_reference = before->sr_reference;
        d.statistics = before->statistics;
      } else {
        const bool whole = window == QRect(QPoint(0, 0), ref_size);
        const QRect pane_window = window.translated(-nudge);
        const Image a_part =
            whole ? Image() : crop(*a, pane_window.y(), pane_window.x(), window.height(), window.width());
        const Image b_part =
            whole ? Image() : crop(b, window.y(), window.x(), window.height(), window.width());
        const Image& a_cmp = whole ? *a : a_part;
        const Image& b_cmp = whole ? b : b_part;
        d.stats = diff_stats(a_cmp, b_cmp);
        add_statistics(d, a_cmp, b_cmp, settings, scorer ? &*scorer : nullptr, whole, region, nudge);
      }
      // Of the whole image, or of the pane's part in the region (the pixels the other statistics
      // read): one scope under the table's header. Kept across the rest.
      detail::add_niqe(d, before, a, settings.niqe,
                       ref_region ? std::optional(window.translated(-nudge)) : std::nullopt);
      if (same_map) {
        d.map = before->map;
        d.map_inputs = before->map_inputs;
        d.map_max = before->map_max;
        d.map_non_finite = before->map_non_finite;
        d.nudged = before->nudged;
        kept_map[i] = before;
      } else {
        // The map is of the whole image: a nudged pane over the reference where it covers it, the
        // reference itself (a difference of 0, checkered) where it does not (detail::map_of).
        if (!nudge.isNull()) d.nudged = share_image(detail::nudge_image(*a, nudge));
        if (settings.ssim_map) {
          std::optional<Image> moved;
          if (!nudge.isNull()) {
            moved = b;
            detail::paste_nudged(*moved, QPoint(0, 0), *a, nudge);
          }
          d.map = share_image(ssim_dissimilarity_map(moved ? *moved : *a, b));
        } else {
          d.map_inputs = PaneDiff::MapInputs{a, ref_ptr, nudge, settings.mode, channel};
          if (keep_map) d.map = share_image(detail::map_of(*d.map_inputs, QRect(QPoint(0, 0), ref_size), &b));
        }
        // An integer pane's map of |difference|, max over channels, of the whole image takes the
        // whole image's largest |difference| (the statistic: integer differences are exact in the
        // map's type) and holds no non-finite value: no pass over a map that is not kept. So does a
        // floating-point pane's when every pair is finite and so is their largest difference: the
        // map's values are then the statistic's |x - y| in float64 (difference_as_data), none NaN or
        // infinite.
        const bool all_finite = d.stats && d.stats->non_finite == 0 && std::isfinite(d.stats->max_abs);
        const bool from_stats = !d.map && d.stats && !region && nudge.isNull() && !settings.ssim_map &&
                                settings.mode == DiffMode::AbsMaxChannel &&
                                (!is_floating(a->type()) || all_finite);
        if (from_stats) {
          d.map_max = d.stats->max_abs;
          d.map_non_finite = NonFiniteCount{};
        } else {
          detail::measure_map(d);
        }
      }
      m = std::max(m, d.map_max);
      out.scale.non_finite += d.map_non_finite;
      nudges[i] = nudge;
    } catch (const std::exception& e) {
      d.error = QString::fromStdString(e.what());
    }
  }
  if (settings.fixed_range) m = settings.fixed_max;
  if (!(m > 0.0)) m = 1.0;
  const bool sgn = settings.mode == DiffMode::Signed && !settings.ssim_map;
  // The values shown at the scale's ends under the display's exposure and offset (the panes' rule).
  std::tie(out.scale.lo, out.scale.hi) = toned_range(sgn ? -m : 0.0, m, settings.tone);
  out.scale.colormap = diff_colormap(sgn ? DiffMode::Signed : DiffMode::AbsMaxChannel);
  out.scale.label = settings.ssim_map ? QStringLiteral("1 \u2212 SSIM")
                    : sgn             ? QStringLiteral("a \u2212 ref")
                                      : QStringLiteral("|a \u2212 ref|");
  for (std::size_t i = 0; i < out.diffs.size(); ++i) {
    PaneDiff& d = out.diffs[i];
    if (!d.map || (!colour && nudges[i].isNull())) continue;
    d.made_from->colours = PaneDiff::Colours{out.scale.lo, out.scale.hi, out.scale.colormap};
    // A kept map on the same scale keeps its colours (and halvings).
    if (const PaneDiff* k = kept_map[i]; k && k->made_from->colours == d.made_from->colours &&
                                         !k->colored.isNull() && (!colour || k->colored_picture)) {
      d.colored = k->colored;
      d.colored_picture = k->colored_picture;
      continue;
    }
    d.colored = colorize(*d.map, out.scale.colormap, out.scale.lo, out.scale.hi);
    if (!nudges[i].isNull()) checker_uncovered(d.colored, nudges[i]);
    if (colour) d.colored_picture = Picture::of(d.colored);
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
  return std::any_of(panes.begin(), panes.end(), [](const PaneConfig& p) {
    return p.sr_round_trip == 0 && !p.is_file() && !p.is_pushed();
  });
}

std::shared_ptr<const Image> Comparison::reference() const {
  if (against_image()) return reference_image;
  if (against_source()) return round_trip_hr(source, sr_scale());
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
    detail::update_reference_niqe(c, ref);
    c.diffs.assign(c.results.size(), PaneDiff{});
    c.scale = DiffScale{};
    c.scale.colormap = diff_colormap(c.diff.mode);
    c.reference_display.reset();
    return;
  }
  std::vector<std::shared_ptr<const Image>> images;
  for (const PaneResult& r : c.results) images.push_back(r.image);
  DiffSettings settings = c.diff;
  if (c.reference_is_pane() && kReferencePane < static_cast<int>(settings.nudges.size()))
    settings.nudges[kReferencePane] = QPoint();  // the reference pane is what the others are moved onto
  settings = shown_diff_settings(settings, c.display, ref->channels());  // the maps follow the view
  std::optional<StatsRegion> region;
  if (const auto in_ref = c.reference_region()) region = StatsRegion{*c.diff.region, *in_ref};
  PaneDiffs d =
      compare_images(images, ref, settings, c.sr_scale(), region, c.screen && c.maps_shown, c.diffs);
  c.diffs = std::move(d.diffs);
  c.scale = d.scale;
  detail::update_reference_niqe(c, ref);
  for (std::size_t i = 0; i < c.diffs.size(); ++i)
    if (PaneDiff& d = c.diffs[i]; d.nudged) {
      const PaneResult& r = c.results[i];
      d.nudged_display = nudged_qimage(to_qimage(*r.image, c.display), settings.nudge(static_cast<int>(i)));
      if (c.screen) d.nudged_picture = Picture::of(d.nudged_display);
    }
  if (!c.screen)
    c.reference_display.reset();
  else if (c.reference_is_pane())
    c.reference_display = c.results[kReferencePane].display;
  else if (!c.reference_display || !c.reference_display->shows(ref, c.display))
    c.reference_display = Picture::of(ref, c.display);  // else the one made for it before
}

namespace {
bool same_range(const DisplayRange& a, const DisplayRange& b) { return a == b; }
// Whether `r` was made from what pane `pane` of `c` would be made from now (see PaneResult::MadeFrom);
// `registered_to` is what a file pane would be registered to now, `stamp` its file's stamp now.
bool made_from_same(const PaneResult& r, const Comparison& c, const PaneConfig& pane,
                    const std::shared_ptr<const Image>& registered_to,
                    const std::optional<PaneResult::FileStamp>& stamp) {
  if (!r.made_from || !r.image) return false;
  const PaneResult::MadeFrom& m = *r.made_from;
  if (pane.is_file() && (!m.file || m.file != stamp || m.registered_to.lock() != registered_to)) return false;
  const ResizeSpec& a = m.base;
  const ResizeSpec& b = c.base;
  return m.pane == pane && m.source.lock() == c.source && m.resize_class == c.resize_class &&
         a.scale == b.scale && a.out_size == b.out_size && a.boundary == b.boundary && a.method == b.method &&
         a.antialiasing == b.antialiasing && (!c.screen || r.display);
}
}  // namespace

void compute_comparison(Comparison& c, const RunPlan& run, const std::function<bool()>& superseded,
                        const PaneProgress& progress) {
  const auto report = [&](std::size_t i, PaneStep step) {
    if (progress) progress(static_cast<int>(i), step);
  };
  for (std::size_t i = 0; i < c.panes.size(); ++i) report(i, PaneStep::Queued);
  // File panes are registered to the image the panes are compared with when that is not a pane's: the
  // loaded reference, or the source as an SR round trip's HR.
  const auto registered_to = c.reference_is_pane() ? nullptr : c.reference();
  std::vector<PaneResult> results(c.panes.size());
  for (std::size_t i = 0; c.source && i < c.panes.size(); ++i) {
    if (superseded()) break;  // the result is dropped anyway
    const PaneConfig& pane = c.panes[i];
    // A file's stamp, once, before it is read: a file rewritten while it is read is read again next time.
    const PaneResult* before = i < c.results.size() ? &c.results[i] : nullptr;
    const PaneResult::FileStamp* was =
        before && before->made_from && before->made_from->file ? &*before->made_from->file : nullptr;
    const auto stamp = pane.is_file() ? file_stamp(pane.file, was) : std::nullopt;
    if (before && made_from_same(*before, c, pane, registered_to, stamp)) {
      results[i] = c.results[i];
      // A new display range or channel re-maps the kept pixels; it never resizes again.
      if (!same_range(results[i].made_from->display, c.display)) {
        if (c.screen)
          results[i].display = Picture::of(
              results[i].image, detail::pane_display_range(results[i], pane, c.source->type(), c.display));
        results[i].made_from->display = c.display;
      }
      report(i, PaneStep::Kept);
      continue;
    }
    report(i, PaneStep::Resizing);
    auto same = detail::result_of_same_tables(*c.source, c.base, c.panes, results, i);
    results[i] = same ? std::move(*same)
                      : compute_pane(*c.source, c.base, pane, c.display, run, registered_to.get(), c.screen,
                                     c.source, c.resize_class);
    results[i].made_from =
        PaneResult::MadeFrom{c.source, c.base, pane, c.resize_class, c.display, stamp, registered_to};
  }
  c.results = std::move(results);
  if (superseded()) return;
  for (std::size_t i = 0; i < c.panes.size(); ++i) report(i, PaneStep::Comparing);
  compare(c);
}

}  // namespace rl::ui
