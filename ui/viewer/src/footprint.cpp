// footprint_of: the taps' span read from the plan's index tables.
#include "rl/ui/footprint.hpp"

#include <algorithm>
#include <cstdint>
#include <utility>

#include "rl/ui/plan_coordinates.hpp"

namespace rl::ui {

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
  // In the view's pixel-edge coordinates: the 0-based centre plus half a pixel.
  const QPointF centre(plan_centre(plan.cols, out_col) + 0.5, plan_centre(plan.rows, out_row) + 0.5);
  return Footprint{QRectF(QPointF(x0, y0), QPointF(x1, y1)), centre};
}

}  // namespace rl::ui
