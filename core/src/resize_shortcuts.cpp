// The exact shortcuts of the CPU resizer (resize_shortcuts.hpp): why a copy or a gather gives the
// same bits as the tap sum, and the typed loops that do it.
#include "resize_shortcuts.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <type_traits>

#include "resize_dispatch.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace rl::detail {

// Exact shortcuts. When every row of an axis table is one tap of weight exactly 1.0, the pass
// computes from_double<T>(0.0 + 1.0 * double(x)) for the one input x it reads. double(x) is exact for
// every element type and 1.0 * d = d, so this is from_double<T>(0.0 + double(x)): for the integer
// classes x itself (an in-range integer-valued double casts back exactly); for float and double
// x + 0 in T, which is x except that -0.0 becomes +0.0 (IEEE round to nearest: 0.0 + -0.0 = +0.0);
// quiet NaNs keep their payload on both paths (signalling NaNs have no defined bits on either). So the pass
// is a copy (vertical) or a gather (horizontal) through exact_copy, bit-identical to the arithmetic;
// schedule_test.cpp proves it against the general path. Decided once per table (unit_taps).
bool unit_taps(const AxisTable& t) {
  if (t.taps != 1 || !shortcuts_enabled()) return false;
  return std::all_of(t.weights.begin(), t.weights.end(), [](double w) { return w == 1.0; });
}

namespace {

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

// d[o * CH + c] = s[ix[o] * CH + c]; CH > 0 known at compile time, 0 for any count `ch`; the input
// row has in_size pixels.
template <class T, int CH>
void gather_row_typed(const T* s, const std::int32_t* ix, int out, int ch, int in_size, T* d) {
  const int n = CH > 0 ? CH : ch;
  constexpr std::size_t kPixel = static_cast<std::size_t>(CH) * sizeof(T);
  if constexpr (!std::is_floating_point_v<T> && (kPixel == 3 || kPixel == 6)) {
    // Integer pixels of 3 or 6 bytes (RGB uint8, uint16) move as one 4- or 8-byte word: the extra
    // bytes are read from the next input pixel (so not for the row's last) and written over the next
    // output pixel, which is written right after (so not for the last output: the rows' ends stay
    // untouched, whichever thread writes the next row).
    using Word = std::conditional_t<kPixel == 3, std::uint32_t, std::uint64_t>;
    const auto* sb = reinterpret_cast<const unsigned char*>(s);
    auto* db = reinterpret_cast<unsigned char*>(d);
    for (int o = 0; o < out; ++o) {
      const unsigned char* x = sb + static_cast<std::size_t>(ix[o]) * kPixel;
      unsigned char* y = db + static_cast<std::size_t>(o) * kPixel;
      if (o + 1 < out && ix[o] + 1 < in_size) {
        Word w;
        std::memcpy(&w, x, sizeof w);
        std::memcpy(y, &w, sizeof w);
      } else {
        std::memcpy(y, x, kPixel);
      }
    }
    return;
  }
  if constexpr (std::is_floating_point_v<T> && CH == 3) {
    // Float RGB pixels move as four elements, one vector (the same rule as the words above: the
    // fourth is read from the next input pixel and written over the next output pixel), each through
    // exact_copy; the fourth's value is never kept.
    for (int o = 0; o < out; ++o, d += 3) {
      const T* x = s + static_cast<std::size_t>(ix[o]) * 3;
      if (o + 1 < out && ix[o] + 1 < in_size) {
        T w[4];
        std::memcpy(w, x, sizeof w);
        for (T& v : w) v = exact_copy(v);
        std::memcpy(d, w, sizeof w);
      } else {
        for (int c = 0; c < 3; ++c) d[c] = exact_copy(x[c]);
      }
    }
    return;
  }
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

}  // namespace

// One output row of a unit vertical table: a copy of input row `src`.
void copy_row(ElemType type, const void* src, void* dst, std::size_t len) {
  with_numeric_type(type, [&](auto x) {
    using T = decltype(x);
    copy_row_typed(static_cast<const T*>(src), static_cast<T*>(dst), len);
  });
}

// One output row of a unit horizontal table (or pixels [o0, o1) of it): a gather of whole pixels.
void gather_row(ElemType type, const AxisTable& t, int ch, const void* src, void* dst, int o0, int o1) {
  if (o1 < 0) o1 = t.out_size;
  with_numeric_type(type, [&](auto x) {
    using T = decltype(x);
    const T* s = static_cast<const T*>(src);
    T* d = static_cast<T*>(dst) + static_cast<std::size_t>(o0) * static_cast<std::size_t>(ch);
    const std::int32_t* ix = t.index.data() + o0;
    const int n = o1 - o0;
    switch (ch) {
      case 1: gather_row_typed<T, 1>(s, ix, n, ch, t.in_size, d); break;
      case 2: gather_row_typed<T, 2>(s, ix, n, ch, t.in_size, d); break;
      case 3: gather_row_typed<T, 3>(s, ix, n, ch, t.in_size, d); break;
      case 4: gather_row_typed<T, 4>(s, ix, n, ch, t.in_size, d); break;
      default: gather_row_typed<T, 0>(s, ix, n, ch, t.in_size, d); break;
    }
  });
}

// The chunking: P whole output pixels per shuffle, the most that fit a vector and whose input bytes
// fit one window for every chunk; at least kMinPixels, since below that a shuffle (two loads, a
// permute, a store) costs more than moving the pixels one by one (measured: float64 RGB, 2 pixels
// per shuffle, and float32 RGB at 1/4, 3, ran slower than the pixel loop; uint8 RGB, 10 to 21, and
// float32 RGB at 1/2 and x2, 5, faster). A chunk's window starts at its first input byte, moved left where
// needed to end inside the row; the rule is written here once, the kernels only read it.
RowGather::RowGather(ElemType type, const AxisTable& t, int ch) : type_(type), table_(t), ch_(ch) {
  const ShuffleKernels* k = active_shuffle_kernels();
  if (!k || !unit_taps(t) || t.out_size <= 0 || type == ElemType::Logical) return;
  const long long pixel = static_cast<long long>(ch) * static_cast<long long>(elem_size(type));
  const long long in_row = pixel * t.in_size, window = k->window;
  if (in_row < window || in_row > INT32_MAX) return;  // start_ holds byte offsets as int32
  const std::int32_t* ix = t.index.data();
  const int n = t.out_size;
  const auto span_fits = [&](int p) {
    for (int o0 = 0; o0 < n; o0 += p) {
      const auto [lo, hi] = std::minmax_element(ix + o0, ix + std::min(n, o0 + p));
      if ((static_cast<long long>(*hi) - *lo + 1) * pixel > window) return false;
    }
    return true;
  };
  int per = static_cast<int>(k->vec_bytes / pixel);
  constexpr int kMinPixels = 4;
  while (per >= kMinPixels && !span_fits(per)) --per;
  if (per < kMinPixels) return;
  const int chunks = (n + per - 1) / per;
  start_.resize(static_cast<std::size_t>(chunks));
  idx_.assign(static_cast<std::size_t>(chunks) * static_cast<std::size_t>(k->vec_bytes), 0);
  for (int c = 0; c < chunks; ++c) {
    const int o0 = c * per, o1 = std::min(n, o0 + per);
    const long long first = *std::min_element(ix + o0, ix + o1) * pixel;
    const long long ws = std::min(first, in_row - window);
    start_[static_cast<std::size_t>(c)] = static_cast<std::int32_t>(ws);
    std::uint8_t* v = idx_.data() + static_cast<std::size_t>(c) * static_cast<std::size_t>(k->vec_bytes);
    for (int o = o0; o < o1; ++o)
      for (long long b = 0; b < pixel; ++b) *v++ = static_cast<std::uint8_t>(ix[o] * pixel + b - ws);
  }
  kernels_ = k;
  per_ = per;
  const long long chunk_bytes = per * pixel, out_row = pixel * n;
  int whole = 0;  // chunks whose whole-vector store ends inside the row
  while (whole < chunks && whole * chunk_bytes + k->vec_bytes <= out_row) ++whole;
  row_ = {start_.data(),
          idx_.data(),
          chunks,
          static_cast<int>(chunk_bytes),
          static_cast<int>((n - (chunks - 1) * per) * pixel),
          whole,
          is_floating(type) ? static_cast<int>(elem_size(type)) : 0};
}

void RowGather::run(const void* src, void* dst, std::size_t dst_step, int copies) const {
  auto* d = static_cast<unsigned char*>(dst);
  if (kernels_) {
    kernels_->row(row_, static_cast<const unsigned char*>(src), d, dst_step, copies, 0, row_.chunks);
    return;
  }
  gather_row(type_, table_, ch_, src, d);
  const std::size_t bytes = static_cast<std::size_t>(table_.out_size) * ch_ * elem_size(type_);
  for (int c = 1; c < copies; ++c) std::memcpy(d + static_cast<std::size_t>(c) * dst_step, d, bytes);
}

namespace {
std::atomic<int> g_streaming{-1}, g_fetching{-1};
}  // namespace

void force_streaming(int mode) { g_streaming.store(mode); }

namespace {
std::atomic<int> g_prefetch_strips{0};
}
void force_prefetch_strips(int strips) { g_prefetch_strips.store(strips); }
int prefetch_strips() { return g_prefetch_strips.load(std::memory_order_relaxed); }
void force_fetching(int mode) { g_fetching.store(mode); }

std::size_t last_level_cache_bytes() {
  // Linux's sysfs gives the cache the core sees (a VM's CPUID, which sysconf reads, may report the
  // host's whole package: 384 MB against 32 MB here).
  static const std::size_t llc = [] {
    std::size_t bytes = std::size_t{32} << 20;
    if (std::FILE* f = std::fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r")) {
      unsigned long kib = 0;
      if (std::fscanf(f, "%luK", &kib) == 1 && kib > 0) bytes = static_cast<std::size_t>(kib) << 10;
      std::fclose(f);
    }
    return bytes;
  }();
  return llc;
}

bool beyond_cache(std::size_t bytes) { return bytes > last_level_cache_bytes() / 2; }

bool streams_output(std::size_t bytes) {
  if (const int mode = g_streaming.load(std::memory_order_relaxed); mode >= 0) return mode == 1;
  return bytes > last_level_cache_bytes();
}

bool fetches_rows(std::size_t bytes) {
  if (const int mode = g_fetching.load(std::memory_order_relaxed); mode >= 0) return mode == 1;
  return beyond_cache(bytes);
}

void RowGather::run_part(const void* src, void* dst, int o0, int o1) const {
  if (kernels_)
    kernels_->row(row_, static_cast<const unsigned char*>(src), static_cast<unsigned char*>(dst), 0, 1,
                  o0 / per_, (o1 + per_ - 1) / per_);
  else
    gather_row(type_, table_, ch_, src, dst, o0, o1);
}

void stream_copy(void* dst, const void* src, std::size_t bytes) {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
#if defined(__SSE2__)
  const std::size_t head = std::min(bytes, (64 - reinterpret_cast<std::uintptr_t>(d) % 64) % 64);
  std::memcpy(d, s, head);
  std::size_t i = head;
  for (; i + 64 <= bytes; i += 64)
    for (std::size_t k = 0; k < 64; k += 16)
      _mm_stream_si128(reinterpret_cast<__m128i*>(d + i + k),
                       _mm_loadu_si128(reinterpret_cast<const __m128i*>(s + i + k)));
  std::memcpy(d + i, s + i, bytes - i);
#else
  std::memcpy(d, s, bytes);
#endif
}

void stream_fence() {
#if defined(__SSE2__)
  _mm_sfence();
#endif
}

}  // namespace rl::detail
