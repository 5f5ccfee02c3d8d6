// The degradation models: imresize_BD's kernel sizes and samples (worked from the script's lines),
// BD on odd scales against the script's own second branch, DN's noise, and every bad option. The
// published BD Set5 row is checked through `imresize score` (tests/app/imresize/cli_degrade_test.cpp).
#include "rl/degrade.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <stdexcept>

#include "rl/resize.hpp"

namespace rl {
namespace {

Image random_u8(int rows, int cols, int ch, unsigned seed) {
  std::mt19937 g(seed);
  Image im(rows, cols, ch, ElemType::U8);
  for (std::size_t i = 0; i < im.elements(); ++i) im.data<std::uint8_t>()[i] = static_cast<std::uint8_t>(g());
  return im;
}

DegradeOptions opts(Degradation m, int scale) {
  DegradeOptions o;
  o.model = m;
  o.scale = scale;
  return o;
}

// kernelsize = ceil(sigma*3)*2+1 for odd scales (7 when scale 3 and sigma 1.6: the script's special
// case), ceil(sigma*3)*2+2 for even scales and for BD_degradation.m. ceil(1.6*3) = ceil(4.8) = 5.
TEST(Degrade, KernelSizesAsTheScriptsWriteThem) {
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 3, 1.6), 7);
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 5, 1.6), 11);
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 1, 1.6), 11);
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 2, 1.6), 12);
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 4, 1.6), 12);
  EXPECT_EQ(bd_kernel_size(Degradation::BdVsr, 4, 1.6), 12);
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 3, 1.0), 7);   // ceil(3) = 3
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 3, 2.0), 13);  // ceil(6) = 6
  EXPECT_EQ(bd_kernel_size(Degradation::Bd, 3, 1.7), 13);  // ceil(5.1) = 6: not the special case
}

// scale/2:scale:end-scale/2 (1-based): n = 8, scale 2 -> 1 3 5 7; scale 4 -> 2 6; n = 10, scale 4 ->
// 2 6 (10 - 2 = 8 < 10); n = 12, scale 6 -> 3 9; n = 3, scale 4 -> 2:4:1, empty. 0-based below.
TEST(Degrade, EvenSampleIndices) {
  EXPECT_EQ(bd_even_sample_indices(8, 2), (std::vector<int>{0, 2, 4, 6}));
  EXPECT_EQ(bd_even_sample_indices(8, 4), (std::vector<int>{1, 5}));
  EXPECT_EQ(bd_even_sample_indices(10, 4), (std::vector<int>{1, 5}));
  EXPECT_EQ(bd_even_sample_indices(12, 6), (std::vector<int>{2, 8}));
  EXPECT_TRUE(bd_even_sample_indices(3, 4).empty());
  EXPECT_THROW(bd_even_sample_indices(8, 3), std::invalid_argument);
}

// Odd scales: imresize(blur, 1/scale, 'nearest') takes the pixel under each output centre,
// u = scale*x - (scale-1)/2 (1-based): 2, 5, 8 ... at x3 and 3, 8, 13 ... at x5. At x3 that is
// also the script's gpuArray branch, blur(scale-1:scale:end-1, ...); at x5 that branch would take
// 4, 9, 14 ... instead (the script's CPU path, reproduced here, is imresize's).
TEST(Degrade, OddScaleTakesThePixelUnderEachCentre) {
  for (int scale : {3, 5}) {
    const Image hr = random_u8(6 * scale, 4 * scale, 3, 7u + scale);
    const Image lr = degrade(hr, opts(Degradation::Bd, scale));
    FilterOptions f;
    f.padding = FilterPadding::Replicate;
    const int n = bd_kernel_size(Degradation::Bd, scale, 1.6);
    const Image blur = imfilter(hr, fspecial_gaussian(n, 1.6), f);
    ASSERT_EQ(lr.rows(), 6);
    ASSERT_EQ(lr.cols(), 4);
    const int first = (scale - 1) / 2;  // 0-based: 1 at x3 (= scale - 2, the gpuArray branch), 2 at x5
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 4; ++c)
        for (int k = 0; k < 3; ++k)
          ASSERT_EQ(lr.at(r, c, k), blur.at(scale * r + first, scale * c + first, k)) << scale;
  }
}

// Even scales: LR(i, j) = blur(scale/2 + i*scale, ...) (1-based); BD-VSR the same at x4.
TEST(Degrade, EvenScaleSamplesFromHalfTheScale) {
  const Image hr = random_u8(16, 12, 1, 3u);
  FilterOptions f;
  f.padding = FilterPadding::Replicate;
  const Image blur = imfilter(hr, fspecial_gaussian(12, 1.6), f);
  for (Degradation m : {Degradation::Bd, Degradation::BdVsr}) {
    const Image lr = degrade(hr, opts(m, 4));
    ASSERT_EQ(lr.rows(), 4);
    ASSERT_EQ(lr.cols(), 3);
    for (int r = 0; r < 4; ++r)
      for (int c = 0; c < 3; ++c) ASSERT_EQ(lr.at(r, c), blur.at(4 * r + 1, 4 * c + 1));
  }
}

// The mod-crop comes first: a 10x11 HR at x3 is cropped to 9x9; an image smaller than the kernel works.
TEST(Degrade, ModcropAndTinyImages) {
  const Image lr = degrade(random_u8(10, 11, 3, 1u), opts(Degradation::Bd, 3));
  EXPECT_EQ(lr.rows(), 3);
  EXPECT_EQ(lr.cols(), 3);
  Image flat(3, 3, 1, ElemType::U8);
  for (int i = 0; i < 9; ++i) flat.set(i / 3, i % 3, 0, 77);
  const Image one = degrade(flat, opts(Degradation::Bd, 3));
  ASSERT_EQ(one.rows(), 1);
  EXPECT_EQ(one.at(0, 0), 77);
}

// BI is imresize(HR, 1/scale, 'bicubic').
TEST(Degrade, BiIsBicubic) {
  const Image hr = random_u8(12, 12, 3, 5u);
  EXPECT_TRUE(identical(degrade(hr, opts(Degradation::Bi, 4)), resize(hr, ResizeSpec::with_scale(0.25))));
}

// DN: the same seed gives the same bits, another seed others; the draws are standard normal times
// sigma (mean 0, variance sigma^2 within the sampling error of 200000 draws); a noise far below half
// a grey level leaves BI's LR unchanged.
TEST(Degrade, DnNoise) {
  const Image hr = random_u8(24, 24, 3, 9u);
  DegradeOptions o = opts(Degradation::Dn, 3);
  EXPECT_TRUE(identical(degrade(hr, o), degrade(hr, o)));
  DegradeOptions o2 = o;
  o2.seed = 1;
  EXPECT_FALSE(identical(degrade(hr, o), degrade(hr, o2)));
  const std::vector<double> z = dn_noise(200000, 2.0, 0);
  double m = 0, v = 0;
  for (double x : z) m += x;
  m /= z.size();
  for (double x : z) v += (x - m) * (x - m);
  v /= z.size();
  EXPECT_NEAR(m, 0.0, 0.02);  // 4.5 standard errors (2 / sqrt(200000) = 0.0045)
  EXPECT_NEAR(v, 4.0, 0.06);  // 4.7 standard errors (4 * sqrt(2 / 200000) = 0.0126)
  DegradeOptions quiet = o;
  quiet.noise = 0.01;
  EXPECT_TRUE(identical(degrade(hr, quiet), degrade(hr, opts(Degradation::Bi, 3))));
}

// DN saturates: white plus noise of sigma 30 stays 255 or below, black 0 or above, both hit.
TEST(Degrade, DnSaturates) {
  Image hr(30, 30, 1, ElemType::U8);
  for (int c = 15; c < 30; ++c)
    for (int r = 0; r < 30; ++r) hr.set(r, c, 0, 255);
  const Image lr = degrade(hr, opts(Degradation::Dn, 3));
  int at0 = 0, at255 = 0;
  for (std::size_t i = 0; i < lr.elements(); ++i) {
    at0 += lr.data<std::uint8_t>()[i] == 0;
    at255 += lr.data<std::uint8_t>()[i] == 255;
  }
  EXPECT_GT(at0, 10);
  EXPECT_GT(at255, 10);
}

TEST(Degrade, BadOptionsThrowOneLine) {
  const Image hr = random_u8(12, 12, 1, 2u);
  DegradeOptions o = opts(Degradation::Bd, 0);
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o = opts(Degradation::BdVsr, 3);
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o = opts(Degradation::Bd, 3);
  o.sigma = 0.0;
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o.sigma = -1.6;
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o.sigma = std::nan("");
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o.sigma = 50.5;  // a 306-pixel kernel: over the limit
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o.sigma = 5.0;  // a 31-pixel kernel on a 12x12 image works
  EXPECT_EQ(degrade(hr, o).rows(), 4);
  o = opts(Degradation::Dn, 3);
  o.noise = 0.0;
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o = opts(Degradation::Bd, 3);
  o.noise = 10.0;  // BD takes no noise
  EXPECT_THROW(degrade(hr, o), std::invalid_argument);
  o = opts(Degradation::Dn, 3);
  EXPECT_THROW(degrade(Image(12, 12, 1, ElemType::F32), o), std::invalid_argument);  // DN is uint8
}

// The table's row of a grey HR is that of its RGB copy (the script's cat(3, ...)), which on Y is not
// the grey image's own score: Y of (g, g, g) is 16 + 219 g / 255.
TEST(Degrade, GreyHrIsScoredAsTheScriptsRgbCopy) {
  const Image grey = random_u8(24, 24, 1, 4u);
  const Image rgb = grey_as_rgb(grey);
  ASSERT_EQ(rgb.channels(), 3);
  for (int k = 0; k < 3; ++k) EXPECT_EQ(rgb.at(5, 7, k), grey.at(5, 7));
  const DegradeOptions o = opts(Degradation::Bd, 3);
  const SrScore a = score_degraded_bicubic(grey, o, SrProtocol::Srcnn);
  const SrScore b = score_degraded_bicubic(rgb, o, SrProtocol::Srcnn);
  EXPECT_EQ(a.psnr, b.psnr);
  EXPECT_EQ(a.ssim, b.ssim);
  EXPECT_EQ(degrade(grey, o).channels(), 1);
}

TEST(Degrade, NamesRoundTrip) {
  for (const DegradationInfo& i : degradations()) EXPECT_EQ(parse_degradation(i.name), i.id);
  EXPECT_EQ(degradation_names(), "bi, bd, bd-vsr, dn");
  EXPECT_FALSE(parse_degradation("BD"));
}

}  // namespace
}  // namespace rl
