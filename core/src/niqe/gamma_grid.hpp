// estimateaggdparam.m's grid: gam = 0.2:0.001:10, r_gam, and MATLAB's [~, k] = min((r_gam - x).^2).
#pragma once

#include <cstddef>
#include <vector>

namespace rl::niqe_detail {

struct GammaGrid {
  std::vector<double> gam, r_gam;
  bool increasing = false;  // r_gam strictly increasing, as the function is: grid_argmin may bisect
};
// gam as MATLAB's colon makes it (the first half counted up from 0.2, the second down from 10), and
// r_gam = gamma(2./gam).^2 ./ (gamma(1./gam) .* gamma(3./gam)).
const GammaGrid& gamma_grid();

// min()'s index: the first smallest (r_gam[k] - x)^2 that is not NaN; 0 when every one is NaN.
std::size_t grid_argmin_linear(const GammaGrid& g, double x);
// The same index: bisection to the crossing, then a few neighbours, checked to bound the rest
// ((r_gam - x)^2 falls, then rises, along an increasing r_gam); the linear scan where it cannot tell.
std::size_t grid_argmin(const GammaGrid& g, double x);

}  // namespace rl::niqe_detail
