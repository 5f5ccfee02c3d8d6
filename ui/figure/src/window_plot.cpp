// The 2-D tap-window picture: for one output pixel, each plan's tap cells on the input grid with
// their weights (row weight x column weight, rl::tap_window), the taps that the boundary rule
// mirrors or clamps, the continuous point and the rounded sum.
#include <QFontMetricsF>
#include <algorithm>
#include <cmath>
#include <type_traits>
#include <utility>

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

// The contiguous range of `count` taps (of `n`) centred on the tap nearest `u`: what is shown when a
// widened kernel has more taps than fit (MATLAB's 1/128 reads about 514 a side).
std::pair<int, int> shown_range(const std::vector<int>& taps, double u, int count) {
  const int n = static_cast<int>(taps.size());
  if (count >= n) return {0, n};
  int centre = 0;
  for (int i = 1; i < n; ++i)
    if (std::abs(taps[static_cast<std::size_t>(i)] - u) <
        std::abs(taps[static_cast<std::size_t>(centre)] - u))
      centre = i;
  const int first = std::clamp(centre - count / 2, 0, n - count);
  return {first, first + count};
}

// The window cut down to the rows `rr` and the columns `cr` (first, end); u, the sum and the result stay the
// whole window's.
rl::TapWindow sub_window(const rl::TapWindow& w, std::pair<int, int> rr, std::pair<int, int> cr) {
  rl::TapWindow s = w;
  const auto cut = [](auto& v, std::pair<int, int> r) {
    v = std::decay_t<decltype(v)>(v.begin() + r.first, v.begin() + r.second);
  };
  cut(s.rows, rr);
  cut(s.src_rows, rr);
  cut(s.row_weight, rr);
  cut(s.cols, cr);
  cut(s.src_cols, cr);
  cut(s.col_weight, cr);
  s.weight.clear();
  s.value.clear();
  const std::size_t nc = w.cols.size();
  for (int i = rr.first; i < rr.second; ++i)
    for (int j = cr.first; j < cr.second; ++j) {
      s.weight.push_back(w.weight[static_cast<std::size_t>(i) * nc + static_cast<std::size_t>(j)]);
      s.value.push_back(w.value[static_cast<std::size_t>(i) * nc + static_cast<std::size_t>(j)]);
    }
  return s;
}

void paint_one(QPainter& p, const QRectF& r, const NamedWindow& nw, TextLog* log) {
  const rl::TapWindow& all = nw.window;
  const QFontMetricsF fm(p.font());
  const double line = fm.height();
  // Every text is elided to its box, and a box that would leave the pane is not drawn.
  const auto text = [&](const QRectF& box, int flags, const QString& s) {
    const QString shown = fm.elidedText(s, Qt::ElideRight, box.width());
    if (shown.isEmpty() || box.top() < r.top() - 0.01 || box.bottom() > r.bottom() + 0.01) return;
    detail::logged_text(p, box, flags, shown, log);
  };
  p.setPen(Qt::black);
  text(QRectF(r.left(), r.top(), r.width(), line), Qt::AlignLeft | Qt::AlignVCenter, nw.name);
  text(QRectF(r.left(), r.top() + line, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
       QStringLiteral("output (%1, %2): u = (%3, %4)")
           .arg(all.out_row)
           .arg(all.out_col)
           .arg(picture_number(all.u_row), picture_number(all.u_col)));
  const int all_r = static_cast<int>(all.rows.size()), all_c = static_cast<int>(all.cols.size());
  if (all_r == 0 || all_c == 0) return;
  // A header column (row taps and weights) and a header row (column taps and weights) frame the cells.
  const QString sample = QStringLiteral("-0.0000");
  const double head_w =
      std::max(fm.horizontalAdvance(QStringLiteral("-000\u21a6000")), fm.horizontalAdvance(sample)) +
      line * 0.4;
  const double head_h = line * 2.2;
  const double top = line * 2.3;
  // Cells below min_cell would be specks: a window with more taps than fit shows its middle taps and
  // says how many are hidden (a third line under the cells).
  const double min_cell = std::max(3.0, line / 3);
  const double free_w = r.width() - head_w, bottom_lines = line * 3.4;
  const double free_h = r.height() - top - head_h - bottom_lines;
  const int fit_c = static_cast<int>(std::floor(free_w / min_cell));
  const int fit_r = static_cast<int>(std::floor(free_h / min_cell));
  if (fit_c < 1 || fit_r < 1) {
    text(QRectF(r.left(), r.top() + line * 2, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
         QStringLiteral("%1x%2 taps (no room to draw them)").arg(all_r).arg(all_c));
    return;
  }
  const auto rr = shown_range(all.rows, all.u_row, std::min(all_r, fit_r));
  const auto cr = shown_range(all.cols, all.u_col, std::min(all_c, fit_c));
  const rl::TapWindow w = sub_window(all, rr, cr);
  const int nr = static_cast<int>(w.rows.size()), nc = static_cast<int>(w.cols.size());
  const int hidden_r = all_r - nr, hidden_c = all_c - nc;
  double max_abs = 0;
  for (const double v : all.weight) max_abs = std::max(max_abs, std::abs(v));
  const QRectF body(r.left(), r.top() + top, r.width(), r.height() - top - bottom_lines);
  // Cells no larger than a few lines, so a 1-tap and a 4x4 window read at the same scale.
  const double cs = std::clamp(std::min(free_w / nc, free_h / nr), min_cell, line * 4.5);
  const QPointF o(body.left() + head_w, body.top() + head_h);
  const auto cell = [&](int i, int j) { return QRectF(o.x() + j * cs, o.y() + i * cs, cs, cs); };
  const double grid_right = o.x() + nc * cs, grid_bottom = o.y() + nr * cs;
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
      if (cs >= 6) {  // smaller cells are all border: the colours alone show the weights
        p.setPen(QPen(QColor(120, 120, 120), 1.0, mapped ? Qt::DashLine : Qt::SolidLine));
        p.setBrush(Qt::NoBrush);
        p.drawRect(c);
      }
    }
  // The continuous point (u_row, u_col) on the same grid, under the labels: cell j spans
  // position cols[j] +- 0.5.
  if (contiguous(w.rows) && contiguous(w.cols)) {
    const QPointF at(o.x() + (w.u_col - w.cols.front() + 0.5) * cs,
                     o.y() + (w.u_row - w.rows.front() + 0.5) * cs);
    const double a = std::max(4.0, std::min(cs / 3, line * 0.6));
    const double pen = std::max(2.0, line / 7);
    if (QRectF(o, QPointF(grid_right, grid_bottom))
            .adjusted(a + pen, a + pen, -a - pen, -a - pen)
            .contains(at)) {
      p.setPen(QPen(QColor(230, 30, 30), pen));
      p.drawLine(at - QPointF(a, 0), at + QPointF(a, 0));
      p.drawLine(at - QPointF(0, a), at + QPointF(0, a));
    }
  }
  for (int i = 0; cell_text && i < nr; ++i)
    for (int j = 0; j < nc; ++j) {
      const QRectF c = cell(i, j);
      const double v = w.at(static_cast<std::size_t>(i), static_cast<std::size_t>(j));
      p.setPen(std::abs(v) / std::max(1e-300, max_abs) > 0.6 ? Qt::white : Qt::black);
      const QRectF top_line = cell_value ? QRectF(c.left(), c.center().y() - line, c.width(), line) : c;
      text(top_line, Qt::AlignCenter, picture_number(v));
      if (cell_value)
        text(QRectF(c.left(), c.center().y(), c.width(), line), Qt::AlignCenter,
             QStringLiteral("p=%1").arg(picture_number(w.value[static_cast<std::size_t>(i * nc + j)])));
    }
  // The row and column taps with their 1-D weights: the cells are their products. Where the numbers
  // are wider (taller) than the cells, every k-th tap is labelled, k such that the labels stay apart
  // even where the first is pushed off the corner; a label that would still touch the last one drawn,
  // or leave the pane, is left out.
  p.setPen(Qt::black);
  const QRectF corner(body.left(), body.top(), head_w - line * 0.3, line);
  text(corner, Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("tap"));
  text(corner.translated(0, line), Qt::AlignRight | Qt::AlignVCenter, QStringLiteral("w"));
  const double pad = line * 0.5;
  QStringList col_taps, col_weights;
  double label_w = 0;
  for (int j = 0; j < nc; ++j) {
    col_taps << tap_label(w.cols[static_cast<std::size_t>(j)], w.src_cols[static_cast<std::size_t>(j)]);
    col_weights << picture_number(w.col_weight[static_cast<std::size_t>(j)]);
    label_w = std::max(
        {label_w, fm.horizontalAdvance(col_taps.back()) + 2, fm.horizontalAdvance(col_weights.back()) + 2});
  }
  const int col_every = label_w <= cs ? 1 : static_cast<int>(std::ceil((1.5 * label_w + pad) / cs));
  double next_x = o.x();
  for (int j = 0; j < nc; j += col_every) {
    const QRectF c = cell(0, j);
    const double hw = std::max(label_w, cs);
    const double x = std::max(next_x, std::min(c.center().x() - hw / 2, r.right() - hw));
    if (x > c.center().x() || x + hw > r.right() + 0.01) continue;
    const QRectF h(x, body.top(), hw, line);
    text(h, Qt::AlignCenter, col_taps[j]);
    text(h.translated(0, line), Qt::AlignCenter, col_weights[j]);
    next_x = h.right() + (hw > cs ? pad : 0.0);
  }
  const int row_every = cs >= line * 2.2 ? 1 : static_cast<int>(std::ceil(line * 3.2 / cs));
  double next_y = o.y();
  for (int i = 0; i < nr; i += row_every) {
    const QRectF c = cell(i, 0);
    const double y = std::max(next_y, c.center().y() - line);
    if (y > c.center().y() || y + 2 * line > grid_bottom + line * 0.3) continue;
    const QRectF h(body.left(), y, head_w - line * 0.3, line);
    text(h, Qt::AlignRight | Qt::AlignVCenter,
         tap_label(w.rows[static_cast<std::size_t>(i)], w.src_rows[static_cast<std::size_t>(i)]));
    text(h.translated(0, line), Qt::AlignRight | Qt::AlignVCenter,
         picture_number(w.row_weight[static_cast<std::size_t>(i)]));
    next_y = y + 2 * line + line * 0.2;
  }
  // The image's edge where the taps cross it: between a tap the rule moves and one it does not.
  p.setPen(QPen(Qt::black, std::max(2.0, line / 6)));
  for (int j = 1; j < nc; ++j)
    if (w.col_mapped(static_cast<std::size_t>(j)) != w.col_mapped(static_cast<std::size_t>(j - 1)))
      p.drawLine(cell(0, j).topLeft(), cell(nr - 1, j).bottomLeft());
  for (int i = 1; i < nr; ++i)
    if (w.row_mapped(static_cast<std::size_t>(i)) != w.row_mapped(static_cast<std::size_t>(i - 1)))
      p.drawLine(cell(i, 0).topLeft(), cell(i, nc - 1).topRight());
  // The sum, and the pixel as the plan computes it (two passes, each cast as MATLAB casts): of the
  // whole window, hidden taps included.
  double total = 0;
  for (const double v : all.weight) total += v;
  double y = grid_bottom + line * 0.3;
  p.setPen(Qt::black);
  text(QRectF(r.left(), y, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
       QStringLiteral("%1x%2 taps, weights sum to %3").arg(all_r).arg(all_c).arg(picture_number(total)));
  if (hidden_r > 0 || hidden_c > 0) {
    y += line;
    double shown = 0;
    for (const double v : w.weight) shown += v;
    // The long form where it fits, else the counts alone.
    QString hidden = QStringLiteral("middle %1x%2 shown; %3 rows and %4 columns hidden (weight %5)")
                         .arg(nr)
                         .arg(nc)
                         .arg(hidden_r)
                         .arg(hidden_c)
                         .arg(picture_number(total - shown));
    if (fm.horizontalAdvance(hidden) > r.width())
      hidden = QStringLiteral("%1 rows, %2 columns hidden").arg(hidden_r).arg(hidden_c);
    text(QRectF(r.left(), y, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter, hidden);
  }
  text(QRectF(r.left(), y + line, r.width(), line), Qt::AlignLeft | Qt::AlignVCenter,
       QStringLiteral("\u03a3 w\u00b7p = %1 \u2192 %2")
           .arg(picture_number(all.sum), picture_number(all.result)));
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
