// The certified float32 passes for 8-bit images (resize_cert_kernels.hpp, at the avx2 and avx512
// levels) against the plain float64
// loop (rl::tap_sum + rl::from_double per pass), bit for bit: random shapes, scales, methods,
// boundaries and channel counts, dyadic scales whose sums land exactly on halves (where float32 and
// float64 must take the float64 path), a large image at non-dyadic scales (sums within float32 error
// of a half occur there by the thousand), and tables too extreme to certify.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <sstream>
#include <type_traits>

#include "plain_reference.hpp"
#include "resize_dispatch.hpp"
#include "rl/convert.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/tap.hpp"

namespace {

using rl::Axis;
using rl::AxisTable;
using rl::ElemType;
using rl::Image;

Image plain_run(const rl::Plan& p, const Image& in) {
  return in.type() == ElemType::U8 ? rl_test::reference_run<std::uint8_t>(p, in)
                                   : rl_test::reference_run<std::int8_t>(p, in);
}

Image random_bytes(std::mt19937& rng, int rows, int cols, int ch, ElemType type, bool structured) {
  Image im(rows, cols, ch, type);
  auto* p = static_cast<unsigned char*>(im.raw());
  std::uniform_int_distribution<int> byte(0, 255), run(1, 40);
  if (!structured) {
    for (std::size_t i = 0; i < im.elements(); ++i) p[i] = static_cast<unsigned char>(byte(rng));
    return im;
  }
  // Runs of one value and the extremes: neighbouring inputs that differ by one or by everything,
  // so that sums of dyadic weights hit exact halves and saturate.
  std::size_t i = 0;
  while (i < im.elements()) {
    const int v = byte(rng) < 40 ? (byte(rng) < 128 ? 0 : 255) : byte(rng);
    for (int n = run(rng); n > 0 && i < im.elements(); --n, ++i)
      p[i] = static_cast<unsigned char>(v + (byte(rng) < 64 ? 1 : 0));
  }
  return im;
}

// The first differing element as text, or "" when the two images are the same bits.
std::string first_difference(const Image& got, const Image& want) {
  const auto* a = static_cast<const unsigned char*>(got.raw());
  const auto* b = static_cast<const unsigned char*>(want.raw());
  for (std::size_t i = 0; i < got.bytes(); ++i)
    if (a[i] != b[i]) {
      std::ostringstream s;
      s << "element " << i << ": got " << int(a[i]) << ", want " << int(b[i]);
      return s.str();
    }
  return "";
}

// The largest sum of |weights| over a table's outputs (the bound grows with it).
double max_abs_sum(const AxisTable& t) {
  double a = 0;
  for (int o = 0; o < t.out_size; ++o) {
    double s = 0;
    for (int k = 0; k < t.taps; ++k) s += std::fabs(t.weights_of(o)[k]);
    a = std::max(a, s);
  }
  return a;
}

using rl::detail::CpuLevel;

// Every test runs at each level that has certified kernels (avx2: 8 float32 lanes; avx512: 16, in
// resize_cert_avx512.cpp), skipping with the reason where this machine cannot run the level.
class Certified : public ::testing::TestWithParam<CpuLevel> {
 protected:
  void SetUp() override {
    const CpuLevel l = GetParam();
    const char* why = nullptr;
    if (!rl::detail::level_available(l, &why))
      GTEST_SKIP() << "level " << rl::detail::level_name(l) << " skipped: " << why;
    rl::detail::force_level(&l);
    if (!rl::detail::active_cert_kernels())
      GTEST_SKIP() << "certified kernels skipped: this CPU lacks FMA (level " << rl::cpu_level()
                   << "), so 8-bit images take the float64 kernels";
  }
  void TearDown() override { rl::detail::force_level(nullptr); }
};

// The level picks its own kernels: 8 lanes at avx2, 16 at avx512 (rows per horizontal block).
TEST_P(Certified, EachLevelRunsItsOwnLaneCount) {
  EXPECT_EQ(rl::detail::active_cert_kernels()->lanes, GetParam() == CpuLevel::Avx512 ? 16 : 8);
}

TEST_P(Certified, RandomEightBitRunsEqualThePlainFloat64Loop) {
  std::mt19937 rng(1701);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const double dyadic[] = {0.25, 0.5, 2, 4, 0.125, 8};
  const auto& methods = rl::builtin_methods();
  const unsigned long long redone0 = rl::detail::cert_redone();
  int cases = 0;
  for (int i = 0; i < 700; ++i) {
    const int rows = pick(0, 5) == 0 ? 1 : pick(1, 90), cols = pick(0, 5) == 0 ? 1 : pick(1, 140),
              ch = pick(1, 5);
    const ElemType type = i % 2 ? ElemType::U8 : ElemType::I8;
    const rl::Method m = methods[static_cast<std::size_t>(pick(0, static_cast<int>(methods.size()) - 1))];
    const auto scale = [&] {
      return pick(0, 1) ? dyadic[pick(0, 5)] : std::uniform_real_distribution<double>(0.05, 4.0)(rng);
    };
    rl::ResizeSpec spec = rl::ResizeSpec::with_scale(scale(), scale(), m);
    if (pick(0, 3) == 0) spec.antialiasing = pick(0, 1) == 1;
    spec.boundary = pick(0, 1) ? rl::Boundary::Modern : rl::Boundary::Legacy;
    const std::optional<rl::Plan> made = rl_test::plan_or_none(spec, rows, cols, ch);
    if (!made) continue;
    const rl::Plan& plan = *made;
    const Image in = random_bytes(rng, rows, cols, ch, type, pick(0, 1) == 1);
    const Image got = rl::run(plan, in, {pick(1, 3)});
    const std::string diff = first_difference(got, plain_run(plan, in));
    ASSERT_EQ(diff, "") << "case " << i << ": " << rows << "x" << cols << "x" << ch << " "
                        << rl::to_string(type) << " " << rl::to_string(m) << " scale " << spec.scale->first
                        << "," << spec.scale->second;
    ++cases;
  }
  EXPECT_GT(cases, 600);
  // Non-dyadic scales put some sums within float32 error of a half: the float64 path must have run.
  EXPECT_GT(rl::detail::cert_redone(), redone0 + 100);
}

// 1.2 million outputs per pass at scales whose weights are not dyadic: sums within float32 error of a
// half (about 1 in 10^4 outputs) must be handed to float64. A bound of zero fails here.
TEST_P(Certified, LargeImageAtNonDyadicScalesEqualsThePlainFloat64Loop) {
  std::mt19937 rng(99);
  const Image in = random_bytes(rng, 1100, 1000, 1, ElemType::U8, false);
  const struct {
    rl::Method m;
    double s;
  } cases[] = {{rl::Method::Bicubic, 0.37}, {rl::Method::Lanczos3, 0.61}, {rl::Method::Bicubic, 1.3}};
  for (const auto& c : cases) {
    const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(c.s, c.m), in.rows(), in.cols());
    const unsigned long long redone0 = rl::detail::cert_redone();
    const Image got = rl::run(plan, in, {2});
    EXPECT_EQ(first_difference(got, plain_run(plan, in)), "") << rl::to_string(c.m) << " " << c.s;
    EXPECT_GT(rl::detail::cert_redone(), redone0) << rl::to_string(c.m) << " " << c.s;
  }
}

// Certified and float64 kernels at the same level give the same bits, and a table too extreme to
// certify (weights of magnitude 10^5 after normalisation) is computed in float64 and still exact.
TEST_P(Certified, OnAndOffAgreeAndExtremeTablesStayExact) {
  std::mt19937 rng(5);
  rl::ResizeSpec wild = rl::ResizeSpec::with_scale(0.7, 1.9, rl::Method::Custom);
  wild.custom = {"wild", [](double x) { return std::fabs(x) < 2 ? 1.0 + 3e4 * x : 0.0; }, 4.0};
  for (const ElemType type : {ElemType::U8, ElemType::I8})
    for (const rl::ResizeSpec& spec : {rl::ResizeSpec::with_scale(0.5, rl::Method::Bilinear), wild,
                                       rl::ResizeSpec::with_scale(0.3, 2.0, rl::Method::Lanczos2)}) {
      const Image in = random_bytes(rng, 57, 83, 3, type, true);
      const rl::Plan plan = rl::make_plan(spec, in.rows(), in.cols());
      if (spec.method == rl::Method::Custom) {  // beyond what resize.cpp certifies (sum |w| <= 10^4)
        EXPECT_GT(std::max(max_abs_sum(plan.rows), max_abs_sum(plan.cols)), 1e4);
      }
      const Image on = rl::run(plan, in, {1});
      rl::detail::set_certified_enabled(false);
      const Image off = rl::run(plan, in, {1});
      rl::detail::set_certified_enabled(true);
      EXPECT_EQ(first_difference(on, off), "") << spec.custom.name;
      EXPECT_EQ(first_difference(on, plain_run(plan, in)), "") << spec.custom.name;
    }
}

INSTANTIATE_TEST_SUITE_P(Levels, Certified, ::testing::Values(CpuLevel::Avx2, CpuLevel::Avx512),
                         [](const auto& info) { return std::string(rl::detail::level_name(info.param)); });

}  // namespace
