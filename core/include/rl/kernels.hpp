// Interpolation kernels with MATLAB imresize's names, formulas and widths.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

enum class Method { Nearest, Bilinear, Bicubic, Box, Triangle, Lanczos2, Lanczos3, Custom };

// A kernel k(x) and its support width (k(x) = 0 for |x| >= width/2, up to MATLAB's edge rules).
struct Kernel {
  std::string name;
  std::function<double(double)> fn;
  double width = 0.0;
};

// The formulas exactly as MATLAB's imresize.m writes them (operation order kept so the bits match).
double kernel_box(double x);       // 1 on [-0.5, 0.5)
double kernel_triangle(double x);  // hat on [-1, 1]
double kernel_cubic(double x);     // Keys, a = -0.5
double kernel_lanczos2(double x);
double kernel_lanczos3(double x);

Kernel kernel_for(Method m);  // throws for Method::Custom
// The kernel as a plan applies it on an axis of scale s: when antialiasing shrinks (s < 1) the
// widened s*k(s*x) of width width/s, named "<name> widened"; otherwise `k` itself.
bool widens(double scale, bool antialiasing);
Kernel applied_kernel(const Kernel& k, double scale, bool antialiasing);
std::string to_string(Method m);
// Accepts MATLAB's names: nearest, bilinear, bicubic, box, triangle, lanczos2, lanczos3 (any case).
std::optional<Method> parse_method(std::string_view name);
const std::vector<Method>& builtin_methods();
// The built-in names in order, for messages and help texts: method_names() is
// "nearest, bilinear, bicubic, box, triangle, lanczos2 or lanczos3"; method_names(" ", " ") spaces only.
std::string method_names(std::string_view separator = ", ", std::string_view last_separator = " or ");

}  // namespace rl
