// The coordinate-mapping picture: the input grid, the output grid laid over the same square, and each
// convention's output centres on the input grid (rl::centre_mapping), the chosen one printed.
#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>

#include "rl/ui/statistics_text.hpp"
#include "rl/ui/teaching_pictures.hpp"

namespace rl::ui {
namespace {

// The input coordinates shown on one axis: the whole axis for up to 12 pixels, else 10 pixels
// around `centre`; a margin outside the image keeps marks that fall there (align_corners' ends,
// the half-pixel offset's -0.125) visible.
std::pair<double, double> visible_range(int n, double centre) {
  if (n <= 12) return {-0.5 - 0.4, n - 0.5 + 0.4};
  const int first = std::clamp(static_cast<int>(std::floor(centre + 0.5)) - 5, 0, n - 10);
  return {first - 0.5 - (first == 0 ? 0.4 : 0.0), first + 9.5 + (first + 10 == n ? 0.4 : 0.0)};
}

// Output cell edges on the input grid: halfway between neighbouring centres, the ends half a step out.
std::vector<double> cell_edges(const std::vector<double>& centres) {
  std::vector<double> e;
  const std::size_t n = centres.size();
  if (n == 0) return e;
  if (n == 1) return {centres[0] - 0.5, centres[0] + 0.5};
  e.push_back(centres[0] - (centres[1] - centres[0]) / 2);
  for (std::size_t i = 0; i + 1 < n; ++i) e.push_back((centres[i] + centres[i + 1]) / 2);
  e.push_back(centres[n - 1] + (centres[n - 1] - centres[n - 2]) / 2);
  return e;
}

// Mark k: circle, square, diamond, triangle, cross, so overlapping conventions stay apart.
void draw_mark(QPainter& p, QPointF at, double r, int k, const QColor& c) {
  p.setPen(QPen(c, std::max(1.0, r / 2.5)));
  p.setBrush(k == 0 ? QBrush(c) : QBrush(Qt::NoBrush));
  switch (k % 5) {
    case 0: p.drawEllipse(at, r, r); break;
    case 1: p.drawRect(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r)); break;
    case 2:
      p.drawPolygon(QPolygonF({at + QPointF(0, -r * 1.3), at + QPointF(r * 1.3, 0), at + QPointF(0, r * 1.3),
                               at + QPointF(-r * 1.3, 0)}));
      break;
    case 3:
      p.drawPolygon(
          QPolygonF({at + QPointF(0, -r * 1.3), at + QPointF(r * 1.2, r), at + QPointF(-r * 1.2, r)}));
      break;
    default:
      p.drawLine(at + QPointF(-r, -r), at + QPointF(r, r));
      p.drawLine(at + QPointF(-r, r), at + QPointF(r, -r));
  }
}

}  // namespace

QRectF paint_mapping_plot(QPainter& p, const QRectF& rect, const rl::Plan& plan, QPoint pixel,
                          const std::vector<rl::MappingConvention>& conventions, TextLog* log) {
  const std::vector<rl::MappingConvention>& which =
      conventions.empty() ? rl::mapping_conventions() : conventions;
  std::vector<rl::CentreMapping> maps;
  for (const rl::MappingConvention c : which) {
    try {
      maps.push_back(rl::centre_mapping(plan, c));
    } catch (const std::exception&) {
      // A library that cannot make this size (e.g. an empty result) has no centres to show.
    }
  }
  if (maps.empty()) return {};
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF fm(p.font());
  const double line = fm.height();
  const rl::CentreMapping& first = maps.front();
  const auto chosen = [&](const rl::CentreMapping& m) {
    return QPoint(std::clamp(pixel.x(), 0, m.out_cols - 1), std::clamp(pixel.y(), 0, m.out_rows - 1));
  };
  const QPoint px = chosen(first);
  p.setPen(Qt::black);
  // The title in full where it fits, else without its note on coordinates.
  const QString sizes =
      QStringLiteral("%1 \u2192 %2")
          .arg(size_text(plan.in_cols, plan.in_rows), size_text(plan.out_cols, plan.out_rows));
  QString title = QStringLiteral(
                      "Coordinate mapping %1: output centres on the input grid (0-based, pixel "
                      "centres at integers)")
                      .arg(sizes);
  if (fm.horizontalAdvance(title) > rect.width())
    title = QStringLiteral("Coordinate mapping %1: output centres on the input grid").arg(sizes);
  detail::logged_text(p, QRectF(rect.left(), rect.top(), rect.width(), line * 1.2),
                      Qt::AlignLeft | Qt::AlignTop, fm.elidedText(title, Qt::ElideRight, rect.width()), log);

  // The legend: per convention its mark and name, the chosen pixel's centre, and the rule.
  QStringList lines;
  for (const rl::CentreMapping& m : maps) {
    const QPoint c = chosen(m);
    const bool same = &m != &first && m.rows == first.rows && m.cols == first.cols;
    lines << QString::fromStdString(rl::to_string(m.convention)) +
                 QStringLiteral(": %1 output").arg(size_text(m.out_cols, m.out_rows)) +
                 (same ? QStringLiteral(", the same centres here") : QString());
    // The first output pixel always (its centre shows the offset), then the chosen one.
    const auto at = [&](QPoint q) {
      return QStringLiteral("(%1, %2) at (%3, %4)")
          .arg(q.y())
          .arg(q.x())
          .arg(picture_number(m.rows[static_cast<std::size_t>(q.y())]),
               picture_number(m.cols[static_cast<std::size_t>(q.x())]));
    };
    lines << QStringLiteral("output ") + at(QPoint(0, 0)) +
                 (c == QPoint(0, 0) ? QString() : QStringLiteral("; ") + at(c));
    lines << QString::fromStdString(m.formula);
  }
  double text_w = 0;
  for (const QString& s : lines) text_w = std::max(text_w, fm.horizontalAdvance(s));
  const double mark_w = line * 1.4;
  const double legend_w = text_w + mark_w + line * 0.5;
  const double legend_h = line * (3.0 * maps.size() + 0.5 * (maps.size() - 1));
  const QRectF body = rect.adjusted(0, line * 1.5, 0, 0);
  // Beside the grid when there is room for the legend and a grid of a third of the width, else below.
  const bool beside = body.width() - legend_w >= std::min(body.height(), body.width() / 3);
  // The grid as large as fits (its pixels are square), the legend right beside or under it.
  const double side = beside ? std::min(body.height(), body.width() - legend_w - line * 2)
                             : std::min(body.width(), body.height() - legend_h - line * 0.5);
  const QRectF grid_box(body.left(), body.top(), beside ? side : body.width(), side);
  const QRectF legend_box = beside
                                ? QRectF(grid_box.right() + line * 2, body.top(), legend_w, legend_h)
                                : QRectF(body.left(), grid_box.bottom() + line * 0.5, body.width(), legend_h);

  // The grid: input coordinates to the box, square pixels, labels of input indices above and left.
  const double u_row = first.rows[static_cast<std::size_t>(px.y())];
  const double u_col = first.cols[static_cast<std::size_t>(px.x())];
  const auto [x0, x1] = visible_range(plan.in_cols, u_col);
  const auto [y0, y1] = visible_range(plan.in_rows, u_row);
  const double label_w = fm.horizontalAdvance(QStringLiteral("000")) + line * 0.3;
  const QRectF area = grid_box.adjusted(label_w, line * 1.1, 0, 0);
  const double k = std::max(1e-6, std::min(area.width() / (x1 - x0), area.height() / (y1 - y0)));
  const QPointF origin(area.left(), area.top());
  const auto map = [&](double x, double y) {
    return QPointF(origin.x() + (x - x0) * k, origin.y() + (y - y0) * k);
  };
  const QRectF view(map(x0, y0), map(x1, y1));
  p.save();
  p.setClipRect(view);
  const QRectF image_rect = QRectF(map(-0.5, -0.5), map(plan.in_cols - 0.5, plan.in_rows - 0.5));
  p.fillRect(image_rect.intersected(view), QColor(238, 238, 238));
  p.setPen(QPen(QColor(140, 140, 140), 1.0));
  for (int c = static_cast<int>(std::ceil(x0 + 0.5)); c - 0.5 <= x1; ++c)
    if (c >= 0 && c <= plan.in_cols)
      p.drawLine(map(c - 0.5, std::max(y0, -0.5)), map(c - 0.5, std::min(y1, plan.in_rows - 0.5)));
  for (int r = static_cast<int>(std::ceil(y0 + 0.5)); r - 0.5 <= y1; ++r)
    if (r >= 0 && r <= plan.in_rows)
      p.drawLine(map(std::max(x0, -0.5), r - 0.5), map(std::min(x1, plan.in_cols - 0.5), r - 0.5));
  // The output grid of the first convention, dashed, over the same square.
  p.setPen(QPen(series_color(0), std::max(1.0, line / 9), Qt::DashLine));
  const std::vector<double> ex = cell_edges(first.cols), ey = cell_edges(first.rows);
  for (const double e : ex) p.drawLine(map(e, ey.front()), map(e, ey.back()));
  for (const double e : ey) p.drawLine(map(ex.front(), e), map(ex.back(), e));
  p.setPen(QPen(Qt::black, 1.5));
  p.setBrush(Qt::NoBrush);
  p.drawRect(image_rect);
  // Input pixel centres as small grey dots, every convention's output centres as its mark.
  const double r_mark = std::clamp(k / 10, 2.5, line / 2.5);
  p.setPen(Qt::NoPen);
  p.setBrush(QColor(110, 110, 110));
  for (int r = 0; r < plan.in_rows; ++r)
    for (int c = 0; c < plan.in_cols; ++c)
      if (c >= x0 && c <= x1 && r >= y0 && r <= y1) p.drawEllipse(map(c, r), r_mark / 2.5, r_mark / 2.5);
  for (std::size_t m = maps.size(); m-- > 0;) {  // MATLAB's marks last, on top
    const rl::CentreMapping& cm = maps[m];
    for (const double y : cm.rows) {
      if (y < y0 || y > y1) continue;
      for (const double x : cm.cols)
        if (x >= x0 && x <= x1)
          draw_mark(p, map(x, y), r_mark, static_cast<int>(m), series_color(static_cast<int>(m)));
    }
    const QPoint c = chosen(cm);
    p.setPen(QPen(series_color(static_cast<int>(m)), 1.5));
    p.setBrush(Qt::NoBrush);
    p.drawEllipse(map(cm.cols[static_cast<std::size_t>(c.x())], cm.rows[static_cast<std::size_t>(c.y())]),
                  r_mark * 2.6, r_mark * 2.6);
  }
  p.restore();
  // Input indices: above the columns and left of the rows, thinned to keep labels apart; a label that
  // would reach into the other axis' labels (the corner, where the grid is small) is left out.
  p.setPen(Qt::black);
  const int step = std::max(1, static_cast<int>(std::ceil(label_w / k)));
  for (int c = 0; c < plan.in_cols; c += 1) {
    const QRectF box(map(c, y0).x() - k / 2 * step, view.top() - line * 1.1, k * step, line);
    if (c >= x0 && c <= x1 && c % step == 0 && box.left() >= view.left() - line * 0.3)
      detail::logged_text(p, box, Qt::AlignHCenter | Qt::AlignBottom, QString::number(c), log);
  }
  for (int r = 0; r < plan.in_rows; ++r) {
    const QRectF box(view.left() - label_w, map(x0, r).y() - line / 2, label_w - line * 0.3, line);
    if (r >= y0 && r <= y1 && r % std::max(1, static_cast<int>(std::ceil(line * 1.15 / k))) == 0 &&
        box.top() >= view.top() - line * 0.1)
      detail::logged_text(p, box, Qt::AlignRight | Qt::AlignVCenter, QString::number(r), log);
  }

  // The legend.
  for (std::size_t m = 0; m < maps.size(); ++m) {
    const double y = legend_box.top() + line * 3.5 * static_cast<double>(m);
    draw_mark(p, QPointF(legend_box.left() + mark_w / 2, y + line / 2), std::min(r_mark * 1.2, line / 3),
              static_cast<int>(m), series_color(static_cast<int>(m)));
    p.setPen(Qt::black);
    for (int l = 0; l < 3; ++l) {
      const QString& s = lines[static_cast<int>(3 * m) + l];
      const double w = legend_box.width() - mark_w;
      detail::logged_text(p, QRectF(legend_box.left() + mark_w, y + line * l, w, line),
                          Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(s, Qt::ElideRight, w), log);
    }
  }
  p.restore();
  return legend_box;
}

}  // namespace rl::ui
