// Jacobi eigen-decomposition and the pseudo-inverse built on it (niqe/linalg.hpp).
#include "linalg.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rl::niqe_detail {

void eigen_symmetric(const std::vector<double>& a_in, int n, std::vector<double>& values,
                     std::vector<double>& vectors) {
  std::vector<double> a = a_in;
  vectors.assign(static_cast<std::size_t>(n) * n, 0.0);
  for (int i = 0; i < n; ++i) vectors[static_cast<std::size_t>(i) * n + i] = 1.0;
  const auto at = [&](std::vector<double>& m, int i, int j) -> double& {
    return m[static_cast<std::size_t>(i) * n + j];
  };
  for (int sweep = 0; sweep < 100; ++sweep) {
    double off = 0.0, diag = 0.0;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) (i == j ? diag : off) += at(a, i, j) * at(a, i, j);
    if (off <= std::numeric_limits<double>::epsilon() * std::numeric_limits<double>::epsilon() * diag) break;
    for (int p = 0; p < n - 1; ++p)
      for (int q = p + 1; q < n; ++q) {
        const double apq = at(a, p, q);
        if (apq == 0.0) continue;
        const double theta = (at(a, q, q) - at(a, p, p)) / (2.0 * apq);
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), s = t * c;
        for (int k = 0; k < n; ++k) {  // columns p and q
          const double akp = at(a, k, p), akq = at(a, k, q);
          at(a, k, p) = c * akp - s * akq;
          at(a, k, q) = s * akp + c * akq;
        }
        for (int k = 0; k < n; ++k) {  // rows p and q
          const double apk = at(a, p, k), aqk = at(a, q, k);
          at(a, p, k) = c * apk - s * aqk;
          at(a, q, k) = s * apk + c * aqk;
        }
        for (int k = 0; k < n; ++k) {
          const double vkp = at(vectors, k, p), vkq = at(vectors, k, q);
          at(vectors, k, p) = c * vkp - s * vkq;
          at(vectors, k, q) = s * vkp + c * vkq;
        }
      }
  }
  values.resize(n);
  for (int i = 0; i < n; ++i) values[i] = at(a, i, i);
}

std::vector<double> pinv_symmetric(const std::vector<double>& a, int n) {
  std::vector<double> lambda, q;
  eigen_symmetric(a, n, lambda, q);
  double smax = 0.0;
  for (const double l : lambda) smax = std::max(smax, std::abs(l));
  // eps(x): the distance from x to the next larger double.
  const double eps_norm =
      smax > 0 ? std::nextafter(smax, std::numeric_limits<double>::infinity()) - smax : 0.0;
  const double tol = n * eps_norm;
  std::vector<double> x(static_cast<std::size_t>(n) * n, 0.0);
  for (int k = 0; k < n; ++k) {
    if (!(std::abs(lambda[k]) > tol)) continue;
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j)
        x[static_cast<std::size_t>(i) * n + j] +=
            q[static_cast<std::size_t>(i) * n + k] * q[static_cast<std::size_t>(j) * n + k] / lambda[k];
  }
  return x;
}

}  // namespace rl::niqe_detail
