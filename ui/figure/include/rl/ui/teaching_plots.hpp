// QPainter drawing of the teaching plots: the sampling explainer, each pane's frequency response, the
// line profile and the worked example as cells. Shared by the docks and the exported figures; every
// number is read from the plan or computed by core (rl/teaching.hpp, rl/worked_example.hpp).
#pragma once

#include <QFontMetricsF>
#include <QLineF>
#include <QList>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <memory>
#include <optional>
#include <vector>

#include "rl/teaching.hpp"
#include "rl/ui/plots.hpp"
#include "rl/worked_example.hpp"

namespace rl::ui {

// |H(f)| of each plan's effective filter along `axis` (rl::frequency_response), f from 0 to at
// least 1 cycle per input pixel; the input Nyquist 0.5 and the output Nyquist s/2 marked, and the
// band that aliases (f > s/2 when shrinking) or images (0.5 < f < s/2 when enlarging) shaded.
// `db`: 20 log10 |H|, clipped at -80 dB. Returns the legend's rectangle.
QRectF paint_frequency_plot(QPainter& p, const QRectF& rect, const QList<NamedPlan>& plans, rl::Axis axis,
                            bool db);
// The frequencies paint_frequency_plot samples for this scale.
std::vector<double> frequency_grid(double scale);

// What the sampling explainer shows: the 1-D line a pass reads and where to centre.
struct SamplingInput {
  std::vector<double> signal;  // one source row (axis Cols) or column (axis Rows), or a test signal
  rl::ElemType type = rl::ElemType::F64;
  rl::Axis axis = rl::Axis::Cols;
  int out_index = -1;        // the output sample to centre on (-1: the middle)
  bool test_signal = false;  // the plans are rebuilt for the signal's length (rl::plan_for_signal)
  bool whole = false;        // show the whole signal rather than a window around out_index
  QString what;              // e.g. "row 12, channel 1"
};
// Per plan, what is drawn: the curve, the output positions and the pass values (rl::sampling_row);
// x0, x1 give the window.
struct SamplingData {
  double x0 = 0, x1 = 1;
  int out_index = 0;
  std::vector<rl::SamplingRow> rows;  // one per plan, same order
};
SamplingData sampling_data(const QList<NamedPlan>& plans, const SamplingInput& in);
// The source line through output pixel (out_row, out_col) of `ref`: the row (axis Cols) or column
// (axis Rows) nearest the pixel's centre on the other axis (the plan's u there). Empty signal when the
// pixel or the source does not fit the plan.
SamplingInput sampling_input(const rl::Image& source, const rl::Plan& ref, int out_row, int out_col,
                             rl::Axis axis, int channel);
// A test signal of 64 samples for the explainer (the plans are rebuilt for it).
SamplingInput test_signal_input(rl::TestSignal kind, rl::Axis axis);
// Source samples as stems, each pane's rebuilt curve f(x) = sum h(x - i) p_i / sum h(x - i), the
// output positions u as marks on the x axis and each pane's pass values as dots on its curve. The
// legend goes below the plot while that leaves the plot sampling_min_height(fm) (an exported figure
// has room for it), else beside it where the width allows. Returns the legend's rectangle; with
// `plot_area` the axes' frame, with `title` the title in full (it is elided to the width).
QRectF paint_sampling_plot(QPainter& p, const QRectF& rect, const QList<NamedPlan>& plans,
                           const SamplingInput& in, QRectF* plot_area = nullptr, QString* title = nullptr);
// The height below which the sampling plot's frame is too flat to read, in the painter's font.
double sampling_min_height(const QFontMetricsF& fm);
// The least rectangle height at `width` in which paint_sampling_plot gives its frame
// sampling_min_height (with the legend it draws then), for a widget's minimum size.
double sampling_plot_min_height(const QFontMetricsF& fm, double width, const QList<NamedPlan>& plans);

// Values along a line in each pane (rl::line_profile), against the position along the line in
// source pixels; channel -1 is the luminance. `cursor` (0..1 along the line) adds a vertical line
// and each curve's value there in the legend.
struct NamedProfile {
  QString name;
  rl::LineProfile profile;
};
// One pane for the profile: its result and the plan that made it (for the coordinate mapping).
struct ProfilePane {
  QString name;
  std::shared_ptr<const rl::Image> image;
  std::shared_ptr<const rl::Plan> plan;
};
// Each pane's profile of `line` (source coordinates, pixel centres at integers, x = column): its
// endpoints mapped by rl::output_position on both axes, then rl::line_profile of its result.
QList<NamedProfile> profiles_along(const QList<ProfilePane>& panes, const QLineF& line);
// The profile plot's description of a line, e.g. "(4.0, 2.0) to (4.0, 12.0) in source pixels (row, column)".
QString describe_line(const QLineF& line);
QRectF paint_profile_plot(QPainter& p, const QRectF& rect, const QList<NamedProfile>& profiles, double length,
                          int channel, std::optional<double> cursor, const QString& what,
                          QRectF* plot_area = nullptr);
// The value a profile shows at fraction t of the line (the nearest of its points).
double profile_value_at(const rl::LineProfile& lp, double t, int channel);

// The worked example as cells: per pass and tap, the source index after the boundary rule, the
// value, the weight (the Plan's number, over a bar) and the product; then the sum, the rounding and
// the final value. Lays itself out to `rect`'s width (first-pass rows shrink to fit); returns the
// height it used.
double paint_worked_cells(QPainter& p, const QRectF& rect, const rl::WorkedExample& w, const rl::Plan& plan,
                          const QString& title);
// The height paint_worked_cells needs at `width`.
double worked_cells_height(const QFontMetricsF& fm, const rl::WorkedExample& w, double width);

}  // namespace rl::ui
