// Properties that hold for every method, element type, boundary and antialiasing setting.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <tuple>

#include "random_image.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

using Param = std::tuple<Method, ElemType, Boundary, bool>;

// Random values over the type's range: integers anywhere in [min, max] (negative ones for the signed
// classes), floats in [0, 1), logical 0 or 1.
using test::random_image;

// A value well inside the range: negative for the signed classes, true for logical.
double constant_value(ElemType t) {
  if (t == ElemType::Logical) return 1.0;
  if (!is_integer(t)) return 0.6;
  return std::floor(0.6 * (info(t).is_signed ? info(t).min : info(t).max));
}

double tolerance(ElemType t, double magnitude) {
  if (!is_floating(t)) return 0.0;
  return (t == ElemType::F32 ? 1e-6 : 1e-12) * std::max(1.0, std::abs(magnitude));
}

class Properties : public ::testing::TestWithParam<Param> {
 protected:
  ResizeSpec spec(double sr, double sc) const {
    auto [m, t, b, aa] = GetParam();
    ResizeSpec s = ResizeSpec::with_scale(sr, sc, m);
    s.boundary = b;
    s.antialiasing = aa;
    return s;
  }
};

TEST_P(Properties, ConstantImageStaysConstant) {
  const ElemType t = std::get<1>(GetParam());
  const double value = constant_value(t);
  Image in(9, 7, 3, t);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 7; ++c)
      for (int k = 0; k < 3; ++k) in.set(r, c, k, value);
  for (auto [sr, sc] : {std::pair{0.5, 0.5}, {1.0 / 3, 2.0}, {2.5, 0.7}, {0.1, 0.15}, {3.0, 3.0}}) {
    const Image out = resize(in, spec(sr, sc));
    ASSERT_EQ(out.type(), t);
    for (int r = 0; r < out.rows(); ++r)
      for (int c = 0; c < out.cols(); ++c)
        for (int k = 0; k < 3; ++k)
          ASSERT_NEAR(out.at(r, c, k), value, tolerance(t, value))
              << sr << "," << sc << " at " << r << "," << c;
  }
}

TEST_P(Properties, ScaleOneIsIdentity) {
  auto [m, t, b, aa] = GetParam();
  const Image in = random_image(11, 6, 2, t, 7);
  const Image out = resize(in, spec(1.0, 1.0));
  ASSERT_TRUE(out.same_shape(in));
  const bool exact_kernel = m != Method::Lanczos2 && m != Method::Lanczos3;  // lanczos(k) ~ eps, not 0
  for (int r = 0; r < in.rows(); ++r)
    for (int c = 0; c < in.cols(); ++c)
      for (int k = 0; k < 2; ++k) {
        const double tol = exact_kernel ? 0.0 : tolerance(t, in.at(r, c, k));
        ASSERT_NEAR(out.at(r, c, k), in.at(r, c, k), tol) << r << "," << c;
      }
}

class NonNegativeKernels : public Properties {};

TEST_P(NonNegativeKernels, StayInTheInputRange) {
  auto [m, t, b, aa] = GetParam();
  const Image in = random_image(13, 10, 1, t, 11);
  double lo = INFINITY, hi = -INFINITY;
  for (int r = 0; r < in.rows(); ++r)
    for (int c = 0; c < in.cols(); ++c) lo = std::min(lo, in.at(r, c)), hi = std::max(hi, in.at(r, c));
  for (auto [sr, sc] : {std::pair{0.3, 0.45}, {1.7, 2.2}, {0.5, 3.0}}) {
    const Image out = resize(in, spec(sr, sc));
    for (int r = 0; r < out.rows(); ++r)
      for (int c = 0; c < out.cols(); ++c) {
        ASSERT_GE(out.at(r, c), lo - tolerance(t, lo));
        ASSERT_LE(out.at(r, c), hi + tolerance(t, hi));
      }
  }
}

TEST_P(Properties, PlanIsReusableAndThreadCountDoesNotChangeBits) {
  auto [m, t, b, aa] = GetParam();
  const Image a = random_image(23, 17, 3, t, 1), c = random_image(23, 17, 3, t, 2);
  const Plan plan = make_plan(spec(0.4, 1.6), 23, 17);
  const Image a1 = run(plan, a, {1}), c1 = run(plan, c, {1});
  EXPECT_TRUE(identical(a1, run(plan, a, {3})));
  EXPECT_TRUE(identical(c1, run(plan, c, {2})));
  EXPECT_TRUE(identical(a1, resize(a, spec(0.4, 1.6))));
}

std::vector<Param> params_for(const std::vector<Method>& methods) {
  std::vector<Param> v;
  for (Method m : methods)
    for (const ElemInfo& e : kElemTypes)
      for (Boundary b : {Boundary::Modern, Boundary::Legacy})
        for (bool aa : {true, false}) v.emplace_back(m, e.type, b, aa);
  return v;
}

std::string param_name(const ::testing::TestParamInfo<Param>& info) {
  const Param& p = info.param;
  return to_string(std::get<0>(p)) + "_" + to_string(std::get<1>(p)) + "_" + to_string(std::get<2>(p)) +
         (std::get<3>(p) ? "_aa" : "_noaa");
}

INSTANTIATE_TEST_SUITE_P(AllMethodsTypesBoundaries, Properties,
                         ::testing::ValuesIn(params_for(builtin_methods())), param_name);
INSTANTIATE_TEST_SUITE_P(BoxTriangleNearestBilinear, NonNegativeKernels,
                         ::testing::ValuesIn(params_for({Method::Nearest, Method::Bilinear, Method::Box,
                                                         Method::Triangle})),
                         param_name);

TEST(Rounding, IntegerTypesRoundAfterEachPassHalfAwayFromZero) {
  // Two pixels 0 and 1 enlarged 2x with bilinear: the values before rounding are 0, 0.25, 0.75, 1
  // (times 255 for visible rounding): 63.75 -> 64, 191.25 -> 191.
  Image in(1, 2, 1, ElemType::U8);
  in.set(0, 1, 0, 255);
  const Image out = resize(in, ResizeSpec::with_scale(1, 2, Method::Bilinear));
  ASSERT_EQ(out.cols(), 4);
  EXPECT_EQ(out.at(0, 0), 0);
  EXPECT_EQ(out.at(0, 1), 64);
  EXPECT_EQ(out.at(0, 2), 191);
  EXPECT_EQ(out.at(0, 3), 255);
  // Half away from zero: 2 pixels [1, 2] averaged by box at 0.5 -> 1.5 -> 2 (not banker's 2, check 2.5 -> 3).
  Image h(1, 2, 1, ElemType::U8);
  h.set(0, 0, 0, 2);
  h.set(0, 1, 0, 3);
  EXPECT_EQ(resize(h, ResizeSpec::with_scale(1, 0.5, Method::Box)).at(0, 0), 3);
  // Saturation: bicubic overshoot at a step edge is clipped to [0, 255].
  Image step(1, 8, 1, ElemType::U8);
  for (int c = 4; c < 8; ++c) step.set(0, c, 0, 255);
  const Image up = resize(step, ResizeSpec::with_scale(1, 3));
  double lo = 1e9, hi = -1e9;
  for (int c = 0; c < up.cols(); ++c) lo = std::min(lo, up.at(0, c)), hi = std::max(hi, up.at(0, c));
  EXPECT_EQ(lo, 0);
  EXPECT_EQ(hi, 255);
  const Image upd = resize(Image(step), ResizeSpec::with_scale(1, 3));
  EXPECT_TRUE(identical(up, upd));
}

TEST(Rounding, NaNPropagatesInFloatAndBecomesZeroInIntegers) {
  Image f(4, 4, 1, ElemType::F64);
  f.set(1, 1, 0, NAN);
  const Image out = resize(f, ResizeSpec::with_scale(0.5));
  EXPECT_TRUE(std::isnan(out.at(0, 0)));
  EXPECT_TRUE(std::isnan(out.at(1, 1)));  // the 4-tap+ kernels reach every output of this 4x4 image
  Image g(6, 6, 1, ElemType::F32);
  g.set(0, 0, 0, INFINITY);
  const Image outg = resize(g, ResizeSpec::with_scale(1, 1, Method::Nearest));
  EXPECT_TRUE(std::isinf(outg.at(0, 0)));
  EXPECT_EQ(outg.at(5, 5), 0.0);
}

}  // namespace
}  // namespace rl
