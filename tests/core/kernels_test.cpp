// MATLAB's kernels at hand-computed points, and method names.
#include "rl/kernels.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace rl {
namespace {

TEST(Kernels, CubicIsKeysWithAMinusHalf) {
  EXPECT_DOUBLE_EQ(kernel_cubic(0.0), 1.0);
  EXPECT_DOUBLE_EQ(kernel_cubic(1.0), 0.0);
  EXPECT_DOUBLE_EQ(kernel_cubic(2.0), 0.0);
  EXPECT_DOUBLE_EQ(kernel_cubic(-2.5), 0.0);
  EXPECT_DOUBLE_EQ(kernel_cubic(0.5), 0.5625);  // 1.5/8 - 2.5/4 + 1
  EXPECT_DOUBLE_EQ(kernel_cubic(-0.5), 0.5625);
  EXPECT_DOUBLE_EQ(kernel_cubic(1.5), -0.0625);  // -0.5*3.375 + 2.5*2.25 - 6 + 2 (the +2.5 matters)
  EXPECT_NEAR(kernel_cubic(7.0 / 6.0), -25.0 / 432.0, 1e-15);
  EXPECT_NEAR(kernel_cubic(1.0 / 6.0), 405.0 / 432.0, 1e-15);
}

TEST(Kernels, BoxIsHalfOpen) {
  EXPECT_EQ(kernel_box(-0.5), 1.0);
  EXPECT_EQ(kernel_box(0.4999), 1.0);
  EXPECT_EQ(kernel_box(0.5), 0.0);
  EXPECT_EQ(kernel_box(-0.5000001), 0.0);
}

TEST(Kernels, Triangle) {
  EXPECT_EQ(kernel_triangle(0.0), 1.0);
  EXPECT_EQ(kernel_triangle(0.25), 0.75);
  EXPECT_EQ(kernel_triangle(-0.25), 0.75);
  EXPECT_EQ(kernel_triangle(1.0), 0.0);
  EXPECT_EQ(kernel_triangle(-1.0), 0.0);
  EXPECT_EQ(kernel_triangle(1.5), 0.0);
}

TEST(Kernels, LanczosMatchesSincProduct) {
  const double pi = 3.14159265358979323846;
  for (double x : {0.3, 0.7, 1.25, -1.6}) {
    const double l2 = std::sin(pi * x) * std::sin(pi * x / 2) / (pi * pi * x * x / 2);
    const double l3 = std::sin(pi * x) * std::sin(pi * x / 3) / (pi * pi * x * x / 3);
    EXPECT_NEAR(kernel_lanczos2(x), l2, 1e-14);
    EXPECT_NEAR(kernel_lanczos3(x), l3, 1e-14);
  }
  EXPECT_DOUBLE_EQ(kernel_lanczos2(0.0), 1.0);
  EXPECT_EQ(kernel_lanczos2(2.0), 0.0);
  EXPECT_EQ(kernel_lanczos3(3.0), 0.0);
  EXPECT_NE(kernel_lanczos3(2.5), 0.0);
}

TEST(Kernels, NamesAndWidthsAreMatlabs) {
  EXPECT_EQ(kernel_for(Method::Nearest).width, 1.0);
  EXPECT_EQ(kernel_for(Method::Bilinear).width, 2.0);
  EXPECT_EQ(kernel_for(Method::Bicubic).width, 4.0);
  EXPECT_EQ(kernel_for(Method::Box).width, 1.0);
  EXPECT_EQ(kernel_for(Method::Triangle).width, 2.0);
  EXPECT_EQ(kernel_for(Method::Lanczos2).width, 4.0);
  EXPECT_EQ(kernel_for(Method::Lanczos3).width, 6.0);
  EXPECT_EQ(parse_method("BiCubic"), Method::Bicubic);
  EXPECT_EQ(parse_method("lanczos3"), Method::Lanczos3);
  EXPECT_FALSE(parse_method("cubic").has_value());
  EXPECT_THROW(kernel_for(Method::Custom), std::invalid_argument);
}

}  // namespace
}  // namespace rl
