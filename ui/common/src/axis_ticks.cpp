// Nice tick steps and positions shared by the kernel and stem plots and the colour bars.
#include "rl/ui/axis_ticks.hpp"

#include <algorithm>
#include <cmath>

namespace rl::ui {

double nice_step(double span, int count) {
  if (!(span > 0)) return 1.0;
  const double raw = span / std::max(count, 1);
  const double mag = std::pow(10.0, std::floor(std::log10(raw)));
  const double n = raw / mag;
  return (n < 1.5 ? 1.0 : n < 3.5 ? 2.0 : n < 7.5 ? 5.0 : 10.0) * mag;
}

int tick_decimals(double step) { return std::max(0, static_cast<int>(-std::floor(std::log10(step) + 1e-9))); }

std::vector<double> ticks(double lo, double hi, double step) {
  std::vector<double> out;
  if (!(step > 0) || !(hi >= lo)) return out;
  for (double v = std::ceil(lo / step - 1e-9) * step; v <= hi + 1e-9 * step; v += step)
    out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  return out;
}

}  // namespace rl::ui
