// MATLAB imresize's kernels, written with the same operations in the same order as imresize.m.
#include "rl/kernels.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <numbers>
#include <stdexcept>

namespace rl {

namespace {
constexpr double kEps = std::numeric_limits<double>::epsilon();  // MATLAB's eps
constexpr double kPi = std::numbers::pi;
}  // namespace

double kernel_box(double x) { return (-0.5 <= x && x < 0.5) ? 1.0 : 0.0; }

double kernel_triangle(double x) {
  // (x+1).*((-1 <= x) & (x < 0)) + (1-x).*((0 <= x) & (x <= 1))
  return (x + 1) * ((-1 <= x && x < 0) ? 1.0 : 0.0) + (1 - x) * ((0 <= x && x <= 1) ? 1.0 : 0.0);
}

double kernel_cubic(double x) {
  // absx.^3 as a correctly rounded power, not absx*absx*absx: on MATLAB R2019b's float64 outputs this
  // reproduces 79% of the values bit for bit instead of 54% (all within 1e-13 either way).
  const double absx = std::abs(x);
  const double absx2 = absx * absx;
  const double absx3 = std::pow(absx, 3);
  return (1.5 * absx3 - 2.5 * absx2 + 1) * (absx <= 1 ? 1.0 : 0.0) +
         (-0.5 * absx3 + 2.5 * absx2 - 4 * absx + 2) * ((1 < absx && absx <= 2) ? 1.0 : 0.0);
}

double kernel_lanczos2(double x) {
  const double f = (std::sin(kPi * x) * std::sin(kPi * x / 2) + kEps) / ((kPi * kPi * (x * x) / 2) + kEps);
  return f * (std::abs(x) < 2 ? 1.0 : 0.0);
}

double kernel_lanczos3(double x) {
  const double f = (std::sin(kPi * x) * std::sin(kPi * x / 3) + kEps) / ((kPi * kPi * (x * x) / 3) + kEps);
  return f * (std::abs(x) < 3 ? 1.0 : 0.0);
}

Kernel kernel_for(Method m) {
  switch (m) {
    case Method::Nearest: return {"nearest", kernel_box, 1.0};
    case Method::Bilinear: return {"bilinear", kernel_triangle, 2.0};
    case Method::Bicubic: return {"bicubic", kernel_cubic, 4.0};
    case Method::Box: return {"box", kernel_box, 1.0};
    case Method::Triangle: return {"triangle", kernel_triangle, 2.0};
    case Method::Lanczos2: return {"lanczos2", kernel_lanczos2, 4.0};
    case Method::Lanczos3: return {"lanczos3", kernel_lanczos3, 6.0};
    case Method::Custom: break;
  }
  throw std::invalid_argument("a custom kernel has no built-in definition");
}

bool widens(double scale, bool antialiasing) { return scale < 1 && antialiasing; }

Kernel applied_kernel(const Kernel& k, double scale, bool antialiasing) {
  if (!widens(scale, antialiasing)) return k;
  return {k.name + " widened", [f = k.fn, scale](double x) { return scale * f(scale * x); }, k.width / scale};
}

std::string to_string(Method m) {
  if (m == Method::Custom) return "custom";
  return kernel_for(m).name;
}

const std::vector<Method>& builtin_methods() {
  static const std::vector<Method> all{Method::Nearest,  Method::Bilinear, Method::Bicubic, Method::Box,
                                       Method::Triangle, Method::Lanczos2, Method::Lanczos3};
  return all;
}

std::string method_names(std::string_view separator, std::string_view last_separator) {
  const auto& all = builtin_methods();
  std::string out;
  for (std::size_t i = 0; i < all.size(); ++i) {
    if (i > 0) out += i + 1 == all.size() ? last_separator : separator;
    out += to_string(all[i]);
  }
  return out;
}

std::optional<Method> parse_method(std::string_view name) {
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  for (Method m : builtin_methods())
    if (kernel_for(m).name == lower) return m;
  return std::nullopt;
}

}  // namespace rl
