// The SSIM variants and PSNR on cases worked out by hand in the comments.
#include "rl/ssim.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

#include "rl/metrics.hpp"

namespace rl {
namespace {

Image constant(int rows, int cols, double v, ElemType t = ElemType::U8) {
  Image im(rows, cols, 1, t);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) im.set(r, c, 0, v);
  return im;
}

Image ramp(int rows, int cols) {
  Image im(rows, cols, 1, ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) im.set(r, c, 0, (r * 7 + c * 13 + (r * c) % 11) % 256);
  return im;
}

// sum over x = -5..5 of exp(-x^2/4.5) = 1 + 2 (0.800737 + 0.411112 + 0.135335 + 0.028566 + 0.003866)
// = 3.759232, so the 2-D window's centre is 1 / 3.759232^2 = 0.0707622.
TEST(Ssim, WindowsByHand) {
  const SsimWindow w = ssim_index_window();
  ASSERT_EQ(w.size, 11);
  EXPECT_NEAR(w.weights[60], 0.0707622, 1e-6);
  EXPECT_NEAR(w.weights[0], std::exp(-50 / 4.5) * 0.0707622, 1e-9);
  double sum = 0;
  for (double v : w.weights) sum += v;
  EXPECT_NEAR(sum, 1.0, 1e-15);
  const SsimWindow cvw = opencv_gaussian_window();
  EXPECT_NEAR(cvw.weights[60], 0.0707622, 1e-6);
  const std::vector<double> k = matlab_gaussian_kernel(11, 1.5);
  EXPECT_NEAR(k[5], 1 / 3.759232, 1e-6);
  EXPECT_NEAR(k[0], 0.003866 / 3.759232, 1e-7);
}

// Equal inputs give numerator == denominator bit for bit: exactly 1 for every variant.
TEST(Ssim, IdenticalImagesScoreOne) {
  const Image a = ramp(23, 31);
  for (SsimVariant v :
       {SsimVariant::SsimIndex, SsimVariant::Wang2009, SsimVariant::Matlab, SsimVariant::Basicsr})
    EXPECT_EQ(ssim(v, a, a, 255).mssim, 1.0) << to_string(v);
}

// Constant p against constant q: sigma = 0, so SSIM = (2pq + C1) / (p^2 + q^2 + C1), C1 = 2.55^2.
// p = 100, q = 110: 22006.5025 / 22106.5025 = 0.99547637...
TEST(Ssim, ConstantImagesByHand) {
  const double expected = 22006.5025 / 22106.5025;
  const Image a = constant(11, 11, 100), b = constant(11, 11, 110);
  const SsimResult idx = ssim_index(a, b);
  EXPECT_EQ(idx.map.rows(), 1);  // the valid part of an 11x11 image under an 11x11 window
  EXPECT_NEAR(idx.mssim, expected, 1e-9);
  EXPECT_NEAR(ssim_basicsr(a, b).mssim, expected, 1e-9);
  EXPECT_NEAR(ssim_wang2009(a, b).mssim, expected, 1e-9);
  const SsimResult m = ssim_matlab(constant(4, 6, 100), constant(4, 6, 110), 255);  // full-size map
  EXPECT_EQ(m.map.rows(), 4);
  EXPECT_EQ(m.map.cols(), 6);
  EXPECT_NEAR(m.mssim, expected, 1e-9);
  // MATLAB's ssim on [0, 1] values with DynamicRange 1: C1 = 1e-4; p = 0.4, q = 0.5:
  // (0.4 + 1e-4) / (0.41 + 1e-4) = 0.97585955...
  EXPECT_NEAR(ssim_matlab(constant(5, 5, 0.4, ElemType::F64), constant(5, 5, 0.5, ElemType::F64), 1).mssim,
              0.4001 / 0.4101, 1e-9);
}

TEST(Ssim, SymmetricAndBelowOneForDifferentImages) {
  const Image a = ramp(20, 24);
  Image b = a;
  b.set(10, 10, 0, 0);
  for (SsimVariant v : {SsimVariant::SsimIndex, SsimVariant::Matlab, SsimVariant::Basicsr}) {
    const double ab = ssim(v, a, b, 255).mssim;
    EXPECT_LT(ab, 1.0) << to_string(v);
    EXPECT_NEAR(ab, ssim(v, b, a, 255).mssim, 1e-15) << to_string(v);
  }
}

// ssim.m 2009: f = max(1, round(min(M, N) / 256)), round half away from zero.
TEST(Ssim, Wang2009FactorAndDownsampleByHand) {
  EXPECT_EQ(wang2009_factor(255, 900), 1);
  EXPECT_EQ(wang2009_factor(383, 900), 1);  // 1.496
  EXPECT_EQ(wang2009_factor(384, 900), 2);  // 1.5
  EXPECT_EQ(wang2009_factor(640, 640), 3);  // 2.5
  // f = 2 (centre 1, no left padding): out(0,0) = mean of x(0..1, 0..1) = (1 + 2 + 4 + 5) / 4 = 3;
  // out(0,1) = x(0..1, 2..3) with column 3 mirrored to column 2: (3 + 3 + 6 + 6) / 4 = 4.5.
  Image x(3, 3, 1, ElemType::F64);
  for (int i = 0; i < 9; ++i) x.set(i / 3, i % 3, 0, i + 1);
  const Image d2 = wang2009_downsample(x, 2);
  ASSERT_EQ(d2.rows(), 2);
  EXPECT_DOUBLE_EQ(d2.at(0, 0), 3.0);
  EXPECT_DOUBLE_EQ(d2.at(0, 1), 4.5);
  // f = 3 (centre 2): rows and columns -1, 0, 1 with -1 mirrored to 0: 1 1 2 / 1 1 2 / 4 4 5 = 21 / 9.
  const Image d3 = wang2009_downsample(x, 3);
  ASSERT_EQ(d3.rows(), 1);
  EXPECT_NEAR(d3.at(0, 0), 21.0 / 9, 1e-15);
}

TEST(Ssim, RefusesWhatItCannotScore) {
  EXPECT_THROW(ssim_index(constant(10, 20, 1), constant(10, 20, 1)), std::invalid_argument);  // < 11 rows
  EXPECT_THROW(ssim_index(constant(12, 12, 1), constant(12, 13, 1)), std::invalid_argument);
  EXPECT_THROW(ssim_index(Image(12, 12, 3, ElemType::U8), Image(12, 12, 3, ElemType::U8)),
               std::invalid_argument);
}

// mse of [0 10] against [0 0] is 50: PSNR = 10 log10(255^2 / 50) = 10 log10(1300.5) = 31.141104...
TEST(Psnr, ByHandInBothForms) {
  Image a(1, 2, 1, ElemType::U8), b(1, 2, 1, ElemType::U8);
  a.set(0, 1, 0, 10);
  EXPECT_EQ(mean_squared_error(a, b), 50.0);
  EXPECT_NEAR(psnr_from_mse(50, 255), 31.141104, 1e-6);
  EXPECT_NEAR(psnr_from_rmse(50, 255), psnr_from_mse(50, 255), 1e-12);
  EXPECT_TRUE(std::isinf(psnr_from_mse(0, 255)));
  EXPECT_THROW(mean_squared_error(a, Image(2, 1, 1, ElemType::U8)), std::invalid_argument);
}

}  // namespace
}  // namespace rl
