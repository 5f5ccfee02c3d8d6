// diff_stats and diff_map on small images whose statistics are worked out by hand in the comments.
#include "rl/metrics.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

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

TEST(Metrics, NanAgainstNumberDiffersNanAgainstNanDoesNot) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const Image a = from_values(1, 2, 1, ElemType::F64, {nan, nan});
  const Image b = from_values(1, 2, 1, ElemType::F64, {nan, 0.5});
  const DiffStats s = diff_stats(a, b);
  EXPECT_EQ(s.differing, 1u);
  EXPECT_TRUE(std::isnan(s.max_abs));
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
}  // namespace rl
