// The continuous-surface picture: each method's interpolant (rl::surface_grid) as a height over the
// plane, drawn as an isometric view of depth-sorted quads (plain QPainter, no 3-D library) above a
// top-down heat map, all on one height scale so nearest's tiles, bilinear's creases and bicubic's
// overshoot compare directly, with a floor on the height range so flat areas draw flat.
#include <QFontMetricsF>
#include <QImage>
#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

#include "rl/ui/colormap.hpp"
#include "rl/ui/plan_coordinates.hpp"
#include "rl/ui/teaching_pictures.hpp"

namespace rl::ui {
namespace {

struct Projection {
  double ca, sa, ce, se;  // azimuth and elevation
  double xc, yc, span, lo, range;
  // World: x, y in pixels around the region's centre over its span; z the height scaled to 0..0.45.
  struct P {
    double sx, sy, depth;
  };
  P operator()(double x, double y, double h) const {
    const double x0 = (x - xc) / span, y0 = (y - yc) / span;
    const double z = range > 0 ? (h - lo) / range * 0.45 : 0.0;
    const double X = x0 * ca - y0 * sa, Y = x0 * sa + y0 * ca;
    // Y runs away from the viewer: farther points sit higher on the screen and are painted first.
    return {X, -(Y * se + z * ce), Y * ce - z * se};
  }
};

QColor shaded(QRgb base, double light) {
  const QColor c(base);
  const auto s = [light](int v) { return std::clamp(static_cast<int>(std::lround(v * light)), 0, 255); };
  return QColor(s(c.red()), s(c.green()), s(c.blue()));
}

void paint_isometric(QPainter& p, const QRectF& box, const rl::Surface& s, const Projection& pr) {
  struct Quad {
    QPolygonF poly;
    double depth;
    QColor color;
  };
  std::vector<Quad> quads;
  quads.reserve(static_cast<std::size_t>(s.ny - 1) * (s.nx - 1));
  double minx = 1e300, maxx = -1e300, miny = 1e300, maxy = -1e300;
  std::vector<Projection::P> pts(static_cast<std::size_t>(s.ny) * s.nx);
  for (int i = 0; i < s.ny; ++i)
    for (int j = 0; j < s.nx; ++j) {
      const auto q = pr(s.x[j], s.y[i], s.at(i, j));
      pts[static_cast<std::size_t>(i) * s.nx + j] = q;
      minx = std::min(minx, q.sx);
      maxx = std::max(maxx, q.sx);
      miny = std::min(miny, q.sy);
      maxy = std::max(maxy, q.sy);
    }
  // The base plane's corners too, so the view does not jump as the surface's heights change.
  for (const double x : {s.col0, s.col1})
    for (const double y : {s.row0, s.row1}) {
      const auto q = pr(x, y, pr.lo);
      minx = std::min(minx, q.sx), maxx = std::max(maxx, q.sx);
      miny = std::min(miny, q.sy), maxy = std::max(maxy, q.sy);
    }
  const double k =
      std::min(box.width() / std::max(1e-9, maxx - minx), box.height() / std::max(1e-9, maxy - miny));
  const QPointF off(box.center().x() - (minx + maxx) / 2 * k, box.center().y() - (miny + maxy) / 2 * k);
  const auto screen = [&](const Projection::P& q) { return QPointF(off.x() + q.sx * k, off.y() + q.sy * k); };
  for (int i = 0; i + 1 < s.ny; ++i)
    for (int j = 0; j + 1 < s.nx; ++j) {
      const std::size_t a = static_cast<std::size_t>(i) * s.nx + j, b = a + 1, c = a + s.nx + 1, d = a + s.nx;
      const double h = (s.height[a] + s.height[b] + s.height[c] + s.height[d]) / 4;
      // Light from the upper left, by the quad's slope in world units (pixels and scaled height).
      const double zx = (s.height[b] + s.height[c] - s.height[a] - s.height[d]) / 2;
      const double zy = (s.height[c] + s.height[d] - s.height[a] - s.height[b]) / 2;
      const double step = (s.x[1] - s.x[0]) / pr.span;  // one grid step in world units
      const double scale = pr.range > 0 ? 0.45 / pr.range / step : 0.0;
      const double nx = -zx * scale, ny = -zy * scale, nz = 1.0;
      const double light = 0.55 + 0.45 * std::max(0.0, (-0.5 * nx - 0.5 * ny + 0.7 * nz) /
                                                           std::sqrt(nx * nx + ny * ny + nz * nz) / 0.995);
      const double t = pr.range > 0 ? (h - pr.lo) / pr.range : 0.5;
      quads.push_back({QPolygonF({screen(pts[a]), screen(pts[b]), screen(pts[c]), screen(pts[d])}),
                       (pts[a].depth + pts[b].depth + pts[c].depth + pts[d].depth) / 4,
                       shaded(colormap_lookup(Colormap::Viridis, t), light)});
    }
  std::sort(quads.begin(), quads.end(), [](const Quad& x, const Quad& y) { return x.depth > y.depth; });
  p.save();
  p.setRenderHint(QPainter::Antialiasing, false);
  // The base plane's outline first: where height `lo` lies.
  p.setPen(QPen(QColor(170, 170, 170), 1.0));
  p.setBrush(Qt::NoBrush);
  p.drawPolygon(QPolygonF({screen(pr(s.col0, s.row0, pr.lo)), screen(pr(s.col1, s.row0, pr.lo)),
                           screen(pr(s.col1, s.row1, pr.lo)), screen(pr(s.col0, s.row1, pr.lo))}));
  for (const Quad& q : quads) {
    p.setPen(QPen(q.color, 0.8));
    p.setBrush(q.color);
    p.drawPolygon(q.poly);
  }
  p.restore();
}

void paint_heat_map(QPainter& p, const QRectF& box, const rl::Surface& s, double lo, double range,
                    std::optional<QPointF> mark) {
  QImage img(s.nx, s.ny, QImage::Format_RGB32);
  for (int i = 0; i < s.ny; ++i)
    for (int j = 0; j < s.nx; ++j)
      img.setPixel(j, i, colormap_lookup(Colormap::Viridis, range > 0 ? (s.at(i, j) - lo) / range : 0.5));
  const double w = s.col1 - s.col0, h = s.row1 - s.row0;
  const double k = std::min(box.width() / w, box.height() / h);
  const QRectF target(box.center().x() - w * k / 2, box.top(), w * k, h * k);
  p.save();
  p.setRenderHint(QPainter::SmoothPixmapTransform, false);
  p.drawImage(target, img);
  // Pixel edges, so each source pixel's square reads as one.
  p.setPen(QPen(QColor(255, 255, 255, 70), 1.0));
  for (double x = s.col0; x <= s.col1 + 1e-9; x += 1.0)
    p.drawLine(QPointF(target.left() + (x - s.col0) * k, target.top()),
               QPointF(target.left() + (x - s.col0) * k, target.bottom()));
  for (double y = s.row0; y <= s.row1 + 1e-9; y += 1.0)
    p.drawLine(QPointF(target.left(), target.top() + (y - s.row0) * k),
               QPointF(target.right(), target.top() + (y - s.row0) * k));
  if (mark) {
    const QPointF at(target.left() + (mark->x() - s.col0) * k, target.top() + (mark->y() - s.row0) * k);
    const double a = std::max(4.0, k * 0.35);
    p.setPen(QPen(QColor(230, 30, 30), 2.0));
    p.drawLine(at - QPointF(a, 0), at + QPointF(a, 0));
    p.drawLine(at - QPointF(0, a), at + QPointF(0, a));
  }
  p.setPen(QPen(QColor(90, 90, 90), 1.0));
  p.setBrush(Qt::NoBrush);
  p.drawRect(target);
  p.restore();
}

}  // namespace

double surface_level(rl::ElemType t) { return rl::is_floating(t) ? 1.0 / 255.0 : 1.0; }

SurfaceScale surface_scale(const std::vector<rl::Surface>& surfaces, double level) {
  SurfaceScale sc;
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const rl::Surface& s : surfaces)
    for (const double v : s.height)
      if (std::isfinite(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  if (!(hi >= lo)) lo = hi = 0;
  sc.data_lo = lo;
  sc.data_hi = hi;
  const double floor = kSurfaceFloorLevels * (level > 0 ? level : 1.0);
  sc.range = std::max(hi - lo, floor);
  sc.lo = (lo + hi) / 2 - sc.range / 2;
  return sc;
}

SurfacePicture surface_picture(const rl::Image& source, const rl::Plan& plan, QPoint pixel) {
  SurfacePicture out;
  out.level = surface_level(source.type());
  out.surfaces = teaching_surfaces(source, plan, pixel);
  if (!out.surfaces.empty()) {
    const int r = std::clamp(pixel.y(), 0, plan.out_rows - 1),
              c = std::clamp(pixel.x(), 0, plan.out_cols - 1);
    out.mark = QPointF(plan_centre(plan.cols, c), plan_centre(plan.rows, r));
  }
  return out;
}

QRectF paint_surface_plot(QPainter& p, const QRectF& rect, const SurfacePicture& s, SurfaceView view,
                          TextLog* log) {
  return paint_surface_plot(p, rect, s.surfaces, s.level, view, s.mark, log);
}

QRectF paint_surface_plot(QPainter& p, const QRectF& rect, const std::vector<rl::Surface>& surfaces,
                          double level, SurfaceView view, std::optional<QPointF> mark, TextLog* log) {
  if (surfaces.empty()) return {};
  p.save();
  const QFontMetricsF fm(p.font());
  const double line = fm.height();
  const SurfaceScale sc = surface_scale(surfaces, level);
  const double lo = sc.lo, range = sc.range;
  const rl::Surface& first = surfaces.front();
  const double rad = std::numbers::pi / 180;
  Projection pr{std::cos(view.azimuth * rad),
                std::sin(view.azimuth * rad),
                std::cos(view.elevation * rad),
                std::sin(view.elevation * rad),
                (first.col0 + first.col1) / 2,
                (first.row0 + first.row1) / 2,
                std::max(first.col1 - first.col0, first.row1 - first.row0),
                lo,
                range};
  const int n = static_cast<int>(surfaces.size());
  const double gap = line;
  const QString region = QStringLiteral(
                             "Rows %1 to %2, columns %3 to %4 of the source (pixel edges), channel %5; "
                             "height %6 to %7, no rounding, drawn on %8 to %9 in every view (at least "
                             "%10 levels)")
                             .arg(picture_number(first.row0), picture_number(first.row1),
                                  picture_number(first.col0), picture_number(first.col1))
                             .arg(first.channel + 1)
                             .arg(picture_number(sc.data_lo), picture_number(sc.data_hi), picture_number(lo),
                                  picture_number(lo + range))
                             .arg(kSurfaceFloorLevels);
  // The footer as tall as its wrapped text at this width.
  const int wrap = Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap;
  const double foot = fm.boundingRect(QRectF(0, 0, rect.width(), 1e6), wrap, region).height() + line * 0.3;
  p.setPen(Qt::black);
  detail::logged_text(p, QRectF(rect.left(), rect.bottom() - foot + line * 0.2, rect.width(), foot), wrap,
                      region, log);
  // Wide (a figure row): one column per method, the 3-D view over the heat map. Tall (a dock): one
  // row per method, the 3-D view left of the heat map.
  const QRectF body(rect.left(), rect.top(), rect.width(), rect.height() - foot);
  const bool tall = body.height() > body.width() * 0.8;
  const double cell_w = tall ? body.width() : (body.width() - gap * (n - 1)) / n;
  const double cell_h = tall ? (body.height() - gap * (n - 1)) / n : body.height();
  for (int i = 0; i < n; ++i) {
    const rl::Surface& s = surfaces[static_cast<std::size_t>(i)];
    const QRectF cell = tall ? QRectF(body.left(), body.top() + i * (cell_h + gap), cell_w, cell_h)
                             : QRectF(body.left() + i * (cell_w + gap), body.top(), cell_w, cell_h);
    p.setPen(Qt::black);
    const QString name = QString::fromStdString(rl::to_string(s.method));
    const QString note = s.method == rl::Method::Nearest
                             ? QStringLiteral("flat tiles, steps at the pixel edges")
                         : s.method == rl::Method::Bilinear ? QStringLiteral("creases at the pixel centres")
                                                            : QStringLiteral("smooth, overshoots at edges");
    detail::logged_text(p, QRectF(cell.left(), cell.top(), cell.width(), line),
                        Qt::AlignHCenter | Qt::AlignVCenter,
                        fm.elidedText(name + QStringLiteral(": ") + note, Qt::ElideRight, cell.width()), log);
    const QRectF pics = cell.adjusted(0, line * 1.3, 0, 0);
    if (tall) {
      const double iso_w = std::max(10.0, std::min(pics.width() * 0.6, pics.height() * 1.6));
      paint_isometric(p, QRectF(pics.left(), pics.top(), iso_w, pics.height()), s, pr);
      paint_heat_map(p,
                     QRectF(pics.left() + iso_w + gap, pics.top(), pics.width() - iso_w - gap, pics.height()),
                     s, lo, range, mark);
    } else {
      const double iso_h = std::max(10.0, std::min(pics.height() * 0.58, pics.width() * 0.9));
      paint_isometric(p, QRectF(pics.left(), pics.top(), pics.width(), iso_h), s, pr);
      paint_heat_map(p,
                     QRectF(pics.left(), pics.top() + iso_h + line * 0.4, pics.width(),
                            std::max(10.0, pics.height() - iso_h - line * 0.4)),
                     s, lo, range, mark);
    }
  }
  p.restore();
  return {};
}

}  // namespace rl::ui
