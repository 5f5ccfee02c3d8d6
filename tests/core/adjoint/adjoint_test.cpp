// resize_backward is the adjoint of the float64 resize: <A x, y> = <x, A^T y>, finite differences of
// a scalar loss, a hand-worked case, the same bits for every thread count, and at every SIMD level the
// bits of the plain scalar gather.
#include "rl/adjoint.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "adjoint_schedule.hpp"
#include "cpu_levels.hpp"
#include "random_image.hpp"
#include "rl/resize.hpp"
#include "rl/tap.hpp"

namespace rl {
namespace {

Image random_image(int rows, int cols, int ch, ElemType type, std::mt19937& rng, double lo = 0.0,
                   double hi = 1.0) {
  return rl::test::random_image(rows, cols, ch, type, rng, {.float_lo = lo, .float_hi = hi});
}

// Sum of a[i] * b[i], and the sum of |a[i] * b[i]| as the scale the relative error is measured against.
std::pair<double, double> dot(const Image& a, const Image& b) {
  EXPECT_TRUE(a.same_shape(b));
  const double* pa = a.data<double>();
  const double* pb = b.data<double>();
  double s = 0.0, m = 0.0;
  for (std::size_t i = 0; i < a.elements(); ++i) {
    s += pa[i] * pb[i];
    m += std::abs(pa[i] * pb[i]);
  }
  return {s, m};
}

struct Shape {
  int in_r, in_c, out_r, out_c;
};

std::string describe(const ResizeSpec& s, const Shape& sh) {
  return to_string(s.method) + " " + to_string(s.boundary) +
         " aa=" + (s.effective_antialiasing() ? "on" : "off") + " " + std::to_string(sh.in_r) + "x" +
         std::to_string(sh.in_c) + " -> " + std::to_string(sh.out_r) + "x" + std::to_string(sh.out_c);
}

// Random shapes, plus the corners: 1-pixel axes, shrinking by more than 10x, enlarging a single pixel.
std::vector<Shape> shapes(std::mt19937& rng) {
  std::vector<Shape> v = {{1, 1, 1, 1},      {1, 1, 4, 3},   {1, 7, 1, 3},   {9, 1, 25, 1}, {200, 3, 7, 3},
                          {150, 170, 4, 11}, {257, 1, 1, 1}, {3, 300, 3, 2}, {2, 2, 37, 41}};
  std::uniform_int_distribution<int> size(1, 40);
  for (int i = 0; i < 6; ++i) v.push_back({size(rng), size(rng), size(rng), size(rng)});
  return v;
}

TEST(Adjoint, DotProductMatchesForwardForEveryMethodBoundaryAndAntialiasing) {
  std::mt19937 rng(20261129);
  int checked = 0;
  for (Method m : builtin_methods())
    for (Boundary b : {Boundary::Modern, Boundary::Legacy})
      for (bool aa : {true, false})
        for (const Shape& sh : shapes(rng)) {
          ResizeSpec spec = ResizeSpec::with_size(sh.out_r, sh.out_c, m);
          spec.boundary = b;
          spec.antialiasing = aa;
          const int ch = 1 + checked % 3;
          const Plan plan = make_plan(spec, sh.in_r, sh.in_c);
          const Image x = random_image(sh.in_r, sh.in_c, ch, ElemType::F64, rng);
          const Image y = random_image(sh.out_r, sh.out_c, ch, ElemType::F64, rng);
          const auto [lhs, lscale] = dot(run(plan, x), y);
          const Image aty = resize_backward(y, plan);
          ASSERT_EQ(aty.rows(), sh.in_r);
          ASSERT_EQ(aty.cols(), sh.in_c);
          ASSERT_EQ(aty.channels(), ch);
          const auto [rhs, rscale] = dot(x, aty);
          EXPECT_LE(std::abs(lhs - rhs), 1e-12 * std::max(lscale, rscale)) << describe(spec, sh);
          ++checked;
        }
  EXPECT_EQ(checked, 7 * 2 * 2 * 15);
}

TEST(Adjoint, DotProductHoldsForScalesGivenAsFactors) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> scale(0.03, 3.5);
  std::uniform_int_distribution<int> size(1, 60);
  int checked = 0;
  for (int i = 0; i < 120; ++i) {
    const Method m = builtin_methods()[static_cast<std::size_t>(i) % builtin_methods().size()];
    ResizeSpec spec = ResizeSpec::with_scale(scale(rng), scale(rng), m);
    spec.boundary = i % 2 ? Boundary::Legacy : Boundary::Modern;
    spec.antialiasing = (i / 2) % 2 == 0;
    const int in_r = size(rng), in_c = size(rng);
    const Plan plan = make_plan(spec, in_r, in_c);
    const Image x = random_image(in_r, in_c, 2, ElemType::F64, rng);
    const Image y = random_image(plan.out_rows, plan.out_cols, 2, ElemType::F64, rng);
    const auto [lhs, lscale] = dot(run(plan, x), y);
    const auto [rhs, rscale] = dot(x, resize_backward(y, plan));
    EXPECT_LE(std::abs(lhs - rhs), 1e-12 * std::max(lscale, rscale))
        << describe(spec, {in_r, in_c, plan.out_rows, plan.out_cols});
    ++checked;
  }
  EXPECT_EQ(checked, 120);
}

// 1x2 -> 1x4 bilinear: the column operator is [[1,0],[.75,.25],[.25,.75],[0,1]] (u = 0.75, 1.25,
// 1.75, 2.25; the taps outside the image mirror or clamp onto the edge pixel), so A^T [1,2,3,4] =
// [1 + 1.5 + 0.75, 0.5 + 2.25 + 4] = [3.25, 6.75].
TEST(Backward, HandWorkedBilinearEnlargement) {
  for (Boundary b : {Boundary::Modern, Boundary::Legacy}) {
    ResizeSpec spec = ResizeSpec::with_scale(1.0, 2.0, Method::Bilinear);
    spec.boundary = b;
    const Plan plan = make_plan(spec, 1, 2);
    Image g(1, 4, 2, ElemType::F64);
    for (int c = 0; c < 4; ++c) {
      g.set(0, c, 0, c + 1.0);
      g.set(0, c, 1, 4.0 - c);
    }
    const Image gi = resize_backward(g, plan);
    ASSERT_EQ(gi.rows(), 1);
    ASSERT_EQ(gi.cols(), 2);
    EXPECT_DOUBLE_EQ(gi.at(0, 0, 0), 3.25);
    EXPECT_DOUBLE_EQ(gi.at(0, 1, 0), 6.75);
    EXPECT_DOUBLE_EQ(gi.at(0, 0, 1), 6.75);
    EXPECT_DOUBLE_EQ(gi.at(0, 1, 1), 3.25);
  }
}

// L(x) = 0.5 * sum c_i (A x)_i^2 has gradient A^T (c * A x); central differences of a quadratic are
// exact up to rounding, so the tolerance is tight.
TEST(Backward, FiniteDifferencesOfAScalarLoss) {
  std::mt19937 rng(11);
  struct Case {
    Method m;
    Boundary b;
    bool aa;
    int in_r, in_c, out_r, out_c;
  };
  const Case cases[] = {{Method::Bicubic, Boundary::Modern, true, 5, 4, 3, 7},
                        {Method::Lanczos3, Boundary::Legacy, true, 9, 6, 2, 2},
                        {Method::Bilinear, Boundary::Modern, false, 4, 4, 6, 3},
                        {Method::Box, Boundary::Legacy, true, 7, 3, 2, 5},
                        {Method::Nearest, Boundary::Modern, false, 3, 5, 5, 2},
                        {Method::Triangle, Boundary::Modern, true, 1, 6, 4, 2}};
  for (const Case& k : cases) {
    ResizeSpec spec = ResizeSpec::with_size(k.out_r, k.out_c, k.m);
    spec.boundary = k.b;
    spec.antialiasing = k.aa;
    const Plan plan = make_plan(spec, k.in_r, k.in_c);
    const Image c = random_image(k.out_r, k.out_c, 2, ElemType::F64, rng, 0.5, 2.0);
    Image x = random_image(k.in_r, k.in_c, 2, ElemType::F64, rng, -1.0, 1.0);
    auto loss = [&](const Image& xi) {
      const Image y = run(plan, xi);
      double l = 0.0;
      for (std::size_t i = 0; i < y.elements(); ++i)
        l += 0.5 * c.data<double>()[i] * y.data<double>()[i] * y.data<double>()[i];
      return l;
    };
    Image dy = run(plan, x);
    for (std::size_t i = 0; i < dy.elements(); ++i) dy.data<double>()[i] *= c.data<double>()[i];
    const Image grad = resize_backward(dy, plan);
    const double h = 1e-3;
    for (std::size_t i = 0; i < x.elements(); ++i) {
      const double x0 = x.data<double>()[i];
      x.data<double>()[i] = x0 + h;
      const double lp = loss(x);
      x.data<double>()[i] = x0 - h;
      const double lm = loss(x);
      x.data<double>()[i] = x0;
      const double fd = (lp - lm) / (2 * h);
      EXPECT_NEAR(grad.data<double>()[i], fd, 1e-9 * std::max(1.0, std::abs(fd)))
          << describe(spec, {k.in_r, k.in_c, k.out_r, k.out_c}) << " element " << i;
    }
  }
}

TEST(Backward, SameBitsForEveryThreadCount) {
  std::mt19937 rng(3);
  for (Method m : {Method::Bicubic, Method::Lanczos3}) {
    ResizeSpec spec = ResizeSpec::with_size(150, 37, m);
    const Plan plan = make_plan(spec, 64, 200);
    for (ElemType t : {ElemType::F64, ElemType::F32}) {
      const Image g = random_image(150, 37, 3, t, rng, -1.0, 1.0);
      const Image one = resize_backward(g, plan, RunOptions{1});
      for (int threads : {0, 2, 3, 7, 16})
        EXPECT_TRUE(identical(one, resize_backward(g, plan, RunOptions{threads}))) << threads << " threads";
      EXPECT_TRUE(identical(one, resize_backward(g, plan, RunOptions{1})));
    }
  }
}

TEST(Backward, Float32FollowsFloat64WithinSinglePrecision) {
  std::mt19937 rng(5);
  const Plan plan = make_plan(ResizeSpec::with_scale(0.3, 1.7, Method::Lanczos2), 40, 23);
  const Image g64 = random_image(plan.out_rows, plan.out_cols, 4, ElemType::F64, rng, -1.0, 1.0);
  Image g32(plan.out_rows, plan.out_cols, 4, ElemType::F32);
  for (std::size_t i = 0; i < g64.elements(); ++i)
    g32.data<float>()[i] = static_cast<float>(g64.data<double>()[i]);
  const Image a = resize_backward(g64, plan), b = resize_backward(g32, plan);
  ASSERT_EQ(b.type(), ElemType::F32);
  ASSERT_TRUE(a.same_shape(b));
  for (std::size_t i = 0; i < a.elements(); ++i)
    EXPECT_NEAR(b.data<float>()[i], a.data<double>()[i], 1e-5 * std::max(1.0, std::abs(a.data<double>()[i])));
}

TEST(Backward, TransposedTableHoldsEveryTapInAscendingOutputOrder) {
  for (Method m : builtin_methods())
    for (auto [in, out] : {std::pair{1, 5}, {5, 1}, {17, 40}, {300, 7}, {2, 2}}) {
      const AxisTable t =
          make_axis_table(in, out, static_cast<double>(out) / in, kernel_for(m), true, Boundary::Modern);
      const TransposedTable tt = transpose_table(t);
      ASSERT_EQ(tt.offsets.size(), static_cast<std::size_t>(in) + 1);
      ASSERT_EQ(tt.offsets.back(), out * t.taps);
      // Dense operator from each table, accumulated in each table's own order.
      std::vector<double> fwd(static_cast<std::size_t>(in) * out, 0.0), bwd(fwd.size(), 0.0);
      for (int o = 0; o < out; ++o)
        for (int k = 0; k < t.taps; ++k)
          fwd[static_cast<std::size_t>(o) * in + t.index_of(o)[k]] += t.weights_of(o)[k];
      for (int i = 0; i < in; ++i)
        for (int e = 0; e < tt.count(i); ++e) {
          if (e > 0) {
            EXPECT_LE(tt.index_of(i)[e - 1], tt.index_of(i)[e]);
          }
          bwd[static_cast<std::size_t>(tt.index_of(i)[e]) * in + i] += tt.weights_of(i)[e];
        }
      EXPECT_EQ(fwd, bwd) << to_string(m) << " " << in << " -> " << out;
    }
}

// The adjoint as first written, one scalar gather per element: acc = 0.0, then acc += w * g over the
// transposed list in its order (rl::tap_sum), then the cast. The vector kernels must give its bits.
template <class T>
Image scalar_pass(const TransposedTable& t, Axis axis, const Image& g) {
  const int ch = g.channels();
  const int rows = axis == Axis::Rows ? t.in_size : g.rows(),
            cols = axis == Axis::Rows ? g.cols() : t.in_size;
  Image out(rows, cols, ch, g.type());
  const T* src = g.data<T>();
  T* dst = out.data<T>();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < ch; ++k) {
        const int i = axis == Axis::Rows ? r : c;
        const T* base = axis == Axis::Rows ? src + static_cast<std::size_t>(c) * ch + k
                                           : src + static_cast<std::size_t>(r) * g.row_stride() + k;
        const std::ptrdiff_t stride = axis == Axis::Rows ? static_cast<std::ptrdiff_t>(g.row_stride()) : ch;
        dst[(static_cast<std::size_t>(r) * cols + c) * ch + k] =
            from_double<T>(tap_sum(t.weights_of(i), t.index_of(i), t.count(i), base, stride));
      }
  return out;
}

Image scalar_backward(const Image& g, const Plan& plan) {
  const Axis second = plan.order[1], first = plan.order[0];
  const TransposedTable t2 = transpose_table(plan.table(second)), t1 = transpose_table(plan.table(first));
  if (g.type() == ElemType::F64) return scalar_pass<double>(t1, first, scalar_pass<double>(t2, second, g));
  return scalar_pass<float>(t1, first, scalar_pass<float>(t2, second, g));
}

bool same_bytes(const Image& a, const Image& b) {
  return a.same_shape(b) && a.type() == b.type() && std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

// Each CPU level (one this machine cannot run is skipped with its reason).
class BackwardLevels : public test::PerCpuLevel {};

TEST_P(BackwardLevels, VectorKernelsGiveTheScalarGathersBits) {
  const detail::CpuLevel level = GetParam();
  std::mt19937 rng(11);
  std::uniform_int_distribution<int> size(1, 70), chans(1, 5);
  std::uniform_real_distribution<double> scale(0.1, 3.0);
  const double specials[] = {std::nan(""), INFINITY, -INFINITY, -0.0, 1e300, 1e-310};
  int cases = 0;
  {
    for (int n = 0; n < 60; ++n) {
      const Method m = builtin_methods()[static_cast<std::size_t>(n) % builtin_methods().size()];
      ResizeSpec spec = ResizeSpec::with_scale(scale(rng), scale(rng), m);
      spec.boundary = n % 3 == 0 ? Boundary::Legacy : Boundary::Modern;
      if (n % 4 == 1) spec.antialiasing = false;
      const int in_r = size(rng), in_c = size(rng), ch = chans(rng);
      const Plan plan = make_plan(spec, in_r, in_c);
      for (ElemType t : {ElemType::F64, ElemType::F32}) {
        Image g = random_image(plan.out_rows, plan.out_cols, ch, t, rng, -2.0, 2.0);
        // NaN, infinities, -0 and extremes are data: the same bits too. A NaN made by Inf - Inf has
        // another sign than an input NaN, and which one a sum keeps depends on operand order, so
        // an image gets input NaNs or infinities, not both.
        std::vector<double> special(std::begin(specials), std::end(specials));
        special.erase(special.begin() + (n % 10 == 0 ? 1 : 0), special.begin() + (n % 10 == 0 ? 3 : 1));
        if (n % 5 == 0 && g.elements() > 0)
          for (double v : special) {
            const std::size_t at = std::uniform_int_distribution<std::size_t>(0, g.elements() - 1)(rng);
            if (t == ElemType::F64)
              g.data<double>()[at] = v;
            else
              g.data<float>()[at] = static_cast<float>(v);
          }
        const Image want = scalar_backward(g, plan);
        detail::force_level(&level);
        const Image got = resize_backward(g, plan, RunOptions{n % 2 ? 1 : 0});
        const AdjointTables tables(plan);
        const auto [mr, mc] = tables.mid_shape();
        Image mid = Image::uninitialized(mr, mc, ch, t), into = Image::uninitialized(in_r, in_c, ch, t);
        resize_backward_into(g, tables, mid, into);
        detail::force_level(nullptr);
        EXPECT_TRUE(same_bytes(want, got))
            << detail::level_name(level) << " " << describe(spec, {in_r, in_c, plan.out_rows, plan.out_cols})
            << " ch=" << ch << " " << to_string(t);
        EXPECT_TRUE(same_bytes(want, into)) << detail::level_name(level) << " resize_backward_into";
        ++cases;
      }
    }
  }
  EXPECT_EQ(cases, 120);  // 60 cases x float64 and float32
}

INSTANTIATE_TEST_SUITE_P(Levels, BackwardLevels, ::testing::ValuesIn(detail::kCpuLevels),
                         test::level_test_name);

TEST(Backward, IntoChecksTheImagesItWrites) {
  const Plan plan = make_plan(ResizeSpec::with_scale(0.5), 8, 6);
  const AdjointTables tables(plan);
  const auto [mr, mc] = tables.mid_shape();
  EXPECT_EQ(mr * mc, plan.order[1] == Axis::Cols ? 4 * 6 : 8 * 3);
  const Image g(4, 3, 2, ElemType::F32);
  Image mid = Image::uninitialized(mr, mc, 2, ElemType::F32),
        out = Image::uninitialized(8, 6, 2, ElemType::F32);
  Image wrong_mid = Image::uninitialized(mr + 1, mc, 2, ElemType::F32);
  Image wrong_out = Image::uninitialized(8, 6, 2, ElemType::F64);
  EXPECT_THROW(resize_backward_into(g, tables, wrong_mid, out), std::invalid_argument);
  EXPECT_THROW(resize_backward_into(g, tables, mid, wrong_out), std::invalid_argument);
  EXPECT_THROW(resize_backward_into(Image(4, 4, 2, ElemType::F32), tables, mid, out), std::invalid_argument);
  EXPECT_NO_THROW(resize_backward_into(g, tables, mid, out));
}

TEST(Backward, RejectsIntegerImagesAndWrongShapes) {
  const Plan plan = make_plan(ResizeSpec::with_scale(0.5), 8, 8);
  EXPECT_THROW(resize_backward(Image(4, 4, 1, ElemType::U8), plan), std::invalid_argument);
  EXPECT_THROW(resize_backward(Image(4, 4, 1, ElemType::U16), plan), std::invalid_argument);
  EXPECT_THROW(resize_backward(Image(4, 5, 1, ElemType::F64), plan), std::invalid_argument);
  EXPECT_THROW(resize_backward(Image(8, 8, 1, ElemType::F32), plan), std::invalid_argument);
  EXPECT_NO_THROW(resize_backward(Image(4, 4, 3, ElemType::F32), plan));
}

// The transposed passes take threads by the work, as the forward passes do: a 256 x 256 plane at 1/4
// (the torch layer's batches) is worth two threads in its vertical pass, where a fixed 64 Ki elements
// per chunk ran it on one; an 8 x 8 plane stays on one thread.
TEST(AdjointSchedule, SmallPlanesOfABatchUseTheThreadsTheirWorkIsWorth) {
  const Plan big = make_plan(ResizeSpec::with_scale(0.25), 256, 256);
  const AdjointTables t(big);
  const TransposedTable& rows = t.first_axis == Axis::Rows ? t.first : t.second;
  EXPECT_EQ(detail::back_rows_threads(rows, 256, RunOptions{2}), 2);
  EXPECT_EQ(detail::back_rows_threads(rows, 256, RunOptions{1}), 1);
  const Plan tiny = make_plan(ResizeSpec::with_scale(0.25), 8, 8);
  const AdjointTables u(tiny);
  const TransposedTable& tiny_rows = u.first_axis == Axis::Rows ? u.first : u.second;
  const TransposedTable& tiny_cols = u.first_axis == Axis::Rows ? u.second : u.first;
  EXPECT_EQ(detail::back_rows_threads(tiny_rows, 8, RunOptions{2}), 1);
  EXPECT_EQ(detail::back_cols_threads(tiny_cols, 2, 1, 8, RunOptions{2}), 1);
}

}  // namespace
}  // namespace rl
