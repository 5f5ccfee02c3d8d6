// The certified kernels' bound (resize_certification.hpp) on hand-made tables, with values worked
// out by hand: the dyadic exponent of a weight, exact tables, the float32 limit, and the tables that
// are never certified.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "resize_certification.hpp"

namespace {

// A table of `out` outputs, each with the same weights (the indices do not enter the bound).
rl::AxisTable table_of(const std::vector<double>& w, int out = 3) {
  rl::AxisTable t;
  t.in_size = out;
  t.out_size = out;
  t.taps = static_cast<int>(w.size());
  for (int o = 0; o < out; ++o)
    for (double x : w) {
      t.weights.push_back(x);
      t.index.push_back(o);
    }
  return t;
}

TEST(Certification, DyadicExponentIsTheLeastPowerOfTwoThatMakesTheWeightAnInteger) {
  EXPECT_EQ(rl::detail::dyadic_exponent(0.0), 0);
  EXPECT_EQ(rl::detail::dyadic_exponent(1.0), 0);
  EXPECT_EQ(rl::detail::dyadic_exponent(3.0), 0);
  EXPECT_EQ(rl::detail::dyadic_exponent(1024.0), 0);
  EXPECT_EQ(rl::detail::dyadic_exponent(0.5), 1);       // 1 / 2
  EXPECT_EQ(rl::detail::dyadic_exponent(0.75), 2);      // 3 / 4
  EXPECT_EQ(rl::detail::dyadic_exponent(-0.375), 3);    // -3 / 8
  EXPECT_EQ(rl::detail::dyadic_exponent(0.078125), 6);  // 5 / 64
  // 0.1 is stored as 0x3FB999999999999A = 0x1999999999999A * 2^-56, whose significand has one
  // trailing zero: an odd integer times 2^-55.
  EXPECT_EQ(rl::detail::dyadic_exponent(0.1), 55);
  EXPECT_EQ(rl::detail::dyadic_exponent(std::ldexp(1.0, -1022)), 1022);  // the least normal
  EXPECT_EQ(rl::detail::dyadic_exponent(std::numeric_limits<double>::denorm_min()), 1074);
}

TEST(Certification, XmaxIsTheLargestMagnitudeOfTheClass) {
  EXPECT_EQ(rl::detail::cert_xmax(rl::ElemType::U8), 255.0);
  EXPECT_EQ(rl::detail::cert_xmax(rl::ElemType::I8), 128.0);  // int8 reaches -128
}

TEST(Certification, DyadicTablesAreExact) {
  // Bilinear enlarging by 2: weights 1/4 and 3/4, so e = 2 and A xmax 2^e = 1 * 255 * 4 < 2^24.
  const rl::detail::CertCheck c = rl::detail::cert_check(table_of({0.25, 0.75}), 255.0);
  EXPECT_TRUE(c.exact);
  EXPECT_EQ(c.limit, 0.5f);
  // A = 4096 with e = 0: 4096 * 255 = 1044480 < 2^24, still exact.
  EXPECT_TRUE(rl::detail::cert_check(table_of({4096.0}), 255.0).exact);
  // e = 25 is past float32's 24-bit significand: not exact, but certified with a limit.
  const rl::detail::CertCheck fine = rl::detail::cert_check(table_of({std::ldexp(1.0, -25), 0.5}), 255.0);
  EXPECT_FALSE(fine.exact);
  EXPECT_GT(fine.limit, 0.0f);
}

TEST(Certification, LimitIsHalfMinusTheBoundRoundedDownToFloat) {
  // One tap of weight 0.1 (not dyadic): n = taps + 2 = 3, A = 0.1, A xmax = 25.5, u = 2^-24. To first
  // order M = 2 A xmax (n u + u) = 51 * 4u = 204 u = 408 * 2^-25; the higher-order terms (about
  // 1e-12) make M a little larger. Below 0.5 float32 is spaced 2^-25, so 0.5 - 408 * 2^-25 is a
  // float just above 0.5 - M, and the limit is the next one down: 0.5 - 409 * 2^-25.
  const rl::detail::CertCheck c = rl::detail::cert_check(table_of({0.1}), 255.0);
  EXPECT_FALSE(c.exact);
  EXPECT_EQ(c.limit, static_cast<float>(0.5 - 409 * std::ldexp(1.0, -25)));
}

TEST(Certification, TablesWithoutASmallBoundAreNotCertified) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(rl::detail::cert_check(table_of({0.5, nan}), 255.0).limit, 0.0f);
  EXPECT_EQ(rl::detail::cert_check(table_of({inf, 0.5}), 255.0).limit, 0.0f);
  // Sum of |w| above 10^4, even with dyadic weights.
  EXPECT_EQ(rl::detail::cert_check(table_of({8192.0, -8192.0}), 255.0).limit, 0.0f);
  // A xmax = 5000.1 * 255 >= 2^20: outputs may leave the range the rounding is proven for.
  EXPECT_EQ(rl::detail::cert_check(table_of({5000.1}), 255.0).limit, 0.0f);
  // A xmax = 3921.1 * 255 = 999880.5 < 2^20, but M is about 204 u * 3921.1 / 0.1 = 0.48 > 1/16.
  EXPECT_EQ(rl::detail::cert_check(table_of({3921.1}), 255.0).limit, 0.0f);
  // The same weight with int8's xmax 128 is no better: M is about 0.24.
  EXPECT_EQ(rl::detail::cert_check(table_of({3921.1}), 128.0).limit, 0.0f);
}

TEST(Certification, CertifiedTableKeepsTheWeightsAsFloat32) {
  const rl::AxisTable t = table_of({0.1, 0.9}, 2);
  const rl::detail::CertAxis a = rl::detail::cert_axis(t, rl::detail::cert_check(t, 255.0), 255.0);
  ASSERT_EQ(a.wf.size(), 4u);
  EXPECT_EQ(a.wf[0], 0.1f);
  EXPECT_EQ(a.wf[3], 0.9f);
  EXPECT_FALSE(a.exact);
  EXPECT_GT(a.limit, 0.49f);
}

// A table whose outputs differ: (0.5, 0.5) is exact on its own, (1/3, 2/3) is not, so the table is
// certified with a limit below 0.5 and the first output alone is rounded as an exact sum (limit 0.5).
TEST(Certification, OutputsWithDyadicWeightsAreExactInATableThatIsNot) {
  rl::AxisTable t = table_of({0.5, 0.5}, 2);
  t.weights[2] = 1.0 / 3;
  t.weights[3] = 2.0 / 3;
  const rl::detail::CertCheck check = rl::detail::cert_check(t, 255.0);
  ASSERT_FALSE(check.exact);
  ASSERT_GT(check.limit, 0.49f);
  const rl::detail::CertAxis a = rl::detail::cert_axis(t, check, 255.0);
  EXPECT_TRUE(a.exact_at(0));
  EXPECT_FALSE(a.exact_at(1));
  EXPECT_EQ(a.limit_at(0), 0.5f);
  EXPECT_EQ(a.limit_at(1), check.limit);
  // The same condition as a whole table's: sum |w| xmax 2^e below 2^24.
  const double small[] = {0x1p-15, 1 - 0x1p-15}, large[] = {0x1p-17, 1 - 0x1p-17};
  EXPECT_TRUE(rl::detail::output_exact(small, 2, 255.0));   // 255 * 2^15 < 2^24
  EXPECT_FALSE(rl::detail::output_exact(large, 2, 255.0));  // 255 * 2^17 > 2^24
}

}  // namespace

// The integer form of an output's weights for uint8: w * 2^e as int16 while the sum and its rounding
// term fit int16 (sum |wi| 255 + 2^(e-1) < 2^15), else -1; and int8 tables (xmax 128) get none.
TEST(Certification, IntegerWeightsWhereTheUint8SumFitsInt16) {
  std::int16_t wi[4] = {};
  const double half[] = {0.125, 0.375, 0.375, 0.125};  // bilinear halving, antialiased
  ASSERT_EQ(rl::detail::int_weights(half, 4, wi), 3);
  EXPECT_EQ(wi[0], 1);
  EXPECT_EQ(wi[1], 3);
  const double cubic[] = {-0.0625, 0.5625, 0.5625, -0.0625};
  ASSERT_EQ(rl::detail::int_weights(cubic, 4, wi), 4);
  EXPECT_EQ(wi[0], -1);
  EXPECT_EQ(wi[1], 9);
  const double third[] = {1.0 / 3, 2.0 / 3}, wide[] = {0x1p-8, 1 - 0x1p-8}, fits[] = {0x1p-6, 1 - 0x1p-6};
  EXPECT_EQ(rl::detail::int_weights(third, 2, wi), -1);  // not dyadic
  EXPECT_EQ(rl::detail::int_weights(wide, 2, wi), -1);   // 256 * 255 + 128 > 32767
  EXPECT_EQ(rl::detail::int_weights(fits, 2, wi), 6);    // 64 * 255 + 32 < 32768
  // 2 * 2^14 = 32768 is outside int16: refused before it is converted (the conversion is undefined),
  // nothing written for it.
  const double edge[] = {2.0, 0x1p-14};
  wi[0] = 7;
  EXPECT_EQ(rl::detail::int_weights(edge, 2, wi), -1);
  EXPECT_EQ(wi[0], 7);
  rl::AxisTable t = table_of({0.5, 0.5}, 2);
  t.weights[2] = 1.0 / 3;
  t.weights[3] = 2.0 / 3;
  const rl::detail::CertAxis u8 = rl::detail::cert_axis(t, rl::detail::cert_check(t, 255.0), 255.0);
  ASSERT_NE(u8.int_at(0, 2), nullptr);
  EXPECT_EQ(u8.int_at(0, 2)[0], 1);
  EXPECT_EQ(u8.shift[0], 1);
  EXPECT_EQ(u8.int_at(1, 2), nullptr);
  EXPECT_EQ(rl::detail::cert_axis(t, rl::detail::cert_check(t, 128.0), 128.0).int_at(0, 2), nullptr);
}
