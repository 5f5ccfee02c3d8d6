// MATLAB's im2double/im2single/im2uint8/im2uint16 and convert_to, on values worked out by hand from
// MATLAB's definitions (x/255, x/65535, floor(255*clamp(x)+0.5), x*257, round(x/257)).
#include "rl/convert.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace rl {
namespace {

Image row(ElemType t, std::initializer_list<double> v) {
  Image im(1, static_cast<int>(v.size()), 1, t);
  int c = 0;
  for (double x : v) im.set(0, c++, 0, x);
  return im;
}

TEST(Convert, Im2DoubleDividesByThePeak) {
  const Image d = im2double(row(ElemType::U8, {0, 51, 255}));
  ASSERT_EQ(d.type(), ElemType::F64);
  EXPECT_EQ(d.at(0, 0), 0.0);
  EXPECT_EQ(d.at(0, 1), 51.0 / 255.0);
  EXPECT_EQ(d.at(0, 2), 1.0);
  const Image d16 = im2double(row(ElemType::U16, {65535, 257}));
  EXPECT_EQ(d16.at(0, 0), 1.0);
  EXPECT_EQ(d16.at(0, 1), 257.0 / 65535.0);
  const Image s = im2single(row(ElemType::U8, {51}));
  ASSERT_EQ(s.type(), ElemType::F32);
  EXPECT_EQ(s.data<float>()[0], 0.2f);
}

TEST(Convert, Im2Uint8RoundsHalfUpAndSaturates) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  // 255*0.5+0.5 = 128 -> 128; 255*0.498+0.5 = 127.49 -> 127; clamp -1 -> 0, 2 -> 255; NaN -> 0.
  const Image u = im2uint8(row(ElemType::F64, {0.5, 0.498, -1.0, 2.0, nan, 1.0}));
  ASSERT_EQ(u.type(), ElemType::U8);
  const double want[] = {128, 127, 0, 255, 0, 255};
  for (int c = 0; c < 6; ++c) EXPECT_EQ(u.at(0, c), want[c]) << c;
}

TEST(Convert, Uint16AndUint8MapByTwoFiftySeven) {
  // uint8 -> uint16: x*257; uint16 -> uint8: round(x/257): 128/257 = 0.498 -> 0, 129/257 -> 1.
  const Image w = im2uint16(row(ElemType::U8, {0, 1, 255}));
  ASSERT_EQ(w.type(), ElemType::U16);
  EXPECT_EQ(w.at(0, 1), 257.0);
  EXPECT_EQ(w.at(0, 2), 65535.0);
  const Image n = im2uint8(row(ElemType::U16, {128, 129, 65535}));
  EXPECT_EQ(n.at(0, 0), 0.0);
  EXPECT_EQ(n.at(0, 1), 1.0);
  EXPECT_EQ(n.at(0, 2), 255.0);
  // float -> uint16: floor(65535*0.5+0.5) = 32768.
  EXPECT_EQ(im2uint16(row(ElemType::F32, {0.5})).at(0, 0), 32768.0);
}

double full_scale(ElemType t) { return t == ElemType::U8 ? 255.0 : t == ElemType::U16 ? 65535.0 : 1.0; }

TEST(Convert, ConvertToPicksTheIm2FunctionAndKeepsShape) {
  Image in(2, 3, 2, ElemType::U8);
  in.set(1, 2, 1, 255);
  for (ElemType t : {ElemType::U8, ElemType::U16, ElemType::F32, ElemType::F64}) {
    const Image out = convert_to(in, t);
    EXPECT_EQ(out.type(), t);
    EXPECT_TRUE(out.same_shape(in));
    EXPECT_EQ(out.at(1, 2, 1), full_scale(t)) << to_string(t);
    EXPECT_EQ(out.at(0, 0, 0), 0.0);
  }
}

}  // namespace
}  // namespace rl
