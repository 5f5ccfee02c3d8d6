// The optimised CPU resize (thread pool, SIMD kernels, row blocks, tiles) must give the same bits as
// a straightforward loop of rl::tap_sum + rl::from_double over the plan's tables, for random shapes,
// scales, methods, element types, channel counts, boundaries and thread counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <iterator>
#include <limits>
#include <optional>
#include <random>
#include <sstream>
#include <thread>
#include <type_traits>
#include <vector>

#include "plain_reference.hpp"
#include "random_image.hpp"
#include "resize_dispatch.hpp"
#include "resize_shortcuts.hpp"
#include "rl/convert.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/tap.hpp"

namespace {

using rl::Axis;
using rl::AxisTable;
using rl::ElemType;
using rl::Image;

using rl_test::reference_run;

Image reference(const rl::Plan& p, const Image& in) {
  if (in.type() == ElemType::Logical) {  // MATLAB: uint8 0 / 255 through both passes, then > 128
    Image u8(in.rows(), in.cols(), in.channels(), ElemType::U8);
    for (std::size_t i = 0; i < in.elements(); ++i) u8.data<std::uint8_t>()[i] = in.data<bool>()[i] ? 255 : 0;
    const Image r = reference_run<std::uint8_t>(p, u8);
    Image out(r.rows(), r.cols(), r.channels(), ElemType::Logical);
    for (std::size_t i = 0; i < r.elements(); ++i) out.data<bool>()[i] = r.data<std::uint8_t>()[i] > 128;
    return out;
  }
  return rl::visit_elem_type(in.type(), [&](auto x) {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>)
      return Image{};
    else
      return reference_run<T>(p, in);
  });
}

// Bitwise equality, except that any NaN equals any NaN (x86 NaN payloads depend on operand order,
// which MATLAB does not define either). Returns the first differing element index, or -1.
template <class T>
long long first_difference_typed(const Image& a, const Image& b) {
  const T* x = a.data<T>();
  const T* y = b.data<T>();
  for (std::size_t i = 0; i < a.elements(); ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(x[i]) && std::isnan(y[i])) continue;
    }
    if (std::memcmp(&x[i], &y[i], sizeof(T)) != 0) return static_cast<long long>(i);
  }
  return -1;
}

long long first_difference(const Image& a, const Image& b) {
  if (!a.same_shape(b) || a.type() != b.type()) return 0;
  return rl::visit_elem_type(a.type(), [&](auto x) {
    using T = decltype(x);
    return first_difference_typed<T>(a, b);
  });
}

// Random pixels; float inputs also get values outside [0, 1], signed zeros, infinities and NaN so
// the saturating casts and special values go through every code path.
Image random_image(std::mt19937& rng, int rows, int cols, int ch, ElemType type) {
  return rl::test::random_image(
      rows, cols, ch, type, rng,
      {.float_lo = -0.25, .float_hi = 1.25, .at_each_end = 0.1, .each_special = 0.005});
}

struct Case {
  int rows, cols, ch;
  ElemType type;
  rl::ResizeSpec spec;
  int threads;
  std::string describe() const {
    std::ostringstream s;
    s << rows << "x" << cols << "x" << ch << " " << rl::to_string(type) << " " << rl::to_string(spec.method)
      << " aa=" << spec.effective_antialiasing() << " " << rl::to_string(spec.boundary)
      << " threads=" << threads;
    if (spec.scale) s << " scale=" << spec.scale->first << "," << spec.scale->second;
    if (spec.out_size) s << " size=" << spec.out_size->first << "," << spec.out_size->second;
    return s.str();
  }
};

Case random_case(std::mt19937& rng) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  Case c;
  // Mostly small images; some wide ones so rows exceed the SIMD strips and the output tiles.
  c.rows = pick(0, 3) == 0 ? pick(40, 130) : pick(1, 24);
  c.cols = pick(0, 3) == 0 ? pick(100, 300) : pick(1, 24);
  c.ch = pick(1, 5);
  c.type = rl::kElemTypes[pick(0, static_cast<int>(std::size(rl::kElemTypes)) - 1)].type;
  const auto& methods = rl::builtin_methods();
  const rl::Method m = methods[static_cast<std::size_t>(pick(0, static_cast<int>(methods.size()) - 1))];
  if (pick(0, 3) == 0) {
    c.spec = rl::ResizeSpec::with_size(pick(1, 40), pick(1, 200), m);
  } else {
    const double scales[] = {0.1, 0.25, 1.0 / 3, 0.37, 0.5, 0.77, 1.0, 1.5, 2.0, 3.0};
    const auto s = [&] {
      return pick(0, 2) == 0 ? std::uniform_real_distribution<double>(0.08, 3.5)(rng) : scales[pick(0, 9)];
    };
    const double sr = s();
    c.spec = rl::ResizeSpec::with_scale(sr, pick(0, 1) ? sr : s(), m);
  }
  if (pick(0, 2) == 0) c.spec.antialiasing = pick(0, 1) == 1;
  c.spec.boundary = pick(0, 1) ? rl::Boundary::Modern : rl::Boundary::Legacy;
  c.threads = pick(1, 4);
  return c;
}

void check_random_cases(unsigned seed, int count) {
  std::mt19937 rng(seed);
  int checked = 0;
  for (int i = 0; i < count; ++i) {
    const Case c = random_case(rng);
    rl::PlanLimits limits;
    limits.channels = c.ch;
    rl::Plan plan;
    try {
      plan = rl::make_plan(c.spec, c.rows, c.cols, limits);
    } catch (const std::invalid_argument&) {
      continue;  // e.g. a scale that rounds the output to nothing; not what this test is about
    }
    const Image in = random_image(rng, c.rows, c.cols, c.ch, c.type);
    const Image want = reference(plan, in);
    rl::RunOptions opt;
    opt.threads = c.threads;
    const Image got = rl::run(plan, in, opt);
    const long long d = first_difference(want, got);
    ASSERT_EQ(d, -1) << c.describe() << ": first difference at element " << d;
    ++checked;
  }
  EXPECT_GT(checked, count * 9 / 10);  // the cases really ran
}

using rl::detail::CpuLevel;

// Forces one CPU level for a test (skipping, with the reason, the levels this machine cannot run).
void force_or_skip(CpuLevel l) {
  const char* why = nullptr;
  if (!rl::detail::level_available(l, &why))
    GTEST_SKIP() << "level " << rl::detail::level_name(l) << " skipped: " << why;
  rl::detail::force_level(&l);
}

class Schedule : public ::testing::TestWithParam<CpuLevel> {
 protected:
  void SetUp() override { force_or_skip(GetParam()); }
  void TearDown() override {
    rl::detail::force_level(nullptr);
    rl::detail::set_shortcuts_enabled(true);
  }
};

TEST_P(Schedule, RandomCasesMatchPlainTapSum) {
  ASSERT_EQ(rl::detail::active_level(), GetParam());
  check_random_cases(7u + static_cast<unsigned>(GetParam()), 600);
}

// The same with the exact shortcuts off: the general arithmetic at this level on every case.
TEST_P(Schedule, RandomCasesMatchPlainTapSumWithoutShortcuts) {
  rl::detail::set_shortcuts_enabled(false);
  check_random_cases(101u + static_cast<unsigned>(GetParam()), 300);
}

// The shapes the benchmarks time, shrunk so the test stays quick: RGB uint8 and float at the
// benchmark scales, every method, 1 to 4 threads.
TEST_P(Schedule, BenchmarkScalesMatchPlainTapSum) {
  std::mt19937 rng(3);
  for (ElemType type : {ElemType::U8, ElemType::F32})
    for (double s : {0.25, 0.5, 0.37, 2.0, 3.0})
      for (rl::Method m : rl::builtin_methods()) {
        const Image in = random_image(rng, 67, 101, 3, type);
        const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(s, m), in.rows(), in.cols());
        const Image want = reference(plan, in);
        for (int threads = 1; threads <= 4; ++threads) {
          rl::RunOptions opt;
          opt.threads = threads;
          EXPECT_EQ(first_difference(want, rl::run(plan, in, opt)), -1)
              << rl::to_string(type) << " scale " << s << " " << rl::to_string(m) << " threads " << threads;
        }
      }
}

INSTANTIATE_TEST_SUITE_P(Levels, Schedule, ::testing::ValuesIn(rl::detail::kCpuLevels),
                         [](const auto& info) { return std::string(rl::detail::level_name(info.param)); });

// Every element type, boundary and channel count 1..5 on shapes with 1-pixel axes and with rows
// longer than one 8-lane block, shrinking and enlarging, at this level; bit for bit against the
// plain reference.
TEST_P(Schedule, EveryTypeBoundaryChannelCountAndOnePixelAxis) {
  std::mt19937 rng(41);
  const int shapes[][2] = {{1, 1}, {1, 37}, {29, 1}, {2, 3}, {13, 70}};
  const rl::Method methods[] = {rl::Method::Bicubic, rl::Method::Lanczos3, rl::Method::Bilinear,
                                rl::Method::Nearest};
  int checked = 0;
  for (const auto& k : rl::kElemTypes)
    for (rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy})
      for (int ch = 1; ch <= 5; ++ch)
        for (const auto& sh : shapes)
          for (double s : {0.6, 2.3}) {
            rl::ResizeSpec spec = rl::ResizeSpec::with_scale(s, methods[checked % 4]);
            spec.boundary = b;
            const rl::Plan plan = rl::make_plan(spec, sh[0], sh[1]);
            const Image in = random_image(rng, sh[0], sh[1], ch, k.type);
            ASSERT_EQ(first_difference(reference(plan, in), rl::run(plan, in, {1 + checked % 2})), -1)
                << sh[0] << "x" << sh[1] << "x" << ch << " " << rl::to_string(k.type) << " "
                << rl::to_string(b) << " scale " << s << " " << rl::to_string(plan.method);
            ++checked;
          }
  EXPECT_EQ(checked, static_cast<int>(std::size(rl::kElemTypes)) * 2 * 5 * 5 * 2);
}

// The viewer runs several resizes at once from different threads; the shared pool must keep them
// apart and each must still match the reference.
TEST(ScheduleConcurrency, SimultaneousCallsFromSeveralThreads) {
  std::mt19937 rng(5);
  const Image in = random_image(rng, 90, 140, 3, ElemType::U8);
  const rl::Method methods[] = {rl::Method::Bicubic, rl::Method::Nearest, rl::Method::Bilinear,
                                rl::Method::Lanczos3};
  std::vector<rl::Plan> plans;
  std::vector<Image> want;
  for (rl::Method m : methods) {
    plans.push_back(rl::make_plan(rl::ResizeSpec::with_scale(0.3, m), in.rows(), in.cols()));
    want.push_back(reference(plans.back(), in));
  }
  std::vector<Image> got(4);
  std::vector<std::thread> callers;
  for (int i = 0; i < 4; ++i)
    callers.emplace_back([&, i] {
      for (int rep = 0; rep < 20; ++rep)
        got[static_cast<std::size_t>(i)] = rl::run(plans[static_cast<std::size_t>(i)], in, {2});
    });
  for (auto& t : callers) t.join();
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(first_difference(want[static_cast<std::size_t>(i)], got[static_cast<std::size_t>(i)]), -1) << i;
}

// The default level is the fastest the CPU has: AVX-512 (F, BW, DQ, VL) over AVX2 over generic.
TEST(ScheduleKernels, FastestAvailableLevelIsTheDefault) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  const bool avx512 = __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
                      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  const CpuLevel want = avx512 && rl::detail::avx512_kernels() ? CpuLevel::Avx512
                        : __builtin_cpu_supports("avx2")       ? CpuLevel::Avx2
                                                               : CpuLevel::Generic;
#else
  const CpuLevel want = CpuLevel::Generic;
#endif
  EXPECT_EQ(rl::detail::best_level(), want);
  if (std::getenv("RL_CPU_LEVEL")) GTEST_SKIP() << "RL_CPU_LEVEL is set; the default is not in use";
  EXPECT_EQ(rl::detail::active_level(), want);
  EXPECT_STREQ(rl::cpu_level(), rl::detail::level_name(want));
  EXPECT_EQ(rl::detail::active_kernels().lanes, want == CpuLevel::Avx512 ? 8
                                                : want == CpuLevel::Avx2 ? 4
                                                                         : 1);
}

// Each level's lanes, and forcing a level the CPU cannot run is refused.
TEST(ScheduleKernels, LevelsHaveTheirLanesAndUnavailableOnesAreRefused) {
  const int lanes[] = {1, 4, 8, 8};
  for (CpuLevel l : rl::detail::kCpuLevels) {
    const char* why = nullptr;
    if (rl::detail::level_available(l, &why)) {
      EXPECT_EQ(rl::detail::level_kernels(l)->lanes, lanes[static_cast<int>(l)]) << rl::detail::level_name(l);
      CpuLevel parsed;
      ASSERT_TRUE(rl::detail::level_from_name(rl::detail::level_name(l), parsed));
      EXPECT_EQ(parsed, l);
    } else {
      std::cout << "[ SKIPPED  ] level " << rl::detail::level_name(l) << ": " << why << "\n";
      EXPECT_THROW(rl::detail::force_level(&l), std::invalid_argument);
    }
  }
  CpuLevel l;
  EXPECT_FALSE(rl::detail::level_from_name("sse9", l));
}

// The casts at the end of each pass, straight through the kernels' vertical-row entry with one tap
// of weight v on a row of ones: every lane must give from_double(0.0 + v * 1.0), including the
// values where a naive floor(v + 0.5) or a round-half-even conversion would differ.
template <class T>
void check_casts(const rl::detail::PassKernels& k, rl::detail::ElemCode code) {
  const double specials[] = {0.49999999999999994,
                             0.5,
                             1.5,
                             2.5,
                             3.5,
                             254.5,
                             254.49999999999997,
                             255.0,
                             255.49999999999997,
                             255.5,
                             256.0,
                             65534.5,
                             65535.0,
                             65535.5,
                             1e300,
                             -1e300,
                             -0.5,
                             -0.49999999999999994,
                             -0.0,
                             -1.5,
                             -2.5,
                             -2.4999999999999996,
                             -127.5,
                             -128.0,
                             -128.5,
                             127.49999999999999,
                             127.5,
                             -32767.5,
                             -32768.5,
                             32766.5,
                             32767.5,
                             -2147483647.5,
                             -2147483648.0,
                             -2147483648.5,
                             -2147483649.0,
                             2147483646.5,
                             2147483646.4999998,
                             2147483647.0,
                             2147483647.5,
                             2147483648.0,
                             4294967294.5,
                             4294967294.4999995,
                             4294967295.0,
                             4294967295.5,
                             4294967296.0,
                             5e-324,
                             1e-40,
                             3.4028235677973366e38,
                             std::numeric_limits<double>::infinity(),
                             -std::numeric_limits<double>::infinity(),
                             std::numeric_limits<double>::quiet_NaN()};
  constexpr std::size_t kLen = 37;  // a full strip of 8 vectors, single vectors and a tail
  std::vector<T> ones(kLen, T(1)), out(kLen);
  for (double v : specials) {
    const void* rows[1] = {ones.data()};
    k.rows(code, &v, rows, 1, out.data(), kLen);
    const T want = rl::from_double<T>(0.0 + v * 1.0);
    for (std::size_t j = 0; j < kLen; ++j) {
      if constexpr (std::is_floating_point_v<T>) {
        if (std::isnan(want) && std::isnan(out[j])) continue;
      }
      ASSERT_EQ(std::memcmp(&want, &out[j], sizeof(T)), 0)
          << "weight " << v << " element " << j << " lanes " << k.lanes;
    }
  }
}

TEST_P(Schedule, CastsMatchFromDoubleOnEdgeValues) {
  for (const auto* k : {&rl::detail::active_kernels()}) {
    check_casts<std::uint8_t>(*k, rl::detail::ElemCode::U8);
    check_casts<std::uint16_t>(*k, rl::detail::ElemCode::U16);
    check_casts<float>(*k, rl::detail::ElemCode::F32);
    check_casts<double>(*k, rl::detail::ElemCode::F64);
    check_casts<std::int8_t>(*k, rl::detail::ElemCode::I8);
    check_casts<std::int16_t>(*k, rl::detail::ElemCode::I16);
    check_casts<std::int32_t>(*k, rl::detail::ElemCode::I32);
    check_casts<std::uint32_t>(*k, rl::detail::ElemCode::U32);
  }
}

// Hand-worked: 1x4 uint8 row halved with bilinear (no antialiasing): output 0 = 0.5*10 + 0.5*21 = 15.5
// -> 16 (half away from zero), output 1 = 0.5*30 + 0.5*41 = 35.5 -> 36.
TEST(ScheduleKernels, HalfwayValuesRoundAwayFromZero) {
  Image in(1, 4, 1, ElemType::U8);
  const double v[] = {10, 21, 30, 41};
  for (int c = 0; c < 4; ++c) in.set(0, c, 0, v[c]);
  rl::ResizeSpec spec = rl::ResizeSpec::with_size(1, 2, rl::Method::Bilinear);
  spec.antialiasing = false;
  const Image out = rl::resize(in, spec, {1});
  EXPECT_EQ(out.at(0, 0), 16);
  EXPECT_EQ(out.at(0, 1), 36);
}

// The exact shortcuts (a copy or gather where every row of a table is one tap of weight 1.0) against
// the general arithmetic with the shortcuts off at the generic level, bit for bit: here NaNs must
// match in every bit too (payload and quiet bit), and -0.0 must come out as +0.0 where 0.0 + 1.0 * x
// makes it so. Inputs hold signed zeros, infinities and quiet NaNs with payloads and either sign.
// Signalling NaNs are left out: neither path has defined bits for them (a compiler may fold the
// float -> double -> float round trip of the arithmetic path, which then does not quieten them).
bool is_unit(const AxisTable& t) {
  return t.taps == 1 && std::all_of(t.weights.begin(), t.weights.end(), [](double w) { return w == 1.0; });
}

template <class T>
void add_special_floats(Image& im, std::mt19937& rng) {
  T* p = im.data<T>();
  using Bits = std::conditional_t<sizeof(T) == 4, std::uint32_t, std::uint64_t>;
  const Bits exp = sizeof(T) == 4 ? Bits(0x7f800000u) : Bits(0x7ff0000000000000ull);
  const Bits quiet = sizeof(T) == 4 ? Bits(0x00400000u) : Bits(0x0008000000000000ull);
  std::uniform_int_distribution<int> pick(0, 9);
  for (std::size_t i = 0; i < im.elements(); ++i) {
    const int s = pick(rng);
    Bits b;
    if (s == 0) {
      p[i] = T(-0.0);
    } else if (s == 1) {  // negative quiet NaN with a payload
      b = exp | quiet | Bits(1 + i % 1000) |
          (sizeof(T) == 4 ? Bits(0x80000000u) : Bits(0x8000000000000000ull));
      std::memcpy(&p[i], &b, sizeof b);
    } else if (s == 2) {  // quiet NaN with a payload
      b = exp | quiet | Bits(7 + i % 333);
      std::memcpy(&p[i], &b, sizeof b);
    }
  }
}

// Index of the first element whose bits differ, -1 if none; two NaNs count as equal when
// `any_nan` (a sum of several taps propagates whichever NaN operand the compiler put first).
long long first_bit_difference(const Image& a, const Image& b, bool any_nan) {
  const std::size_t es = rl::elem_size(a.type());
  const auto* pa = static_cast<const unsigned char*>(a.raw());
  const auto* pb = static_cast<const unsigned char*>(b.raw());
  for (std::size_t i = 0; i < a.elements(); ++i) {
    if (std::memcmp(pa + i * es, pb + i * es, es) == 0) continue;
    if (any_nan && rl::is_floating(a.type())) {
      const double x =
          a.type() == ElemType::F32 ? static_cast<double>(a.data<float>()[i]) : a.data<double>()[i];
      const double y =
          b.type() == ElemType::F32 ? static_cast<double>(b.data<float>()[i]) : b.data<double>()[i];
      if (std::isnan(x) && std::isnan(y)) continue;
    }
    return static_cast<long long>(i);
  }
  return -1;
}

Image shortcut_input(std::mt19937& rng, int rows, int cols, int ch, ElemType type) {
  Image im = random_image(rng, rows, cols, ch, type);
  if (type == ElemType::F32) add_special_floats<float>(im, rng);
  if (type == ElemType::F64) add_special_floats<double>(im, rng);
  return im;
}

// Specs whose plans have unit tables on one or both axes: nearest at any size, box enlarging by an
// integer factor, and any method at scale 1 on one axis.
rl::ResizeSpec unit_spec(std::mt19937& rng, int rows, int cols) {
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const auto& methods = rl::builtin_methods();
  rl::ResizeSpec spec;
  switch (pick(0, 3)) {
    case 0:
    case 1:
      spec = pick(0, 1) ? rl::ResizeSpec::with_size(pick(1, 60), pick(1, 60), rl::Method::Nearest)
                        : rl::ResizeSpec::with_scale(std::uniform_real_distribution<double>(0.1, 3.5)(rng),
                                                     std::uniform_real_distribution<double>(0.1, 3.5)(rng),
                                                     rl::Method::Nearest);
      break;
    case 2: spec = rl::ResizeSpec::with_scale(pick(1, 3), pick(1, 3), rl::Method::Box); break;
    default: {
      const rl::Method m = methods[static_cast<std::size_t>(pick(0, static_cast<int>(methods.size()) - 1))];
      spec = pick(0, 1) ? rl::ResizeSpec::with_size(rows, pick(1, 50), m)
                        : rl::ResizeSpec::with_size(pick(1, 50), cols, m);
    }
  }
  if (pick(0, 2) == 0) spec.antialiasing = pick(0, 1) == 1;
  spec.boundary = pick(0, 1) ? rl::Boundary::Modern : rl::Boundary::Legacy;
  return spec;
}

// At every level: the generic level gathers pixel by pixel, the others with byte shuffles
// (ShuffleGather: vpshufb, or VBMI's vpermt2b at avx512), whose rows must be the same bytes.
TEST_P(Schedule, CopiesAndGathersAreBitIdenticalToTheArithmetic) {
  const CpuLevel level = GetParam();
  std::mt19937 rng(23);
  const auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  int both = 0, one = 0, checked = 0, shuffled = 0, streamed = 0, fetched = 0;
  const CpuLevel generic = CpuLevel::Generic;
  for (int i = 0; i < 1500; ++i) {
    // Some rows wide enough for the shuffles' 128-byte window whatever the pixel size.
    const int rows = pick(0, 3) == 0 ? 1 : pick(1, 40),
              cols = pick(0, 3) == 0   ? 1
                     : pick(0, 2) == 0 ? pick(40, 300)
                                       : pick(1, 90),
              ch = pick(1, 5);
    const ElemType type = rl::kElemTypes[static_cast<std::size_t>(i) % std::size(rl::kElemTypes)].type;
    const rl::ResizeSpec spec = unit_spec(rng, rows, cols);
    const std::optional<rl::Plan> made = rl_test::plan_or_none(spec, rows, cols, ch);
    if (!made) continue;
    const rl::Plan& plan = *made;
    const bool ur = is_unit(plan.rows), uc = is_unit(plan.cols);
    if (!ur && !uc) continue;
    (ur && uc ? both : one) += 1;
    const Image in = shortcut_input(rng, rows, cols, ch, type);
    const int threads = pick(1, 3);
    // One pass alone (resize_pass) takes no logical image; its uint8 version then.
    const Image pass_in = type == ElemType::Logical ? rl::im2uint8(in) : in;
    rl::detail::force_level(&generic);
    rl::detail::set_shortcuts_enabled(false);
    const Image want = rl::run(plan, in, {threads});
    rl::Image want_pass = rl::resize_pass(plan.table(plan.order[0]), plan.order[0], pass_in, {threads});
    rl::detail::set_shortcuts_enabled(true);
    rl::detail::force_level(&level);
    const ElemType run_type = type == ElemType::Logical ? ElemType::U8 : type;  // as run_into resizes it
    if (uc && rl::detail::RowGather(run_type, plan.cols, ch).shuffles()) ++shuffled;
    // Half the cases write the gather's rows through the non-temporal stores of large outputs, a
    // quarter a segment at a time fetching the next row as when its rows do not stay in cache.
    const bool stream = ur && uc && i % 2 == 1, fetch = ur && uc && i % 4 == 2;
    streamed += stream;
    fetched += fetch;
    rl::detail::force_streaming(stream ? 1 : 0);
    rl::detail::force_fetching(fetch ? 1 : 0);
    const Image got = rl::run(plan, in, {threads});
    rl::detail::force_streaming(-1);
    rl::detail::force_fetching(-1);
    rl::Image got_pass = rl::resize_pass(plan.table(plan.order[0]), plan.order[0], pass_in, {threads});
    ASSERT_TRUE(want.same_shape(got));
    // A copy on both axes must keep every bit; with one axis summing several taps, NaN payloads are
    // the compiler's choice on the general path.
    ASSERT_EQ(first_bit_difference(want, got, !(ur && uc)), -1)
        << rows << "x" << cols << "x" << ch << " " << rl::to_string(type) << " " << rl::to_string(plan.method)
        << " unit rows " << ur << " unit cols " << uc << " threads " << threads << " streamed " << stream
        << " fetched " << fetch;
    if (type != ElemType::Logical) {
      ASSERT_EQ(first_bit_difference(want_pass, got_pass, !is_unit(plan.table(plan.order[0]))), -1)
          << "resize_pass " << rl::to_string(type);
    }
    // And the plain tap_sum reference agrees (up to NaN payloads, which it does not pin).
    ASSERT_EQ(first_difference(reference(plan, in), got), -1) << rl::to_string(type);
    ++checked;
  }
  std::cout << "[          ] shortcut cases: " << checked << " (" << both << " both axes, " << one
            << " one axis, " << shuffled << " gathered by shuffles, " << streamed << " streamed, " << fetched
            << " fetched)\n";
  EXPECT_GT(both, 300);
  EXPECT_GT(streamed, 150);
  EXPECT_GT(fetched, 100);
  EXPECT_GT(one, 100);
  if (level == CpuLevel::Generic)
    EXPECT_EQ(shuffled, 0);  // the reference loop
  else
    EXPECT_GT(shuffled, 100);
}

// Streamed rows are staged 8 KiB at a time, fetched ones gathered 2 KiB at a time: rows many segments
// long (and a last one cut short), enlarged and shrunk, at every level, keep every bit of the general
// arithmetic.
TEST_P(Schedule, StreamedRowsAcrossStagingSegmentsAreBitIdentical) {
  rl::detail::force_level(&GetParam());
  std::mt19937 rng(5);
  int cases = 0;
  for (const ElemType type : {ElemType::U8, ElemType::U16, ElemType::F32, ElemType::F64})
    for (const int ch : {1, 3, 4})
      for (const double scale : {2.0, 3.0, 0.75}) {
        const int cols = 30000 / ch / static_cast<int>(rl::info(type).size) + 7;  // a few segments
        const Image in = shortcut_input(rng, 3, cols, ch, type);
        const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale, rl::Method::Nearest), 3, cols);
        rl::detail::set_shortcuts_enabled(false);
        const Image want = rl::run(plan, in, {2});
        rl::detail::set_shortcuts_enabled(true);
        for (const bool stream : {true, false}) {  // streamed, or fetched and stored in place
          rl::detail::force_streaming(stream ? 1 : 0);
          rl::detail::force_fetching(1);
          const Image got = rl::run(plan, in, {2});
          rl::detail::force_streaming(-1);
          rl::detail::force_fetching(-1);
          ASSERT_EQ(first_bit_difference(want, got, false), -1)
              << rl::to_string(type) << " x" << ch << " scale " << scale << " cols " << cols << " streamed "
              << stream;
          ++cases;
        }
      }
  rl::detail::force_level(nullptr);
  EXPECT_EQ(cases, 72);
}

// The non-temporal copy of large outputs is memcpy at every destination alignment and length
// (whole lines streamed, the ends stored plainly), and writes nothing outside its range.
TEST(ScheduleShortcuts, StreamCopyIsMemcpyAtEveryAlignment) {
  std::vector<unsigned char> src(1200);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = static_cast<unsigned char>(i * 131 + 7);
  for (std::size_t skew = 0; skew < 70; ++skew)
    for (std::size_t len : {0, 1, 15, 63, 64, 65, 127, 128, 129, 200, 1000}) {
      std::vector<unsigned char> dst(1200 + 2 * 64, 0xA5);
      unsigned char* d = dst.data() + 64 + skew;
      rl::detail::stream_copy(d, src.data() + skew % 3, len);
      rl::detail::stream_fence();
      ASSERT_EQ(std::memcmp(d, src.data() + skew % 3, len), 0) << "skew " << skew << " length " << len;
      for (std::size_t i = 0; i < dst.size(); ++i) {
        if (dst.data() + i < d || dst.data() + i >= d + len) {
          ASSERT_EQ(dst[i], 0xA5) << "wrote byte " << i << " at skew " << skew << " length " << len;
        }
      }
    }
}

// Hand-worked: nearest halving of a float row [-0.0, 5, -0.0, 7] keeps columns 1 and 3 ... and of
// [-0.0, -0.0] a 1x1 output is +0.0, as 0.0 + 1.0 * -0.0 = +0.0.
TEST(ScheduleShortcuts, NegativeZeroBecomesPositiveZero) {
  for (ElemType type : {ElemType::F32, ElemType::F64}) {
    Image in(1, 2, 1, type);
    in.set(0, 0, 0, -0.0);
    in.set(0, 1, 0, -0.0);
    const Image out = rl::resize(in, rl::ResizeSpec::with_size(1, 1, rl::Method::Nearest), {1});
    EXPECT_EQ(out.at(0, 0), 0.0);
    EXPECT_FALSE(std::signbit(out.at(0, 0))) << rl::to_string(type);
  }
}

}  // namespace
