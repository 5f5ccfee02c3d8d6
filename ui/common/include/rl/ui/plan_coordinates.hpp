// The one coordinate convention every teaching dock, plot label and figure prints (docs/VIEWER.md,
// "Coordinates"): 0-based, input pixel i's centre at i, output o's position on the input axis
// u = (o + 0.5) / scale - 0.5, taps the 0-based input indices after the boundary rule. The Plan's
// AxisTable keeps MATLAB's 1-based u; this is the only place it is converted.
#pragma once

#include <cstddef>

#include "rl/plan.hpp"

namespace rl::ui {

// A u as the Plan (and core's WorkedStep) keep it, 1-based, in the convention: less one.
inline double centre_from_plan_u(double plan_u) { return plan_u - 1.0; }
// Output `out`'s position on the input axis of `t`, 0-based.
inline double plan_centre(const rl::AxisTable& t, int out) {
  return centre_from_plan_u(t.u[static_cast<std::size_t>(out)]);
}

}  // namespace rl::ui
