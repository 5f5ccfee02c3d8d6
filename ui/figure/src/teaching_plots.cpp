// The teaching plots (see teaching_plots.hpp), drawn in the painter's coordinates so widgets, PNG,
// SVG and PDF show the same thing. Every number comes from core: rl/teaching.hpp and the plan.
#include "rl/ui/teaching_plots.hpp"

#include <QFontMetricsF>
#include <QPainterPath>
#include <algorithm>
#include <cmath>
#include <limits>

#include "plot_axes.hpp"
#include "rl/ui/plan_coordinates.hpp"

namespace rl::ui {
using detail::Axes;
using detail::LegendEntry;

namespace {

double line_width(const QFontMetricsF& fm) { return std::max(1.0, fm.height() / 9); }

void draw_title(QPainter& p, const QRectF& rect, const QString& text) {
  const QFontMetricsF fm(p.font());
  p.setPen(Qt::black);
  p.drawText(QRectF(rect.left(), rect.top(), rect.width(), fm.height() * 1.4),
             Qt::AlignHCenter | Qt::AlignVCenter, fm.elidedText(text, Qt::ElideRight, rect.width()));
}

// The plot's rectangle once the legend's room is taken from the bottom.
QRectF above_legend(const QFontMetricsF& fm, const QRectF& rect, std::size_t entries) {
  const double h = detail::legend_height(fm, entries);
  return entries == 0 ? rect : rect.adjusted(0, 0, 0, -(h + fm.height() * 0.3));
}

void draw_polyline(QPainter& p, const Axes& ax, const std::vector<double>& x, const std::vector<double>& y,
                   const QPen& pen) {
  QPainterPath path;
  bool open = false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (!std::isfinite(y[i])) {
      open = false;
      continue;
    }
    const QPointF q = ax.map(x[i], y[i]);
    if (!open)
      path.moveTo(q);
    else
      path.lineTo(q);
    open = true;
  }
  p.setPen(pen);
  p.setBrush(Qt::NoBrush);
  p.drawPath(path);
}

// A flat signal (or one whose curves differ only by rounding) gets a readable value range rather
// than one that magnifies 1e-13 noise into the whole plot.
void widen_flat(double& lo, double& hi) {
  if (!std::isfinite(lo) || !std::isfinite(hi)) lo = 0, hi = 1;
  const double floor = std::max(1e-6, 1e-3 * std::max(std::abs(lo), std::abs(hi)));
  if (hi - lo < floor) {
    const double mid = (lo + hi) / 2, half = std::max(0.5, 0.05 * std::abs(mid));
    lo = mid - half;
    hi = mid + half;
  }
}

QString axis_word(rl::Axis a) {
  return a == rl::Axis::Cols ? QStringLiteral("columns") : QStringLiteral("rows");
}

}  // namespace

// ---- frequency response ----

std::vector<double> frequency_grid(double scale) {
  const double fmax = std::max(1.0, std::ceil(scale / 2 * 1.25 * 4) / 4);
  constexpr int kPoints = 501;
  std::vector<double> f;
  for (int i = 0; i < kPoints; ++i) f.push_back(fmax * i / (kPoints - 1));
  return f;
}

QRectF paint_frequency_plot(QPainter& p, const QRectF& rect, const QList<NamedPlan>& plans, rl::Axis axis,
                            bool db) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF fm(p.font());
  const double lw = line_width(fm);
  QList<NamedPlan> live;
  for (const NamedPlan& np : plans)
    if (np.second && np.second->kernel.fn) live.append(np);
  if (live.isEmpty()) {
    p.drawText(rect, Qt::AlignCenter, QStringLiteral("Frequency response (no plan)"));
    p.restore();
    return {};
  }
  const double s = live.front().second->table(axis).scale;
  const std::vector<double> f = frequency_grid(s);
  std::vector<std::vector<double>> curves;
  for (const NamedPlan& np : live) {
    std::vector<double> h = rl::frequency_response(*np.second, axis, f);
    if (db)
      for (double& v : h) v = 20 * std::log10(std::max(v, 1e-4));
    curves.push_back(std::move(h));
  }
  std::vector<LegendEntry> legend;
  for (int i = 0; i < live.size(); ++i) {
    const rl::AxisTable& t = live[i].second->table(axis);
    legend.push_back({QStringLiteral("%1%2").arg(
                          live[i].first, t.antialiased ? QStringLiteral(" (widened by 1/s)") : QString()),
                      series_color(i)});
  }
  const QString band = s < 1 ? QStringLiteral("aliases in the output (f > s/2)")
                             : QStringLiteral("passed as images (0.5 < f < s/2)");
  legend.push_back({band, QColor(255, 200, 120), Qt::SolidLine});
  const QRectF plot_rect = above_legend(fm, rect, legend.size());
  const double y0 = db ? -80.0 : 0.0, y1 = db ? 5.0 : 1.15;
  double ymin = y0;
  if (!db)
    for (const auto& c : curves)
      for (double v : c) ymin = std::min(ymin, v);
  const Axes ax = Axes::layout(p, plot_rect, 0.0, f.back(), ymin, y1, true);
  draw_title(p, plot_rect,
             QStringLiteral("Frequency response along the %1, s = %2")
                 .arg(axis_word(axis), QString::number(s, 'g', 4)));
  ax.draw(p, QStringLiteral("f (cycles per input pixel)"),
          db ? QStringLiteral("|H(f)| (dB)") : QStringLiteral("|H(f)|"), false);
  p.setClipRect(ax.area);
  // The band that aliases (shrinking) or images (enlarging).
  const double b0 = s < 1 ? s / 2 : 0.5, b1 = s < 1 ? f.back() : s / 2;
  if (b1 > b0)
    p.fillRect(QRectF(ax.map(b0, ax.y1), ax.map(b1, ax.y0)).normalized(), QColor(255, 200, 120, 90));
  for (std::size_t i = 0; i < curves.size(); ++i)
    draw_polyline(p, ax, f, curves[i], QPen(series_color(static_cast<int>(i)), lw * 1.3));
  const auto mark = [&](double x, const QString& label, double row) {
    if (x > f.back()) return;
    p.setPen(QPen(QColor(90, 90, 90), lw, Qt::DashLine));
    p.drawLine(ax.map(x, ax.y0), ax.map(x, ax.y1));
    p.setPen(Qt::black);
    p.drawText(ax.map(x, ax.y1) + QPointF(fm.height() * 0.2, fm.height() * (1.0 + row)), label);
  };
  mark(0.5, QStringLiteral("input Nyquist 0.5"), 0);
  if (std::abs(s / 2 - 0.5) > 1e-9)
    mark(s / 2, QStringLiteral("output Nyquist s/2 = %1").arg(s / 2, 0, 'g', 4), 1.2);
  p.setClipping(false);
  const QRectF box = detail::draw_legend_below(p, rect, legend, lw * 1.3);
  p.restore();
  return box;
}

// ---- sampling explainer ----

SamplingData sampling_data(const QList<NamedPlan>& plans, const SamplingInput& in) {
  SamplingData d;
  const int n = static_cast<int>(in.signal.size());
  if (n == 0) return d;
  std::vector<rl::Plan> used;
  for (const NamedPlan& np : plans)
    if (np.second && np.second->kernel.fn)
      used.push_back(in.test_signal ? rl::plan_for_signal(*np.second, in.axis, n) : *np.second);
  if (used.empty()) return d;
  const rl::AxisTable& t = used.front().table(in.axis);
  d.out_index = in.out_index < 0 ? t.out_size / 2 : std::clamp(in.out_index, 0, t.out_size - 1);
  if (in.whole) {
    d.x0 = -1.5;
    d.x1 = n + 0.5;
  } else {
    // A window around the output's taps (after the boundary rule) and its position u.
    const double u = plan_centre(t, d.out_index);
    double lo = u, hi = u;
    for (int k = 0; k < t.taps; ++k) {
      lo = std::min(lo, static_cast<double>(t.index_of(d.out_index)[k]));
      hi = std::max(hi, static_cast<double>(t.index_of(d.out_index)[k]));
    }
    const double half = std::max(6.0, (hi - lo) / 2 + 3);
    d.x0 = std::max(-2.5, (lo + hi) / 2 - half);
    d.x1 = std::min(n + 1.5, (lo + hi) / 2 + half);
  }
  const int samples = std::clamp(static_cast<int>((d.x1 - d.x0) * 40), 200, 4000);
  for (const rl::Plan& pl : used)
    d.rows.push_back(rl::sampling_row(pl, in.axis, in.signal, in.type, d.x0, d.x1, samples));
  return d;
}

SamplingInput test_signal_input(rl::TestSignal kind, rl::Axis axis) {
  SamplingInput in;
  in.axis = axis;
  constexpr int kSamples = 64;
  in.signal = rl::test_signal(kind, kSamples);
  in.test_signal = true;
  in.whole = true;
  in.what = kind == rl::TestSignal::Step      ? QStringLiteral("step edge")
            : kind == rl::TestSignal::Impulse ? QStringLiteral("impulse")
                                              : QStringLiteral("chirp (0.02 to 0.75 c/px)");
  return in;
}

SamplingInput sampling_input(const rl::Image& source, const rl::Plan& ref, int out_row, int out_col,
                             rl::Axis axis, int channel) {
  SamplingInput in;
  in.axis = axis;
  if (ref.in_rows != source.rows() || ref.in_cols != source.cols() || source.empty()) return in;
  const rl::Axis other_axis = axis == rl::Axis::Cols ? rl::Axis::Rows : rl::Axis::Cols;
  const rl::AxisTable& other = ref.table(other_axis);
  const int other_out = axis == rl::Axis::Cols ? out_row : out_col;
  const int this_out = axis == rl::Axis::Cols ? out_col : out_row;
  if (other_out < 0 || this_out < 0 || other_out >= other.out_size || this_out >= ref.table(axis).out_size)
    return in;
  // The source line through the pixel's centre: the plan's u on the other axis, to the nearest line.
  const double pos = plan_centre(other, other_out);
  const int line = std::clamp(static_cast<int>(std::floor(pos + 0.5)), 0, other.in_size - 1);
  const int ch = std::clamp(channel, 0, source.channels() - 1);
  const int n = ref.table(axis).in_size;
  in.signal.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i)
    in.signal.push_back(axis == rl::Axis::Cols ? source.at(line, i, ch) : source.at(i, line, ch));
  in.type = source.type();
  in.out_index = this_out;
  in.what = QStringLiteral("source %1 %2%3")
                .arg(axis == rl::Axis::Cols ? QStringLiteral("row") : QStringLiteral("column"))
                .arg(line)
                .arg(source.channels() > 1 ? QStringLiteral(", channel %1").arg(ch + 1) : QString());
  return in;
}

namespace {

// One entry for the samples, one per plan with a kernel. `long_names`: each says what it shows; else
// the panes' names alone (the canvas's tooltip says what the curves and dots are).
std::vector<LegendEntry> sampling_legend(const QList<NamedPlan>& plans, bool long_names) {
  std::vector<LegendEntry> legend;
  legend.push_back({QStringLiteral("source samples p_i"), QColor(60, 60, 60), Qt::NoPen, true});
  int i = 0;
  for (const NamedPlan& np : plans)
    if (np.second && np.second->kernel.fn) {
      const QString name = long_names ? QStringLiteral("%1: f(x) and its outputs").arg(np.first) : np.first;
      legend.push_back({name, series_color(i++), Qt::SolidLine, true});
    }
  return legend;
}

// The frame's height in `rect_h` under a legend `legend_h` high.
double frame_height(const QFontMetricsF& fm, double rect_h, double legend_h) {
  return rect_h - legend_h - fm.height() * 0.3 - Axes::top_margin(fm, true) - Axes::bottom_margin(fm);
}

}  // namespace

double sampling_min_height(const QFontMetricsF& fm) { return std::max(100.0, 7 * fm.height()); }

double sampling_plot_min_height(const QFontMetricsF& fm, double width, const QList<NamedPlan>& plans) {
  const double legend_h = detail::legend_flow_height(fm, sampling_legend(plans, false), width);
  return std::ceil(sampling_min_height(fm) - frame_height(fm, 0, legend_h));
}

QRectF paint_sampling_plot(QPainter& p, const QRectF& rect, const QList<NamedPlan>& plans,
                           const SamplingInput& in, QRectF* plot_area, QString* title) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF fm(p.font());
  const double lw = line_width(fm);
  const SamplingData d = sampling_data(plans, in);
  if (d.rows.empty()) {
    p.drawText(rect, Qt::AlignCenter, QStringLiteral("Sampling (no plan)"));
    p.restore();
    return {};
  }
  // Below the plot, one entry a line, while that leaves the frame its height (an exported figure
  // has room for it); else flowing, entries side by side.
  std::vector<LegendEntry> legend = sampling_legend(plans, true);
  const bool flow =
      frame_height(fm, rect.height(), detail::legend_height(fm, legend.size())) < sampling_min_height(fm);
  if (flow) legend = sampling_legend(plans, false);
  const QRectF plot_rect =
      flow ? rect.adjusted(0, 0, 0,
                           -(detail::legend_flow_height(fm, legend, rect.width()) + fm.height() * 0.3))
           : above_legend(fm, rect, legend.size());
  const int n = static_cast<int>(in.signal.size());
  double ymin = std::numeric_limits<double>::infinity(), ymax = -ymin;
  const auto take = [&](double v) {
    if (std::isfinite(v)) ymin = std::min(ymin, v), ymax = std::max(ymax, v);
  };
  for (int i = std::max(0, static_cast<int>(std::ceil(d.x0))); i <= std::min(n - 1, static_cast<int>(d.x1));
       ++i)
    take(in.signal[static_cast<std::size_t>(i)]);
  for (const rl::SamplingRow& r : d.rows) {
    for (double v : r.curve) take(v);
    for (std::size_t o = 0; o < r.u.size(); ++o)
      if (r.u[o] >= d.x0 && r.u[o] <= d.x1) take(r.value[o]);
  }
  widen_flat(ymin, ymax);
  const double pad = (ymax - ymin) * 0.1;
  const Axes ax = Axes::layout(p, plot_rect, d.x0, d.x1, ymin - pad, ymax + pad, true);
  const rl::SamplingRow& ref = d.rows.front();
  // Short enough for the Sampling dock at the window's default size: the source line names the
  // axis; a test signal says it.
  const QString heading =
      QStringLiteral("%1%2: output %3 at u = %4")
          .arg(in.what.left(1).toUpper() + in.what.mid(1),
               in.test_signal ? QStringLiteral(" along the ") + axis_word(in.axis) : QString())
          .arg(d.out_index)
          .arg(ref.u[static_cast<std::size_t>(d.out_index)], 0, 'g', 6);
  draw_title(p, plot_rect, heading);
  if (title) *title = heading;
  if (plot_area) *plot_area = ax.area;
  ax.draw(p, QStringLiteral("input position (0-based pixels)"), QStringLiteral("value"), true);
  p.setClipRect(ax.area.adjusted(-lw * 4, -lw * 4, lw * 4, lw * 4));
  // The chosen output's position.
  const double uo = ref.u[static_cast<std::size_t>(d.out_index)];
  p.setPen(QPen(QColor(120, 120, 120), lw, Qt::DashLine));
  p.drawLine(ax.map(uo, ax.y0), ax.map(uo, ax.y1));
  // Source samples as stems from the bottom of the plot.
  const double r = std::max(2.0, fm.height() / 5);
  const double base = std::clamp(0.0, ax.y0, ax.y1);
  for (int i = std::max(0, static_cast<int>(std::ceil(d.x0))); i <= std::min(n - 1, static_cast<int>(d.x1));
       ++i) {
    const double v = in.signal[static_cast<std::size_t>(i)];
    p.setPen(QPen(QColor(150, 150, 150), lw));
    p.drawLine(ax.map(i, base), ax.map(i, v));
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(60, 60, 60));
    p.drawEllipse(ax.map(i, v), r, r);
  }
  for (std::size_t k = 0; k < d.rows.size(); ++k) {
    const rl::SamplingRow& row = d.rows[k];
    const QColor c = series_color(static_cast<int>(k));
    draw_polyline(p, ax, row.x, row.curve, QPen(c, lw * 1.3));
    p.setPen(QPen(Qt::white, lw * 0.6));
    p.setBrush(c);
    for (std::size_t o = 0; o < row.u.size(); ++o)
      if (row.u[o] >= d.x0 && row.u[o] <= d.x1)
        p.drawEllipse(ax.map(row.u[o], row.value[o]), r * 1.2, r * 1.2);
  }
  // The output sample positions as marks on the x axis.
  p.setClipping(false);
  p.setPen(Qt::NoPen);
  p.setBrush(QColor(40, 40, 40));
  for (const double u : ref.u)
    if (u >= d.x0 && u <= d.x1) {
      const QPointF a = ax.map(u, ax.y0);
      QPolygonF tri;
      tri << a << a + QPointF(-r, r * 1.8) << a + QPointF(r, r * 1.8);
      p.drawPolygon(tri);
    }
  const QRectF box = flow ? detail::draw_legend_flow(p, rect, legend, lw * 1.3)
                          : detail::draw_legend_below(p, rect, legend, lw * 1.3);
  p.restore();
  return box;
}

// ---- line profile ----

QList<NamedProfile> profiles_along(const QList<ProfilePane>& panes, const QLineF& line) {
  QList<NamedProfile> out;
  for (const ProfilePane& p : panes) {
    if (!p.image || !p.plan || p.image->empty()) continue;
    const double r0 = rl::output_position(p.plan->rows, line.y1()),
                 c0 = rl::output_position(p.plan->cols, line.x1());
    const double r1 = rl::output_position(p.plan->rows, line.y2()),
                 c1 = rl::output_position(p.plan->cols, line.x2());
    out.append({p.name, rl::line_profile(*p.image, r0, c0, r1, c1)});
  }
  return out;
}

QString describe_line(const QLineF& line) {
  return QStringLiteral("(%1, %2) to (%3, %4) in source pixels (row, column)")
      .arg(line.y1(), 0, 'f', 1)
      .arg(line.x1(), 0, 'f', 1)
      .arg(line.y2(), 0, 'f', 1)
      .arg(line.x2(), 0, 'f', 1);
}

double profile_value_at(const rl::LineProfile& lp, double t, int channel) {
  if (lp.t.empty()) return std::numeric_limits<double>::quiet_NaN();
  const auto it = std::lower_bound(lp.t.begin(), lp.t.end(), t);
  std::size_t k = static_cast<std::size_t>(it - lp.t.begin());
  if (k == lp.t.size() || (k > 0 && t - lp.t[k - 1] < lp.t[k] - t)) k = k == 0 ? 0 : k - 1;
  return channel < 0 ? lp.luma[k] : lp.at(k, std::min(channel, lp.channels - 1));
}

QRectF paint_profile_plot(QPainter& p, const QRectF& rect, const QList<NamedProfile>& profiles, double length,
                          int channel, std::optional<double> cursor, const QString& what, QRectF* plot_area) {
  p.save();
  p.setRenderHint(QPainter::Antialiasing, true);
  const QFontMetricsF fm(p.font());
  const double lw = line_width(fm);
  if (profiles.isEmpty()) {
    p.drawText(rect, Qt::AlignCenter, QStringLiteral("Line profile (no line)"));
    p.restore();
    return {};
  }
  std::vector<LegendEntry> legend;
  double ymin = std::numeric_limits<double>::infinity(), ymax = -ymin;
  std::vector<std::vector<double>> xs, ys;
  for (int i = 0; i < profiles.size(); ++i) {
    const rl::LineProfile& lp = profiles[i].profile;
    std::vector<double> x, y;
    for (std::size_t k = 0; k < lp.t.size(); ++k) {
      x.push_back(lp.t[k] * length);
      y.push_back(channel < 0 ? lp.luma[k] : lp.at(k, std::min(channel, lp.channels - 1)));
      if (std::isfinite(y.back())) ymin = std::min(ymin, y.back()), ymax = std::max(ymax, y.back());
    }
    xs.push_back(std::move(x));
    ys.push_back(std::move(y));
    QString name = profiles[i].name;
    if (cursor) name += QStringLiteral(": %1").arg(profile_value_at(lp, *cursor, channel), 0, 'g', 6);
    legend.push_back({name, series_color(i)});
  }
  widen_flat(ymin, ymax);
  const double pad = (ymax - ymin) * 0.08;
  const QRectF plot_rect = above_legend(fm, rect, legend.size());
  const Axes ax = Axes::layout(p, plot_rect, 0.0, std::max(length, 1e-9), ymin - pad, ymax + pad, true);
  if (plot_area) *plot_area = ax.area;
  draw_title(p, plot_rect, QStringLiteral("Line profile: %1").arg(what));
  ax.draw(p, QStringLiteral("position along the line (source pixels)"),
          channel < 0 ? QStringLiteral("luminance") : QStringLiteral("channel %1").arg(channel + 1), false);
  p.setClipRect(ax.area);
  for (std::size_t i = 0; i < xs.size(); ++i) {
    draw_polyline(p, ax, xs[i], ys[i], QPen(series_color(static_cast<int>(i)), lw * 1.3));
    if (xs[i].size() <= 200) {  // the points themselves while they can be told apart
      p.setPen(Qt::NoPen);
      p.setBrush(series_color(static_cast<int>(i)));
      for (std::size_t k = 0; k < xs[i].size(); ++k)
        p.drawEllipse(ax.map(xs[i][k], ys[i][k]), lw * 1.6, lw * 1.6);
    }
  }
  if (cursor) {
    p.setPen(QPen(QColor(90, 90, 90), lw, Qt::DashLine));
    p.drawLine(ax.map(*cursor * length, ax.y0), ax.map(*cursor * length, ax.y1));
  }
  p.setClipping(false);
  const QRectF box = detail::draw_legend_below(p, rect, legend, lw * 1.3);
  p.restore();
  return box;
}

}  // namespace rl::ui
