// Why NIQE's distance could not be computed, named by its cause (niqe/distance_fault.hpp).
#include "distance_fault.hpp"

#include <cmath>
#include <cstddef>
#include <sstream>

namespace rl::niqe_detail {

namespace {

std::string number_text(double v) {
  if (std::isnan(v)) return "NaN";  // not the library's "-nan" or "nan(ind)"
  std::ostringstream m;
  m.precision(6);
  m << v;
  return m.str();
}

}  // namespace

std::string distance_fault(double q, const std::vector<double>& d, const std::vector<double>& inv) {
  const std::string head = "the NIQE distance is not a finite non-negative number (" + number_text(q) + "): ";
  if (q < 0.0) return head + "the model's covariance is not positive semi-definite";
  const auto largest = [](const std::vector<double>& v) {
    std::size_t k = 0;
    for (std::size_t i = 0; i < v.size(); ++i)
      if (!std::isfinite(v[i]) || std::abs(v[i]) > std::abs(v[k])) {
        k = i;
        if (!std::isfinite(v[i])) break;
      }
    return k;
  };
  const std::size_t j = largest(d), k = largest(inv);
  const std::string dj = " (the model's mean minus the image's mean features: " + number_text(d[j]) +
                         " at feature " + std::to_string(j + 1) + ")";
  if (!std::isfinite(d[j])) return head + "the model's mean is out of range" + dj;
  if (!std::isfinite(inv[k]))
    return head +
           "the model's covariance is out of range (the pseudo-inverse of the averaged covariances "
           "overflows)";
  // d' * inv * d overflowed from finite factors: the larger of |d|^2 and |inv| is the fault.
  if (d[j] * d[j] >= std::abs(inv[k]))
    return head + "the model's mean is out of range, d * inv(cov) * d' overflows" + dj;
  return head +
         "the model's covariance is out of range, d * inv(cov) * d' overflows (the pseudo-inverse "
         "of the averaged covariances reaches " +
         number_text(inv[k]) + ")";
}

}  // namespace rl::niqe_detail
