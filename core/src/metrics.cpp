// Difference statistics and maps used by the viewer, the tests and the command.
#include "rl/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "rl/image_ops.hpp"

namespace rl {

double peak_value(ElemType t) {
  // Integers: the class's range (max - min, so int16's is 65535); floats and logical: 1.
  return is_integer(t) ? info(t).max - info(t).min : 1.0;
}

static void require_same_shape(const Image& a, const Image& b) {
  if (!a.same_shape(b))
    throw std::invalid_argument("images differ in shape: " + std::to_string(a.rows()) + "x" +
                                std::to_string(a.cols()) + "x" + std::to_string(a.channels()) + " vs " +
                                std::to_string(b.rows()) + "x" + std::to_string(b.cols()) + "x" +
                                std::to_string(b.channels()));
}

void NonFiniteCount::add(double v) {
  if (std::isnan(v))
    ++nan;
  else if (v == std::numeric_limits<double>::infinity())
    ++pos_inf;
  else if (v == -std::numeric_limits<double>::infinity())
    ++neg_inf;
}

NonFiniteCount count_non_finite(const Image& img) {
  NonFiniteCount n;
  if (!is_floating(img.type())) return n;  // integers and logical are always finite
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c)
      for (int k = 0; k < img.channels(); ++k) n.add(img.at(r, c, k));
  return n;
}

double data_difference(double x, double y) {
  if (x == y || (std::isnan(x) && std::isnan(y))) return 0.0;
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  return x - y;
}

DiffStats diff_stats(const Image& a, const Image& b) {
  require_same_shape(a, b);
  DiffStats s;
  s.pixels = static_cast<std::size_t>(a.rows()) * a.cols();
  double sum_abs = 0.0, sum_sq = 0.0;
  const int ch = a.channels();
  for (int r = 0; r < a.rows(); ++r)
    for (int c = 0; c < a.cols(); ++c) {
      bool differs = false;
      for (int k = 0; k < ch; ++k) {
        const double x = a.at(r, c, k), y = b.at(r, c, k);
        s.non_finite_a.add(x);
        s.non_finite_b.add(y);
        const double d = std::abs(data_difference(x, y));
        if (d != 0.0) differs = true;  // NaN != 0 too
        if (!std::isfinite(x) || !std::isfinite(y)) {
          ++s.non_finite;
          continue;
        }
        ++s.finite_pairs;
        if (d > s.max_abs) s.max_abs = d;
        sum_abs += d;
        sum_sq += d * d;
      }
      if (differs) ++s.differing;
    }
  const double n = static_cast<double>(s.finite_pairs);
  s.mean_abs = n > 0 ? sum_abs / n : 0.0;
  const double mse = n > 0 ? sum_sq / n : 0.0;
  s.psnr = psnr_from_mse(mse, peak_value(a.type()));
  return s;
}

Image diff_map(const Image& a, const Image& b, DiffMode mode, int channel) {
  require_same_shape(a, b);
  if (channel >= a.channels()) throw std::invalid_argument("channel out of range");
  Image out(a.rows(), a.cols(), 1, ElemType::F64);
  double* d = out.data<double>();
  // NaN outranks everything, then magnitude (±inf above any finite value).
  auto outranks = [](double x, double v) {
    return !std::isnan(v) && (std::isnan(x) || std::abs(x) > std::abs(v));
  };
  for (int r = 0; r < a.rows(); ++r)
    for (int c = 0; c < a.cols(); ++c) {
      double v = 0.0;
      if (mode == DiffMode::AbsChannel || (mode == DiffMode::Signed && channel >= 0)) {
        const int k = channel < 0 ? 0 : channel;
        const double x = data_difference(a.at(r, c, k), b.at(r, c, k));
        v = mode == DiffMode::Signed ? x : std::abs(x);
      } else {
        for (int k = 0; k < a.channels(); ++k) {
          const double x = data_difference(a.at(r, c, k), b.at(r, c, k));
          if (outranks(x, v)) v = x;
        }
        if (mode == DiffMode::AbsMaxChannel) v = std::abs(v);
      }
      d[static_cast<std::size_t>(r) * a.cols() + c] = v;
    }
  return out;
}

double max_abs_finite(const Image& img) {
  const auto r = finite_range(img);
  return r ? std::max(std::abs(r->first), std::abs(r->second)) : 0.0;
}

}  // namespace rl
