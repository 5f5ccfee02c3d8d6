// Kernel and stem plots drawn with QPainter in the painter's coordinates, so they are sharp at any
// size and identical in widgets, PNG, SVG and PDF. Every weight and index comes from the plan.
#include "rl/ui/plots.hpp"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <vector>

#include "plot_axes.hpp"
#include "rl/ui/axis_ticks.hpp"
#include "rl/ui/plan_coordinates.hpp"

namespace rl::ui {
using detail::Axes;
namespace {

struct Curve {
  QString name;
  QColor color;
  Qt::PenStyle style;
  std::function<double(double)> fn;
  double half_width;
};

}  // namespace

QColor series_color(int i) {
  static const QColor colors[] = {QColor(31, 119, 180),  QColor(214, 39, 40),  QColor(44, 160, 44),
                                  QColor(148, 103, 189), QColor(255, 127, 14), QColor(23, 190, 207),
                                  QColor(140, 86, 75),   QColor(227, 119, 194)};
  return colors[i % 8];
}

namespace {

// The kernel plot's curves: one k(x) per kernel and one widened kernel per antialiased shrink.
std::vector<Curve> kernel_curves(const QList<NamedPlan>& plans) {
  std::vector<Curve> curves;
  // Panes that share a kernel share one k(x) curve (the legend lists them); each antialiased
  // shrink adds its widened kernel s*k(s*x) in the same colour, dashed.
  struct Group {
    QString kernel;
    QStringList labels;
    rl::Kernel k;
    std::vector<std::pair<QString, double>> widened;  // (pane label, scale)
  };
  std::vector<Group> groups;
  for (const auto& [label, plan] : plans) {
    if (!plan || !plan->kernel.fn) continue;
    const QString kname = QString::fromStdString(plan->kernel.name);
    auto g = std::find_if(groups.begin(), groups.end(), [&](const Group& x) { return x.kernel == kname; });
    if (g == groups.end()) {
      groups.push_back({kname, {}, plan->kernel, {}});
      g = groups.end() - 1;
    }
    g->labels.append(label);
    std::vector<double> scales;
    for (const rl::AxisTable* t : {&plan->rows, &plan->cols})
      if (t->antialiased && std::find(scales.begin(), scales.end(), t->scale) == scales.end())
        scales.push_back(t->scale);
    for (double sc : scales) {
      const bool dup =
          std::any_of(g->widened.begin(), g->widened.end(), [sc](const auto& w) { return w.second == sc; });
      if (!dup) g->widened.push_back({label, sc});
    }
  }
  int color = 0;
  for (const Group& g : groups) {
    const QColor c = series_color(color++);
    curves.push_back({QStringLiteral("%1 k(x): %2").arg(g.kernel, g.labels.join(QStringLiteral(" / "))), c,
                      Qt::SolidLine, g.k.fn, g.k.width / 2});
    for (const auto& [label, sc] : g.widened) {
      const rl::Kernel w = rl::applied_kernel(g.k, sc, true);
      curves.push_back(
          {QStringLiteral("s\u00b7k(s\u00b7x), s = %1: %2").arg(QString::number(sc, 'g', 4), label), c,
           Qt::DashLine, w.fn, w.width / 2});
    }
  }
  return curves;
}

}  // namespace

QStringList kernel_plot_legend(const QList<NamedPlan>& plans) {
  QStringList out;
  for (const Curve& c : kernel_curves(plans)) out << c.name;
  return out;
}

QRectF paint_kernel_plot(QPainter& p, const QRectF& rect, const QList<NamedPlan>& plans) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF fm(p.font());
  const std::vector<Curve> curves = kernel_curves(plans);
  double half = 1.0;
  for (const Curve& c : curves) half = std::max(half, c.half_width);
  const double x1 = std::ceil(half * 1.15 * 2) / 2, x0 = -x1;
  constexpr int kSamples = 801;
  double ymin = 0.0, ymax = 1.0;
  std::vector<std::vector<QPointF>> data;
  for (const Curve& c : curves) {
    std::vector<QPointF> pts;
    for (int i = 0; i < kSamples; ++i) {
      const double x = x0 + (x1 - x0) * i / (kSamples - 1);
      const double y = c.fn(x);
      pts.emplace_back(x, y);
      ymin = std::min(ymin, y);
      ymax = std::max(ymax, y);
    }
    data.push_back(std::move(pts));
  }
  const double pad = (ymax - ymin) * 0.08;
  // The legend goes beside the plot when there is room for both, else below it: never over the
  // curves and never wider than the plot's rectangle (long labels are elided; the widgets' tooltips
  // give them in full).
  double legend_w = 0;
  for (const Curve& c : curves) legend_w = std::max(legend_w, fm.horizontalAdvance(c.name));
  const double sample_w = fm.height() * 2.0;  // the line sample before each label
  legend_w += sample_w + fm.height() * 1.5;
  const bool beside = !curves.empty() && rect.width() - legend_w >= rect.height() * 1.3;
  const double legend_h = curves.empty() ? 0.0 : fm.height() * (curves.size() + 0.4);
  const QRectF plot_rect =
      beside ? rect.adjusted(0, 0, -legend_w, 0) : rect.adjusted(0, 0, 0, -(legend_h + fm.height() * 0.3));
  const Axes ax = Axes::layout(p, plot_rect, x0, x1, ymin - pad, ymax + pad, true);
  p.setPen(Qt::black);
  p.drawText(QRectF(plot_rect.left(), plot_rect.top(), plot_rect.width(), fm.height() * 1.4),
             Qt::AlignHCenter | Qt::AlignVCenter,
             curves.empty() ? QStringLiteral("Kernel (no plan)") : QStringLiteral("Interpolation kernels"));
  ax.draw(p, QStringLiteral("x (input pixels from the sample position)"), QStringLiteral("weight"), false);
  p.setClipRect(ax.area);
  const double lw = std::max(1.0, fm.height() / 9);
  for (std::size_t i = 0; i < curves.size(); ++i) {
    QPainterPath path;
    for (int j = 0; j < kSamples; ++j) {
      const QPointF q = ax.map(data[i][j].x(), data[i][j].y());
      if (j == 0)
        path.moveTo(q);
      else
        path.lineTo(q);
    }
    p.setPen(QPen(curves[i].color, lw, curves[i].style, Qt::FlatCap, Qt::RoundJoin));
    p.drawPath(path);
  }
  p.setClipping(false);
  QRectF box;
  if (!curves.empty()) {
    const double text_room =
        std::max(fm.height(), (beside ? legend_w : rect.width()) - sample_w - fm.height() * 1.5);
    double w = 0;
    for (const Curve& c : curves) w = std::min(text_room, std::max(w, fm.horizontalAdvance(c.name)));
    const double bw = w + sample_w + fm.height() * 0.9;
    box = beside ? QRectF(ax.area.right() + fm.height() * 0.6, ax.area.top(), bw, legend_h)
                 : QRectF(rect.left() + std::max(0.0, (rect.width() - bw) / 2), rect.bottom() - legend_h, bw,
                          legend_h);
    box = box.intersected(rect);
    p.setPen(QPen(QColor(160, 160, 160), 0));
    p.setBrush(QColor(255, 255, 255));
    p.drawRect(box);
    for (std::size_t i = 0; i < curves.size(); ++i) {
      const double y = box.top() + fm.height() * (i + 0.7);
      p.setPen(QPen(curves[i].color, lw, curves[i].style, Qt::FlatCap));
      p.drawLine(QPointF(box.left() + fm.height() * 0.3, y),
                 QPointF(box.left() + fm.height() * 0.3 + sample_w * 0.8, y));
      p.setPen(Qt::black);
      p.drawText(QRectF(box.left() + fm.height() * 0.4 + sample_w, y - fm.height() / 2, w + 2, fm.height()),
                 Qt::AlignLeft | Qt::AlignVCenter, fm.elidedText(curves[i].name, Qt::ElideRight, w + 1));
    }
  }
  p.restore();
  return box;
}

QVector<QPointF> tap_points(const rl::AxisTable& table, int out_index) {
  QVector<QPointF> pts;
  if (out_index < 0 || out_index >= table.out_size) return pts;
  const double* w = table.weights_of(out_index);
  const std::int32_t* ix = table.index_of(out_index);
  for (int k = 0; k < table.taps; ++k) pts.append(QPointF(ix[k], w[k]));
  return pts;
}

void paint_stem_plot(QPainter& p, const QRectF& rect, const rl::AxisTable& table, int out_index,
                     const QString& what) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF fm(p.font());
  const QVector<QPointF> pts = tap_points(table, out_index);
  if (pts.isEmpty()) {
    p.drawText(rect, Qt::AlignCenter, QStringLiteral("no output %1 %2").arg(what).arg(out_index));
    p.restore();
    return;
  }
  // The output's sample position in 0-based input coordinates: the one convention (plan_centre).
  const double centre = plan_centre(table, out_index);
  double x0 = centre, x1 = centre, ymin = 0, ymax = 0;
  for (const QPointF& q : pts) {
    x0 = std::min(x0, q.x());
    x1 = std::max(x1, q.x());
    ymin = std::min(ymin, q.y());
    ymax = std::max(ymax, q.y());
  }
  x0 -= 1;
  x1 += 1;
  const double pad = (ymax - ymin) * 0.18 + 1e-3;
  const Axes ax = Axes::layout(p, rect, x0, x1, ymin - (ymin < 0 ? pad : 0), ymax + pad, true);
  p.setPen(Qt::black);
  p.drawText(QRectF(rect.left(), rect.top(), rect.width(), fm.height() * 1.4),
             Qt::AlignHCenter | Qt::AlignVCenter,
             QStringLiteral("Output %1 %2: %3 taps (P = %4), u = %5")
                 .arg(what)
                 .arg(out_index)
                 .arg(table.taps)
                 .arg(table.taps_full)
                 .arg(centre, 0, 'g', 8));
  ax.draw(p, QStringLiteral("input %1 (0-based, after %2)").arg(what, QStringLiteral("boundary mapping")),
          QStringLiteral("weight"), true);
  // Taps mirrored or clamped onto the same input index are drawn side by side.
  std::map<int, int> seen, total;
  for (const QPointF& q : pts) ++total[static_cast<int>(q.x())];
  const double unit = ax.area.width() / (x1 - x0);
  const double lw = std::max(1.0, fm.height() / 9);
  QPen dashed(QColor(120, 120, 120), lw, Qt::DashLine);
  p.setPen(dashed);
  p.drawLine(ax.map(centre, ax.y0), ax.map(centre, ax.y1));
  p.drawText(ax.map(centre, ax.y1) + QPointF(fm.height() * 0.2, fm.height()), QStringLiteral("u"));
  const QColor stem(31, 119, 180);
  // Stems and dots no wider than the spacing between taps, so hundreds of taps (a kernel widened 128x)
  // stay apart.
  const double stem_w = std::clamp(unit * 0.35, 0.5, lw * 1.5);
  const double r = std::clamp(unit * 0.4, 0.8, std::max(2.0, fm.height() / 4));
  for (const QPointF& q : pts) {
    const int i = static_cast<int>(q.x());
    const int rank = seen[i]++;
    const double off = (rank - (total[i] - 1) / 2.0) * std::min(0.22, 0.8 / total[i]);
    const QPointF base = ax.map(q.x() + off, 0), top = ax.map(q.x() + off, q.y());
    p.setPen(QPen(stem, stem_w));
    p.drawLine(base, top);
    p.setBrush(stem);
    p.drawEllipse(top, r, r);
    if (unit > fm.horizontalAdvance(QStringLiteral("-0.000")) * 1.05 / 1.0 && total[i] == 1) {
      p.setPen(Qt::black);
      const double dy = q.y() >= 0 ? -fm.height() * 0.9 : fm.height() * 0.3;
      p.drawText(QRectF(top.x() - unit / 2, top.y() + dy, unit, fm.height()), Qt::AlignCenter,
                 QString::number(q.y(), 'f', 3));
    }
  }
  p.restore();
}

}  // namespace rl::ui
