// The axes every plot shares (frame, grid, ticks, labels), in the painter's coordinates; internal to
// rl_ui_figure.
#pragma once

#include <QFontMetricsF>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <algorithm>
#include <cmath>
#include <vector>

#include "rl/ui/axis_ticks.hpp"

namespace rl::ui::detail {

// Maps data coordinates into a plot rectangle and draws the frame, grid, ticks and axis labels.
struct Axes {
  QRectF area;  // plot area in painter coordinates
  double x0, x1, y0, y1;
  QPointF map(double x, double y) const {
    return {area.left() + (x - x0) / (x1 - x0) * area.width(),
            area.bottom() - (y - y0) / (y1 - y0) * area.height()};
  }

  // Above the frame (the title's line when `title`) and below it (the ticks' labels, the x label).
  static double top_margin(const QFontMetricsF& fm, bool title) { return fm.height() * (title ? 1.8 : 0.8); }
  static double bottom_margin(const QFontMetricsF& fm) { return fm.height() * 2.6; }

  static Axes layout(const QPainter& p, const QRectF& rect, double x0, double x1, double y0, double y1,
                     bool title) {
    const QFontMetricsF fm(p.font());
    Axes a{rect, x0, x1, y0, y1};
    const double left = fm.horizontalAdvance(QStringLiteral("-0.000")) + fm.height() * 1.6;
    a.area = rect.adjusted(left, top_margin(fm, title), -fm.height() * 0.8, -bottom_margin(fm));
    if (a.area.width() < 10 || a.area.height() < 10) a.area = rect;
    return a;
  }

  void draw(QPainter& p, const QString& xlabel, const QString& ylabel, bool integer_x) const {
    const QFontMetricsF fm(p.font());
    p.save();
    p.fillRect(area, Qt::white);
    const QPen grid(QColor(225, 225, 225), 0);
    const QPen ink(Qt::black, 0);
    // Tick spacing keeps labels apart whatever the size.
    const int nx = std::max(2, static_cast<int>(area.width() / (fm.horizontalAdvance("-00.00") * 1.6)));
    double xs = nice_step(x1 - x0, std::min(nx, 10));
    if (integer_x) xs = std::max(1.0, std::round(xs));
    const int ny = std::max(2, static_cast<int>(area.height() / (fm.height() * 2.2)));
    const double ys = nice_step(y1 - y0, std::min(ny, 8));
    const int xd = integer_x ? 0 : tick_decimals(xs), yd = tick_decimals(ys);
    for (const double v : ticks(x0, x1, xs)) {
      const QPointF a = map(v, y0), b = map(v, y1);
      p.setPen(grid);
      p.drawLine(a, b);
      p.setPen(ink);
      p.drawLine(a, a + QPointF(0, fm.height() * 0.25));
      p.drawText(QRectF(a.x() - 40 * fm.height(), a.y() + fm.height() * 0.3, 80 * fm.height(), fm.height()),
                 Qt::AlignHCenter | Qt::AlignTop, QString::number(v, 'f', xd));
    }
    for (const double v : ticks(y0, y1, ys)) {
      const QPointF a = map(x0, v), b = map(x1, v);
      p.setPen(grid);
      p.drawLine(a, b);
      p.setPen(ink);
      p.drawLine(a, a - QPointF(fm.height() * 0.25, 0));
      p.drawText(QRectF(area.left() - fm.height() * 0.4 - 40 * fm.height(), a.y() - fm.height() / 2,
                        40 * fm.height(), fm.height()),
                 Qt::AlignRight | Qt::AlignVCenter, QString::number(v, 'f', yd));
    }
    if (y0 < 0 && y1 > 0) {  // the zero line carries the stems and the kernel's negative lobes
      p.setPen(QPen(QColor(120, 120, 120), 0));
      p.drawLine(map(x0, 0), map(x1, 0));
    }
    p.setPen(ink);
    p.setBrush(Qt::NoBrush);
    p.drawRect(area);
    // Elided to the axes' width: a narrow dock would otherwise clip both of its ends.
    p.drawText(QRectF(area.left(), area.bottom() + fm.height() * 1.4, area.width(), fm.height() * 1.2),
               Qt::AlignHCenter | Qt::AlignTop, fm.elidedText(xlabel, Qt::ElideRight, area.width()));
    p.translate(area.left() - fm.horizontalAdvance(QStringLiteral("-0.000")) - fm.height() * 1.3,
                area.center().y());
    p.rotate(-90);
    p.drawText(QRectF(-area.height() / 2, 0, area.height(), fm.height() * 1.2),
               Qt::AlignHCenter | Qt::AlignTop, ylabel);
    p.restore();
  }
};

// One legend line: a line sample (and a dot when `dot`) in `color`, then the label.
struct LegendEntry {
  QString name;
  QColor color;
  Qt::PenStyle style = Qt::SolidLine;
  bool dot = false;
};

// An entry's sample from a to b: its line, and its dot in the middle (of a radius from the line height).
inline void draw_legend_sample(QPainter& p, const LegendEntry& e, QPointF a, QPointF b, double line_width,
                               double line_height) {
  if (e.style != Qt::NoPen) {
    p.setPen(QPen(e.color, line_width, e.style, Qt::FlatCap));
    p.drawLine(a, b);
  }
  if (e.dot) {
    p.setPen(Qt::NoPen);
    p.setBrush(e.color);
    const double r = std::max(2.0, line_height / 5);
    p.drawEllipse((a + b) / 2, r, r);
  }
}

inline double legend_height(const QFontMetricsF& fm, std::size_t entries) {
  return entries == 0 ? 0.0 : fm.height() * (static_cast<double>(entries) + 0.4);
}

// Draws the legend centred at the bottom of `rect` (which must have legend_height room there),
// labels elided to the rectangle's width; returns the legend's box.
inline QRectF draw_legend_below(QPainter& p, const QRectF& rect, const std::vector<LegendEntry>& entries,
                                double line_width) {
  if (entries.empty()) return {};
  const QFontMetricsF fm(p.font());
  const double sample_w = fm.height() * 2.0;
  double w = 0;
  for (const LegendEntry& e : entries) w = std::max(w, fm.horizontalAdvance(e.name));
  w = std::min(w, std::max(fm.height(), rect.width() - sample_w - fm.height() * 1.5));
  const double bw = w + sample_w + fm.height() * 0.9, bh = legend_height(fm, entries.size());
  const QRectF box = QRectF(rect.left() + std::max(0.0, (rect.width() - bw) / 2), rect.bottom() - bh, bw, bh)
                         .intersected(rect);
  p.save();
  p.setPen(QPen(QColor(160, 160, 160), 0));
  p.setBrush(Qt::white);
  p.drawRect(box);
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const LegendEntry& e = entries[i];
    const double y = box.top() + fm.height() * (static_cast<double>(i) + 0.7);
    const QPointF a(box.left() + fm.height() * 0.3, y), b(box.left() + fm.height() * 0.3 + sample_w * 0.8, y);
    draw_legend_sample(p, e, a, b, line_width, fm.height());
    p.setPen(Qt::black);
    p.drawText(QRectF(box.left() + fm.height() * 0.4 + sample_w, y - fm.height() / 2, w + 2, fm.height()),
               Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(e.name, Qt::ElideRight, w + 1));
  }
  p.restore();
  return box;
}

// A legend that flows: its entries side by side, a new line where the next does not fit `width`
// (an entry wider than it alone on its line, elided). Returns each line's entries' indices.
inline std::vector<std::vector<std::size_t>> legend_flow(const QFontMetricsF& fm,
                                                         const std::vector<LegendEntry>& entries,
                                                         double width) {
  std::vector<std::vector<std::size_t>> lines;
  double used = 0;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const double w = fm.height() * 2.6 + fm.horizontalAdvance(entries[i].name);
    if (lines.empty() || used + w > width) {
      lines.emplace_back();
      used = 0;
    }
    lines.back().push_back(i);
    used += w;
  }
  return lines;
}

inline double legend_flow_height(const QFontMetricsF& fm, const std::vector<LegendEntry>& entries,
                                 double width) {
  return legend_height(fm, legend_flow(fm, entries, width).size());
}

// Draws the flowing legend at the bottom of `rect` (which must have legend_flow_height room there),
// each line centred; returns its box.
inline QRectF draw_legend_flow(QPainter& p, const QRectF& rect, const std::vector<LegendEntry>& entries,
                               double line_width) {
  if (entries.empty()) return {};
  const QFontMetricsF fm(p.font());
  const double h = fm.height(), bh = legend_flow_height(fm, entries, rect.width());
  const QRectF box(rect.left(), rect.bottom() - bh, rect.width(), bh);
  p.save();
  p.setPen(QPen(QColor(160, 160, 160), 0));
  p.setBrush(Qt::white);
  p.drawRect(box);
  const auto lines = legend_flow(fm, entries, rect.width());
  for (std::size_t l = 0; l < lines.size(); ++l) {
    double total = 0;
    for (const std::size_t i : lines[l]) total += h * 2.6 + fm.horizontalAdvance(entries[i].name);
    double x = box.left() + std::max(0.0, (box.width() - total) / 2) + h * 0.3;
    const double y = box.top() + h * (static_cast<double>(l) + 0.7);
    for (const std::size_t i : lines[l]) {
      const LegendEntry& e = entries[i];
      const QPointF a(x, y), b(x + h * 1.4, y);
      draw_legend_sample(p, e, a, b, line_width, h);
      const double room = std::max(h, box.right() - (x + h * 1.7));
      p.setPen(Qt::black);
      p.drawText(QRectF(x + h * 1.7, y - h / 2, room, h), Qt::AlignLeft | Qt::AlignVCenter,
                 fm.elidedText(e.name, Qt::ElideRight, room));
      x += h * 2.6 + fm.horizontalAdvance(e.name);
    }
  }
  p.restore();
  return box;
}

}  // namespace rl::ui::detail
