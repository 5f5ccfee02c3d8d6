// The 2-D tap-window picture: for one output pixel, each plan's tap cells on the input grid with
// their weights (row weight x column weight, rl::tap_window), the taps that the boundary rule
// mirrors or clamps, the continuous point and the rounded sum.
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>

#include "rl/ui/teaching_pictures.hpp"

namespace rl::ui {
namespace {

QColor weight_color(double w, double max_abs) {
  const double t = max_abs > 0 ? std::min(1.0, std::abs(w) / max_abs) : 0.0;
  const QColor c = w >= 0 ? series_color(0) : series_color(1);
  const auto mix = [t](int a) { return static_cast<int>(std::lround(255 + (a - 255) * t)); };
  return QColor(mix(c.red()), mix(c.green()), mix(c.blue()));
}

// A tap's position as drawn: "-1" or, when the boundary rule moves it, "-1>0" (reads pixel 0).
QString tap_label(int position, int source) {
  return position == source ? QString::number(position)
                            : QStringLiteral("%1\u21a6%2").arg(position).arg(source);
}

bool contiguous(const std::vector<int>& v) {
  for (std::size_t i = 1; i < v.size(); ++i)
    if (v[i] != v[i - 1] + 1) return false;
  return !v.empty();
}

void paint_one(QPainter& p, const QRectF& r, const NamedWindow& nw, TextLog* log) {
  const rl::TapWindow& w = nw.window;
  const QFontMetricsF fm(p.font());
  const double line = fm.height();
  const auto text = [&](const QRectF& box, int flags, const QString& s) {
    detail::logged_text(p, box, flags, fm.elidedText(s, Qt::ElideRight, box.width()), log);
  };
  p.setPen(Qt::black);
  text(QRectF(r.left(), r.top(), r.width(), line), Qt::AlignLeft | Qt::AlignVCenter, nw.name);
  text(QRectF(r.left(), r.top() + line, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
       QStringLiteral("output (%1, %2): u = (%3, %4)")
           .arg(w.out_row)
           .arg(w.out_col)
           .arg(picture_number(w.u_row), picture_number(w.u_col)));
  const int nr = static_cast<int>(w.rows.size()), nc = static_cast<int>(w.cols.size());
  if (nr == 0 || nc == 0) return;
  double max_abs = 0;
  for (const double v : w.weight) max_abs = std::max(max_abs, std::abs(v));
  // A header column (row taps and weights) and a header row (column taps and weights) frame the cells.
  const double head_w = std::max(fm.horizontalAdvance(QStringLiteral("-00\u21a600")),
                                 fm.horizontalAdvance(QStringLiteral("-0.0000"))) +
                        line * 0.4;
  const double head_h = line * 2.2;
  const QRectF body(r.left(), r.top() + line * 2.3, r.width(), r.height() - line * 2.3 - line * 2.4);
  // Cells no larger than a few lines, so a 1-tap and a 4x4 window read at the same scale.
  const double cs =
      std::clamp(std::min((body.width() - head_w) / nc, (body.height() - head_h) / nr), 2.0, line * 4.5);
  const QPointF o(body.left() + head_w, body.top() + head_h);
  const auto cell = [&](int i, int j) { return QRectF(o.x() + j * cs, o.y() + i * cs, cs, cs); };
  const QString sample = QStringLiteral("-0.0000");
  const bool cell_text = fm.horizontalAdvance(sample) <= cs - 2 && line <= cs;
  const bool cell_value = cell_text && 2 * line <= cs - 2;
  for (int i = 0; i < nr; ++i)
    for (int j = 0; j < nc; ++j) {
      const QRectF c = cell(i, j);
      const double v = w.at(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
      p.fillRect(c, weight_color(v, max_abs));
      const bool mapped =
          w.row_mapped(static_cast<std::size_t>(i)) || w.col_mapped(static_cast<std::size_t>(j));
      if (mapped) p.fillRect(c, QBrush(QColor(90, 90, 90, 110), Qt::BDiagPattern));
      p.setPen(QPen(QColor(120, 120, 120), 1.0, mapped ? Qt::DashLine : Qt::SolidLine));
      p.setBrush(Qt::NoBrush);
      p.drawRect(c);
    }
  // The continuous point (u_row, u_col) on the same grid, under the labels: cell j spans
  // position cols[j] +- 0.5.
  if (contiguous(w.rows) && contiguous(w.cols)) {
    const QPointF at(o.x() + (w.u_col - w.cols.front() + 0.5) * cs,
                     o.y() + (w.u_row - w.rows.front() + 0.5) * cs);
    const double a = std::max(4.0, std::min(cs / 3, line * 0.6));
    p.setPen(QPen(QColor(230, 30, 30), std::max(2.0, line / 7)));
    p.drawLine(at - QPointF(a, 0), at + QPointF(a, 0));
    p.drawLine(at - QPointF(0, a), at + QPointF(0, a));
  }
  for (int i = 0; cell_text && i < nr; ++i)
    for (int j = 0; j < nc; ++j) {
      const QRectF c = cell(i, j);
      const double v = w.at(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
      p.setPen(std::abs(v) / std::max(1e-300, max_abs) > 0.6 ? Qt::white : Qt::black);
      const QRectF top = cell_value ? QRectF(c.left(), c.center().y() - line, c.width(), line) : c;
      text(top, Qt::AlignCenter, picture_number(v));
      if (cell_value)
        text(QRectF(c.left(), c.center().y(), c.width(), line), Qt::AlignCenter,
             QStringLiteral("p=%1").arg(picture_number(w.value[static_cast<std::size_t>(i * nc + j)])));
    }
  // The row and column taps with their 1-D weights: the cells are their products.
  p.setPen(Qt::black);
  const QRectF corner(body.left(), body.top(), head_w - line * 0.3, line);
  text(corner, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("tap"));
  text(corner.translated(0, line), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("w"));
  const bool head_text = fm.horizontalAdvance(sample) <= cs * 1.0 + 1 || nc == 1;
  for (int j = 0; j < nc; ++j) {
    // Every k-th column when the labels are wider than a cell; 1.5 widths apart, since the first one
    // may be pushed right by up to half its width.
    const int every = static_cast<int>(std::ceil(1.5 * (fm.horizontalAdvance(sample) + 2) / cs));
    if (!head_text && j % std::max(1, every) != 0) continue;
    const QRectF c = cell(0, j);
    const double hw = std::max(cs, fm.horizontalAdvance(sample) + 2);
    // Centred on its column, but never into the corner's labels.
    const QRectF h(std::max(o.x(), c.center().x() - hw / 2), body.top(), hw, line);
    text(h, Qt::AlignCenter,
         tap_label(w.cols[static_cast<std::size_t>(j)], w.src_cols[static_cast<std::size_t>(j)]));
    text(h.translated(0, line), Qt::AlignCenter, picture_number(w.col_weight[static_cast<std::size_t>(j)]));
  }
  for (int i = 0; i < nr; ++i) {
    if (cs < line * 2 && i % std::max(1, static_cast<int>(std::ceil(line * 3 / cs))) != 0) continue;
    const QRectF c = cell(i, 0);
    const QRectF h(body.left(), std::max(o.y(), c.center().y() - line), head_w - line * 0.3, line);
    text(h, Qt::AlignRight | Qt::AlignVCenter,
         tap_label(w.rows[static_cast<std::size_t>(i)], w.src_rows[static_cast<std::size_t>(i)]));
    text(h.translated(0, line), Qt::AlignRight | Qt::AlignVCenter,
         picture_number(w.row_weight[static_cast<std::size_t>(i)]));
  }
  // The image's edge where the taps cross it: between a tap the rule moves and one it does not.
  p.setPen(QPen(Qt::black, std::max(2.0, line / 6)));
  for (int j = 1; j < nc; ++j)
    if (w.col_mapped(static_cast<std::size_t>(j)) != w.col_mapped(static_cast<std::size_t>(j - 1)))
      p.drawLine(cell(0, j).topLeft(), cell(nr - 1, j).bottomLeft());
  for (int i = 1; i < nr; ++i)
    if (w.row_mapped(static_cast<std::size_t>(i)) != w.row_mapped(static_cast<std::size_t>(i - 1)))
      p.drawLine(cell(i, 0).topLeft(), cell(i, nc - 1).topRight());
  // The sum, and the pixel as the plan computes it (two passes, each cast as MATLAB casts).
  double total = 0;
  for (const double v : w.weight) total += v;
  const double y = o.y() + nr * cs + line * 0.3;
  p.setPen(Qt::black);
  text(QRectF(r.left(), y, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
       QStringLiteral("%1x%2 taps, weights sum to %3").arg(nr).arg(nc).arg(picture_number(total)));
  text(QRectF(r.left(), y + line, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
       QStringLiteral("\u03a3 w\u00b7p = %1 \u2192 %2").arg(picture_number(w.sum), picture_number(w.result)));
}

}  // namespace

QRectF paint_window_plot(QPainter& p, const QRectF& rect, const QList<NamedWindow>& windows, TextLog* log) {
  if (windows.isEmpty()) return {};
  p.save();
  p.setRenderHint(QPainter::Antialiasing, false);
  const double gap = QFontMetricsF(p.font()).height() * 1.2;
  const int n = static_cast<int>(windows.size());
  // Side by side in a wide plot, 2 x 2 in a dock: the column count that gives the largest panes.
  int columns = n;
  double best = 0;
  for (int c = 1; c <= n; ++c) {
    const int rows = (n + c - 1) / c;
    const double side =
        std::min((rect.width() - gap * (c - 1)) / c, (rect.height() - gap * (rows - 1)) / rows);
    if (side > best + 1) best = side, columns = c;
  }
  const int rows = (n + columns - 1) / columns;
  const double w = (rect.width() - gap * (columns - 1)) / columns;
  const double h = (rect.height() - gap * (rows - 1)) / rows;
  for (int i = 0; i < n; ++i)
    paint_one(p,
              QRectF(rect.left() + (i % columns) * (w + gap), rect.top() + (i / columns) * (h + gap), w, h),
              windows[i], log);
  p.restore();
  return {};
}

}  // namespace rl::ui
