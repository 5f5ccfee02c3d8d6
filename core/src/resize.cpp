// CPU resizer: two separable 1-D passes over interleaved images in the plan's order. What each output
// element computes is rl::tap_sum's arithmetic (float64, taps ascending, no FMA) followed by MATLAB's
// cast after each pass, so the intermediate holds what MATLAB stores (uint8 after pass 1 for uint8).
// How it runs (thread pool over rows or row blocks, SIMD lanes over independent outputs) lives in
// thread_pool.cpp and resize_kernels.hpp and never changes a bit.
#include "rl/resize.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "resize_dispatch.hpp"
#include "rl/convert.hpp"
#include "thread_pool.hpp"

namespace rl {

namespace detail {

#ifndef RL_HAVE_AVX2_KERNELS
const PassKernels* avx2_kernels() { return nullptr; }
const CertKernels* avx2_cert_kernels() { return nullptr; }
#endif
#ifndef RL_HAVE_VEC8_KERNELS
const PassKernels* avx2x8_kernels() { return nullptr; }
const PassKernels* avx512_kernels() { return nullptr; }
#endif

namespace {
constexpr int kDefaultLevel = -1;
std::atomic<int> g_forced{kDefaultLevel};  // a CpuLevel, or kDefaultLevel
std::atomic<bool> g_shortcuts{true};
std::atomic<bool> g_certified{true};

bool cpu_supports(CpuLevel l) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  switch (l) {
    case CpuLevel::Generic: return true;
    case CpuLevel::Avx2:
    case CpuLevel::Avx2x8: return __builtin_cpu_supports("avx2");
    case CpuLevel::Avx512:
      return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
             __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl");
  }
  return false;
#else
  return l == CpuLevel::Generic;
#endif
}

// RL_CPU_LEVEL, read once: a level name forces that level (an unknown name or one this CPU cannot
// run is an error at the first resize, never a silent fallback).
int level_from_environment() {
  static const int level = [] {
    const char* s = std::getenv("RL_CPU_LEVEL");
    if (!s || !*s) return kDefaultLevel;
    CpuLevel l;
    if (!level_from_name(s, l))
      throw std::runtime_error(std::string("RL_CPU_LEVEL=") + s +
                               " is not a CPU level (generic, avx2, avx2x8 or avx512)");
    const char* why = nullptr;
    if (!level_available(l, &why))
      throw std::runtime_error(std::string("RL_CPU_LEVEL=") + s + " cannot run here: " + why);
    return static_cast<int>(l);
  }();
  return level;
}
}  // namespace

const char* level_name(CpuLevel l) {
  switch (l) {
    case CpuLevel::Generic: return "generic";
    case CpuLevel::Avx2: return "avx2";
    case CpuLevel::Avx2x8: return "avx2x8";
    case CpuLevel::Avx512: return "avx512";
  }
  return "?";
}

bool level_from_name(const char* s, CpuLevel& l) {
  for (CpuLevel c : kCpuLevels)
    if (std::strcmp(s, level_name(c)) == 0) {
      l = c;
      return true;
    }
  return false;
}

const PassKernels* level_kernels(CpuLevel l) {
  switch (l) {
    case CpuLevel::Generic: return &generic_kernels();
    case CpuLevel::Avx2: return avx2_kernels();
    case CpuLevel::Avx2x8: return avx2x8_kernels();
    case CpuLevel::Avx512: return avx512_kernels();
  }
  return nullptr;
}

bool level_available(CpuLevel l, const char** why) {
  if (!level_kernels(l)) {
    if (why)
      *why = "this build has no kernels for it (not x86-64, or a compiler without the vector extensions)";
    return false;
  }
  if (!cpu_supports(l)) {
    if (why)
      *why = l == CpuLevel::Avx512 ? "this CPU lacks AVX-512 (F, BW, DQ and VL are all required)"
                                   : "this CPU lacks AVX2";
    return false;
  }
  return true;
}

CpuLevel best_level() {
  static const CpuLevel best = [] {
    for (CpuLevel l : {CpuLevel::Avx512, CpuLevel::Avx2})
      if (level_available(l)) return l;
    return CpuLevel::Generic;
  }();
  return best;
}

CpuLevel active_level() {
  int f = g_forced.load(std::memory_order_relaxed);
  if (f == kDefaultLevel) f = level_from_environment();
  return f == kDefaultLevel ? best_level() : static_cast<CpuLevel>(f);
}

const PassKernels& active_kernels() { return *level_kernels(active_level()); }

void force_level(const CpuLevel* l) {
  if (l && !level_available(*l))
    throw std::invalid_argument(std::string("CPU level ") + level_name(*l) + " is not available here");
  g_forced.store(l ? static_cast<int>(*l) : kDefaultLevel);
}

void set_shortcuts_enabled(bool on) { g_shortcuts.store(on); }
bool shortcuts_enabled() { return g_shortcuts.load(std::memory_order_relaxed); }

void set_certified_enabled(bool on) { g_certified.store(on); }

namespace {
std::atomic<unsigned long long> g_cert_redone{0};
}
void count_cert_redone(int lanes) {
  g_cert_redone.fetch_add(static_cast<unsigned>(lanes), std::memory_order_relaxed);
}
unsigned long long cert_redone() { return g_cert_redone.load(); }

const CertKernels* active_cert_kernels() {
  static const bool cpu_ok = [] {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
#else
    return false;
#endif
  }();
  static const bool env_on = [] {
    const char* s = std::getenv("RL_CERTIFIED");
    return !(s && std::strcmp(s, "0") == 0);
  }();
  const CpuLevel l = active_level();
  if (!cpu_ok || !env_on || !g_certified.load(std::memory_order_relaxed) ||
      (l != CpuLevel::Avx2 && l != CpuLevel::Avx512))
    return nullptr;
  return avx2_cert_kernels();
}

}  // namespace detail

namespace {

using detail::ElemCode;

// The kernels' code for a numeric type (ElemCode lists them in ElemType's order; logical never gets
// here, run_into resizes it as uint8).
ElemCode code_of(ElemType t) {
  static_assert(static_cast<int>(ElemType::U32) == static_cast<int>(ElemCode::U32));
  return static_cast<ElemCode>(static_cast<int>(t));
}

detail::TableView view(const AxisTable& t) { return {t.weights.data(), t.index.data(), t.taps, t.out_size}; }

// Output elements per horizontal tile: the tile's float64 results (x lanes) stay in L1.
constexpr int kTileElements = 384;
// Row blocks are handed out in this many ranges per thread, claimed in turn, so that a thread that
// wakes late or runs on a busier core takes fewer (rows first: ranges share no work).
constexpr int kChunksPerThread = 4;
// Multiply-adds below which handing work to another thread costs more than it saves.
constexpr double kMinWorkPerThread = 1 << 17;

int tile_cols(int channels) { return std::max(1, kTileElements / channels); }

// Exact shortcuts. When every row of an axis table is one tap of weight exactly 1.0, the pass
// computes from_double<T>(0.0 + 1.0 * double(x)) for the one input x it reads. double(x) is exact for
// every element type and 1.0 * d = d, so this is from_double<T>(0.0 + double(x)): for the integer
// classes x itself (an in-range integer-valued double casts back exactly); for float and double
// x + 0 in T, which is x except that -0.0 becomes +0.0 (IEEE round to nearest: 0.0 + -0.0 = +0.0);
// quiet NaNs keep their payload on both paths (signalling NaNs have no defined bits on either). So the pass
// is a copy (vertical) or a gather (horizontal) through exact_copy, bit-identical to the arithmetic;
// schedule_test.cpp proves it against the general path. Decided once per table (unit_taps).
bool unit_taps(const AxisTable& t) {
  if (t.taps != 1 || !detail::shortcuts_enabled()) return false;
  return std::all_of(t.weights.begin(), t.weights.end(), [](double w) { return w == 1.0; });
}

template <class T>
T exact_copy(T x) {
  if constexpr (std::is_floating_point_v<T>)
    return x + T(0);  // -0.0 -> +0.0, as 0.0 + 1.0 * x does
  else
    return x;
}

template <class T>
void copy_row_typed(const T* s, T* d, std::size_t n) {
  if constexpr (std::is_floating_point_v<T>) {
    for (std::size_t j = 0; j < n; ++j) d[j] = exact_copy(s[j]);
  } else {
    std::memcpy(d, s, n * sizeof(T));
  }
}

// d[o * CH + c] = s[ix[o] * CH + c]; CH > 0 known at compile time, 0 for any count `ch`.
template <class T, int CH>
void gather_row_typed(const T* s, const std::int32_t* ix, int out, int ch, T* d) {
  const int n = CH > 0 ? CH : ch;
  for (int o = 0; o < out; ++o) {
    const T* x = s + static_cast<std::size_t>(ix[o]) * static_cast<std::size_t>(n);
    for (int c = 0; c < n; ++c) d[c] = exact_copy(x[c]);
    d += n;
  }
}

template <class F>
void with_numeric_type(ElemType t, F&& f) {
  visit_elem_type(t, [&](auto x) {
    using T = decltype(x);
    if constexpr (!std::is_same_v<T, bool>) f(T{});  // logical is resized as uint8 by run_into
  });
}

// One output row of a unit vertical table: a copy of input row `src`.
void copy_row(ElemType type, const void* src, void* dst, std::size_t len) {
  with_numeric_type(type, [&](auto x) {
    using T = decltype(x);
    copy_row_typed(static_cast<const T*>(src), static_cast<T*>(dst), len);
  });
}

// One output row of a unit horizontal table: a gather of whole pixels.
void gather_row(ElemType type, const AxisTable& t, int ch, const void* src, void* dst) {
  with_numeric_type(type, [&](auto x) {
    using T = decltype(x);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst);
    switch (ch) {
      case 1: gather_row_typed<T, 1>(s, t.index.data(), t.out_size, ch, d); break;
      case 2: gather_row_typed<T, 2>(s, t.index.data(), t.out_size, ch, d); break;
      case 3: gather_row_typed<T, 3>(s, t.index.data(), t.out_size, ch, d); break;
      case 4: gather_row_typed<T, 4>(s, t.index.data(), t.out_size, ch, d); break;
      default: gather_row_typed<T, 0>(s, t.index.data(), t.out_size, ch, d); break;
    }
  });
}

// Certified float32 passes for the 8-bit classes (resize_cert_avx2.cpp). Per table, a bound M with
// |F - D| < M for every output, F the float32 sum (weights rounded to float, fused multiply-adds, any
// order) and D MATLAB's float64 sum: with S the exact sum of the float64 weights times the inputs and
// A = max over outputs of sum_k |w[k]|, |D - S| <= gamma_{2n}(2^-53) A xmax and |F - S| <=
// (gamma_n(2^-24) (1 + 2^-24) + 2^-24) A xmax (Higham, Accuracy and Stability, 3.1), n = taps + 2
// to spare, plus float32 underflow; then doubled. A lane whose F is within 0.5 - M of an integer r
// certainly rounds to r; the others take the float64 path. Tables whose bound is not small (huge or
// non-finite weights) are not certified at all.
struct CertAxis {
  std::vector<float> wf;  // the weights rounded to float32
  float limit = 0;        // 0.5 - M, rounded down; 0.5 for an exact table
  bool exact = false;
};

double cert_xmax(ElemType t) { return t == ElemType::U8 ? 255.0 : 128.0; }

// The least e >= 0 for which w * 2^e is an integer (w finite), from the bits: w = m 2^E with m the
// integer significand, so e = -(E + trailing zeros of m), or 0.
int dyadic_exponent(double w) {
  if (w == 0) return 0;
  std::uint64_t b;
  std::memcpy(&b, &w, sizeof b);
  const int biased = static_cast<int>((b >> 52) & 0x7ff);
  std::uint64_t m = b & ((std::uint64_t{1} << 52) - 1);
  int exp2 = -1074;  // subnormal
  if (biased != 0) {
    m |= std::uint64_t{1} << 52;
    exp2 = biased - 1075;
  }
  return std::max(0, -(exp2 + std::countr_zero(m)));
}

// One pass over a table: whether it is exact, else its limit, else neither (not certified).
// Exact: every weight is a multiple of 2^-e for one e with A xmax 2^e < 2^24; then each float32 and
// float64 product and partial sum of 8-bit inputs is an exact multiple of 2^-e below 2^24 units, so
// F == D exactly (bilinear or bicubic enlarging by 2, bilinear halving, box ...).
struct CertCheck {
  bool exact = false;
  float limit = 0;  // 0.5 - M rounded down, 0.5 when exact, 0 when not certified
};

CertCheck cert_check(const AxisTable& t, double xmax) {
  double a = 0;
  int e = 0;
  for (int o = 0; o < t.out_size; ++o) {
    double sum = 0;
    for (int k = 0; k < t.taps; ++k) {
      const double w = t.weights_of(o)[k];
      if (!std::isfinite(w)) return {};
      sum += std::fabs(w);
      e = std::max(e, dyadic_exponent(w));
    }
    a = std::max(a, sum);
  }
  if (!(a <= 1e4)) return {};
  if (e <= 24 && a * xmax * std::ldexp(1.0, e) < 0x1p24) return {true, 0.5f};
  if (a * xmax >= 0x1p20) return {};
  const double n = t.taps + 2.0, us = 0x1p-24, ud = 0x1p-53;
  const double gs = n * us / (1 - n * us), gd = 2 * n * ud / (1 - 2 * n * ud);
  const double m = 2 * ((gs * (1 + us) + us + gd) * a * xmax + 2 * n * 0x1p-149 * xmax);
  if (!(m < 1.0 / 16)) return {};
  float limit = static_cast<float>(0.5 - m);
  while (static_cast<double>(limit) > 0.5 - m) limit = std::nextafter(limit, 0.0f);
  return {false, limit};
}

// Whether this run is certified: an 8-bit class, certified kernels active, both tables certified
// (their checks are left in rows and cols).
const detail::CertKernels* cert_for(const Plan& p, ElemType type, CertCheck& rows, CertCheck& cols) {
  if (type != ElemType::U8 && type != ElemType::I8) return nullptr;
  const detail::CertKernels* c = detail::active_cert_kernels();
  if (!c) return nullptr;
  rows = cert_check(p.rows, cert_xmax(type));
  cols = cert_check(p.cols, cert_xmax(type));
  return rows.limit > 0 && cols.limit > 0 ? c : nullptr;
}

CertAxis cert_axis(const AxisTable& t, const CertCheck& check) {
  CertAxis c;
  c.exact = check.exact;
  c.limit = check.limit;
  c.wf.assign(t.weights.begin(), t.weights.end());
  return c;
}

// Bytes the certified tables take (allocated once per run).
std::size_t cert_bytes(const Plan& p) {
  return (p.rows.weights.size() + p.cols.weights.size()) * sizeof(float);
}

// How a run is split and what each thread allocates, computed in one place so run_extra_bytes
// reports exactly what the passes allocate.
struct Schedule {
  long long units = 0;  // what parallel_for splits: row blocks, output rows or input blocks
  int threads = 1;
  std::size_t tb_doubles = 0, ob_doubles = 0;  // horizontal pass scratch
  std::size_t mid_bytes = 0;     // rows between the passes: a block (rows first) or a ring (columns first)
  int ring_rows = 0;             // columns first: rows the ring holds
  int block_rows = 0;            // rows first: output rows per block
  std::size_t wide_doubles = 0;  // rows first: one column strip of the block's input rows, widened
  int window_rows = 0;           // rows first: the widest input window of a block (slot table)
  int ptrs = 0;                  // row pointers for the vertical pass
  bool cert = false;             // certified 8-bit passes (float32 scratch)
  std::size_t shared_bytes = 0;  // allocated once per run: the certified float32 tables
  std::size_t bytes_per_thread() const {
    return (tb_doubles + ob_doubles + wide_doubles) * sizeof(double) + mid_bytes +
           2 * static_cast<std::size_t>(ptrs) * sizeof(void*) +
           static_cast<std::size_t>(window_rows) * sizeof(int);
  }
};

int pick_threads(const RunOptions& opt, long long units, double work) {
  const double by_work = std::max(1.0, work / kMinWorkPerThread);
  return static_cast<int>(std::min<double>(
      {static_cast<double>(detail::thread_count(opt.threads)), static_cast<double>(units), by_work}));
}

// A unit horizontal table (a gather) needs no horizontal scratch; the certified one holds float32
// and int32 (half a double each).
void set_cols_scratch(Schedule& s, const AxisTable& cols, std::size_t in_len, int channels, int lanes) {
  if (unit_taps(cols)) return;
  const std::size_t per = s.cert ? 2 : 1;
  s.tb_doubles = (in_len * lanes + per - 1) / per;
  s.ob_doubles = (static_cast<std::size_t>(tile_cols(channels)) * channels * lanes + per - 1) / per;
}

// Input rows [lo, hi] that output `o` of a vertical table reads.
std::pair<int, int> window(const AxisTable& t, int o) {
  const std::int32_t* ix = t.index_of(o);
  const auto [lo, hi] = std::minmax_element(ix, ix + t.taps);
  return {*lo, *hi};
}

// Input rows [lo, hi] that outputs [o0, o0 + n) read together.
std::pair<int, int> block_window(const AxisTable& t, int o0, int n) {
  std::pair<int, int> w = window(t, o0);
  for (int o = o0 + 1; o < o0 + n; ++o) {
    const auto [lo, hi] = window(t, o);
    w = {std::min(w.first, lo), std::max(w.second, hi)};
  }
  return w;
}

// Rows first, the vertical pass widens each input row to float64 once per block of output rows and
// column strip (instead of once per tap that reads it); the strip of widened rows stays in L1.
constexpr std::size_t kStripElements = 64;
constexpr std::size_t kWideBytes = 40 << 10;
constexpr double kMinReadsToWiden = 2.0;

// Over all blocks of `block` output rows: the widest input window, and the most distinct input rows
// a block reads (fewer than the window when the taps skip rows, as nearest does when shrinking).
struct BlockRows {
  int window = 1, used = 1;
  double reads_per_row = 1;  // tap reads per distinct input row, over all blocks
};

BlockRows block_rows(const AxisTable& t, int block) {
  BlockRows b;
  double distinct = 0;
  std::vector<int> seen(static_cast<std::size_t>(t.in_size), -1);
  for (int o0 = 0; o0 < t.out_size; o0 += block) {
    const int n = std::min(block, t.out_size - o0);
    const auto [lo, hi] = block_window(t, o0, n);
    int used = 0;
    for (int o = o0; o < o0 + n; ++o)
      for (int q = 0; q < t.taps; ++q) {
        int& mark = seen[static_cast<std::size_t>(t.index_of(o)[q])];
        if (mark != o0) {
          mark = o0;
          ++used;
        }
      }
    b.window = std::max(b.window, hi - lo + 1);
    b.used = std::max(b.used, used);
    distinct += used;
  }
  b.reads_per_row = static_cast<double>(t.out_size) * t.taps / std::max(1.0, distinct);
  return b;
}

// Rows first: each block of output rows runs the vertical pass into a small block of intermediate
// rows and the horizontal pass straight out of it (`lanes` rows at a time), so the intermediate
// never leaves the cache and is never allocated whole.
Schedule rows_first_schedule(const Plan& p, int ch, ElemType type, int lanes, bool cert,
                             const RunOptions& opt) {
  Schedule s;
  s.cert = cert;
  if (cert) s.shared_bytes = cert_bytes(p);
  const std::size_t es = elem_size(type);
  const std::size_t in_len = static_cast<std::size_t>(p.in_cols) * ch,
                    out_len = static_cast<std::size_t>(p.out_cols) * ch;
  s.block_rows = lanes;
  if (type != ElemType::F64 && !unit_taps(p.rows) && !cert) {  // float64 rows, copies and certified
                                                               // passes need no widening
    int block = 4 * lanes;
    BlockRows rows = block_rows(p.rows, block);
    while (block > lanes &&
           static_cast<std::size_t>(rows.used) * kStripElements * sizeof(double) > kWideBytes) {
      block /= 2;
      rows = block_rows(p.rows, block);
    }
    // Widening pays only when a widened row is read several times (not for nearest, or for a few
    // taps that skip rows when shrinking without antialiasing).
    if (rows.reads_per_row >= kMinReadsToWiden) {
      s.block_rows = block;
      s.wide_doubles = static_cast<std::size_t>(rows.used) * kStripElements;
      s.window_rows = rows.window;
    }
  }
  s.units = (p.out_rows + s.block_rows - 1) / s.block_rows;
  const double work = static_cast<double>(p.out_rows) * (static_cast<double>(in_len) * p.rows.taps +
                                                         static_cast<double>(out_len) * p.cols.taps);
  s.threads = pick_threads(opt, s.units, work);
  set_cols_scratch(s, p.cols, in_len, ch, lanes);
  s.mid_bytes = in_len * static_cast<std::size_t>(s.block_rows) * es;
  s.ptrs = p.rows.taps;
  return s;
}

// Columns first: each thread walks its output rows in order and keeps the intermediate rows they
// need in a ring, computing each with the horizontal pass (a block of `lanes` rows at a time) just
// before the vertical pass first reads it.
Schedule cols_first_schedule(const Plan& p, int ch, ElemType type, int lanes, bool cert,
                             const RunOptions& opt) {
  Schedule s;
  s.cert = cert;
  if (cert) s.shared_bytes = cert_bytes(p);
  const std::size_t es = elem_size(type);
  const std::size_t in_len = static_cast<std::size_t>(p.in_cols) * ch,
                    mid_len = static_cast<std::size_t>(p.out_cols) * ch;
  s.units = p.out_rows;
  const double work = static_cast<double>(p.in_rows) * static_cast<double>(mid_len) * p.cols.taps +
                      static_cast<double>(p.out_rows) * static_cast<double>(mid_len) * p.rows.taps;
  s.threads = pick_threads(opt, s.units, work);
  int widest = 1;
  for (int o = 0; o < p.rows.out_size; ++o) {
    const auto [lo, hi] = window(p.rows, o);
    widest = std::max(widest, hi - lo + 1);
  }
  s.ring_rows = widest + lanes;
  set_cols_scratch(s, p.cols, in_len, ch, lanes);
  s.mid_bytes = static_cast<std::size_t>(s.ring_rows) * mid_len * es;
  s.ptrs = p.rows.taps;
  return s;
}

// An array left uninitialised (every element is written before it is read), so a range of rows does
// not start by zeroing a few hundred kilobytes.
template <class T>
struct Uninit {
  explicit Uninit(std::size_t n) : p(n ? new T[n] : nullptr) {}
  T* data() const { return p.get(); }
  std::unique_ptr<T[]> p;
};

// One thread's scratch, allocated once per range of rows (never per row or pixel).
struct Scratch {
  explicit Scratch(const Schedule& s)
      : doubles(s.tb_doubles + s.ob_doubles + s.wide_doubles),
        mid(s.mid_bytes),
        ptrs(static_cast<std::size_t>(s.ptrs)),
        wide_ptrs(static_cast<std::size_t>(s.ptrs)),
        slot(static_cast<std::size_t>(s.window_rows)),
        wide(doubles.data() + s.tb_doubles + s.ob_doubles) {}
  Uninit<double> doubles;
  Uninit<unsigned char> mid;
  std::vector<const void*> ptrs;
  std::vector<const double*> wide_ptrs;
  std::vector<int> slot;  // input row - lo -> its widened row, -1 when the block does not read it
  double* wide;
};

detail::ColsArgs cols_args(const AxisTable& t, int ch, std::size_t in_len, Scratch& sc, const Schedule& s) {
  return {view(t), ch, in_len, tile_cols(ch), sc.doubles.data(), sc.doubles.data() + s.tb_doubles};
}

detail::CertCols cert_cols_args(const AxisTable& t, const CertAxis& c, int ch, std::size_t in_len,
                                Scratch& sc, const Schedule& s) {
  return {c.wf.data(),
          t.weights.data(),
          t.index.data(),
          t.taps,
          t.out_size,
          c.limit,
          c.exact,
          ch,
          in_len,
          tile_cols(ch),
          reinterpret_cast<float*>(sc.doubles.data()),
          reinterpret_cast<std::int32_t*>(sc.doubles.data() + s.tb_doubles)};
}

// The kernels of one run: the level's float64 kernels, and the certified 8-bit ones when the run is
// certified (then a horizontal block has cert->lanes rows).
struct RunKernels {
  explicit RunKernels(const Plan& p, ElemType type) : k(detail::active_kernels()) {
    CertCheck cr, cc;
    cert = cert_for(p, type, cr, cc);
    lanes = cert ? cert->lanes : k.lanes;
    if (cert) {
      rows = cert_axis(p.rows, cr);
      cols = cert_axis(p.cols, cc);
    }
  }
  const detail::PassKernels& k;
  const detail::CertKernels* cert = nullptr;
  int lanes = 1;
  CertAxis rows, cols;
  // One output row `o` of the vertical pass.
  void vertical(ElemCode code, const AxisTable& t, int o, const void* const* ptrs, void* dst,
                std::size_t len) const {
    if (cert)
      cert->rows(code,
                 {rows.wf.data() + static_cast<std::size_t>(o) * t.taps, t.weights_of(o), t.taps, rows.limit,
                  rows.exact},
                 ptrs, dst, len);
    else
      k.rows(code, t.weights_of(o), ptrs, t.taps, dst, len);
  }
};

void run_rows_first(const Plan& p, const Image& in, Image& out, const RunOptions& opt) {
  const RunKernels rk(p, in.type());
  const detail::PassKernels& k = rk.k;
  const std::size_t lanes = static_cast<std::size_t>(rk.lanes);
  const int ch = in.channels();
  const std::size_t es = elem_size(in.type());
  const Schedule s = rows_first_schedule(p, ch, in.type(), rk.lanes, rk.cert != nullptr, opt);
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride();
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const int taps = p.rows.taps;
  const bool rows_unit = unit_taps(p.rows), cols_unit = unit_taps(p.cols);
  detail::parallel_for(
      s.units, s.threads, 1,
      [&](long long b0, long long b1) {
        Scratch sc(s);
        const detail::ColsArgs g = cols_args(p.cols, ch, in_len, sc, s);
        const detail::CertCols cg = cert_cols_args(p.cols, rk.cols, ch, in_len, sc, s);
        const void* mid_rows[detail::kMaxLanes];
        void* out_rows[detail::kMaxLanes];
        for (long long b = b0; b < b1; ++b) {
          const int o0 = static_cast<int>(b) * s.block_rows;
          const int nb = std::min(s.block_rows, p.out_rows - o0);
          if (s.wide_doubles > 0) {
            const auto [lo, hi] = block_window(p.rows, o0, nb);
            const int base = lo;  // C++20 lambdas may not capture structured bindings on every compiler
            const auto slot = [&](int row) -> int& { return sc.slot[static_cast<std::size_t>(row - base)]; };
            std::fill(sc.slot.begin(), sc.slot.begin() + (hi - lo + 1), -1);
            for (int r = 0; r < nb; ++r)
              for (int t = 0; t < taps; ++t) slot(p.rows.index_of(o0 + r)[t]) = 0;
            int used = 0;
            for (int i = lo; i <= hi; ++i)
              if (slot(i) == 0)
                slot(i) = used++;
              else
                slot(i) = -1;
            for (std::size_t j0 = 0; j0 < in_len; j0 += kStripElements) {
              const std::size_t n = std::min(kStripElements, in_len - j0);
              for (int i = lo; i <= hi; ++i)
                if (slot(i) >= 0)
                  k.widen(code, src + (static_cast<std::size_t>(i) * in_len + j0) * es,
                          sc.wide + static_cast<std::size_t>(slot(i)) * kStripElements, n);
              for (int r = 0; r < nb; ++r) {
                const std::int32_t* ix = p.rows.index_of(o0 + r);
                for (int t = 0; t < taps; ++t)
                  sc.wide_ptrs[static_cast<std::size_t>(t)] =
                      sc.wide + static_cast<std::size_t>(slot(ix[t])) * kStripElements;
                k.rows_from_double(code, p.rows.weights_of(o0 + r), sc.wide_ptrs.data(), taps,
                                   sc.mid.data() + (static_cast<std::size_t>(r) * in_len + j0) * es, n);
              }
            }
          } else {
            for (int r = 0; r < nb; ++r) {
              const std::int32_t* ix = p.rows.index_of(o0 + r);
              unsigned char* mid = sc.mid.data() + static_cast<std::size_t>(r) * in_len * es;
              if (rows_unit) {
                copy_row(in.type(), src + static_cast<std::size_t>(ix[0]) * in_len * es, mid, in_len);
                continue;
              }
              for (int t = 0; t < taps; ++t)
                sc.ptrs[static_cast<std::size_t>(t)] = src + static_cast<std::size_t>(ix[t]) * in_len * es;
              rk.vertical(code, p.rows, o0 + r, sc.ptrs.data(), mid, in_len);
            }
          }
          for (int sb = 0; sb < nb; sb += rk.lanes) {
            const std::size_t nr = std::min<std::size_t>(lanes, static_cast<std::size_t>(nb - sb));
            for (std::size_t r = 0; r < lanes; ++r) {
              const std::size_t rr = static_cast<std::size_t>(sb) + std::min(r, nr - 1);
              mid_rows[r] = sc.mid.data() + rr * in_len * es;
              out_rows[r] = dst + (static_cast<std::size_t>(o0) + rr) * out_len * es;
            }
            if (cols_unit)
              for (std::size_t r = 0; r < nr; ++r)
                gather_row(in.type(), p.cols, ch, mid_rows[r], out_rows[r]);
            else if (rk.cert)
              rk.cert->cols(code, cg, mid_rows, out_rows, nr);
            else
              k.cols(code, g, mid_rows, out_rows, nr);
          }
        }
      },
      kChunksPerThread);
}

void run_cols_first(const Plan& p, const Image& in, Image& out, const RunOptions& opt) {
  const RunKernels rk(p, in.type());
  const detail::PassKernels& k = rk.k;
  const std::size_t lanes = static_cast<std::size_t>(rk.lanes);
  const int ch = in.channels();
  const std::size_t es = elem_size(in.type());
  const Schedule s = cols_first_schedule(p, ch, in.type(), rk.lanes, rk.cert != nullptr, opt);
  const std::size_t in_len = in.row_stride(), mid_len = out.row_stride();
  const long long ring = s.ring_rows;
  const bool rows_unit = unit_taps(p.rows), cols_unit = unit_taps(p.cols);
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  detail::parallel_for(s.units, s.threads, 1, [&](long long o_begin, long long o_end) {
    Scratch sc(s);
    const detail::ColsArgs g = cols_args(p.cols, ch, in_len, sc, s);
    const detail::CertCols cg = cert_cols_args(p.cols, rk.cols, ch, in_len, sc, s);
    const auto slot = [&](long long row) {
      return sc.mid.data() + static_cast<std::size_t>(row % ring) * mid_len * es;
    };
    const void* in_rows[detail::kMaxLanes];
    void* ring_rows[detail::kMaxLanes];
    long long have_lo = 0, have_hi = -1;  // intermediate rows the ring holds
    for (long long o = o_begin; o < o_end; ++o) {
      const auto [lo, hi] = window(p.rows, static_cast<int>(o));
      if (lo < have_lo || lo > have_hi + 1) {  // not a continuation (first row, or a table that jumps)
        have_lo = lo;
        have_hi = lo - 1;
      }
      while (have_hi < hi) {
        const long long first = have_hi + 1;
        const std::size_t nr = std::min<std::size_t>(lanes, static_cast<std::size_t>(p.in_rows - first));
        for (std::size_t r = 0; r < lanes; ++r) {
          const long long row = first + static_cast<long long>(std::min(r, nr - 1));
          in_rows[r] = src + static_cast<std::size_t>(row) * in_len * es;
          ring_rows[r] = slot(row);
        }
        if (cols_unit)
          for (std::size_t r = 0; r < nr; ++r) gather_row(in.type(), p.cols, ch, in_rows[r], ring_rows[r]);
        else if (rk.cert)
          rk.cert->cols(code, cg, in_rows, ring_rows, nr);
        else
          k.cols(code, g, in_rows, ring_rows, nr);
        have_hi += static_cast<long long>(nr);
        have_lo = std::max(have_lo, have_hi - ring + 1);
      }
      const std::int32_t* ix = p.rows.index_of(static_cast<int>(o));
      unsigned char* out_row = dst + static_cast<std::size_t>(o) * mid_len * es;
      if (rows_unit) {
        copy_row(in.type(), slot(ix[0]), out_row, mid_len);
        continue;
      }
      for (int t = 0; t < p.rows.taps; ++t) sc.ptrs[static_cast<std::size_t>(t)] = slot(ix[t]);
      rk.vertical(code, p.rows, static_cast<int>(o), sc.ptrs.data(), out_row, mid_len);
    }
  });
}

// One pass on its own (resize_pass): the same kernels, with the whole result materialised.
void pass_rows(const AxisTable& t, const Image& in, Image& out, const RunOptions& opt) {
  const detail::PassKernels& k = detail::active_kernels();
  const std::size_t len = in.row_stride(), es = elem_size(in.type());
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const int threads =
      pick_threads(opt, t.out_size, static_cast<double>(t.out_size) * static_cast<double>(len) * t.taps);
  const bool unit = unit_taps(t);
  detail::parallel_for(t.out_size, threads, 1, [&](long long b, long long e) {
    std::vector<const void*> ptrs(static_cast<std::size_t>(t.taps));
    for (long long o = b; o < e; ++o) {
      const std::int32_t* ix = t.index_of(static_cast<int>(o));
      if (unit) {
        copy_row(in.type(), src + static_cast<std::size_t>(ix[0]) * len * es,
                 dst + static_cast<std::size_t>(o) * len * es, len);
        continue;
      }
      for (int q = 0; q < t.taps; ++q)
        ptrs[static_cast<std::size_t>(q)] = src + static_cast<std::size_t>(ix[q]) * len * es;
      k.rows(code, t.weights_of(static_cast<int>(o)), ptrs.data(), t.taps,
             dst + static_cast<std::size_t>(o) * len * es, len);
    }
  });
}

void pass_cols(const AxisTable& t, const Image& in, Image& out, const RunOptions& opt) {
  const detail::PassKernels& k = detail::active_kernels();
  const std::size_t lanes = static_cast<std::size_t>(k.lanes);
  const int ch = in.channels();
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride(), es = elem_size(in.type());
  Schedule s;
  s.units = (in.rows() + k.lanes - 1) / k.lanes;
  s.threads =
      pick_threads(opt, s.units, static_cast<double>(in.rows()) * static_cast<double>(out_len) * t.taps);
  set_cols_scratch(s, t, in_len, ch, k.lanes);
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const bool unit = unit_taps(t);
  detail::parallel_for(s.units, s.threads, 1, [&](long long b0, long long b1) {
    Scratch sc(s);
    const detail::ColsArgs g = cols_args(t, ch, in_len, sc, s);
    const void* in_rows[detail::kMaxLanes];
    void* out_rows[detail::kMaxLanes];
    for (long long b = b0; b < b1; ++b) {
      const std::size_t r0 = static_cast<std::size_t>(b) * lanes;
      const std::size_t nr = std::min(lanes, static_cast<std::size_t>(in.rows()) - r0);
      for (std::size_t r = 0; r < lanes; ++r) {
        const std::size_t rr = r0 + std::min(r, nr - 1);
        in_rows[r] = src + rr * in_len * es;
        out_rows[r] = dst + rr * out_len * es;
      }
      if (unit)
        for (std::size_t r = 0; r < nr; ++r) gather_row(in.type(), t, ch, in_rows[r], out_rows[r]);
      else
        k.cols(code, g, in_rows, out_rows, nr);
    }
  });
}

void pass_into(const AxisTable& t, Axis axis, const Image& in, Image& out, const RunOptions& opt) {
  if (axis == Axis::Rows)
    pass_rows(t, in, out, opt);
  else
    pass_cols(t, in, out, opt);
}

// Both tables unit (nearest, and any plan whose every tap is a single 1.0): each output row is a
// gather from one input row, with no intermediate at all (exact_copy twice is exact_copy once).
void run_gather(const Plan& p, const Image& in, Image& out, const RunOptions& opt) {
  const int ch = in.channels();
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride(), es = elem_size(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  // A gather is about as costly per element as a few multiply-adds.
  const int threads = pick_threads(opt, p.out_rows, 4.0 * static_cast<double>(p.out_rows) * out_len);
  detail::parallel_for(p.out_rows, threads, 1, [&](long long b, long long e) {
    for (long long o = b; o < e; ++o)
      gather_row(in.type(), p.cols, ch,
                 src + static_cast<std::size_t>(p.rows.index_of(static_cast<int>(o))[0]) * in_len * es,
                 dst + static_cast<std::size_t>(o) * out_len * es);
  });
}

std::string shape(int r, int c) { return std::to_string(r) + "x" + std::to_string(c); }

}  // namespace

Image resize_pass(const AxisTable& table, Axis axis, const Image& in, const RunOptions& opt) {
  if (in.type() == ElemType::Logical)
    throw std::invalid_argument(
        "one pass of a logical image is not defined: imresize resizes im2uint8(A) and thresholds the "
        "result at 128 (resize_pass the uint8 image, or use run/resize)");
  const int along = axis == Axis::Rows ? in.rows() : in.cols();
  if (along != table.in_size)
    throw std::invalid_argument("the image has " + std::to_string(along) +
                                " samples along this axis, the table expects " +
                                std::to_string(table.in_size));
  Image out = axis == Axis::Rows ? Image::uninitialized(table.out_size, in.cols(), in.channels(), in.type())
                                 : Image::uninitialized(in.rows(), table.out_size, in.channels(), in.type());
  if (!out.empty()) pass_into(table, axis, in, out, opt);
  return out;
}

void run_into(const Plan& plan, const Image& in, Image& out, const RunOptions& opt) {
  if (in.rows() != plan.in_rows || in.cols() != plan.in_cols)
    throw std::invalid_argument("the image is " + shape(in.rows(), in.cols()) + ", the plan was made for " +
                                shape(plan.in_rows, plan.in_cols));
  if (out.rows() != plan.out_rows || out.cols() != plan.out_cols || out.channels() != in.channels() ||
      out.type() != in.type())
    throw std::invalid_argument("the output buffer does not match the plan's output shape and type");
  if (in.type() == ElemType::Logical) {  // MATLAB: B = imresize(im2uint8(A)) > 128 (docs/MATLAB.md)
    Image mid = Image::uninitialized(out.rows(), out.cols(), out.channels(), ElemType::U8);
    run_into(plan, im2uint8(in), mid, opt);
    const Image b = logical_from_resized_uint8(mid);
    if (b.bytes()) std::memcpy(out.raw(), b.raw(), b.bytes());  // into the caller's buffer
    return;
  }
  if (unit_taps(plan.rows) && unit_taps(plan.cols))
    run_gather(plan, in, out, opt);
  else if (plan.order[0] == Axis::Rows)
    run_rows_first(plan, in, out, opt);
  else
    run_cols_first(plan, in, out, opt);
}

std::size_t run_extra_bytes(const Plan& plan, int channels, ElemType type, const RunOptions& opt) {
  CertCheck cr, cc;
  const detail::CertKernels* cert = cert_for(plan, type, cr, cc);
  const int lanes = cert ? cert->lanes : detail::active_kernels().lanes;
  if (type == ElemType::Logical) {  // the uint8 copies of the input and the output, then uint8's passes
    const std::size_t px = static_cast<std::size_t>(plan.in_rows) * plan.in_cols +
                           static_cast<std::size_t>(plan.out_rows) * plan.out_cols;
    return 2 * px * static_cast<std::size_t>(channels) + run_extra_bytes(plan, channels, ElemType::U8, opt);
  }
  if (unit_taps(plan.rows) && unit_taps(plan.cols)) return 0;  // run_gather allocates nothing
  const Schedule s = plan.order[0] == Axis::Rows
                         ? rows_first_schedule(plan, channels, type, lanes, cert != nullptr, opt)
                         : cols_first_schedule(plan, channels, type, lanes, cert != nullptr, opt);
  return static_cast<std::size_t>(s.threads) * s.bytes_per_thread() + s.shared_bytes;
}

const char* cpu_level() { return detail::level_name(detail::active_level()); }

bool cpu_certified_8bit() { return detail::active_cert_kernels() != nullptr; }

Image run(const Plan& plan, const Image& in, const RunOptions& opt) {
  Image out = Image::uninitialized(plan.out_rows, plan.out_cols, in.channels(), in.type());
  run_into(plan, in, out, opt);
  return out;
}

Image resize(const Image& in, const ResizeSpec& spec, const RunOptions& opt) {
  PlanLimits limits;
  limits.channels = in.channels();
  return run(make_plan(spec, in.rows(), in.cols(), limits), in, opt);
}

}  // namespace rl
