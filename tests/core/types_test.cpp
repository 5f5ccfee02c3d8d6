// The element types beyond uint8/uint16/single/double: the type table, MATLAB's cast (hand-worked
// ties and saturation per type), logical images as MATLAB's imresize treats them, and random cases of
// every integer type against the float64 resize followed by a cast written here.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <limits>
#include <random>
#include <string>

#include "rl/adjoint.hpp"
#include "rl/convert.hpp"
#include "rl/metrics.hpp"
#include "rl/resize.hpp"
#include "rl/tap.hpp"
#include "rl/worked_example.hpp"

namespace rl {
namespace {

TEST(TypeTable, NamesSizesAndRangesAreMatlabs) {
  EXPECT_EQ(std::size(kElemTypes), 9u);
  EXPECT_EQ(to_string(ElemType::U8), "uint8");
  EXPECT_EQ(to_string(ElemType::U16), "uint16");
  EXPECT_EQ(to_string(ElemType::F32), "single");
  EXPECT_EQ(to_string(ElemType::F64), "double");
  EXPECT_EQ(to_string(ElemType::I8), "int8");
  EXPECT_EQ(to_string(ElemType::I16), "int16");
  EXPECT_EQ(to_string(ElemType::I32), "int32");
  EXPECT_EQ(to_string(ElemType::U32), "uint32");
  EXPECT_EQ(to_string(ElemType::Logical), "logical");
  EXPECT_EQ(elem_size(ElemType::I8), 1u);
  EXPECT_EQ(elem_size(ElemType::I16), 2u);
  EXPECT_EQ(elem_size(ElemType::I32), 4u);
  EXPECT_EQ(elem_size(ElemType::U32), 4u);
  EXPECT_EQ(elem_size(ElemType::Logical), 1u);
  EXPECT_EQ(info(ElemType::I16).min, -32768.0);
  EXPECT_EQ(info(ElemType::I32).min, -2147483648.0);
  EXPECT_EQ(info(ElemType::U32).max, 4294967295.0);
  EXPECT_TRUE(is_integer(ElemType::I8) && is_integer(ElemType::U32));
  EXPECT_FALSE(is_integer(ElemType::Logical));  // as MATLAB's isinteger
  EXPECT_FALSE(is_floating(ElemType::Logical));
  EXPECT_TRUE(info(ElemType::I32).is_signed && !info(ElemType::U32).is_signed);
  EXPECT_EQ(std::string(info(ElemType::Logical).npy_descr), "|b1");
  EXPECT_EQ(std::string(info(ElemType::I16).npy_descr), "<i2");
  for (const ElemInfo& e : kElemTypes) {
    ElemType back{};
    ASSERT_TRUE(elem_type_from_name(e.name, back)) << e.name;
    EXPECT_EQ(back, e.type);
  }
  ElemType none{};
  EXPECT_FALSE(elem_type_from_name("int64", none));
}

TEST(TypeTable, ImageStoresEveryType) {
  Image l(1, 3, 1, ElemType::Logical);
  l.set(0, 1, 0, 1.0);
  l.set(0, 2, 0, 7.0);  // any nonzero is true
  EXPECT_EQ(l.at(0, 0), 0.0);
  EXPECT_EQ(l.at(0, 1), 1.0);
  EXPECT_EQ(l.data<bool>()[2], true);
  Image u(1, 1, 1, ElemType::U32);
  u.set(0, 0, 0, 4294967295.0);
  EXPECT_EQ(u.data<std::uint32_t>()[0], 4294967295u);
  EXPECT_THROW(u.data<std::int32_t>(), std::logic_error);
}

// MATLAB: int8(-2.5) = -3, int8(2.5) = 3, int8(-128.5) = -128, int8(200) = 127, int8(NaN) = 0 ...
TEST(Cast, HandWorkedTiesAndSaturation) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(from_double<std::int8_t>(-2.5), -3);
  EXPECT_EQ(from_double<std::int8_t>(2.5), 3);
  EXPECT_EQ(from_double<std::int8_t>(-0.5), -1);
  EXPECT_EQ(from_double<std::int8_t>(-0.49999999999999994), 0);
  EXPECT_EQ(from_double<std::int8_t>(-127.5), -128);
  EXPECT_EQ(from_double<std::int8_t>(-128.5), -128);
  EXPECT_EQ(from_double<std::int8_t>(127.5), 127);
  EXPECT_EQ(from_double<std::int8_t>(nan), 0);
  EXPECT_EQ(from_double<std::int8_t>(-inf), -128);
  EXPECT_EQ(from_double<std::int16_t>(-2.5), -3);
  EXPECT_EQ(from_double<std::int16_t>(-32767.5), -32768);
  EXPECT_EQ(from_double<std::int16_t>(-40000.0), -32768);
  EXPECT_EQ(from_double<std::int16_t>(32766.5), 32767);
  EXPECT_EQ(from_double<std::int16_t>(32767.5), 32767);
  EXPECT_EQ(from_double<std::int16_t>(nan), 0);
  EXPECT_EQ(from_double<std::int32_t>(-2.5), -3);
  EXPECT_EQ(from_double<std::int32_t>(-2147483647.5), -2147483647 - 1);
  EXPECT_EQ(from_double<std::int32_t>(-2147483648.5), -2147483647 - 1);
  EXPECT_EQ(from_double<std::int32_t>(2147483646.5), 2147483647);
  EXPECT_EQ(from_double<std::int32_t>(2147483646.4999998), 2147483646);
  EXPECT_EQ(from_double<std::int32_t>(1e300), 2147483647);
  EXPECT_EQ(from_double<std::int32_t>(nan), 0);
  EXPECT_EQ(from_double<std::uint32_t>(-0.5), 0u);  // round(-0.5) = -1, saturated to 0
  EXPECT_EQ(from_double<std::uint32_t>(0.5), 1u);
  EXPECT_EQ(from_double<std::uint32_t>(4294967294.5), 4294967295u);
  EXPECT_EQ(from_double<std::uint32_t>(4294967294.4999995), 4294967294u);
  EXPECT_EQ(from_double<std::uint32_t>(4294967296.0), 4294967295u);
  EXPECT_EQ(from_double<std::uint32_t>(nan), 0u);
}

// 1x4 -> 1x2 bilinear without antialiasing: each output is 0.5 * a + 0.5 * b (exact in double), so
// the pair (a, b) sets the value before the cast. Both the AVX2 and the generic kernels run it.
double halved(ElemType t, double a, double b) {
  Image in(1, 4, 1, t);
  in.set(0, 0, 0, a);
  in.set(0, 1, 0, b);
  ResizeSpec spec = ResizeSpec::with_size(1, 2, Method::Bilinear);
  spec.antialiasing = false;
  return resize(in, spec).at(0, 0);
}

TEST(Resize, NegativeTiesRoundAwayFromZeroInEachSignedType) {
  for (ElemType t : {ElemType::I8, ElemType::I16, ElemType::I32}) {
    SCOPED_TRACE(to_string(t));
    EXPECT_EQ(halved(t, -2, -3), -3);                                 // -2.5
    EXPECT_EQ(halved(t, 2, 3), 3);                                    // 2.5
    EXPECT_EQ(halved(t, -1, 0), -1);                                  // -0.5
    EXPECT_EQ(halved(t, info(t).min, info(t).min + 1), info(t).min);  // min + 0.5 -> min
    EXPECT_EQ(halved(t, info(t).max, info(t).max - 1), info(t).max);  // max - 0.5 -> max
  }
  EXPECT_EQ(halved(ElemType::U32, 4294967294.0, 4294967295.0), 4294967295.0);
  EXPECT_EQ(halved(ElemType::U32, 0, 1), 1);
}

// 1x4 -> 1x8 bicubic (scale 2, a = -0.5): output 3 sits at u = 1.25 with weights -0.0703125,
// 0.8671875, 0.2265625, -0.0234375 on inputs 0..3. For x = [lo, hi, hi, lo] that is
// hi + 0.09375 * (hi - lo) > hi, and for [hi, lo, lo, hi] it is lo - 0.09375 * (hi - lo) < lo:
// the cast must saturate at the type's limits.
TEST(Resize, BicubicOvershootSaturatesInEachType) {
  for (ElemType t :
       {ElemType::I8, ElemType::I16, ElemType::I32, ElemType::U32, ElemType::U8, ElemType::U16}) {
    SCOPED_TRACE(to_string(t));
    const double lo = info(t).min, hi = info(t).max;
    for (bool up : {true, false}) {
      Image in(1, 4, 1, t);
      const double a = up ? lo : hi, b = up ? hi : lo;
      in.set(0, 0, 0, a);
      in.set(0, 1, 0, b);
      in.set(0, 2, 0, b);
      in.set(0, 3, 0, a);
      const Image out = resize(in, ResizeSpec::with_scale(1, 2));
      ASSERT_EQ(out.cols(), 8);
      EXPECT_EQ(out.at(0, 3), up ? hi : lo);
    }
  }
  // The same weights on a float64 image, written out: 1.09375 * 1 - 0.09375 * 0.
  Image f(1, 4, 1, ElemType::F64);
  f.set(0, 1, 0, 1);
  f.set(0, 2, 0, 1);
  EXPECT_EQ(resize(f, ResizeSpec::with_scale(1, 2)).at(0, 3), 1.09375);
}

// MATLAB's imresize on logical A: B = imresize(im2uint8(A)) > 128 (docs/MATLAB.md). [1 0 1 1] halved
// with bilinear: uint8 [255 0 255 255] -> [127.5 -> 128, 255] -> [false, true] (128 is not > 128).
TEST(Logical, ResizedAsUint8AndThresholdedAbove128) {
  Image in(1, 4, 1, ElemType::Logical);
  for (int c : {0, 2, 3}) in.set(0, c, 0, 1);
  ResizeSpec spec = ResizeSpec::with_size(1, 2, Method::Bilinear);
  spec.antialiasing = false;
  const Image out = resize(in, spec);
  ASSERT_EQ(out.type(), ElemType::Logical);
  EXPECT_EQ(out.at(0, 0), 0.0);
  EXPECT_EQ(out.at(0, 1), 1.0);
  // 3 of 4 true: 191.25 -> 191 > 128, true; 1 of 4: 63.75 -> 64, false (box averaging 4 -> 1).
  Image q(1, 4, 1, ElemType::Logical);
  q.set(0, 0, 0, 1);
  EXPECT_EQ(resize(q, ResizeSpec::with_size(1, 1, Method::Box)).at(0, 0), 0.0);
  for (int c : {1, 2}) q.set(0, c, 0, 1);
  EXPECT_EQ(resize(q, ResizeSpec::with_size(1, 1, Method::Box)).at(0, 0), 1.0);
}

TEST(Logical, NearestPicksSamples) {
  Image in(1, 3, 1, ElemType::Logical);
  in.set(0, 0, 0, 1);
  in.set(0, 2, 0, 1);
  const Image out = resize(in, ResizeSpec::with_scale(1, 2, Method::Nearest));
  const double want[] = {1, 1, 0, 0, 1, 1};
  ASSERT_EQ(out.cols(), 6);
  for (int c = 0; c < 6; ++c) EXPECT_EQ(out.at(0, c), want[c]) << c;
}

// A 2-D case where the uint8 intermediate matters: both passes round to uint8 before the threshold.
TEST(Logical, BothPassesRoundAsUint8) {
  std::mt19937 rng(5);
  Image in(9, 11, 2, ElemType::Logical);
  for (std::size_t i = 0; i < in.elements(); ++i) in.data<bool>()[i] = (rng() & 1) != 0;
  Image u8(9, 11, 2, ElemType::U8);
  for (std::size_t i = 0; i < in.elements(); ++i) u8.data<std::uint8_t>()[i] = in.data<bool>()[i] ? 255 : 0;
  for (double s : {0.37, 1.6, 0.5}) {
    const ResizeSpec spec = ResizeSpec::with_scale(s, 0.8 * s);
    const Image got = resize(in, spec), mid = resize(u8, spec);
    ASSERT_EQ(got.type(), ElemType::Logical);
    for (std::size_t i = 0; i < got.elements(); ++i)
      ASSERT_EQ(got.data<bool>()[i], mid.data<std::uint8_t>()[i] > 128) << s << " at " << i;
  }
}

TEST(Logical, WorkedExampleThresholds) {
  Image in(1, 4, 1, ElemType::Logical);
  for (int c : {0, 2, 3}) in.set(0, c, 0, 1);
  ResizeSpec spec = ResizeSpec::with_size(1, 2, Method::Bilinear);
  spec.antialiasing = false;
  const Plan plan = make_plan(spec, 1, 4);
  const WorkedExample w0 = make_worked_example(plan, in, 0, 0);
  EXPECT_EQ(w0.second.result, 128.0);  // the uint8 value before the threshold
  EXPECT_EQ(w0.value, 0.0);
  EXPECT_EQ(make_worked_example(plan, in, 0, 1).value, 1.0);
  EXPECT_NE(to_text(w0, plan).find("> 128"), std::string::npos);
}

TEST(Adjoint, RefusesIntegerAndLogicalImages) {
  const Plan plan = make_plan(ResizeSpec::with_scale(0.5), 8, 8);
  for (ElemType t : {ElemType::I8, ElemType::I16, ElemType::I32, ElemType::U32, ElemType::Logical}) {
    try {
      resize_backward(Image(4, 4, 1, t), plan);
      ADD_FAILURE() << to_string(t) << " accepted";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(to_string(t)), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(resize_pass(plan.rows, Axis::Rows, Image(8, 8, 1, ElemType::Logical)), std::invalid_argument);
}

TEST(Metrics, PeakOfTheClassRange) {
  EXPECT_EQ(peak_value(ElemType::I16), 65535.0);
  EXPECT_EQ(peak_value(ElemType::I8), 255.0);
  EXPECT_EQ(peak_value(ElemType::U32), 4294967295.0);
  EXPECT_EQ(peak_value(ElemType::Logical), 1.0);
}

TEST(Convert, Im2FunctionsOnTheNewClasses) {
  Image s(1, 3, 1, ElemType::I16);
  s.set(0, 0, 0, -32768);
  s.set(0, 1, 0, 0);
  s.set(0, 2, 0, 32767);
  const Image d = im2double(s);
  EXPECT_EQ(d.at(0, 0), 0.0);
  EXPECT_EQ(d.at(0, 1), 32768.0 / 65535.0);
  EXPECT_EQ(d.at(0, 2), 1.0);
  EXPECT_EQ(im2uint16(s).at(0, 1), 32768);
  EXPECT_EQ(im2uint8(s).at(0, 1), 128);  // round(32768 / 257) = round(127.5019...)
  Image l(1, 2, 1, ElemType::Logical);
  l.set(0, 1, 0, 1);
  EXPECT_EQ(im2uint8(l).at(0, 1), 255);
  EXPECT_EQ(im2uint16(l).at(0, 1), 65535);
  EXPECT_EQ(im2double(l).at(0, 1), 1.0);
  for (ElemType t : {ElemType::I8, ElemType::I32, ElemType::U32})
    EXPECT_THROW(im2double(Image(1, 1, 1, t)), std::invalid_argument) << to_string(t);
}

// The cast written here, independently of rl::from_double: round half away from zero on the
// absolute value, then saturate; NaN -> 0.
double matlab_cast(double v, double lo, double hi) {
  if (std::isnan(v)) return 0.0;
  const double r = v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5);
  // floor(x + 0.5) misrounds only x = 0.49999999999999994 (x + 0.5 rounds up to 1); handle it.
  const double fixed = std::fabs(v) == 0.49999999999999994 ? 0.0 : r;
  return std::min(std::max(fixed, lo), hi);
}

// Each pass of an integer resize is the float64 pass followed by the cast: running the float64 core
// pass by pass, casting with matlab_cast in between, must give the integer resize's bits.
TEST(Random, IntegerTypesMatchFloat64PassesFollowedByTheCast) {
  std::mt19937 rng(2024);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int checked = 0;
  for (int i = 0; i < 240; ++i) {
    const ElemType t = std::array{ElemType::I8, ElemType::I16, ElemType::I32, ElemType::U32}[i % 4];
    const double lo = info(t).min, hi = info(t).max;
    const int rows = pick(1, 30), cols = pick(1, 40), ch = pick(1, 4);
    const auto& methods = builtin_methods();
    ResizeSpec spec = ResizeSpec::with_scale(std::uniform_real_distribution<double>(0.15, 3.0)(rng),
                                             std::uniform_real_distribution<double>(0.15, 3.0)(rng),
                                             methods[static_cast<std::size_t>(pick(0, 6)) % methods.size()]);
    spec.boundary = pick(0, 1) ? Boundary::Modern : Boundary::Legacy;
    spec.antialiasing = pick(0, 1) == 1;
    Plan plan;
    try {
      plan = make_plan(spec, rows, cols);
    } catch (const std::invalid_argument&) {
      continue;
    }
    Image in(rows, cols, ch, t), in64(rows, cols, ch, ElemType::F64);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        for (int k = 0; k < ch; ++k) {
          const int s = pick(0, 9);
          const double v =
              s == 0   ? lo
              : s == 1 ? hi
                       : std::min(hi, std::floor(std::uniform_real_distribution<double>(lo, hi + 1)(rng)));
          in.set(r, c, k, v);
          in64.set(r, c, k, v);
        }
    Image want = in64;
    for (Axis a : plan.order) {
      want = resize_pass(plan.table(a), a, want);
      for (std::size_t e = 0; e < want.elements(); ++e)
        want.data<double>()[e] = matlab_cast(want.data<double>()[e], lo, hi);
    }
    const Image got = resize(in, spec);
    ASSERT_EQ(got.type(), t);
    ASSERT_TRUE(got.same_shape(want));
    for (int r = 0; r < got.rows(); ++r)
      for (int c = 0; c < got.cols(); ++c)
        for (int k = 0; k < ch; ++k)
          ASSERT_EQ(got.at(r, c, k), want.at(r, c, k))
              << to_string(t) << " " << to_string(spec.method) << " " << rows << "x" << cols << " at " << r
              << "," << c << "," << k;
    ++checked;
  }
  EXPECT_GT(checked, 200);
}

}  // namespace
}  // namespace rl
