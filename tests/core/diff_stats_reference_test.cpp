// The one-pass statistics and maps (rl::diff_stats, diff_map, count_non_finite, finite_range) against
// the element-by-element implementation they replaced, kept here as the reference, on random images
// of every element type and channel count, with NaN, ±inf, -0 and 1e300 among the float values.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "random_image.hpp"
#include "rl/image_ops.hpp"
#include "rl/metrics.hpp"
#include "rl/parallel.hpp"
#include "rl/ssim.hpp"

namespace {

using rl::DiffMode;
using rl::DiffStats;
using rl::ElemType;
using rl::Image;

// ---- the reference: the implementation before the one-pass rewrite, verbatim but for names ----
double ref_data_difference(double x, double y) {
  if (x == y || (std::isnan(x) && std::isnan(y))) return 0.0;
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  return x - y;
}

rl::NonFiniteCount ref_count_non_finite(const Image& img) {
  rl::NonFiniteCount n;
  if (!rl::is_floating(img.type())) return n;
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c)
      for (int k = 0; k < img.channels(); ++k) n.add(img.at(r, c, k));
  return n;
}

DiffStats ref_diff_stats(const Image& a, const Image& b) {
  DiffStats s;
  s.pixels = static_cast<std::size_t>(a.rows()) * a.cols();
  double sum_abs = 0.0, sum_sq = 0.0;
  const int ch = a.channels();
  for (int r = 0; r < a.rows(); ++r)
    for (int c = 0; c < a.cols(); ++c) {
      bool differs = false;
      for (int k = 0; k < ch; ++k) {
        const double x = a.at(r, c, k), y = b.at(r, c, k);
        s.non_finite_a.add(x);
        s.non_finite_b.add(y);
        const double d = std::abs(ref_data_difference(x, y));
        if (d != 0.0) differs = true;
        if (!std::isfinite(x) || !std::isfinite(y)) {
          ++s.non_finite;
          continue;
        }
        ++s.finite_pairs;
        if (d > s.max_abs) s.max_abs = d;
        sum_abs += d;
        sum_sq += d * d;
      }
      if (differs) ++s.differing;
    }
  const double n = static_cast<double>(s.finite_pairs);
  s.mean_abs = n > 0 ? sum_abs / n : 0.0;
  const double mse = n > 0 ? sum_sq / n : 0.0;
  s.psnr = rl::psnr_from_mse(mse, rl::peak_value(a.type()));
  return s;
}

Image ref_diff_map(const Image& a, const Image& b, DiffMode mode, int channel) {
  Image out(a.rows(), a.cols(), 1, ElemType::F64);
  double* d = out.data<double>();
  auto outranks = [](double x, double v) {
    return !std::isnan(v) && (std::isnan(x) || std::abs(x) > std::abs(v));
  };
  for (int r = 0; r < a.rows(); ++r)
    for (int c = 0; c < a.cols(); ++c) {
      double v = 0.0;
      if (mode == DiffMode::AbsChannel || (mode == DiffMode::Signed && channel >= 0)) {
        const int k = channel < 0 ? 0 : channel;
        const double x = ref_data_difference(a.at(r, c, k), b.at(r, c, k));
        v = mode == DiffMode::Signed ? x : std::abs(x);
      } else {
        for (int k = 0; k < a.channels(); ++k) {
          const double x = ref_data_difference(a.at(r, c, k), b.at(r, c, k));
          if (outranks(x, v)) v = x;
        }
        if (mode == DiffMode::AbsMaxChannel) v = std::abs(v);
      }
      d[static_cast<std::size_t>(r) * a.cols() + c] = v;
    }
  return out;
}

std::optional<std::pair<double, double>> ref_finite_range(const Image& img) {
  double lo = INFINITY, hi = -INFINITY;
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c)
      for (int k = 0; k < img.channels(); ++k) {
        const double x = img.at(r, c, k);
        if (std::isfinite(x)) {
          lo = std::min(lo, x);
          hi = std::max(hi, x);
        }
      }
  if (!(lo <= hi)) return std::nullopt;
  return std::pair{lo, hi};
}
// ---- end of the reference ----

// Bit for bit, NaN equal to NaN (of any payload).
bool same_value(double x, double y) {
  if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
  return x == y && std::signbit(x) == std::signbit(y);
}

void expect_same_counts(const rl::NonFiniteCount& got, const rl::NonFiniteCount& want) {
  EXPECT_EQ(got.nan, want.nan);
  EXPECT_EQ(got.pos_inf, want.pos_inf);
  EXPECT_EQ(got.neg_inf, want.neg_inf);
}

constexpr ElemType kTypes[] = {ElemType::U8,  ElemType::U16, ElemType::F32, ElemType::F64,    ElemType::I8,
                               ElemType::I16, ElemType::I32, ElemType::U32, ElemType::Logical};

// A pair whose values differ in about half the elements (b is a with a share of values redrawn).
std::pair<Image, Image> random_pair(int rows, int cols, int ch, ElemType t, unsigned seed, double specials) {
  rl::test::RandomValues v;
  v.float_lo = -2.0;
  v.float_hi = 3.0;
  v.at_each_end = 0.05;
  v.each_special = specials;
  Image a = rl::test::random_image(rows, cols, ch, t, seed, v);
  Image b = a;
  const Image other = rl::test::random_image(rows, cols, ch, t, seed + 1000, v);
  std::mt19937 rng(seed + 7);
  std::bernoulli_distribution redraw(0.5);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < ch; ++k)
        if (redraw(rng)) b.set(r, c, k, other.at(r, c, k));
  return {a, b};
}

struct Shape {
  int rows, cols, ch;
};
// Several row blocks (rl::rows_per_block is about 64 Ki elements), odd sizes, 1 to 5 channels.
constexpr Shape kShapes[] = {{1, 1, 1}, {3, 7, 2}, {40, 131, 3}, {260, 257, 1}, {90, 211, 4}, {9, 70, 5}};

TEST(DiffStatsReference, EveryTypeAndShapeGivesTheReferenceNumbers) {
  unsigned seed = 1;
  for (const ElemType t : kTypes)
    for (const Shape& s : kShapes)
      for (const double specials : {0.0, 0.02}) {
        SCOPED_TRACE(rl::to_string(t) + " " + std::to_string(s.rows) + "x" + std::to_string(s.cols) + "x" +
                     std::to_string(s.ch) + " specials " + std::to_string(specials));
        const auto [a, b] = random_pair(s.rows, s.cols, s.ch, t, ++seed, specials);
        const DiffStats got = rl::diff_stats(a, b), want = ref_diff_stats(a, b);
        EXPECT_EQ(got.max_abs, want.max_abs);
        EXPECT_EQ(got.differing, want.differing);
        EXPECT_EQ(got.pixels, want.pixels);
        EXPECT_EQ(got.finite_pairs, want.finite_pairs);
        EXPECT_EQ(got.non_finite, want.non_finite);
        expect_same_counts(got.non_finite_a, want.non_finite_a);
        expect_same_counts(got.non_finite_b, want.non_finite_b);
        // Differences of types up to 16 bits are integers whose squares sum exactly in any order; the
        // other sums are combined per row block, so they may differ from the one running sum in the
        // last bits (never in the shown 4 digits / 0.01 dB).
        const bool exact = rl::info(t).size <= 2 && t != ElemType::F32;
        if (exact) {
          EXPECT_TRUE(same_value(got.mean_abs, want.mean_abs)) << got.mean_abs << " vs " << want.mean_abs;
          EXPECT_TRUE(same_value(got.psnr, want.psnr)) << got.psnr << " vs " << want.psnr;
        } else {
          EXPECT_NEAR(got.mean_abs, want.mean_abs, 1e-12 * std::abs(want.mean_abs));
          if (std::isfinite(want.psnr))
            EXPECT_NEAR(got.psnr, want.psnr, 1e-9);
          else
            EXPECT_TRUE(same_value(got.psnr, want.psnr)) << got.psnr << " vs " << want.psnr;
        }
        expect_same_counts(rl::count_non_finite(a), ref_count_non_finite(a));
        const auto fr = rl::finite_range(b), wr = ref_finite_range(b);
        ASSERT_EQ(fr.has_value(), wr.has_value());
        if (fr) {
          EXPECT_TRUE(same_value(fr->first, wr->first));
          EXPECT_TRUE(same_value(fr->second, wr->second));
        }
        for (const DiffMode m : {DiffMode::AbsMaxChannel, DiffMode::AbsChannel, DiffMode::Signed})
          for (const int k : {-1, 0, s.ch - 1}) {
            if (m == DiffMode::AbsChannel && k < 0) continue;
            const Image gm = rl::diff_map(a, b, m, k), wm = ref_diff_map(a, b, m, k);
            ASSERT_TRUE(gm.same_shape(wm));
            const double* g = gm.data<double>();
            const double* w = wm.data<double>();
            std::size_t wrong = 0;
            for (std::size_t i = 0; i < gm.elements(); ++i) wrong += !same_value(g[i], w[i]);
            EXPECT_EQ(wrong, 0u) << "mode " << static_cast<int>(m) << " channel " << k;
          }
      }
}

// An image compared with itself (the reference pane, or a pane sharing its result) gives the numbers
// of a comparison with a copy of it, every type, with and without non-finite values.
TEST(DiffStatsReference, AnImageAgainstItselfGivesTheNumbersOfACopy) {
  unsigned seed = 500;
  for (const ElemType t : kTypes)
    for (const Shape& s : kShapes)
      for (const double specials : {0.0, 0.02}) {
        SCOPED_TRACE(rl::to_string(t) + " " + std::to_string(s.rows) + "x" + std::to_string(s.cols));
        const Image a = random_pair(s.rows, s.cols, s.ch, t, ++seed, specials).first;
        const DiffStats got = rl::diff_stats(a, a), want = ref_diff_stats(a, a);
        EXPECT_EQ(got.max_abs, want.max_abs);
        EXPECT_EQ(got.differing, want.differing);
        EXPECT_EQ(got.pixels, want.pixels);
        EXPECT_EQ(got.finite_pairs, want.finite_pairs);
        EXPECT_EQ(got.non_finite, want.non_finite);
        expect_same_counts(got.non_finite_a, want.non_finite_a);
        expect_same_counts(got.non_finite_b, want.non_finite_b);
        EXPECT_TRUE(same_value(got.mean_abs, want.mean_abs)) << got.mean_abs;
        EXPECT_TRUE(same_value(got.psnr, want.psnr)) << got.psnr;
      }
}

// Float sums: per-block partials are the same on every run (the blocks depend on the shape only).
TEST(DiffStatsReference, FloatSumsAreReproducible) {
  const auto [a, b] = random_pair(200, 333, 3, ElemType::F32, 99, 0.001);
  const DiffStats first = rl::diff_stats(a, b);
  for (int i = 0; i < 5; ++i) {
    const DiffStats again = rl::diff_stats(a, b);
    EXPECT_TRUE(same_value(again.mean_abs, first.mean_abs));
    EXPECT_TRUE(same_value(again.psnr, first.psnr));
  }
}

// Float sums as the definition runs them: over the finite pairs in storage order within each row block
// of rl::rows_per_block rows, the blocks' sums added in block order. Every float shape and channel count,
// with and without non-finite values, gives these bits exactly (the same arithmetic in the same order).
TEST(DiffStatsReference, FloatSumsAreTheRowBlocksSumsBitForBit) {
  unsigned seed = 900;
  for (const ElemType t : {ElemType::F32, ElemType::F64})
    for (const Shape& s : kShapes)
      for (const double specials : {0.0, 0.02}) {
        SCOPED_TRACE(rl::to_string(t) + " " + std::to_string(s.rows) + "x" + std::to_string(s.cols) + "x" +
                     std::to_string(s.ch));
        const auto [a, b] = random_pair(s.rows, s.cols, s.ch, t, ++seed, specials);
        const int per = rl::rows_per_block(a);
        double sum_abs = 0.0, sum_sq = 0.0;
        std::size_t n = 0;
        for (int r0 = 0; r0 < a.rows(); r0 += per) {
          double block_abs = 0.0, block_sq = 0.0;
          for (int r = r0; r < std::min(a.rows(), r0 + per); ++r)
            for (int c = 0; c < a.cols(); ++c)
              for (int k = 0; k < a.channels(); ++k) {
                const double x = a.at(r, c, k), y = b.at(r, c, k);
                if (!std::isfinite(x) || !std::isfinite(y)) continue;
                const double d = std::abs(x - y);
                block_abs += d;
                block_sq += d * d;
                ++n;
              }
          sum_abs += block_abs;
          sum_sq += block_sq;
        }
        const DiffStats got = rl::diff_stats(a, b);
        ASSERT_EQ(got.finite_pairs, n);
        const double mean = n > 0 ? sum_abs / static_cast<double>(n) : 0.0;
        const double psnr = rl::psnr_from_mse(n > 0 ? sum_sq / static_cast<double>(n) : 0.0, 1.0);
        EXPECT_TRUE(same_value(got.mean_abs, mean)) << got.mean_abs << " vs " << mean;
        EXPECT_TRUE(same_value(got.psnr, psnr)) << got.psnr << " vs " << psnr;
      }
}

// The element types of the two images may differ: values are compared as doubles.
TEST(DiffStatsReference, DifferentTypesCompareAsDoubles) {
  const auto [a, b] = random_pair(40, 50, 3, ElemType::U8, 5, 0.0);
  Image bd(b.rows(), b.cols(), b.channels(), ElemType::F64);
  for (int r = 0; r < b.rows(); ++r)
    for (int c = 0; c < b.cols(); ++c)
      for (int k = 0; k < b.channels(); ++k) bd.set(r, c, k, b.at(r, c, k) + 0.25 * (k == 1));
  const DiffStats got = rl::diff_stats(a, bd), want = ref_diff_stats(a, bd);
  EXPECT_EQ(got.max_abs, want.max_abs);
  EXPECT_EQ(got.differing, want.differing);
  EXPECT_TRUE(same_value(got.mean_abs, want.mean_abs));
  EXPECT_TRUE(same_value(got.psnr, want.psnr));
  EXPECT_GT(got.differing, 0u);
}

}  // namespace
