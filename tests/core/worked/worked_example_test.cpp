// rl::make_worked_example: a hand-worked case, and its final value against rl::resize at many
// pixels for every method, element type, boundary and a range of scales (both pass orders), and
// against real MATLAB outputs (golden float64 rows).
#include "rl/worked_example.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <vector>

#include "golden.hpp"
#include "random_image.hpp"
#include "rl/npy.hpp"
#include "rl/resize.hpp"

namespace {

using rl::ElemType;

// Random image of the given type; integers span their full range so rounding and saturation occur.
rl::Image random_image(int rows, int cols, int ch, ElemType t, unsigned seed) {
  return rl::test::random_image(rows, cols, ch, t, seed, {.float_lo = -0.2, .float_hi = 1.2});
}

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

// 1x4 uint8 [10 20 40 80], bilinear, scale 0.5, antialiased, modern boundary. By hand: the kernel
// is 0.5*triangle(0.5x), width 4, P = 6; u = 1.5 and 3.5; the outer two tap columns are zero for
// both outputs and are removed, leaving weights 1/8 3/8 3/8 1/8. Output 1 reads columns 0 0 1 2
// (index -1 mirrored to 0): 1.25 + 3.75 + 7.5 + 5 = 17.5 -> 18. Output 2 reads 1 2 3 3 (index 4
// mirrored to 3): 2.5 + 15 + 30 + 10 = 57.5 -> 58 (uint8 rounds half away from zero).
TEST(WorkedExample, HandWorkedBilinearHalf) {
  rl::Image img(1, 4, 1, ElemType::U8);
  const double v[] = {10, 20, 40, 80};
  for (int c = 0; c < 4; ++c) img.set(0, c, 0, v[c]);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(0.5, rl::Method::Bilinear), 1, 4);
  ASSERT_EQ(plan.out_cols, 2);

  const rl::WorkedExample w0 = rl::make_worked_example(plan, img, 0, 0);
  ASSERT_EQ(w0.order[1], rl::Axis::Cols);
  const rl::WorkedStep& s = w0.second;
  EXPECT_DOUBLE_EQ(s.u, 1.5);
  EXPECT_EQ(s.left, -1);
  EXPECT_EQ(s.taps_full, 6);
  EXPECT_EQ(s.kept, (std::vector<int>{1, 2, 3, 4}));
  EXPECT_EQ(s.unmapped_index, (std::vector<int>{-1, 0, 1, 2}));
  EXPECT_EQ(s.input_index, (std::vector<int>{0, 0, 1, 2}));
  EXPECT_EQ(s.weight, (std::vector<double>{0.125, 0.375, 0.375, 0.125}));
  EXPECT_EQ(s.value, (std::vector<double>{10, 10, 20, 40}));
  EXPECT_EQ(s.product, (std::vector<double>{1.25, 3.75, 7.5, 5}));
  EXPECT_EQ(s.sum, 17.5);
  EXPECT_EQ(w0.value, 18.0);
  // The first pass (rows, 1 -> 1) runs once per second-pass tap and passes the values through.
  ASSERT_EQ(w0.first.size(), 4u);
  EXPECT_EQ(w0.first[0].fixed_index, 0);
  EXPECT_EQ(w0.first[3].fixed_index, 2);
  EXPECT_EQ(w0.first[3].result, 40.0);

  const rl::WorkedExample w1 = rl::make_worked_example(plan, img, 0, 1);
  EXPECT_DOUBLE_EQ(w1.second.u, 3.5);
  EXPECT_EQ(w1.second.input_index, (std::vector<int>{1, 2, 3, 3}));
  EXPECT_EQ(w1.second.sum, 57.5);
  EXPECT_EQ(w1.value, 58.0);
  EXPECT_EQ(w1.source_cols(), (std::vector<int>{1, 2, 3}));
  EXPECT_EQ(w1.source_rows(), (std::vector<int>{0}));
}

struct Case {
  double sr, sc;
};

TEST(WorkedExample, MatchesResizerEverywhere) {
  const std::vector<Case> scales = {{0.5, 0.5}, {1.0 / 3, 1.0 / 3}, {0.27, 0.6}, {2.0, 0.45},
                                    {1.5, 1.5}, {3.7, 2.2},         {0.8, 3.0},  {1.0, 0.7}};
  const ElemType types[] = {ElemType::U8,  ElemType::U16, ElemType::F32, ElemType::F64,    ElemType::I8,
                            ElemType::I16, ElemType::I32, ElemType::U32, ElemType::Logical};
  std::size_t checked = 0, rounded_half = 0;
  unsigned seed = 1;
  for (ElemType t : types) {
    for (rl::Method m : rl::builtin_methods()) {
      for (rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy}) {
        for (bool aa : {true, false}) {
          for (const Case& sc : scales) {
            const rl::Image img = random_image(13, 17, 2, t, seed++);
            rl::ResizeSpec spec = rl::ResizeSpec::with_scale(sc.sr, sc.sc, m);
            spec.boundary = b;
            spec.antialiasing = aa;
            const rl::Plan plan = rl::make_plan(spec, img.rows(), img.cols());
            const rl::Image out = rl::run(plan, img);
            // Corners and edges (where taps are mirrored or clamped) plus a sweep of interior pixels.
            std::vector<std::pair<int, int>> pix = {{0, 0},
                                                    {0, plan.out_cols - 1},
                                                    {plan.out_rows - 1, 0},
                                                    {plan.out_rows - 1, plan.out_cols - 1}};
            for (int i = 0; i < 12; ++i)
              pix.push_back({(i * 7 + 3) % plan.out_rows, (i * 11 + 5) % plan.out_cols});
            for (auto [r, c] : pix) {
              for (int ch = 0; ch < img.channels(); ++ch) {
                const rl::WorkedExample w = rl::make_worked_example(plan, img, r, c, ch);
                ASSERT_TRUE(same_bits(w.value, out.at(r, c, ch)))
                    << "method " << rl::to_string(m) << " type " << rl::to_string(t) << " boundary "
                    << rl::to_string(b) << " aa " << aa << " scale " << sc.sr << "," << sc.sc << " pixel "
                    << r << "," << c << "," << ch << ": worked " << w.value << ", resizer "
                    << out.at(r, c, ch) << "\n"
                    << rl::to_text(w, plan);
                // The sum really is the products added in tap order.
                double acc = 0;
                for (double p : w.second.product) acc += p;
                ASSERT_TRUE(same_bits(acc, w.second.sum));
                ASSERT_EQ(w.first.size(), w.second.input_index.size());
                for (std::size_t k = 0; k < w.first.size(); ++k)
                  ASSERT_TRUE(same_bits(w.first[k].result, w.second.value[k]));
                if (rl::is_integer(t)) {
                  const double f = w.second.sum - std::floor(w.second.sum);
                  if (f > 0.49 && f < 0.51) ++rounded_half;
                }
                ++checked;
              }
            }
          }
        }
      }
    }
  }
  EXPECT_GT(checked, 10000u);
  // Integer sums near .5 exercise the cast's rounding; the random data must reach some.
  EXPECT_GT(rounded_half, 10u);
}

// The intermediate values the worked example shows are the resizer's first-pass results.
TEST(WorkedExample, FirstPassMatchesResizePass) {
  const rl::Image img = random_image(20, 9, 3, ElemType::U8, 77);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(0.4, 1.6), img.rows(), img.cols());
  ASSERT_EQ(plan.order[0], rl::Axis::Rows);  // the smaller scale goes first
  const rl::Image mid = rl::resize_pass(plan.rows, rl::Axis::Rows, img);
  for (int r = 0; r < plan.out_rows; ++r)
    for (int c = 0; c < plan.out_cols; c += 3) {
      const rl::WorkedExample w = rl::make_worked_example(plan, img, r, c, 1);
      for (const rl::WorkedStep& s : w.first) EXPECT_EQ(s.result, mid.at(s.out_index, s.fixed_index, 1));
    }
}

// Against real MATLAB: the float64 rows of the golden manifest, every output pixel of the small
// cases (ramps, corner impulses: boundaries, both pass orders, antialiasing on and off).
TEST(WorkedExample, MatchesRealMatlabFloat64) {
  std::size_t rows_checked = 0, pixels = 0;
  for (const rl::test::GoldenRow& row : rl::test::golden_rows()) {
    if (row.compare != "f64") continue;
    const rl::Image in = rl::read_npy(rl::test::golden_path(row.input));
    const rl::Image expected = rl::read_npy(rl::test::golden_path(row.expected));
    const rl::Plan plan = rl::make_plan(rl::test::golden_spec(row), in.rows(), in.cols());
    ASSERT_EQ(plan.out_rows, expected.rows()) << row.expected;
    ASSERT_EQ(plan.out_cols, expected.cols()) << row.expected;
    // Large images: a sparse lattice of pixels is enough; small ones: all of them.
    const int step = expected.rows() * expected.cols() > 4096 ? 7 : 1;
    for (int r = 0; r < expected.rows(); r += step)
      for (int c = 0; c < expected.cols(); c += step)
        for (int ch = 0; ch < expected.channels(); ++ch) {
          const double want = expected.at(r, c, ch);
          const double got = rl::make_worked_example(plan, in, r, c, ch).value;
          ASSERT_LE(std::abs(got - want), 1e-12 * std::max(1.0, std::abs(want)))
              << row.expected << " pixel " << r << "," << c << "," << ch;
          ++pixels;
        }
    ++rows_checked;
  }
  EXPECT_GE(rows_checked, 5u);
  EXPECT_GT(pixels, 1000u);
}

TEST(WorkedExample, RejectsBadArguments) {
  const rl::Image img(5, 5, 1, ElemType::U8);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(2.0), 5, 5);
  EXPECT_THROW(rl::make_worked_example(plan, img, 10, 0), std::invalid_argument);
  EXPECT_THROW(rl::make_worked_example(plan, img, 0, -1), std::invalid_argument);
  EXPECT_THROW(rl::make_worked_example(plan, img, 0, 0, 1), std::invalid_argument);
  const rl::Image other(4, 5, 1, ElemType::U8);
  EXPECT_THROW(rl::make_worked_example(plan, other, 0, 0), std::invalid_argument);
}

}  // namespace
