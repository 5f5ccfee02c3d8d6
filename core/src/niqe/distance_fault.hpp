// The one-line reason a NIQE distance is not a finite non-negative number.
#pragma once

#include <string>
#include <vector>

namespace rl::niqe_detail {

// Why q = d * inv * d' (d = the model's mean minus the image's mean features, inv the pseudo-inverse of
// the averaged covariances) is not a finite non-negative number. The model and the features are finite
// (checked when they are made), so anything but a negative q (a covariance that is not positive
// semi-definite) is an overflow, and that has its own cause: a mean or a covariance far outside the
// features' scale. The message names which.
std::string distance_fault(double q, const std::vector<double>& d, const std::vector<double>& inv);

}  // namespace rl::niqe_detail
