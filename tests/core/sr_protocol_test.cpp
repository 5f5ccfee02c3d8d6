// The SR protocol steps on small images whose values are worked out by hand (the published Set5
// numbers are checked through `imresize score --bicubic` in tests/app/imresize/cli_score_test.cpp).
#include "rl/sr_protocol.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace rl {
namespace {

Image grey_ramp() {
  Image im(16, 16, 1, ElemType::U8);
  for (int i = 0; i < 256; ++i) im.set(i / 16, i % 16, 0, i);
  return im;
}

// SRCNN's uint8(single(Y)/255*255) gives every uint8 value back, so scoring uint8 SR files needs no
// bicubic step to agree with demo_SR.m.
TEST(SrProtocol, SrcnnSingleRoundTripIsExactOnEveryUint8) {
  const Image v = sr_values(grey_ramp(), SrProtocol::Srcnn);
  for (int i = 0; i < 256; ++i) EXPECT_EQ(v.at(i / 16, i % 16), i);
}

// rcan: single(x/255)*255 in single is within one single ulp of x; BasicSR's grey path the same.
TEST(SrProtocol, FloatPathsStayWithinAnUlp) {
  for (SrProtocol p : {SrProtocol::Rcan, SrProtocol::Basicsr}) {
    const Image v = sr_values(grey_ramp(), p);
    for (int i = 0; i < 256; ++i) EXPECT_NEAR(v.at(i / 16, i % 16), i, 3e-5) << sr_protocol_info(p).name;
  }
}

// White: uint8 rgb2ycbcr gives 235 (srcnn); double rgb2ycbcr gives 235/255 (lapsrn); rcan 235 in
// single; BasicSR (24.966 + 128.553 + 65.481 + 16) / 255 * 255 = 235 within float32 rounding.
TEST(SrProtocol, WhiteThroughEachY) {
  Image white(1, 1, 3, ElemType::U8);
  for (int k = 0; k < 3; ++k) white.set(0, 0, k, 255);
  EXPECT_EQ(sr_values(white, SrProtocol::Srcnn).at(0, 0), 235);
  EXPECT_NEAR(sr_values(white, SrProtocol::Lapsrn).at(0, 0), 235.0 / 255, 1e-15);
  EXPECT_NEAR(sr_values(white, SrProtocol::Rcan).at(0, 0), 235, 3e-5);
  EXPECT_NEAR(sr_values(white, SrProtocol::Basicsr).at(0, 0), 235, 3e-5);
  // BasicSR keeps cv2's B,G,R order; NTIRE im2double.
  Image px(1, 1, 3, ElemType::U8);
  px.set(0, 0, 0, 10);
  px.set(0, 0, 2, 30);
  EXPECT_EQ(sr_values(px, SrProtocol::BasicsrRgb).at(0, 0, 0), 30);
  EXPECT_EQ(sr_values(px, SrProtocol::Ntire).at(0, 0, 0), 10.0 / 255);
  EXPECT_EQ(sr_values(px, SrProtocol::Ntire, true).at(0, 0, 0), 10);
}

// BasicSR scores any number of channels (basicsr/metrics/psnr_ssim.py, metric_util.py to_y_channel): Y of
// three, every other count kept as float32 x/255*255 (basicsr) or as it is (basicsr-rgb), in the order
// given. The other protocols score grey or RGB only.
TEST(SrProtocol, BasicsrKeepsFourChannels) {
  Image px(1, 1, 4, ElemType::U8);
  for (int k = 0; k < 4; ++k) px.set(0, 0, k, 10 * (k + 1));
  const Image y = sr_values(px, SrProtocol::Basicsr), rgb = sr_values(px, SrProtocol::BasicsrRgb);
  ASSERT_EQ(y.channels(), 4);
  ASSERT_EQ(rgb.channels(), 4);
  for (int k = 0; k < 4; ++k) {
    EXPECT_EQ(y.at(0, 0, k), static_cast<double>(static_cast<float>(10 * (k + 1)) / 255.0f * 255.0f));
    EXPECT_EQ(rgb.at(0, 0, k), 10 * (k + 1));
  }
  EXPECT_THROW(sr_values(px, SrProtocol::Srcnn), std::invalid_argument);
  // One level off in every channel: PSNR 20 log10(255) over all four; SSIM of equal channels 1.
  Image hr(40, 40, 4, ElemType::U8), sr(40, 40, 4, ElemType::U8);
  for (int r = 0; r < 40; ++r)
    for (int c = 0; c < 40; ++c)
      for (int k = 0; k < 4; ++k) {
        hr.set(r, c, k, 100);
        sr.set(r, c, k, 101);
      }
  EXPECT_NEAR(score_sr(sr, hr, 2, SrProtocol::BasicsrRgb).psnr, 48.130804, 1e-6);
  EXPECT_EQ(score_sr(hr, hr, 2, SrProtocol::Basicsr).ssim, 1.0);
  // Four channels against three: BasicSR's shapes differ.
  EXPECT_THROW(score_sr(sr, Image(40, 40, 3, ElemType::U8), 2, SrProtocol::Basicsr), std::invalid_argument);
}

TEST(SrProtocol, ModcropAndShave) {
  const Image m = modcrop(Image(17, 22, 3, ElemType::U8), 4);
  EXPECT_EQ(m.rows(), 16);
  EXPECT_EQ(m.cols(), 20);
  const Image s = shave(m, 3);
  EXPECT_EQ(s.rows(), 10);
  EXPECT_EQ(s.cols(), 14);
  EXPECT_THROW(shave(m, 8), std::invalid_argument);
  EXPECT_THROW(modcrop(Image(3, 3, 1, ElemType::U8), 4), std::invalid_argument);
}

// One grey level off everywhere: mse 1 and PSNR 20 log10(255) = 48.1308 for the 0..255 protocols,
// 20 log10(255) too for NTIRE (peak 1 on x/255).
TEST(SrProtocol, OneLevelOffEverywhere) {
  Image hr(40, 40, 3, ElemType::U8), sr(40, 40, 3, ElemType::U8);
  for (int r = 0; r < 40; ++r)
    for (int c = 0; c < 40; ++c)
      for (int k = 0; k < 3; ++k) {
        hr.set(r, c, k, 100);
        sr.set(r, c, k, 101);
      }
  EXPECT_NEAR(score_sr(sr, hr, 2, SrProtocol::BasicsrRgb).psnr, 48.130804, 1e-6);
  EXPECT_NEAR(score_sr(sr, hr, 2, SrProtocol::Ntire).psnr, 48.130804, 1e-6);
  const SrScore n = score_sr(sr, hr, 2, SrProtocol::Ntire);
  EXPECT_EQ(n.rows, 40 - 2 * 8);  // shave 6 + 2
}

// An image scored against itself (the same object, as the viewer scores its reference pane) is read
// once and its SSIM filtered once: the same bits as against a copy, for every protocol, with a size
// that the scale divides and one it does not (mod-cropped). The values are by definition: PSNR
// infinite, SSIM exactly 1 (numerator and denominator are the same products, see ssim_test.cpp).
TEST(SrProtocol, AnImageAgainstItselfScoresAsAgainstACopy) {
  for (const auto& [rows, cols] : {std::pair{60, 72}, std::pair{61, 75}}) {
    Image img(rows, cols, 3, ElemType::U8);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        for (int k = 0; k < 3; ++k) img.set(r, c, k, (r * 37 + c * 11 + k * 71 + (r * c) % 13) % 256);
    const Image copy = img;
    for (const SrProtocolInfo& info : sr_protocols()) {
      const SrScore self = score_sr(img, img, 3, info.id), other = score_sr(img, copy, 3, info.id);
      EXPECT_EQ(self.psnr, other.psnr) << info.name;
      EXPECT_TRUE(std::isinf(self.psnr)) << info.name;
      EXPECT_EQ(std::memcmp(&self.ssim, &other.ssim, sizeof(double)), 0) << info.name << " " << self.ssim;
      EXPECT_EQ(self.ssim, 1.0) << info.name;
      EXPECT_EQ(self.rows, other.rows);
      EXPECT_EQ(self.cols, other.cols);
    }
  }
}

// The HR's part made once (sr_reference) scores every SR image as score_sr does, bit for bit, for
// every protocol, with the mod-crop (61x75 at scale 3) and without it (sr_reference_shaved, borders
// 0 and 4); and refuses what score_sr refuses with its line.
TEST(SrProtocol, AReferenceScoresAsScoreSr) {
  const auto make = [](int rows, int cols, int seed) {
    Image img(rows, cols, 3, ElemType::U8);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        for (int k = 0; k < 3; ++k) img.set(r, c, k, (r * 37 + c * 11 + k * 71 + (r * c * seed) % 29) % 256);
    return img;
  };
  const Image hr = make(61, 75, 1), sr1 = make(61, 75, 2), sr2 = make(61, 75, 3);
  const auto same = [](const SrScore& x, const SrScore& y) {
    return std::memcmp(&x.psnr, &y.psnr, sizeof(double)) == 0 &&
           std::memcmp(&x.ssim, &y.ssim, sizeof(double)) == 0 && x.rows == y.rows && x.cols == y.cols;
  };
  for (const SrProtocolInfo& info : sr_protocols()) {
    const SrReference ref = sr_reference(hr, 3, info.id);
    for (const Image* sr : {&sr1, &sr2}) {
      EXPECT_TRUE(same(score_sr(*sr, ref), score_sr(*sr, hr, 3, info.id))) << info.name;
      for (int border : {0, 4})
        EXPECT_TRUE(same(score_sr(*sr, sr_reference_shaved(hr, border, info.id)),
                         score_sr_shaved(*sr, hr, border, info.id)))
            << info.name << " border " << border;
    }
    const Image small = make(40, 45, 2);
    std::string direct, prepared;
    try {
      score_sr(small, hr, 3, info.id);
    } catch (const std::invalid_argument& e) {
      direct = e.what();
    }
    try {
      score_sr(small, ref);
    } catch (const std::invalid_argument& e) {
      prepared = e.what();
    }
    EXPECT_FALSE(direct.empty());
    EXPECT_EQ(prepared, direct) << info.name;
  }
}

TEST(SrProtocol, RefusesPairsItCannotScore) {
  const Image rgb(24, 24, 3, ElemType::U8), grey(24, 24, 1, ElemType::U8);
  EXPECT_THROW(score_sr(rgb, Image(24, 28, 3, ElemType::U8), 2, SrProtocol::Srcnn), std::invalid_argument);
  EXPECT_THROW(score_sr(rgb, grey, 2, SrProtocol::Ntire), std::invalid_argument);
  EXPECT_NO_THROW(score_sr(rgb, grey, 2, SrProtocol::Srcnn));  // Y of each
  EXPECT_THROW(score_sr(Image(24, 24, 3, ElemType::U16), rgb, 2, SrProtocol::Rcan), std::invalid_argument);
  EXPECT_THROW(score_sr(rgb, rgb, 0, SrProtocol::Rcan), std::invalid_argument);
  EXPECT_FALSE(parse_sr_protocol("matlab"));
  EXPECT_EQ(parse_sr_protocol("basicsr-rgb"), SrProtocol::BasicsrRgb);
}

}  // namespace
}  // namespace rl
