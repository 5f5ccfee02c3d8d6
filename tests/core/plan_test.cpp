// Output-size rules, dimension order and contribution tables against hand-worked examples.
#include "rl/plan.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <numeric>
#include <utility>

#include "rl/resize.hpp"

namespace rl {
namespace {

AxisTable table(int in, int out, double scale, Method m, bool aa, Boundary b = Boundary::Modern) {
  return make_axis_table(in, out, scale, kernel_for(m), aa, b);
}

TEST(Plan, FourToThreeBicubicWithoutAntialiasing) {
  // scale 3/4, width 4: u = x/s + (1 - 1/s)/2 = 7/6, 5/2, 23/6; P = 6; columns 0 and 5 are zero
  // for every output and removed. Weights are exact fractions of the Keys cubic.
  const AxisTable t = table(4, 3, 0.75, Method::Bicubic, false);
  EXPECT_EQ(t.taps_full, 6);
  ASSERT_EQ(t.taps, 4);
  EXPECT_EQ(t.kept, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_NEAR(t.u[0], 7.0 / 6.0, 1e-15);
  EXPECT_EQ(t.u[1], 2.5);
  EXPECT_EQ(t.left, (std::vector<int>{-1, 0, 1}));
  const double w0[] = {-25.0 / 432, 405.0 / 432, 57.0 / 432, -5.0 / 432};
  const double w1[] = {-1.0 / 16, 9.0 / 16, 9.0 / 16, -1.0 / 16};
  for (int k = 0; k < 4; ++k) {
    EXPECT_NEAR(t.weights_of(0)[k], w0[k], 1e-15);
    EXPECT_NEAR(t.weights_of(1)[k], w1[k], 1e-15);
    EXPECT_NEAR(t.weights_of(2)[k], w0[3 - k], 1e-15);  // symmetric
  }
  // 1-based positions 0,1,2,3 / 1,2,3,4 / 2,3,4,5; modern mirrors 0 -> 1 and 5 -> 4.
  EXPECT_EQ(std::vector<int>(t.index_of(0), t.index_of(0) + 4), (std::vector<int>{0, 0, 1, 2}));
  EXPECT_EQ(std::vector<int>(t.index_of(1), t.index_of(1) + 4), (std::vector<int>{0, 1, 2, 3}));
  EXPECT_EQ(std::vector<int>(t.index_of(2), t.index_of(2) + 4), (std::vector<int>{1, 2, 3, 3}));
}

TEST(Plan, FourToThreeBicubicWithAntialiasing) {
  // Widened kernel: width 4/0.75 = 5.33, P = 8, weights s*k(s*x) normalised (values worked out
  // independently from MATLAB's formulas).
  const AxisTable t = table(4, 3, 0.75, Method::Bicubic, true);
  EXPECT_TRUE(t.antialiased);
  EXPECT_NEAR(t.kernel_width, 16.0 / 3.0, 1e-15);
  EXPECT_EQ(t.taps_full, 8);
  ASSERT_EQ(t.taps, 6);
  EXPECT_EQ(t.left, (std::vector<int>{-2, -1, 1}));
  const double w0[] = {-0.033112582781456956, 0.0684326710816777,   0.7262693156732893,
                       0.2935982339955848,    -0.05518763796909492, 0.0};
  const double w1[] = {-0.0050798258345428155, -0.03555878084179971, 0.5406386066763426,
                       0.5406386066763426,     -0.03555878084179971, -0.0050798258345428155};
  for (int k = 0; k < 6; ++k) {
    EXPECT_NEAR(t.weights_of(0)[k], w0[k], 1e-15);
    EXPECT_NEAR(t.weights_of(1)[k], w1[k], 1e-15);
  }
  // Positions -1,0,1,2,3,4 mirror to 2,1,1,2,3,4 (1-based).
  EXPECT_EQ(std::vector<int>(t.index_of(0), t.index_of(0) + 6), (std::vector<int>{1, 0, 0, 1, 2, 3}));
}

TEST(Plan, EightToThreeBicubic) {
  const AxisTable noaa = table(8, 3, 0.375, Method::Bicubic, false);
  ASSERT_EQ(noaa.taps, 4);
  EXPECT_NEAR(noaa.u[0], 11.0 / 6.0, 1e-15);
  EXPECT_EQ(noaa.u[1], 4.5);
  const double w1[] = {-1.0 / 16, 9.0 / 16, 9.0 / 16, -1.0 / 16};
  for (int k = 0; k < 4; ++k) EXPECT_NEAR(noaa.weights_of(1)[k], w1[k], 1e-15);
  EXPECT_EQ(std::vector<int>(noaa.index_of(1), noaa.index_of(1) + 4), (std::vector<int>{2, 3, 4, 5}));

  const AxisTable aa = table(8, 3, 0.375, Method::Bicubic, true);
  EXPECT_EQ(aa.taps_full, 13);  // ceil(10.67) + 2
  const double w1aa[] = {-0.01262742216916154, -0.027780328772155385, 0.014555973918633483,
                         0.17903388740931214,  0.3468178896133713,    0.3468178896133713};
  // Output 2 (u = 4.5, left = -1): columns 1..6 hold the first six weights above.
  const auto& kept = aa.kept;
  for (int k = 0; k < 6; ++k) {
    const auto it = std::find(kept.begin(), kept.end(), k + 1);
    ASSERT_NE(it, kept.end());
    EXPECT_NEAR(aa.weights_of(1)[it - kept.begin()], w1aa[k], 1e-15);
  }
}

// Scale 1: the kernels that are 1 at 0 and exactly 0 at the other integers give one tap of weight 1
// at each output's own index, with and without antialiasing and with either boundary: an identity,
// whose run gives the input's bytes for every type. The Lanczos kernels do not (sin(pi) is about
// 1.2e-16, not 0), nor does any other scale.
TEST(Plan, ScaleOneIsTheIdentityForKernelsThatVanishAtTheIntegers) {
  for (const Method m : builtin_methods())
    for (const bool aa : {true, false})
      for (const Boundary b : {Boundary::Modern, Boundary::Legacy}) {
        ResizeSpec spec = ResizeSpec::with_scale(1.0, m);
        spec.antialiasing = aa;
        spec.boundary = b;
        const Plan plan = make_plan(spec, 7, 9);
        const bool lanczos = m == Method::Lanczos2 || m == Method::Lanczos3;
        EXPECT_EQ(plan.is_identity(), !lanczos) << to_string(m) << " aa " << aa;
        if (!plan.is_identity()) continue;
        for (const ElemInfo& e : kElemTypes) {
          Image in(7, 9, 3, e.type);
          for (int i = 0; i < 7; ++i)
            for (int j = 0; j < 9; ++j)
              for (int c = 0; c < 3; ++c)
                in.set(i, j, c, e.type == ElemType::Logical ? (i + j + c) % 2 : i * 9 + j + c);
          EXPECT_TRUE(identical(run(plan, in), in)) << to_string(m) << " " << to_string(e.type);
        }
      }
  EXPECT_FALSE(make_plan(ResizeSpec::with_scale(2.0, Method::Nearest), 7, 9).is_identity());
  EXPECT_FALSE(make_plan(ResizeSpec::with_scale(0.5, Method::Nearest), 8, 8).is_identity());
  EXPECT_FALSE(make_plan(ResizeSpec::with_size(7, 10, Method::Nearest), 7, 9).is_identity());
}

TEST(Plan, LegacyClampsInsteadOfMirroring) {
  const AxisTable t = table(4, 3, 0.75, Method::Bicubic, true, Boundary::Legacy);
  EXPECT_EQ(std::vector<int>(t.index_of(0), t.index_of(0) + 6), (std::vector<int>{0, 0, 0, 1, 2, 3}));
}

TEST(Plan, ThreePixelsShrunkTenfoldWrapPastTheMirrorSeveralTimes) {
  // scale 0.1, AA: width 40, P = 42, one output, u = 10 - 4.5 = 5.5, left = -15; positions -15 and
  // 26 have |d| = 20.5 > 20 (zero weight) and are removed: 40 taps on positions -14..25.
  const AxisTable t = table(3, 1, 0.1, Method::Bicubic, true);
  EXPECT_EQ(t.u[0], 5.5);
  EXPECT_EQ(t.left[0], -15);
  EXPECT_EQ(t.taps_full, 42);
  ASSERT_EQ(t.taps, 40);
  // Mirror of 1-based position p on 3 pixels: period 6, [1 2 3 3 2 1].
  const int aux[] = {1, 2, 3, 3, 2, 1};
  double sum = 0.0;
  for (int q = 0; q < 40; ++q) {
    const int p = -14 + q;
    const int m = aux[((p - 1) % 6 + 6) % 6];
    EXPECT_EQ(t.index_of(0)[q], m - 1) << "tap " << q;
    sum += t.weights_of(0)[q];
  }
  EXPECT_NEAR(sum, 1.0, 1e-14);
  // The result of such a resize of a 3-pixel row is a weighted mean of its values.
  Image row(1, 3, 1, ElemType::F64);
  row.set(0, 0, 0, 1.0);
  row.set(0, 1, 0, 2.0);
  row.set(0, 2, 0, 4.0);
  const Image out = resize(row, ResizeSpec::with_scale(0.1));
  ASSERT_EQ(out.rows(), 1);
  ASSERT_EQ(out.cols(), 1);
  EXPECT_GT(out.at(0, 0), 1.0);
  EXPECT_LT(out.at(0, 0), 4.0);
}

TEST(Plan, NearestAtHalfPicksTheSecondOfEachPair) {
  // u = 2x - 0.5 = 1.5, 3.5: box is 1 on [-0.5, 0.5), so position 2 and 4 are taken.
  const AxisTable t = table(4, 2, 0.5, Method::Nearest, false);
  ASSERT_EQ(t.taps, 1);
  EXPECT_EQ(t.index_of(0)[0], 1);
  EXPECT_EQ(t.index_of(1)[0], 3);
  EXPECT_EQ(t.weights_of(0)[0], 1.0);
}

TEST(Plan, NearestAtOnePointSeven) {
  // 5 pixels -> ceil(8.5) = 9; u = x/1.7 + (1 - 1/1.7)/2 = 0.79, 1.38, 1.97, 2.56, 3.15, 3.74,
  // 4.32, 4.91, 5.5 -> positions 1 1 2 3 3 4 4 5 and 6 (mirrored to 5).
  Image in(1, 5, 1, ElemType::U8);
  for (int c = 0; c < 5; ++c) in.set(0, c, 0, 10 * (c + 1));
  ResizeSpec spec = ResizeSpec::with_scale(1.7, Method::Nearest);
  const Image out = resize(in, spec);
  ASSERT_EQ(out.cols(), 9);
  ASSERT_EQ(out.rows(), 2);  // ceil(1.7 * 1)
  const int want[] = {10, 10, 20, 30, 30, 40, 40, 50, 50};
  for (int c = 0; c < 9; ++c) {
    EXPECT_EQ(out.at(0, c), want[c]) << c;
    EXPECT_EQ(out.at(1, c), want[c]) << c;
  }
}

TEST(Plan, OutputSizeRules) {
  auto s = derive_size_and_scale(ResizeSpec::with_scale(1.0 / 3), 256, 100);
  EXPECT_EQ(s.out_rows, 86);         // ceil(85.33)
  EXPECT_EQ(s.out_cols, 34);         // ceil(33.33)
  EXPECT_EQ(s.scale_rows, 1.0 / 3);  // the given scale drives the kernel, not 86/256
  s = derive_size_and_scale(ResizeSpec::with_size(123, 234), 512, 512);
  EXPECT_EQ(s.out_rows, 123);
  EXPECT_EQ(s.scale_rows, 123.0 / 512);
  EXPECT_EQ(s.scale_cols, 234.0 / 512);
  s = derive_size_and_scale(ResizeSpec::with_size(kNaN, 50), 300, 200);
  EXPECT_EQ(s.out_cols, 50);
  EXPECT_EQ(s.out_rows, 75);
  EXPECT_EQ(s.scale_rows, 0.25);
  EXPECT_EQ(s.scale_cols, 0.25);
  s = derive_size_and_scale(ResizeSpec::with_size(10, kNaN), 30, 31);
  EXPECT_EQ(s.out_cols, 11);  // ceil(10 * 31 / 30)
  EXPECT_EQ(s.scale_cols, s.scale_rows);
}

TEST(Plan, BadSpecsAreRejectedWithAMessage) {
  for (double bad : {0.0, -1.0, kNaN, static_cast<double>(INFINITY)}) {
    try {
      derive_size_and_scale(ResizeSpec::with_scale(bad), 10, 10);
      FAIL() << bad;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find("scale"), std::string::npos);
    }
  }
  EXPECT_THROW(derive_size_and_scale(ResizeSpec::with_size(kNaN, kNaN), 10, 10), std::invalid_argument);
  EXPECT_THROW(derive_size_and_scale(ResizeSpec::with_size(0, 5), 10, 10), std::invalid_argument);
  // A tiny scale still gives ceil(s * n) = 1 pixel, as in MATLAB; only a huge one is refused.
  EXPECT_EQ(derive_size_and_scale(ResizeSpec::with_scale(1e-9), 10, 10).out_rows, 1);
  EXPECT_THROW(derive_size_and_scale(ResizeSpec::with_scale(1e300), 10, 10), std::invalid_argument);
  ResizeSpec neither;
  EXPECT_THROW(derive_size_and_scale(neither, 10, 10), std::invalid_argument);
  ResizeSpec both = ResizeSpec::with_scale(2);
  both.out_size = {{5, 5}};
  EXPECT_THROW(derive_size_and_scale(both, 10, 10), std::invalid_argument);
}

TEST(Plan, MemoryLimitIsCheckedBeforeAllocating) {
  PlanLimits lim;
  lim.max_elements = 1000;
  lim.channels = 3;
  EXPECT_THROW(make_plan(ResizeSpec::with_scale(2), 10, 10, lim), std::invalid_argument);  // 20x20x3
  EXPECT_NO_THROW(make_plan(ResizeSpec::with_scale(1), 10, 10, lim));
  try {
    make_plan(ResizeSpec::with_scale(100000), 100, 100);
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("limit"), std::string::npos) << e.what();
  }
}

TEST(Plan, SmallerScaleFirstRowsOnATie) {
  EXPECT_EQ(make_plan(ResizeSpec::with_scale(0.5, 0.25), 8, 8).order[0], Axis::Cols);
  EXPECT_EQ(make_plan(ResizeSpec::with_scale(0.25, 0.5), 8, 8).order[0], Axis::Rows);
  EXPECT_EQ(make_plan(ResizeSpec::with_scale(0.5), 8, 8).order[0], Axis::Rows);
  EXPECT_EQ(make_plan(ResizeSpec::with_scale(2, 3), 8, 8).order[0], Axis::Rows);
  EXPECT_EQ(make_plan(ResizeSpec::with_size(4, 8), 8, 8).order[0], Axis::Rows);
}

TEST(Plan, PassOrderIsTheSmallerScaleFirstRowsOnATie) {
  const std::array<Axis, 2> rows_first{Axis::Rows, Axis::Cols}, cols_first{Axis::Cols, Axis::Rows};
  EXPECT_EQ(pass_order(0.5, 2.0), rows_first);
  EXPECT_EQ(pass_order(2.0, 0.5), cols_first);
  EXPECT_EQ(pass_order(1.5, 1.5), rows_first);  // a stable sort keeps rows first
  EXPECT_EQ(pass_order(0.25, 0.2500001), rows_first);
  EXPECT_EQ(pass_order(3.0, 2.9999999), cols_first);
  // make_plan runs the same rule on the scales it derives: 8x8 to 4x8 is scales 0.5 and 1.
  EXPECT_EQ(make_plan(ResizeSpec::with_size(4, 8), 8, 8).order, pass_order(0.5, 1.0));
}

TEST(Plan, IntermediateShapeIsWhatTheFirstPassMakes) {
  // 10x20 to 30x5: rows first makes 30 rows of the 20 input columns; columns first, 10 rows of 5.
  EXPECT_EQ(intermediate_shape(Axis::Rows, 10, 20, 30, 5), std::make_pair(30, 20));
  EXPECT_EQ(intermediate_shape(Axis::Cols, 10, 20, 30, 5), std::make_pair(10, 5));
  // The plan's own: 10x20 at scales 3 and 0.25 runs columns first (0.25 < 3), through 10x5.
  const Plan p = make_plan(ResizeSpec::with_scale(3, 0.25), 10, 20);
  EXPECT_EQ(p.order[0], Axis::Cols);
  EXPECT_EQ(p.intermediate_shape(), std::make_pair(10, 5));
  EXPECT_EQ(make_plan(ResizeSpec::with_scale(0.25, 3), 20, 10).intermediate_shape(), std::make_pair(5, 10));
}

TEST(Plan, ElementLimitNamesTheLargestPassAndTheLimit) {
  PlanLimits lim;
  lim.channels = 3;
  lim.max_elements = 576;  // 12 x 16 x 3
  // Output 12x16 (192 pixels), intermediate 12x8 (96): 576 elements fit exactly, 575 do not.
  EXPECT_EQ(element_limit_excess(12, 16, 12, 8, lim), "");
  lim.max_elements = 575;
  EXPECT_EQ(element_limit_excess(12, 16, 12, 8, lim),
            "the result would be 12x16x3, over the limit of 575 elements");
  lim.description = "100 pixels (--max-pixels)";
  lim.type_name = "uint8";
  EXPECT_EQ(element_limit_excess(12, 16, 12, 8, lim),
            "the result would be 12x16x3 uint8, over the limit of 100 pixels (--max-pixels)");
  // Halving 100x100 rows first: 50x100 (5000 pixels) after the first pass, 50x50 (2500) at the end;
  // the intermediate is the larger, so it is named.
  PlanLimits one;
  one.max_elements = 4999;
  EXPECT_EQ(element_limit_excess(50, 50, 50, 100, one),
            "the result would be 50x50x1 (its intermediate pass 50x100), over the limit of 4999 elements");
  one.max_elements = 5000;
  EXPECT_EQ(element_limit_excess(50, 50, 50, 100, one), "");
  one.max_elements = 0;  // no limit
  EXPECT_EQ(element_limit_excess(50, 50, 50, 100, one), "");
  // make_plan refuses with the same message, before it builds a table.
  one.max_elements = 4999;
  try {
    make_plan(ResizeSpec::with_scale(0.5), 100, 100, one);
    FAIL() << "4999 elements cannot hold a 50x100 intermediate";
  } catch (const std::invalid_argument& e) {
    EXPECT_STREQ(
        e.what(),
        "the result would be 50x50x1 (its intermediate pass 50x100), over the limit of 4999 elements");
  }
}

TEST(Plan, CustomKernel) {
  ResizeSpec spec = ResizeSpec::with_scale(2);
  spec.method = Method::Custom;
  spec.custom = {"hat", [](double x) { return std::max(0.0, 1 - std::abs(x)); }, 2.0};
  const Plan custom = make_plan(spec, 5, 7);
  const Plan bilinear = make_plan(ResizeSpec::with_scale(2, Method::Bilinear), 5, 7);
  EXPECT_EQ(custom.rows.weights, bilinear.rows.weights);
  EXPECT_EQ(custom.cols.index, bilinear.cols.index);
}

}  // namespace
}  // namespace rl
