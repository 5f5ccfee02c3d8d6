// The document's jobs and pure helpers: source preparation, pane resizing, difference maps, pane
// labels and footprints. Nothing here touches the document's state.
#include "rl/ui/document_jobs.hpp"

#include <QFileInfo>
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <stdexcept>

#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/peer_resize.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/image_convert.hpp"

namespace rl::ui {

QString pane_label(const PaneConfig& c) {
  if (c.peer) return QString::fromStdString(peers::display_name(*c.peer));
  const QString m = QString::fromStdString(to_string(c.method));
  if (c.method == Method::Nearest && !c.antialiasing) return m;
  return m + (c.antialiasing ? " (antialiased)" : " (no antialiasing)");
}

std::array<PaneConfig, 4> libraries_preset() {
  const auto peer = [](const char* name) {
    PaneConfig c{Method::Bicubic, false};
    c.peer = peers::parse_peer_spec(name);
    return c;
  };
  return {PaneConfig{Method::Bicubic, true}, peer("opencv-cubic"), peer("pillow-bicubic"),
          peer("torch-bicubic")};
}

PeerPane run_peer_pane(const Image& src, const ResizeSpec& base, const peers::PeerSpec& peer) {
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
  PeerPane out;
  out.plan = std::make_shared<const Plan>(peers::as_plan(tables));
  const auto t0 = std::chrono::steady_clock::now();
  Image img = io::peer_resize(in, peer, target);
  out.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  if (convert) img = convert_to(img, src.type());
  out.image = std::make_shared<const Image>(std::move(img));
  out.note = QString::fromStdString(note + tables.note);
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

DisplayRange effective_range(const DisplaySettings& d, double source_lo, double source_hi) {
  // The control applies to float and 16-bit images (12-bit data in 16 bits looks black otherwise).
  return d.auto_range ? DisplayRange{source_lo, source_hi, true} : DisplayRange{d.lo, d.hi, true};
}

PreparedSource prepare_source(std::shared_ptr<const Image> image, const DisplaySettings& display) {
  PreparedSource out;
  if (uses_display_range(image->type()))
    if (const auto r = finite_range(*image)) std::tie(out.lo, out.hi) = *r;
  out.preview_image = std::make_shared<const Image>(downsample_nearest(*image, kPreviewSide));
  out.preview = to_qimage(*out.preview_image, effective_range(display, out.lo, out.hi));
  out.image = std::move(image);
  return out;
}

PreparedSource load_source(const QString& path, const DisplaySettings& display, bool prepare) {
  try {
    auto img = std::make_shared<const Image>(rl::io::load(path.toStdString()));
    if (!prepare) {
      PreparedSource out;
      out.image = std::move(img);
      return out;
    }
    if (img->empty()) throw std::runtime_error("the image is empty");
    return prepare_source(std::move(img), display);
  } catch (const std::exception& e) {
    PreparedSource out;
    out.error = QString::fromStdString(e.what());
    return out;
  }
}

std::array<PaneResult, Document::kPanes> resize_panes(const Image& src, const ResizeSpec& base,
                                                      const std::array<PaneConfig, Document::kPanes>& panes,
                                                      DisplayRange range, const RunPlan& run,
                                                      const std::function<bool()>& superseded) {
  std::array<PaneResult, Document::kPanes> results;
  for (std::size_t i = 0; i < results.size(); ++i) {
    if (superseded()) break;  // the result is dropped anyway
    PaneResult& r = results[i];
    try {
      if (panes[i].peer) {
        PeerPane p = run_peer_pane(src, base, *panes[i].peer);
        r.ms = p.ms;
        r.device = QStringLiteral("CPU");
        r.display = to_qimage(*p.image, range);
        r.image = std::move(p.image);
        r.plan = std::move(p.plan);
        r.note = std::move(p.note);
        continue;
      }
      ResizeSpec spec = base;
      spec.method = panes[i].method;
      spec.antialiasing = panes[i].antialiasing;
      PlanLimits limits;
      limits.channels = src.channels();
      auto plan = std::make_shared<const Plan>(make_plan(spec, src.rows(), src.cols(), limits));
      const auto t0 = std::chrono::steady_clock::now();
      Image img = run(*plan, src, r.device);
      r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      r.display = to_qimage(img, range);
      r.image = std::make_shared<const Image>(std::move(img));
      r.plan = std::move(plan);
    } catch (const std::exception& e) {
      r.error = QString::fromStdString(e.what());
    }
  }
  return results;
}

PaneDiffs diff_panes(const std::array<std::shared_ptr<const Image>, Document::kPanes>& images,
                     const Image& ref, const DiffSettings& settings) {
  PaneDiffs out;
  double m = 0.0;
  for (std::size_t i = 0; i < images.size(); ++i) {
    PaneDiff& d = out.diffs[i];
    const auto& a = images[i];
    if (!a) continue;
    try {
      if (!a->same_shape(ref))
        throw std::invalid_argument(QString("reference is %1x%2x%3, this pane is %4x%5x%6")
                                        .arg(ref.rows())
                                        .arg(ref.cols())
                                        .arg(ref.channels())
                                        .arg(a->rows())
                                        .arg(a->cols())
                                        .arg(a->channels())
                                        .toStdString());
      // Compare in the pane's element type so a PNG reference matches a uint8 result.
      const Image b = ref.type() == a->type() ? ref : convert_to(ref, a->type());
      d.stats = diff_stats(*a, b);
      const int ch = std::clamp(settings.channel, 0, a->channels() - 1);
      const int channel = settings.mode == DiffMode::AbsMaxChannel ? -1 : ch;
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
  out.lo = sgn ? -m : 0.0;
  out.hi = m;
  for (auto& d : out.diffs)
    if (d.map) d.colored = colorize(*d.map, sgn ? Colormap::Diverging : Colormap::Inferno, out.lo, out.hi);
  return out;
}

}  // namespace rl::ui
