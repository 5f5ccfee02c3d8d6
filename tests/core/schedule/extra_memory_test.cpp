// rl::run_extra_bytes (what the benchmarks report as extra memory) against what run_into really
// allocates, counted by replacing the global operator new for this test binary.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace {

std::atomic<bool> g_counting{false};
std::atomic<long long> g_live{0}, g_peak{0};

// Each block carries its size in a 16-byte header so the delete side can subtract it.
void* counted_alloc(std::size_t n) {
  void* p = std::malloc(n + 16);
  if (!p) throw std::bad_alloc();
  *static_cast<std::size_t*>(p) = n;
  if (g_counting.load()) {
    const long long live = g_live.fetch_add(static_cast<long long>(n)) + static_cast<long long>(n);
    long long peak = g_peak.load();
    while (live > peak && !g_peak.compare_exchange_weak(peak, live)) {
    }
  }
  return static_cast<char*>(p) + 16;
}

void counted_free(void* q) {
  if (!q) return;
  void* p = static_cast<char*>(q) - 16;
  if (g_counting.load()) g_live.fetch_sub(static_cast<long long>(*static_cast<std::size_t*>(p)));
  std::free(p);
}

}  // namespace

void* operator new(std::size_t n) { return counted_alloc(n); }
void* operator new[](std::size_t n) { return counted_alloc(n); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }

namespace {

// Peak bytes allocated through operator new during one run_into (the output is preallocated; the
// core's scratch is std::vector, which allocates through operator new).
long long measured_peak(const rl::Plan& plan, const rl::Image& in, rl::Image& out, int threads) {
  g_live = 0;
  g_peak = 0;
  g_counting = true;
  rl::run_into(plan, in, out, {threads});
  g_counting = false;
  return g_peak.load();
}

TEST(ExtraMemory, ReportedBytesAreWhatASingleThreadedRunAllocates) {
  struct Case {
    int rows, cols, ch;
    rl::ElemType type;
    double sr, sc;
    rl::Method m;
  };
  const Case cases[] = {
      {300, 400, 3, rl::ElemType::U8, 0.25, 0.25, rl::Method::Bicubic},  // rows first, widened
      {300, 400, 3, rl::ElemType::F64, 0.5, 0.5, rl::Method::Lanczos3},  // rows first, float64 rows
      {300, 400, 1, rl::ElemType::F32, 2.0, 0.5, rl::Method::Bilinear},  // columns first, ring
      {120, 90, 5, rl::ElemType::U16, 3.0, 3.0, rl::Method::Bicubic},    // enlarging
      // rows first, integer weights: byte-pair gathers at the avx512 level with VBMI (their tables,
      // no transposed block), the transposed block elsewhere
      {300, 400, 3, rl::ElemType::U8, 0.5, 0.5, rl::Method::Bilinear},
  };
  for (const Case& c : cases) {
    const rl::Image in(c.rows, c.cols, c.ch, c.type);
    const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(c.sr, c.sc, c.m), c.rows, c.cols);
    rl::Image out = rl::Image::uninitialized(plan.out_rows, plan.out_cols, c.ch, c.type);
    const long long reported = static_cast<long long>(rl::run_extra_bytes(plan, c.ch, c.type, {1}));
    const long long peak = measured_peak(plan, in, out, 1);
    // The scratch is reported exactly; the pass bookkeeping (a std::function) may add a few bytes.
    EXPECT_GE(peak, reported) << c.rows << "x" << c.cols << "x" << c.ch;
    EXPECT_LE(peak, reported + 256) << c.rows << "x" << c.cols << "x" << c.ch;
    // And it is far below a whole intermediate image, which the schedule never allocates.
    const auto [ir, ic] = plan.intermediate_shape();
    EXPECT_LT(reported,
              static_cast<long long>(ir) * ic * c.ch * static_cast<long long>(rl::elem_size(c.type)) + 65536);
  }
}

TEST(ExtraMemory, SeveralThreadsStayWithinTheReportedBytes) {
  const rl::Image in(600, 800, 3, rl::ElemType::U8);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(0.5), in.rows(), in.cols());
  rl::Image out = rl::Image::uninitialized(plan.out_rows, plan.out_cols, 3, rl::ElemType::U8);
  rl::run_into(plan, in, out, {2});  // starts the pool outside the count
  const long long reported = static_cast<long long>(rl::run_extra_bytes(plan, 3, rl::ElemType::U8, {2}));
  EXPECT_GT(reported, static_cast<long long>(rl::run_extra_bytes(plan, 3, rl::ElemType::U8, {1})));
  EXPECT_LE(measured_peak(plan, in, out, 2), reported + 1024);
}

}  // namespace
