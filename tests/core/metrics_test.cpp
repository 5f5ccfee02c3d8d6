// diff_stats and diff_map on small images whose statistics are worked out by hand in the comments.
#include "rl/metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <utility>

#include "random_image.hpp"
#include "rl/percent_text.hpp"

namespace rl {
namespace {

Image from_values(int rows, int cols, int ch, ElemType t, std::initializer_list<double> v) {
  Image im(rows, cols, ch, t);
  auto it = v.begin();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < ch; ++k) im.set(r, c, k, *it++);
  return im;
}

TEST(Metrics, PeakByType) {
  EXPECT_EQ(peak_value(ElemType::U8), 255.0);
  EXPECT_EQ(peak_value(ElemType::U16), 65535.0);
  EXPECT_EQ(peak_value(ElemType::F32), 1.0);
  EXPECT_EQ(peak_value(ElemType::F64), 1.0);
}

TEST(Metrics, IdenticalImagesHaveInfinitePsnr) {
  const Image a = from_values(2, 2, 1, ElemType::U8, {1, 2, 3, 4});
  const DiffStats s = diff_stats(a, a);
  EXPECT_EQ(s.max_abs, 0.0);
  EXPECT_EQ(s.mean_abs, 0.0);
  EXPECT_EQ(s.differing, 0u);
  EXPECT_EQ(s.pixels, 4u);
  EXPECT_TRUE(std::isinf(s.psnr) && s.psnr > 0);
  EXPECT_EQ(s.differing_percent(), 0.0);
}

TEST(Metrics, HandWorkedUint8Statistics) {
  // Differences per element: 0, 3, 0, 4 (one of them negative: a < b).
  // max 4; mean (3+4)/4 = 1.75; mse (9+16)/4 = 6.25; psnr = 10 log10(255^2 / 6.25) = 20 log10(102).
  const Image a = from_values(2, 2, 1, ElemType::U8, {10, 20, 30, 40});
  const Image b = from_values(2, 2, 1, ElemType::U8, {10, 17, 30, 44});
  const DiffStats s = diff_stats(a, b);
  EXPECT_EQ(s.max_abs, 4.0);
  EXPECT_EQ(s.mean_abs, 1.75);
  EXPECT_NEAR(s.psnr, 20.0 * std::log10(102.0), 1e-12);
  EXPECT_EQ(s.differing, 2u);
  EXPECT_EQ(s.differing_percent(), 50.0);
}

TEST(Metrics, PixelsCountOnceWhateverTheChannelsThatDiffer) {
  // 1x2 pixels x 3 channels; pixel 0 differs in two channels (0.5, 0.25), pixel 1 in none.
  const Image a = from_values(1, 2, 3, ElemType::F64, {0.5, 0.25, 0.0, 1.0, 1.0, 1.0});
  const Image b = from_values(1, 2, 3, ElemType::F64, {0.0, 0.5, 0.0, 1.0, 1.0, 1.0});
  const DiffStats s = diff_stats(a, b);
  EXPECT_EQ(s.pixels, 2u);
  EXPECT_EQ(s.differing, 1u);
  EXPECT_EQ(s.max_abs, 0.5);
  EXPECT_EQ(s.mean_abs, 0.75 / 6);
  // mse = (0.25 + 0.0625) / 6; peak 1.
  EXPECT_NEAR(s.psnr, 10.0 * std::log10(6 / 0.3125), 1e-12);
}

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(Metrics, NanAgainstNumberDiffersNanAgainstNanDoesNot) {
  const Image a = from_values(1, 2, 1, ElemType::F64, {kNan, kNan});
  const Image b = from_values(1, 2, 1, ElemType::F64, {kNan, 0.5});
  const DiffStats s = diff_stats(a, b);
  EXPECT_EQ(s.differing, 1u);
  // No pair is finite: the figures have nothing to be over, and stay finite numbers.
  EXPECT_EQ(s.finite_pairs, 0u);
  EXPECT_EQ(s.non_finite, 2u);
  EXPECT_EQ(s.max_abs, 0.0);
  EXPECT_EQ(s.mean_abs, 0.0);
}

TEST(Metrics, DataDifferenceTreatsEqualNonFiniteValuesAsEqual) {
  EXPECT_EQ(data_difference(kNan, kNan), 0.0);
  EXPECT_EQ(data_difference(kInf, kInf), 0.0);
  EXPECT_EQ(data_difference(-kInf, -kInf), 0.0);
  EXPECT_TRUE(std::isnan(data_difference(kNan, 1.0)));
  EXPECT_TRUE(std::isnan(data_difference(kInf, kNan)));
  EXPECT_EQ(data_difference(kInf, 1.0), kInf);
  EXPECT_EQ(data_difference(1.0, kInf), -kInf);
  EXPECT_EQ(data_difference(kInf, -kInf), kInf);
  EXPECT_EQ(data_difference(0.75, 0.5), 0.25);
}

// The case found by use: a 4x4 float64 image with one NaN and one +inf.
Image with_nan_and_inf() {
  return from_values(4, 4, 1, ElemType::F64,
                     {0.0, 0.125, 0.25, 0.375,  //
                      0.5, kNan, 0.625, 0.75,   //
                      0.875, 1.0, kInf, 0.5,    //
                      0.25, 0.125, 0.0, 1.0});
}

TEST(Metrics, AnImageComparedWithItselfHasNoDifferenceWhateverItsValues) {
  const Image a = with_nan_and_inf();
  const DiffStats s = diff_stats(a, a);
  EXPECT_EQ(s.differing, 0u);
  EXPECT_EQ(s.max_abs, 0.0);
  EXPECT_EQ(s.mean_abs, 0.0);
  EXPECT_TRUE(std::isinf(s.psnr) && s.psnr > 0);
  EXPECT_EQ(s.finite_pairs, 14u);
  EXPECT_EQ(s.non_finite, 2u);
  EXPECT_EQ(s.non_finite_a.nan, 1u);
  EXPECT_EQ(s.non_finite_a.pos_inf, 1u);
  EXPECT_EQ(s.non_finite_a.neg_inf, 0u);
  EXPECT_EQ(s.non_finite_b.total(), 2u);
  const Image m = diff_map(a, a, DiffMode::Signed);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(m.at(r, c), 0.0) << r << "," << c;
}

TEST(Metrics, FiguresAreOverTheFinitePairsAndNonFiniteOnesAreCounted) {
  // a: the image above; b: all 0.5 except -inf at (3, 3).
  // Finite pairs: 16 - NaN (1,1) - inf (2,2) - -inf (3,3) = 13. Their |a - b|:
  //   row 0: .5 .375 .25 .125; row 1: 0 . .125 .25; row 2: .375 .5 . 0; row 3: .25 .375 .5
  //   sum = 1.25 + .375 + .875 + 1.125 = 3.625, max .5;
  //   squares: (.25+.140625+.0625+.015625) + (0+.015625+.0625) + (.140625+.25+0) + (.0625+.140625+.25)
  //          = .46875 + .078125 + .390625 + .453125 = 1.390625.
  // Differing pixels: 16 - the two where a = b = 0.5 ((1,0), (2,3)) = 14: the three non-finite pairs
  // differ (NaN vs 0.5, inf vs 0.5, 1 vs -inf).
  Image b(4, 4, 1, ElemType::F64);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) b.set(r, c, 0, 0.5);
  b.set(3, 3, 0, -kInf);
  const DiffStats s = diff_stats(with_nan_and_inf(), b);
  EXPECT_EQ(s.finite_pairs, 13u);
  EXPECT_EQ(s.non_finite, 3u);
  EXPECT_EQ(s.max_abs, 0.5);
  EXPECT_DOUBLE_EQ(s.mean_abs, 3.625 / 13);
  EXPECT_NEAR(s.psnr, 10.0 * std::log10(13 / 1.390625), 1e-12);
  EXPECT_EQ(s.differing, 14u);
  EXPECT_EQ(s.non_finite_a.nan, 1u);
  EXPECT_EQ(s.non_finite_a.pos_inf, 1u);
  EXPECT_EQ(s.non_finite_b.neg_inf, 1u);
  EXPECT_EQ(s.non_finite_b.total(), 1u);
  // The map marks each non-finite difference: NaN where a NaN meets a number, ±inf where an infinity does.
  const Image m = diff_map(with_nan_and_inf(), b, DiffMode::Signed);
  EXPECT_TRUE(std::isnan(m.at(1, 1)));
  EXPECT_EQ(m.at(2, 2), kInf);
  EXPECT_EQ(m.at(3, 3), kInf);  // 1 - (-inf)
  EXPECT_EQ(m.at(0, 0), -0.5);
  EXPECT_EQ(diff_map(b, with_nan_and_inf(), DiffMode::Signed).at(3, 3), -kInf);
}

TEST(Metrics, DiffMapMaxOverChannelsNeverHidesANonFiniteDifference) {
  // One pixel, channel differences (0.5, NaN, inf) and (inf, 0.25, 0): NaN wins, then inf.
  const Image a = from_values(1, 2, 3, ElemType::F64, {1.0, kNan, kInf, kInf, 0.5, 0.0});
  const Image b = from_values(1, 2, 3, ElemType::F64, {0.5, 0.0, 0.0, 0.0, 0.25, 0.0});
  const Image m = diff_map(a, b, DiffMode::AbsMaxChannel);
  EXPECT_TRUE(std::isnan(m.at(0, 0)));
  EXPECT_EQ(m.at(0, 1), kInf);
}

TEST(Metrics, ShapeMismatchIsRefused) {
  EXPECT_THROW(diff_stats(Image(2, 2, 1, ElemType::U8), Image(2, 3, 1, ElemType::U8)), std::invalid_argument);
  EXPECT_THROW(diff_map(Image(2, 2, 1, ElemType::U8), Image(2, 2, 3, ElemType::U8), DiffMode::Signed),
               std::invalid_argument);
}

TEST(Metrics, DiffMapModes) {
  // One pixel, channels a - b = (+1, -3, +2).
  const Image a = from_values(1, 1, 3, ElemType::U8, {5, 5, 5});
  const Image b = from_values(1, 1, 3, ElemType::U8, {4, 8, 3});
  EXPECT_EQ(diff_map(a, b, DiffMode::AbsMaxChannel).at(0, 0), 3.0);
  EXPECT_EQ(diff_map(a, b, DiffMode::AbsChannel, 2).at(0, 0), 2.0);
  EXPECT_EQ(diff_map(a, b, DiffMode::Signed).at(0, 0), -3.0);  // the channel of largest magnitude
  EXPECT_EQ(diff_map(a, b, DiffMode::Signed, 0).at(0, 0), 1.0);
  const Image m = diff_map(a, b, DiffMode::AbsMaxChannel);
  EXPECT_EQ(m.type(), ElemType::F64);
  EXPECT_EQ(m.channels(), 1);
  EXPECT_THROW(diff_map(a, b, DiffMode::AbsChannel, 3), std::invalid_argument);
}

}  // namespace
// The map type: float32 where every difference of the type is a float32 (8- and 16-bit integers,
// logical: |a - b| <= 65535 < 2^24), float64 for the rest.
TEST(Metrics, DiffMapTypeIsFloat32OnlyWhereEveryDifferenceIsExact) {
  EXPECT_EQ(diff_map_type(ElemType::U8), ElemType::F32);
  EXPECT_EQ(diff_map_type(ElemType::I8), ElemType::F32);
  EXPECT_EQ(diff_map_type(ElemType::U16), ElemType::F32);
  EXPECT_EQ(diff_map_type(ElemType::I16), ElemType::F32);
  EXPECT_EQ(diff_map_type(ElemType::Logical), ElemType::F32);
  EXPECT_EQ(diff_map_type(ElemType::I32), ElemType::F64);  // 2^32 - 1 apart: not a float32
  EXPECT_EQ(diff_map_type(ElemType::U32), ElemType::F64);
  EXPECT_EQ(diff_map_type(ElemType::F32), ElemType::F64);
  EXPECT_EQ(diff_map_type(ElemType::F64), ElemType::F64);
  // The extremes: uint16 65535 - 0 and int16 -32768 - 32767 in a float32 map.
  const Image a = from_values(1, 2, 1, ElemType::U16, {65535, 0});
  const Image b = from_values(1, 2, 1, ElemType::U16, {0, 65535});
  const Image m = diff_map(a, b, DiffMode::Signed, 0, ElemType::F32);
  EXPECT_EQ(m.type(), ElemType::F32);
  EXPECT_EQ(m.at(0, 0), 65535.0);
  EXPECT_EQ(m.at(0, 1), -65535.0);
  const Image c = from_values(1, 1, 1, ElemType::I16, {-32768});
  const Image d = from_values(1, 1, 1, ElemType::I16, {32767});
  EXPECT_EQ(diff_map(c, d, DiffMode::AbsMaxChannel, -1, ElemType::F32).at(0, 0), 65535.0);
  EXPECT_THROW(diff_map(a, b, DiffMode::Signed, 0, ElemType::U8), std::invalid_argument);
}

// On random images of each narrow type, with their extremes, every mode's float32 map holds the
// float64 map's values exactly.
TEST(Metrics, Float32MapsEqualTheFloat64MapsOfNarrowTypes) {
  for (const ElemType t : {ElemType::U8, ElemType::I8, ElemType::U16, ElemType::I16, ElemType::Logical}) {
    test::RandomValues ends;
    ends.at_each_end = 0.2;
    const Image a = test::random_image(17, 23, 3, t, 11u, ends);
    const Image b = test::random_image(17, 23, 3, t, 12u, ends);
    for (const auto& [mode, channel] :
         {std::pair{DiffMode::AbsMaxChannel, -1}, std::pair{DiffMode::AbsChannel, 1},
          std::pair{DiffMode::Signed, 2}, std::pair{DiffMode::Signed, -1}}) {
      const Image m64 = diff_map(a, b, mode, channel);
      const Image m32 = diff_map(a, b, mode, channel, diff_map_type(t));
      ASSERT_EQ(m32.type(), ElemType::F32);
      for (int r = 0; r < a.rows(); ++r)
        for (int c = 0; c < a.cols(); ++c) ASSERT_EQ(m32.at(r, c), m64.at(r, c)) << r << "," << c;
    }
  }
}

}  // namespace rl

// A share prints with two decimals, more where two would round a partial share to all or none;
// hand-worked: 374988 / 375000 = 99.9968%, 12 / 375000 = 0.0032%, 1 / 3 = 33.33%.
TEST(PercentText, NeverAllOrNoneUnlessExact) {
  EXPECT_EQ(rl::percent_text(374988, 375000), "99.997%");
  EXPECT_EQ(rl::percent_text(12, 375000), "0.003%");
  EXPECT_EQ(rl::percent_text(1, 3), "33.33%");
  EXPECT_EQ(rl::percent_text(375000, 375000), "100.00%");
  EXPECT_EQ(rl::percent_text(0, 375000), "0.00%");
  EXPECT_EQ(rl::percent_text(0, 0), "0.00%");
  EXPECT_EQ(rl::percent_text(999999999, 1000000000, 1), "99.9999999%");
  EXPECT_EQ(rl::percent_text(326, 1000, 1), "32.6%");
}
