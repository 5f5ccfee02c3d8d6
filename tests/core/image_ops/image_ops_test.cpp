// Hand-worked values for the whole-image helpers the viewer and the figures call: crop,
// downsample_nearest, finite_range, max_abs_finite, and the kernel as the plan applies it.
#include "rl/image_ops.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "rl/kernels.hpp"
#include "rl/metrics.hpp"
#include "rl/plan.hpp"

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

rl::Image row_of(rl::ElemType t, std::initializer_list<double> v) {
  rl::Image img(1, static_cast<int>(v.size()), 1, t);
  int c = 0;
  for (double x : v) img.set(0, c++, 0, x);
  return img;
}

}  // namespace

TEST(Crop, CopiesTheRectangleWithEveryChannel) {
  rl::Image img(3, 4, 2, rl::ElemType::U16);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 2; ++k) img.set(r, c, k, 100 * r + 10 * c + k);
  const rl::Image out = rl::crop(img, 1, 2, 2, 2);
  ASSERT_EQ(out.rows(), 2);
  ASSERT_EQ(out.cols(), 2);
  ASSERT_EQ(out.channels(), 2);
  EXPECT_EQ(out.type(), rl::ElemType::U16);
  EXPECT_EQ(out.at(0, 0, 0), 120.0);
  EXPECT_EQ(out.at(0, 0, 1), 121.0);
  EXPECT_EQ(out.at(0, 1, 0), 130.0);
  EXPECT_EQ(out.at(1, 1, 1), 231.0);
  EXPECT_TRUE(rl::identical(rl::crop(img, 0, 0, 3, 4), img));
}

TEST(Crop, RejectsRectanglesOutsideOrEmpty) {
  const rl::Image img(3, 4, 1, rl::ElemType::U8);
  EXPECT_THROW(rl::crop(img, 2, 0, 2, 1), std::invalid_argument);
  EXPECT_THROW(rl::crop(img, 0, 3, 1, 2), std::invalid_argument);
  EXPECT_THROW(rl::crop(img, -1, 0, 1, 1), std::invalid_argument);
  EXPECT_THROW(rl::crop(img, 0, 0, 0, 1), std::invalid_argument);
}

TEST(DownsampleNearest, PicksThePixelUnderEachCentre) {
  rl::Image img(4, 6, 1, rl::ElemType::U8);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 6; ++c) img.set(r, c, 0, 10 * r + c);
  // max_side 3: f = 1/2, out 2x3, rows 1 and 3, columns 1, 3 and 5.
  const rl::Image out = rl::downsample_nearest(img, 3);
  ASSERT_EQ(out.rows(), 2);
  ASSERT_EQ(out.cols(), 3);
  const double want[2][3] = {{11, 13, 15}, {31, 33, 35}};
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(out.at(r, c), want[r][c]) << r << "," << c;
  // max_side 1: f = 1/6, out 1x1 (floor(4/6) = 0 becomes 1), the pixel at (3, 3).
  const rl::Image one = rl::downsample_nearest(img, 1);
  ASSERT_EQ(one.rows(), 1);
  ASSERT_EQ(one.cols(), 1);
  EXPECT_EQ(one.at(0, 0), 33.0);
  EXPECT_TRUE(rl::identical(rl::downsample_nearest(img, 6), img));
  EXPECT_THROW(rl::downsample_nearest(img, 0), std::invalid_argument);
}

TEST(FiniteRange, SkipsNaNAndInfinities) {
  const auto f = rl::finite_range(row_of(rl::ElemType::F32, {kNaN, -1.5, kInf, 2.25, -kInf}));
  ASSERT_TRUE(f);
  EXPECT_EQ(f->first, -1.5);
  EXPECT_EQ(f->second, 2.25);
  const auto u = rl::finite_range(row_of(rl::ElemType::U16, {7, 65535, 0}));
  ASSERT_TRUE(u);
  EXPECT_EQ(u->first, 0.0);
  EXPECT_EQ(u->second, 65535.0);
  EXPECT_FALSE(rl::finite_range(row_of(rl::ElemType::F64, {kNaN, kInf})));
  EXPECT_FALSE(rl::finite_range(rl::Image()));
}

TEST(MaxAbsFinite, LargestMagnitudeOfTheFiniteValues) {
  EXPECT_EQ(rl::max_abs_finite(row_of(rl::ElemType::F64, {-3, 2, kNaN, kInf})), 3.0);
  EXPECT_EQ(rl::max_abs_finite(row_of(rl::ElemType::F64, {-0.5, 2.5})), 2.5);
  EXPECT_EQ(rl::max_abs_finite(row_of(rl::ElemType::F64, {kNaN, -kInf})), 0.0);
  EXPECT_EQ(rl::max_abs_finite(row_of(rl::ElemType::U8, {5, 200})), 200.0);
  // A signed difference map's maximum is the top of its symmetric scale.
  const rl::Image a = row_of(rl::ElemType::U8, {10, 0, 7});
  const rl::Image b = row_of(rl::ElemType::U8, {4, 9, 7});
  EXPECT_EQ(rl::max_abs_finite(rl::diff_map(a, b, rl::DiffMode::Signed, 0)), 9.0);
}

TEST(AppliedKernel, WidenedOnlyWhenAntialiasingShrinks) {
  const rl::Kernel cubic = rl::kernel_for(rl::Method::Bicubic);
  // s = 1/2: 0.5 * k(0.5 * x); k(0) = 1, k(0.5) = 0.5625, k(1.5) = -0.0625, k(2) = 0.
  const rl::Kernel w = rl::applied_kernel(cubic, 0.5, true);
  EXPECT_EQ(w.width, 8.0);
  EXPECT_EQ(w.name, "bicubic widened");
  EXPECT_EQ(w.fn(0.0), 0.5);
  EXPECT_EQ(w.fn(1.0), 0.28125);
  EXPECT_EQ(w.fn(-3.0), -0.03125);
  EXPECT_EQ(w.fn(4.0), 0.0);
  // No antialiasing, or an enlargement: the kernel itself (k(1) = 0 for the cubic).
  for (const auto& [s, aa] : {std::pair{0.5, false}, std::pair{2.0, true}, std::pair{1.0, true}}) {
    const rl::Kernel k = rl::applied_kernel(cubic, s, aa);
    EXPECT_EQ(k.width, 4.0);
    EXPECT_EQ(k.name, "bicubic");
    EXPECT_EQ(k.fn(1.0), 0.0);
    EXPECT_EQ(k.fn(0.5), 0.5625);
  }
  // Triangle at 1/4: width 8, 0.25 * tri(0.25 * 2) = 0.125.
  const rl::Kernel t = rl::applied_kernel(rl::kernel_for(rl::Method::Triangle), 0.25, true);
  EXPECT_EQ(t.width, 8.0);
  EXPECT_EQ(t.fn(2.0), 0.125);
  EXPECT_FALSE(rl::widens(1.0, true));
  EXPECT_TRUE(rl::widens(0.999, true));
}

TEST(AppliedKernel, IsTheKernelThePlanSamples) {
  // Bilinear at 1/2, output 5 of 10 (0-based 4): u = 5 * 2 - 0.5 = 9.5 (1-based), interior, so the
  // kept taps j = 8 .. 11 are unmapped and 0.5 * tri(0.5 * (u - j)) already sums to 1.
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(0.5, rl::Method::Bilinear), 20, 20);
  const rl::Kernel k = rl::applied_kernel(plan.kernel, plan.rows.scale, plan.antialiasing);
  EXPECT_EQ(plan.rows.kernel_width, k.width);
  const int o = 4;
  const double u = plan.rows.u[o];
  EXPECT_EQ(u, 9.5);
  for (int t = 0; t < plan.rows.taps; ++t) {
    const int j = plan.rows.index_of(o)[t] + 1;  // 1-based input position
    EXPECT_DOUBLE_EQ(plan.rows.weights_of(o)[t], k.fn(u - j)) << "tap " << t;
  }
}
