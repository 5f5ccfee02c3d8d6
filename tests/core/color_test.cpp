// rgb2ycbcr / ycbcr2rgb on values worked out by hand from rgb2ycbcr.m's matrix
// [65.481 128.553 24.966; -37.797 -74.203 112; 112 -93.786 -18.214] and offset [16;128;128].
#include "rl/color.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

namespace rl {
namespace {

Image pixel(ElemType t, double r, double g, double b) {
  Image im(1, 1, 3, t);
  im.set(0, 0, 0, r);
  im.set(0, 0, 1, g);
  im.set(0, 0, 2, b);
  return im;
}

void expect_pixel(const Image& im, double a, double b, double c) {
  EXPECT_EQ(im.at(0, 0, 0), a);
  EXPECT_EQ(im.at(0, 0, 1), b);
  EXPECT_EQ(im.at(0, 0, 2), c);
}

// One pixel in, one pixel out, worked by hand.
struct Case {
  double in[3], out[3];
};
void expect_cases(Image (*convert)(const Image&), ElemType t, std::initializer_list<Case> cases) {
  for (const Case& c : cases)
    expect_pixel(convert(pixel(t, c.in[0], c.in[1], c.in[2])), c.out[0], c.out[1], c.out[2]);
}

// uint8: Y = 65.481 R/255 + 128.553 G/255 + 24.966 B/255 + 16, rounded.
TEST(Rgb2ycbcr, Uint8PrimariesByHand) {
  // white: 65.481 + 128.553 + 24.966 = 219; -37.797 - 74.203 + 112 = 0; 112 - 93.786 - 18.214 = 0.
  // red: 81.481 -> 81, 90.203 -> 90, 240. green: 144.553 -> 145, 53.797 -> 54, 34.214 -> 34.
  // blue: 40.966 -> 41, 240, 109.786 -> 110.
  expect_cases(rgb2ycbcr, ElemType::U8,
               {{{0, 0, 0}, {16, 128, 128}},
                {{255, 255, 255}, {235, 128, 128}},
                {{255, 0, 0}, {81, 90, 240}},
                {{0, 255, 0}, {145, 54, 34}},
                {{0, 0, 255}, {41, 240, 110}}});
  // Y only: the same channel 0.
  EXPECT_EQ(rgb2y(pixel(ElemType::U8, 0, 255, 0)).at(0, 0), 145);
  EXPECT_EQ(rgb2y(pixel(ElemType::U8, 0, 255, 0)).channels(), 1);
}

// uint16: T*257/65535 and offsets*257, so every value is the uint8 one times 257 when that is whole.
TEST(Rgb2ycbcr, Uint16ByHand) {
  expect_pixel(rgb2ycbcr(pixel(ElemType::U16, 0, 0, 0)), 16 * 257, 128 * 257, 128 * 257);
  expect_pixel(rgb2ycbcr(pixel(ElemType::U16, 65535, 65535, 65535)), 235 * 257, 128 * 257, 128 * 257);
  // red: 81.481 * 257 = 20940.617 -> 20941; 90.203 * 257 = 23182.171 -> 23182; 240 * 257
  expect_pixel(rgb2ycbcr(pixel(ElemType::U16, 65535, 0, 0)), 20941, 23182, 240 * 257);
}

// single and double: T/255 and offsets/255, not rounded.
TEST(Rgb2ycbcr, FloatByHand) {
  const Image d = rgb2ycbcr(pixel(ElemType::F64, 1, 0, 0));
  EXPECT_NEAR(d.at(0, 0, 0), 81.481 / 255, 1e-15);
  EXPECT_NEAR(d.at(0, 0, 1), 90.203 / 255, 1e-15);
  EXPECT_NEAR(d.at(0, 0, 2), 240.0 / 255, 1e-15);
  const Image f = rgb2ycbcr(pixel(ElemType::F32, 1, 1, 1));
  EXPECT_EQ(f.type(), ElemType::F32);
  EXPECT_EQ(f.at(0, 0, 0), static_cast<float>(235.0 / 255));  // the double sum rounded once to single
  // Out-of-range inputs are not clipped (rgb2ycbcr.m does not clip).
  EXPECT_NEAR(rgb2ycbcr(pixel(ElemType::F64, 2, 2, 2)).at(0, 0, 0), (2 * 219.0 + 16) / 255, 1e-14);
}

// imlincomb rounds half away from zero and saturates: rows chosen so the double sum is an exact tie.
TEST(Rgb2ycbcr, TiesAndSaturationOfTheSum) {
  ColorTransform tf;
  tf.rows[0] = {{0.5, 0, 0}, 0.0};   // 1 -> 0.5 -> 1; 3 -> 1.5 -> 2; 255 -> 127.5 -> 128
  tf.rows[1] = {{-0.5, 0, 0}, 0.0};  // negative: saturates at 0
  tf.rows[2] = {{2, 0, 0}, 0.5};     // 200 -> 400.5 -> 255
  Image in(1, 3, 3, ElemType::U8);
  in.set(0, 0, 0, 1);
  in.set(0, 1, 0, 3);
  in.set(0, 2, 0, 255);
  const Image out = apply_color_transform(in, tf, 0, 3);
  EXPECT_EQ(out.at(0, 0, 0), 1);
  EXPECT_EQ(out.at(0, 1, 0), 2);
  EXPECT_EQ(out.at(0, 2, 0), 128);
  EXPECT_EQ(out.at(0, 0, 1), 0);
  EXPECT_EQ(out.at(0, 2, 2), 255);
  Image in16(1, 1, 3, ElemType::U16);
  in16.set(0, 0, 0, 65535);
  EXPECT_EQ(apply_color_transform(in16, tf, 0, 1).at(0, 0), 32768);  // 32767.5 -> 32768
}

// ycbcr2rgb: R = G = B = 255/219 (Y - 16) at Cb = Cr = 128, so Y = 0 -> -18.6 -> 0 and
// Y = 255 -> 278.3 -> 255 (saturated).
TEST(Ycbcr2rgb, SaturatesIntegersAndClipsFloats) {
  // 126/219*255 = 146.7 -> 147
  expect_cases(ycbcr2rgb, ElemType::U8,
               {{{0, 128, 128}, {0, 0, 0}},
                {{255, 128, 128}, {255, 255, 255}},
                {{16, 128, 128}, {0, 0, 0}},
                {{235, 128, 128}, {255, 255, 255}},
                {{142, 128, 128}, {147, 147, 147}}});
  expect_pixel(ycbcr2rgb(pixel(ElemType::F64, 1, 0.5, 0.5)), 1, 1, 1);  // 278/255 clipped
  const Image nan = ycbcr2rgb(pixel(ElemType::F64, std::numeric_limits<double>::quiet_NaN(), 0.5, 0.5));
  expect_pixel(nan, 0, 0, 0);  // min(max(NaN, 0), 1) is 0 in MATLAB
}

TEST(Ycbcr2rgb, RoundTrips) {
  for (double r : {0.0, 0.1, 0.5, 0.93})
    for (double g : {0.0, 0.25, 1.0})
      for (double b : {0.0, 0.7, 1.0}) {
        const Image back = ycbcr2rgb(rgb2ycbcr(pixel(ElemType::F64, r, g, b)));
        EXPECT_NEAR(back.at(0, 0, 0), r, 1e-14);
        EXPECT_NEAR(back.at(0, 0, 1), g, 1e-14);
        EXPECT_NEAR(back.at(0, 0, 2), b, 1e-14);
      }
  // uint8: each way rounds once, so a colour comes back within one level.
  for (int v = 0; v < 256; v += 15) {
    const Image back = ycbcr2rgb(rgb2ycbcr(pixel(ElemType::U8, v, 255 - v, v / 2)));
    EXPECT_NEAR(back.at(0, 0, 0), v, 1);
    EXPECT_NEAR(back.at(0, 0, 1), 255 - v, 1);
    EXPECT_NEAR(back.at(0, 0, 2), v / 2, 1);
  }
}

TEST(Rgb2ycbcr, RefusesOtherShapesAndClasses) {
  EXPECT_THROW(rgb2ycbcr(Image(2, 2, 1, ElemType::U8)), std::invalid_argument);
  EXPECT_THROW(rgb2ycbcr(Image(2, 2, 3, ElemType::I16)), std::invalid_argument);
  EXPECT_THROW(ycbcr2rgb(Image(2, 2, 3, ElemType::Logical)), std::invalid_argument);
}

}  // namespace
}  // namespace rl
