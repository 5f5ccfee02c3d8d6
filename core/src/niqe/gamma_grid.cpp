// The AGGD fit's grid and its argmin (gamma_grid.hpp).
#include "gamma_grid.hpp"

#include <algorithm>
#include <cmath>

namespace rl::niqe_detail {

const GammaGrid& gamma_grid() {
  static const GammaGrid grid = [] {
    GammaGrid g;
    const double a = 0.2, d = 0.001, b = 10.0;
    const int n = 9800;
    for (int k = 0; k <= n; ++k) g.gam.push_back(k <= n / 2 ? a + k * d : b - (n - k) * d);
    for (const double v : g.gam) {
      const double g2 = std::tgamma(2.0 / v);
      g.r_gam.push_back((g2 * g2) / (std::tgamma(1.0 / v) * std::tgamma(3.0 / v)));
    }
    g.increasing = std::adjacent_find(g.r_gam.begin(), g.r_gam.end(),
                                      [](double p, double q) { return !(p < q); }) == g.r_gam.end();
    return g;
  }();
  return grid;
}

namespace {

double err(const GammaGrid& g, std::size_t k, double x) {
  const double d = g.r_gam[k] - x;
  return d * d;
}

}  // namespace

std::size_t grid_argmin_linear(const GammaGrid& g, double x) {
  std::size_t pos = 0;
  bool found = false;
  double best = 0.0;
  for (std::size_t k = 0; k < g.r_gam.size(); ++k) {
    const double e = err(g, k, x);
    if (!std::isnan(e) && (!found || e < best)) {
      best = e;
      pos = k;
      found = true;
    }
  }
  return pos;
}

std::size_t grid_argmin(const GammaGrid& g, double x) {
  const std::size_t n = g.r_gam.size();
  if (!g.increasing || !std::isfinite(x)) return grid_argmin_linear(g, x);
  const std::size_t j =
      static_cast<std::size_t>(std::lower_bound(g.r_gam.begin(), g.r_gam.end(), x) - g.r_gam.begin());
  const std::size_t lo = j >= 2 ? j - 2 : 0, hi = std::min(n - 1, j + 2);
  std::size_t pos = lo;
  double best = err(g, lo, x);
  for (std::size_t k = lo + 1; k <= hi; ++k)
    if (err(g, k, x) < best) {
      best = err(g, k, x);
      pos = k;
    }
  // Every earlier value is at least the one just before lo, every later one at least the one just
  // after hi: if those do not bound the minimum (a tie to the left, a smaller one to the right), scan.
  if ((lo > 0 && !(err(g, lo - 1, x) > best)) || (hi + 1 < n && err(g, hi + 1, x) < best))
    return grid_argmin_linear(g, x);
  return pos;
}

}  // namespace rl::niqe_detail
