// ResizeSpec: what the caller asks for (scale or output size, method, antialiasing, boundary).
#pragma once

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "rl/kernels.hpp"

namespace rl {

// How taps that fall outside the image are mapped back.
//  Modern: MATLAB R2015b and later, mirror-symmetric (... 2 1 | 1 2 ... n | n n-1 ...).
//  Legacy: older MATLAB, clamp to the edge pixel (used for the classic Set5/Set14 LR images).
enum class Boundary { Modern, Legacy };
std::string to_string(Boundary b);
std::optional<Boundary> parse_boundary(std::string_view s);

struct ResizeSpec {
  // Exactly one of scale / out_size must be set. scale = {rows, cols}; out_size = {rows, cols}
  // where one side may be NaN to keep the aspect ratio.
  std::optional<std::pair<double, double>> scale;
  std::optional<std::pair<double, double>> out_size;
  Method method = Method::Bicubic;
  Kernel custom;                     // used when method == Method::Custom
  std::optional<bool> antialiasing;  // unset: MATLAB default (on, except for nearest)
  Boundary boundary = Boundary::Modern;

  static ResizeSpec with_scale(double s, Method m = Method::Bicubic) {
    ResizeSpec r;
    r.scale = {{s, s}};
    r.method = m;
    return r;
  }
  static ResizeSpec with_scale(double sr, double sc, Method m = Method::Bicubic) {
    ResizeSpec r;
    r.scale = {{sr, sc}};
    r.method = m;
    return r;
  }
  static ResizeSpec with_size(double rows, double cols, Method m = Method::Bicubic) {
    ResizeSpec r;
    r.out_size = {{rows, cols}};
    r.method = m;
    return r;
  }
  bool effective_antialiasing() const { return antialiasing.value_or(method != Method::Nearest); }
};

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

}  // namespace rl
