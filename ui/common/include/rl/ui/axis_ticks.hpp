// Tick positions and label precision for the plot axes and the colour bars: one rule for both.
#pragma once

#include <vector>

namespace rl::ui {

// 1, 2 or 5 times a power of ten, giving about `count` intervals over `span` (1 when span <= 0).
double nice_step(double span, int count);
// Decimals that show a multiple of `step` exactly (0 for steps of 1 and more).
int tick_decimals(double step);
// The multiples of `step` from lo to hi (both inclusive, up to 1e-9 of a step); a tick within 1e-9
// of a step from zero is exactly 0, so no label reads "-0".
std::vector<double> ticks(double lo, double hi, double step);

}  // namespace rl::ui
