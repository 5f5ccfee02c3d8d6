// Mean squared error and the two PSNR forms of the super-resolution scripts.
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "rl/metrics.hpp"

namespace rl {

namespace {

template <class A, class B>
double sum_squared(const A* a, const B* b, std::size_t n) {
  double s = 0.0;
  for (std::size_t i = 0; i < n; ++i) {
    const double d = static_cast<double>(a[i]) - static_cast<double>(b[i]);
    s += d * d;
  }
  return s;
}

}  // namespace

double mean_squared_error(const Image& a, const Image& b) {
  return sum_squared_error(a, b) / static_cast<double>(a.elements());
}

double sum_squared_error(const Image& a, const Image& b) {
  if (!a.same_shape(b) || a.empty())
    throw std::invalid_argument("mean squared error needs two non-empty images of one shape, got " +
                                std::to_string(a.rows()) + "x" + std::to_string(a.cols()) + "x" +
                                std::to_string(a.channels()) + " and " + std::to_string(b.rows()) + "x" +
                                std::to_string(b.cols()) + "x" + std::to_string(b.channels()));
  return visit_elem_type(a.type(), [&](auto ta) {
    return visit_elem_type(b.type(), [&](auto tb) {
      return sum_squared(a.data<decltype(ta)>(), b.data<decltype(tb)>(), a.elements());
    });
  });
}

double psnr_from_mse(double mse, double peak) {
  if (mse == 0.0) return std::numeric_limits<double>::infinity();
  return 10.0 * std::log10(peak * peak / mse);
}

double psnr_from_rmse(double mse, double peak) {
  if (mse == 0.0) return std::numeric_limits<double>::infinity();
  return 20.0 * std::log10(peak / std::sqrt(mse));
}

}  // namespace rl
