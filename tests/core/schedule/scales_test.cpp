// The CPU resizer at the scales users pick besides the dyadic ones (0.3, 0.66, 0.75, 0.9, 1.1, 1.5,
// 3.3, and a size whose row and column scales differ), every method, uint8, uint16 and float32, at
// every CPU level this machine runs: the same bits as the plain float64 loop (rl::tap_sum and
// rl::from_double per pass, plain_reference.hpp). At these scales the certified 8-bit kernels meet
// exact ties on outputs whose own weights are dyadic (bilinear (0.5, 0.5) at 0.75 and 1.5), rounded in
// the vector code, and near-ties on outputs whose weights are not (1/6 and 5/6 at 1.5), recomputed
// in float64 vectors: both must keep MATLAB's bits.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "plain_reference.hpp"
#include "resize_certification.hpp"
#include "resize_dispatch.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace {

using rl::ElemType;
using rl::Image;
using rl::detail::CpuLevel;

// A picture whose neighbours often differ by one or a few steps (sums of two weights then land on
// halves) with runs, edges and the class's extremes; float32 holds the uint8 picture / 255, as
// im2single makes it.
Image tie_rich(int rows, int cols, int ch, ElemType type, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> step(-3, 3), pick(0, 99), byte(0, 255);
  Image im(rows, cols, ch, type);
  for (int k = 0; k < ch; ++k)
    for (int r = 0; r < rows; ++r) {
      int v = byte(rng);
      for (int c = 0; c < cols; ++c) {
        const int p = pick(rng);
        v = p < 3 ? 0 : p < 6 ? 255 : p < 12 ? byte(rng) : std::clamp(v + step(rng), 0, 255);
        const double x = type == ElemType::U8 ? v
                         : type == ElemType::U16
                             ? std::min(v * 257 + (pick(rng) < 50 ? 0 : step(rng) + 3), 65535)
                             : static_cast<float>(v / 255.0);
        im.set(r, c, k, x);
      }
    }
  return im;
}

Image plain(const rl::Plan& p, const Image& in) {
  switch (in.type()) {
    case ElemType::U8: return rl_test::reference_run<std::uint8_t>(p, in);
    case ElemType::U16: return rl_test::reference_run<std::uint16_t>(p, in);
    default: return rl_test::reference_run<float>(p, in);
  }
}

std::string first_difference(const Image& got, const Image& want) {
  if (got.bytes() != want.bytes()) return "different sizes";
  if (std::memcmp(got.raw(), want.raw(), got.bytes()) == 0) return "";
  for (int r = 0; r < got.rows(); ++r)
    for (int c = 0; c < got.cols(); ++c)
      for (int k = 0; k < got.channels(); ++k)
        if (got.at(r, c, k) != want.at(r, c, k)) {
          std::ostringstream s;
          s << "(" << r << ", " << c << ", " << k << "): got " << got.at(r, c, k) << ", want "
            << want.at(r, c, k);
          return s.str();
        }
  return "bits differ";
}

struct Case {
  rl::ResizeSpec spec;
  std::string name;
};

std::vector<Case> cases(rl::Method m) {
  std::vector<Case> v;
  for (const double s : {0.3, 0.66, 0.75, 0.9, 1.1, 1.5, 3.3})
    v.push_back({rl::ResizeSpec::with_scale(s, m), std::to_string(s)});
  v.push_back({rl::ResizeSpec::with_size(61, 157, m), "size 61x157"});  // rows x0.61, columns x1.57
  return v;
}

class Scales : public ::testing::TestWithParam<CpuLevel> {
 protected:
  void SetUp() override {
    const CpuLevel l = GetParam();
    const char* why = nullptr;
    if (!rl::detail::level_available(l, &why))
      GTEST_SKIP() << "level " << rl::detail::level_name(l) << " skipped: " << why;
    rl::detail::force_level(&l);
  }
  void TearDown() override { rl::detail::force_level(nullptr); }
};

TEST_P(Scales, EveryMethodAndTypeEqualsThePlainFloat64Loop) {
  unsigned seed = 50;
  for (const rl::Method m : rl::builtin_methods())
    for (const Case& c : cases(m))
      for (const ElemType type : {ElemType::U8, ElemType::U16, ElemType::F32}) {
        const Image in = tie_rich(100, 100, 3, type, ++seed);
        const rl::Plan plan = rl::make_plan(c.spec, in.rows(), in.cols());
        EXPECT_EQ(first_difference(rl::run(plan, in, {2}), plain(plan, in)), "")
            << rl::to_string(m) << " " << c.name << " " << rl::to_string(type);
      }
}

// The certified kernels' two ways with a sum they cannot certify, at a size where every kernel runs
// its full strips and blocks: dyadic outputs (bilinear's (0.5, 0.5) at 0.75) are rounded in the vector
// code, with no float64 recomputation at all; the near-ties of non-dyadic outputs (bilinear at 1.5,
// triangle at 1.1, bicubic at 3.3) are recomputed in float64 and still MATLAB's bits.
class CertifiedScales : public Scales {};  // the levels with certified kernels

TEST_P(CertifiedScales, TiesAndNearTiesKeepTheBits) {
  if (!rl::detail::active_cert_kernels()) GTEST_SKIP() << "certified kernels skipped: this CPU lacks FMA";
  const Image in = tie_rich(301, 407, 3, ElemType::U8, 7);
  const auto redone = [&](rl::Method m, double s) {
    const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(s, m), in.rows(), in.cols());
    const unsigned long long before = rl::detail::cert_redone();
    EXPECT_EQ(first_difference(rl::run(plan, in, {2}), plain(plan, in)), "") << rl::to_string(m) << " " << s;
    return rl::detail::cert_redone() - before;
  };
  EXPECT_EQ(redone(rl::Method::Bilinear, 0.75), 0u);
  EXPECT_EQ(redone(rl::Method::Triangle, 0.75), 0u);
  EXPECT_GT(redone(rl::Method::Bilinear, 1.5), 0u);
  EXPECT_GT(redone(rl::Method::Triangle, 1.1), 0u);
  EXPECT_GT(redone(rl::Method::Bicubic, 3.3), 0u);
}

// The integer kernel of uint8 outputs with dyadic weights (int16 sums): MATLAB rounds a tie away from
// zero and saturates, so (0.5, 0.5) of 2 and 3 is 3 (not 2, the even neighbour or the truncation),
// (-0.5, 1.5) of 3 and 0 is 0 (-1.5 saturated), and 1.5 * 255 is 255; at every position of the vector
// strips and of the scalar tail.
TEST_P(CertifiedScales, IntegerOutputsRoundTiesAwayFromZero) {
  const rl::detail::CertKernels* k = rl::detail::active_cert_kernels();
  if (!k) GTEST_SKIP() << "certified kernels skipped: this CPU lacks FMA";
  constexpr std::size_t n = 203;  // strips of 64 and 32 bytes, then a tail
  struct Tie {
    double w[2];
    std::uint8_t a, b, want;
  };
  const Tie ties[] = {{{0.5, 0.5}, 2, 3, 3},     {{0.5, 0.5}, 4, 5, 5},      {{0.5, 0.5}, 254, 255, 255},
                      {{0.25, 0.75}, 1, 3, 3},   {{0.25, 0.75}, 3, 1, 2},    {{-0.5, 1.5}, 3, 0, 0},
                      {{-0.5, 1.5}, 0, 1, 2},    {{-0.5, 1.5}, 0, 255, 255}, {{-0.5, 1.5}, 1, 0, 0},
                      {{0.125, 0.875}, 4, 0, 1}, {{0.125, 0.875}, 12, 0, 2}};
  for (const Tie& t : ties) {
    std::int16_t wi[2];
    const int shift = rl::detail::int_weights(t.w, 2, wi);
    ASSERT_GE(shift, 0);
    const float wf[2] = {static_cast<float>(t.w[0]), static_cast<float>(t.w[1])};
    const std::vector<std::uint8_t> a(n, t.a), b(n, t.b);
    std::vector<std::uint8_t> d(n, 77);
    const void* rows[2] = {a.data(), b.data()};
    k->rows(rl::detail::ElemCode::U8, {wf, t.w, 2, 0.5f, true, wi, shift}, rows, d.data(), n);
    for (std::size_t j = 0; j < n; ++j)
      ASSERT_EQ(d[j], t.want) << t.w[0] << " * " << int(t.a) << " + " << t.w[1] << " * " << int(t.b) << " at "
                              << j;
  }
  // And through a whole resize whose vertical outputs are all integer ones (bilinear, triangle and
  // box halving; bilinear doubling), on a picture with ties: MATLAB's bits.
  const Image in = tie_rich(203, 157, 3, ElemType::U8, 11);
  for (const rl::Method m : {rl::Method::Bilinear, rl::Method::Triangle, rl::Method::Box})
    for (const double s : {0.5, 2.0}) {
      const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(s, m), in.rows(), in.cols());
      EXPECT_EQ(first_difference(rl::run(plan, in, {2}), plain(plan, in)), "")
          << rl::to_string(m) << " " << s;
    }
}

// uint8's horizontal pass by byte-pair gathers along the row (avx512 with VBMI), for tables whose
// outputs all have small integer weights (bilinear, triangle and box at 1/2, bilinear and triangle at
// 2; a size whose columns halve): every lane its own output, box's (a + b) / 2 ties rounded away from
// zero, the last group of a row cut at the row's end, rows of 1, 3 and 4 channels. MATLAB's bits, and
// those of the transposed blocks the other kernels use; the other tables keep the blocks.
TEST(ByteGathers, IntegerRowsEqualThePlainFloat64LoopAndTheTransposedBlocks) {
  const CpuLevel l = CpuLevel::Avx512;
  const char* why = nullptr;
  if (!rl::detail::level_available(l, &why)) GTEST_SKIP() << "byte gathers skipped: avx512 level: " << why;
  rl::detail::force_level(&l);
  const rl::detail::CertKernels* k = rl::detail::active_cert_kernels();
  if (!k || k->gather_window == 0) {
    rl::detail::force_level(nullptr);
    GTEST_SKIP() << "byte gathers skipped: this CPU lacks AVX-512 VBMI or FMA";
  }
  int paired = 0;
  unsigned seed = 90;
  for (const int ch : {1, 3, 4})
    for (const rl::Method m : rl::builtin_methods()) {
      std::vector<Case> cs;
      for (const double s : {0.5, 0.75, 2.0})
        cs.push_back({rl::ResizeSpec::with_scale(s, m), std::to_string(s)});
      cs.push_back({rl::ResizeSpec::with_size(250, 79, m), "size 250x79"});  // rows x1.23, columns x0.5
      for (const Case& c : cs) {
        const Image in = tie_rich(203, 157 + ch % 2, ch, ElemType::U8, ++seed);
        const rl::Plan plan = rl::make_plan(c.spec, in.rows(), in.cols());
        const rl::detail::CertAxis cols =
            rl::detail::cert_axis(plan.cols, rl::detail::cert_check(plan.cols, 255.0), 255.0);
        paired += rl::detail::cert_igather_groups(plan.cols, cols, ch, k->lanes, k->gather_window) > 0;
        const Image got = rl::run(plan, in, {2});
        EXPECT_EQ(first_difference(got, plain(plan, in)), "")
            << rl::to_string(m) << " " << c.name << " " << ch << " channels";
        rl::detail::set_cert_gather_enabled(false);
        EXPECT_EQ(first_difference(rl::run(plan, in, {2}), got), "")
            << rl::to_string(m) << " " << c.name << " " << ch << " channels, blocks against gathers";
        rl::detail::set_cert_gather_enabled(true);
      }
    }
  rl::detail::force_level(nullptr);
  // bilinear, triangle, box at 1/2 and in the size; bilinear, triangle at 2: 8 tables x 3 channel counts
  EXPECT_GE(paired, 24);
}

INSTANTIATE_TEST_SUITE_P(Levels, Scales,
                         ::testing::Values(CpuLevel::Generic, CpuLevel::Avx2, CpuLevel::Avx2x8,
                                           CpuLevel::Avx512),
                         [](const auto& info) { return std::string(rl::detail::level_name(info.param)); });
INSTANTIATE_TEST_SUITE_P(Levels, CertifiedScales, ::testing::Values(CpuLevel::Avx2, CpuLevel::Avx512),
                         [](const auto& info) { return std::string(rl::detail::level_name(info.param)); });

}  // namespace
