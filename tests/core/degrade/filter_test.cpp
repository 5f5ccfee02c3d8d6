// fspecial('gaussian') and imfilter on arrays small enough to work out on paper: every expected value
// below is written from the definition (or MATLAB's printed output), never from the code under test.
#include "rl/filter.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

namespace rl {
namespace {

Image row_image(ElemType t, const std::vector<double>& v) {
  Image im(1, static_cast<int>(v.size()), 1, t);
  for (std::size_t i = 0; i < v.size(); ++i) im.set(0, static_cast<int>(i), 0, v[i]);
  return im;
}

Kernel2D row_kernel(const std::vector<double>& v) { return Kernel2D{1, static_cast<int>(v.size()), v}; }

std::vector<double> row_values(const Image& im) {
  std::vector<double> v;
  for (int c = 0; c < im.cols(); ++c) v.push_back(im.at(0, c));
  return v;
}

// MATLAB's documentation prints fspecial('gaussian') (3x3, sigma 0.5) as
//   0.0113 0.0838 0.0113; 0.0838 0.6193 0.0838; 0.0113 0.0838 0.0113.
// By hand: exp(-(x^2+y^2)/(2*0.25)) is 1 at the centre, e^-2 at an edge and e^-4 at a corner,
// divided by their sum 1 + 4e^-2 + 4e^-4.
TEST(Fspecial, DefaultGaussianAsMatlabPrintsIt) {
  const Kernel2D k = fspecial_gaussian(3, 0.5);
  ASSERT_EQ(k.rows, 3);
  ASSERT_EQ(k.cols, 3);
  const double sum = 1 + 4 * std::exp(-2.0) + 4 * std::exp(-4.0);
  EXPECT_NEAR(k.at(1, 1), 1 / sum, 1e-15);
  EXPECT_NEAR(k.at(0, 1), std::exp(-2.0) / sum, 1e-15);
  EXPECT_NEAR(k.at(2, 2), std::exp(-4.0) / sum, 1e-15);
  EXPECT_NEAR(k.at(1, 1), 0.6193, 5e-5);
  EXPECT_NEAR(k.at(1, 0), 0.0838, 5e-5);
  EXPECT_NEAR(k.at(0, 0), 0.0113, 5e-5);
}

// Even sizes: the coordinates are half-integers (-0.5, 0.5 for 2; -1.5 .. 1.5 for 4), so the kernel
// has no centre tap and is symmetric about the middle.
TEST(Fspecial, EvenSizesUseHalfIntegerCoordinates) {
  const Kernel2D two = fspecial_gaussian(2, 1.0);
  for (double v : two.h) EXPECT_NEAR(v, 0.25, 1e-16);
  const Kernel2D four = fspecial_gaussian(4, 1.6);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      EXPECT_EQ(four.at(r, c), four.at(3 - r, c));
      EXPECT_EQ(four.at(r, c), four.at(c, r));
    }
  // (-0.5, -0.5) against (-1.5, -1.5): exp(-(0.5) / 5.12) / exp(-(4.5) / 5.12) = exp(4 / 5.12).
  EXPECT_NEAR(four.at(1, 1) / four.at(0, 0), std::exp(4.0 / 5.12), 1e-12);
  double s = 0;
  for (double v : four.h) s += v;
  EXPECT_NEAR(s, 1.0, 1e-15);
}

// h(h < eps*max(h(:))) = 0: with sigma 0.5, exp(-2 d^2) along the middle row is kept at d = 4
// (e^-32 = 1.3e-14 > 2.2e-16) and cut at d = 5 (e^-50 = 1.9e-22).
TEST(Fspecial, EpsCutZeroesTheTails) {
  const Kernel2D k = fspecial_gaussian(21, 0.5);
  EXPECT_GT(k.at(10, 14), 0.0);
  EXPECT_EQ(k.at(10, 15), 0.0);
  EXPECT_EQ(k.at(0, 0), 0.0);
}

// The vector form [rows cols]: 3x5, coordinates -1..1 down and -2..2 across.
TEST(Fspecial, VectorSize) {
  const Kernel2D k = fspecial_gaussian(3, 5, 1.0);
  ASSERT_EQ(k.rows, 3);
  ASSERT_EQ(k.cols, 5);
  EXPECT_NEAR(k.at(1, 4) / k.at(1, 2), std::exp(-2.0), 1e-15);  // x = 2: exp(-4/2)
  EXPECT_NEAR(k.at(0, 2) / k.at(1, 2), std::exp(-0.5), 1e-15);  // y = 1: exp(-1/2)
}

TEST(Fspecial, BadArgumentsThrow) {
  EXPECT_THROW(fspecial_gaussian(0, 1.0), std::invalid_argument);
  EXPECT_THROW(fspecial_gaussian(3, 0.0), std::invalid_argument);
  EXPECT_THROW(fspecial_gaussian(3, -1.0), std::invalid_argument);
  EXPECT_THROW(fspecial_gaussian(3, std::numeric_limits<double>::infinity()), std::invalid_argument);
}

// [0.25 0.5 0.25] on [10 20 40]: with replicate, 2.5+5+5 = 12.5 -> 13 and 2.5+10+10 = 22.5 -> 23
// (half away from zero), 5+20+10 = 35; with zeros outside, 0+5+5 = 10 and 5+20+0 = 25.
TEST(Imfilter, Uint8RoundsHalfAwayFromZero) {
  const Image a = row_image(ElemType::U8, {10, 20, 40});
  const Kernel2D h = row_kernel({0.25, 0.5, 0.25});
  FilterOptions rep;
  rep.padding = FilterPadding::Replicate;
  EXPECT_EQ(row_values(imfilter(a, h, rep)), (std::vector<double>{13, 23, 35}));
  EXPECT_EQ(row_values(imfilter(a, h)), (std::vector<double>{10, 23, 25}));
}

// A 1x5 kernel [1 0 0 0 0] reads A(i - 2): on [1 2] each padding shows what lies two to the left.
//   replicate  1 1 | 1 2      symmetric  2 1 | 1 2      circular  1 2 | 1 2      constant 7  7 7 | 1 2
TEST(Imfilter, EachPaddingOnAKernelWiderThanTheImage) {
  const Image a = row_image(ElemType::F64, {1, 2});
  const Kernel2D h = row_kernel({1, 0, 0, 0, 0});
  FilterOptions o;
  o.padding = FilterPadding::Replicate;
  EXPECT_EQ(row_values(imfilter(a, h, o)), (std::vector<double>{1, 1}));
  o.padding = FilterPadding::Symmetric;
  EXPECT_EQ(row_values(imfilter(a, h, o)), (std::vector<double>{2, 1}));
  o.padding = FilterPadding::Circular;
  EXPECT_EQ(row_values(imfilter(a, h, o)), (std::vector<double>{1, 2}));
  o.padding = FilterPadding::Constant;
  o.constant = 7;
  EXPECT_EQ(row_values(imfilter(a, h, o)), (std::vector<double>{7, 7}));
}

// Symmetric padding is periodic with period 2n: left of [1 2 3] lie 3 2 1, then 1 2 3 again
// (... 1 2 3 | 3 2 1 | 1 2 3), so A(-3) = 3, A(-4) = 3, A(-5) = 2. The 11-tap kernel [1 0 ... 0]
// (centre 6) reads A(i - 5).
TEST(Imfilter, SymmetricPaddingFarOut) {
  const Image a = row_image(ElemType::F64, {1, 2, 3});
  std::vector<double> taps(11, 0.0);
  taps[0] = 1;
  FilterOptions o;
  o.padding = FilterPadding::Symmetric;
  EXPECT_EQ(row_values(imfilter(a, row_kernel(taps), o)), (std::vector<double>{2, 3, 3}));
}

// MATLAB's documented example: correlation of an impulse gives the kernel rotated, convolution the
// kernel itself.
TEST(Imfilter, CorrelationAndConvolutionOfAnImpulse) {
  const Image a = row_image(ElemType::F64, {0, 0, 1, 0, 0});
  const Kernel2D h = row_kernel({1, 2, 3});
  EXPECT_EQ(row_values(imfilter(a, h)), (std::vector<double>{0, 3, 2, 1, 0}));
  FilterOptions conv;
  conv.convolution = true;
  EXPECT_EQ(row_values(imfilter(a, h, conv)), (std::vector<double>{0, 1, 2, 3, 0}));
}

// An even kernel's centre is element floor((2 + 1) / 2) = 1: b(i) = 1*A(i) + 2*A(i+1), so [1 10 100]
// gives [21 210 100]. Convolution equals conv2(A, h, 'same'): the full convolution [1 12 120 200] from
// its element floor(2/2) + 1 = 2, [12 120 200]. 'full' correlation: [2 21 210 100].
TEST(Imfilter, EvenKernelCentreAndFullSize) {
  const Image a = row_image(ElemType::F64, {1, 10, 100});
  const Kernel2D h = row_kernel({1, 2});
  EXPECT_EQ(row_values(imfilter(a, h)), (std::vector<double>{21, 210, 100}));
  FilterOptions conv;
  conv.convolution = true;
  EXPECT_EQ(row_values(imfilter(a, h, conv)), (std::vector<double>{12, 120, 200}));
  FilterOptions full;
  full.full = true;
  const Image f = imfilter(a, h, full);
  EXPECT_EQ(f.rows(), 1);
  EXPECT_EQ(row_values(f), (std::vector<double>{2, 21, 210, 100}));
  full.convolution = true;
  EXPECT_EQ(row_values(imfilter(a, h, full)), (std::vector<double>{1, 12, 120, 200}));
}

// A 2-D kernel on a 2-D image: the 3x3 kernel with 1 only at (row 1, col 3) (1-based) reads
// A(i - 1, j + 1). With zeros outside, the 3x3 image 1..9 (row-major) becomes
//   0 0 0 / 2 3 0 / 5 6 0.
TEST(Imfilter, TwoDimensionalOffsets) {
  Image a(3, 3, 1, ElemType::U16);
  for (int i = 0; i < 9; ++i) a.set(i / 3, i % 3, 0, i + 1);
  Kernel2D h{3, 3, {0, 0, 1, 0, 0, 0, 0, 0, 0}};
  const Image b = imfilter(a, h);
  const double want[9] = {0, 0, 0, 2, 3, 0, 5, 6, 0};
  for (int i = 0; i < 9; ++i) EXPECT_EQ(b.at(i / 3, i % 3), want[i]) << i;
}

// Saturation and the signed classes: [200 200] * [1 1] = 400 -> 255; int16 [-3 -2] * [0.5 0.5]
// (replicate) = -2.5 -> -3 and -2; uint16 and int32 likewise; single keeps the fraction.
TEST(Imfilter, SaturatesAndRoundsEveryIntegerClass) {
  FilterOptions rep;
  rep.padding = FilterPadding::Replicate;
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::U8, {200, 200}), row_kernel({1, 1}), rep)),
            (std::vector<double>{255, 255}));
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::I16, {-3, -2}), row_kernel({0.5, 0.5}), rep)),
            (std::vector<double>{-3, -2}));
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::I8, {-100, -100}), row_kernel({1, 1}), rep)),
            (std::vector<double>{-128, -128}));
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::U16, {1, 2}), row_kernel({0.5, 0.5}), rep)),
            (std::vector<double>{2, 2}));  // 1.5 -> 2, 2 -> 2
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::I32, {3, -4}), row_kernel({-1, 0}), rep)),
            (std::vector<double>{-3, 4}));
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::F32, {1, 2}), row_kernel({0.5, 0.5}), rep)),
            (std::vector<double>{1.5, 2}));
}

// The pad value is cast to the image's class (padarray): 300 outside a uint8 image is 255.
TEST(Imfilter, ConstantIsCastToTheClass) {
  FilterOptions o;
  o.constant = 300;
  EXPECT_EQ(row_values(imfilter(row_image(ElemType::U8, {0}), row_kernel({0.5, 0, 0}), o)),
            (std::vector<double>{128}));  // 0.5 * 255 = 127.5 -> 128
}

// Zero taps are skipped: an Inf under a zero weight does not turn its neighbours into NaN.
TEST(Imfilter, ZeroTapsSkipInfinities) {
  const double inf = std::numeric_limits<double>::infinity();
  const Image b = imfilter(row_image(ElemType::F64, {1, inf, 3}), row_kernel({0, 1, 0}));
  EXPECT_EQ(b.at(0, 0), 1);
  EXPECT_EQ(b.at(0, 1), inf);
  EXPECT_EQ(b.at(0, 2), 3);
}

// A kernel larger than the image (replicate, MATLAB's BD case on a tiny image): a constant image stays
// constant; channels are filtered each by itself.
TEST(Imfilter, KernelLargerThanTheImageAndChannels) {
  Image a(1, 2, 3, ElemType::U8);
  for (int c = 0; c < 2; ++c)
    for (int k = 0; k < 3; ++k) a.set(0, c, k, 50 * (k + 1));
  FilterOptions rep;
  rep.padding = FilterPadding::Replicate;
  const Image b = imfilter(a, fspecial_gaussian(7, 1.6), rep);
  ASSERT_TRUE(b.same_shape(a));
  for (int c = 0; c < 2; ++c)
    for (int k = 0; k < 3; ++k) EXPECT_EQ(b.at(0, c, k), 50 * (k + 1));
}

TEST(Imfilter, RefusesLogicalAndEmptyKernels) {
  EXPECT_THROW(imfilter(Image(2, 2, 1, ElemType::Logical), row_kernel({1})), std::invalid_argument);
  EXPECT_THROW(imfilter(Image(2, 2, 1, ElemType::U8), Kernel2D{}), std::invalid_argument);
}

}  // namespace
}  // namespace rl
