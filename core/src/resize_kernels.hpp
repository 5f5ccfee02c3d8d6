// The two 1-D pass loops of the CPU resizer, written once over a vector policy V (V::W lanes of
// float64) and compiled once per instruction set (resize_generic.cpp, resize_avx2.cpp, and
// resize_vec8.cpp twice: for AVX-512 and for AVX2 with 8 lanes).
// Every lane runs rl::tap_sum's arithmetic for one output element: acc = 0.0, then acc += w[k] * x[k]
// for k ascending, as separate multiply and add (no FMA), then MATLAB's cast. Lanes only ever hold
// independent output elements, so the vector width changes the speed and never a bit.
// Include only from the per-instruction-set files: everything here is instantiated with a policy
// from an anonymous namespace, so no symbol compiled for one instruction set leaks into another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "resize_dispatch.hpp"

namespace rl::detail {

// Vertical pass, one output row: d[j] = sum_k w[k] * rows[k][j]. Accumulators stay in registers over
// a strip of 8 vectors while the taps run, so only the input rows and the output row touch memory.
// TI is the input rows' element type, TO the output's (double rows come from widen_pass).
template <class V, class TI, class TO>
void rows_pass(const double* w, const TI* const* rows, int taps, TO* d, std::size_t len) {
  using D = typename V::D;
  constexpr std::size_t W = V::W, kStrip = 8;
  std::size_t j = 0;
  for (; j + kStrip * W <= len; j += kStrip * W) {
    D a[kStrip];
    for (std::size_t v = 0; v < kStrip; ++v) a[v] = V::zero();
    for (int k = 0; k < taps; ++k) {
      const D wk = V::set1(w[k]);
      const TI* r = rows[k] + j;
      for (std::size_t v = 0; v < kStrip; ++v) a[v] = V::add(a[v], V::mul(wk, V::load(r + v * W)));
    }
    for (std::size_t v = 0; v < kStrip; ++v) V::store(d + j + v * W, a[v]);
  }
  for (; j + W <= len; j += W) {
    D a = V::zero();
    for (int k = 0; k < taps; ++k) a = V::add(a, V::mul(V::set1(w[k]), V::load(rows[k] + j)));
    V::store(d + j, a);
  }
  if (j < len) {  // fewer than W elements left: run them through zero-padded lanes
    const std::size_t n = len - j;
    D a = V::zero();
    for (int k = 0; k < taps; ++k) {
      TI tmp[W] = {};
      std::memcpy(tmp, rows[k] + j, n * sizeof(TI));
      a = V::add(a, V::mul(V::set1(w[k]), V::load(tmp)));
    }
    TO out[W];
    V::store(out, a);
    std::memcpy(d + j, out, n * sizeof(TO));
  }
}

// Converts n elements to float64 (exact for every element type), so a vertical pass that reads each
// input row several times converts it once.
// The rows pass widens a strip of each of a block's input rows in turn (dozens of rows), more streams
// than the hardware prefetchers follow, so the same row's next strip is prefetched here (a prefetch
// never faults, so past the image's end is harmless).
template <class V, class T>
void widen_pass(const T* src, double* dst, std::size_t n) {
  constexpr std::size_t W = V::W;
  // Every line the next strip touches, from the one holding its first byte (a row need not start on
  // a line: numpy's arrays lie 16 bytes past one, so a strip spans one line more).
  const auto next = reinterpret_cast<std::uintptr_t>(src + n);
  for (std::uintptr_t a = next & ~std::uintptr_t{63}; a < next + n * sizeof(T); a += 64)
    __builtin_prefetch(reinterpret_cast<const void*>(a));
  std::size_t j = 0;
  for (; j + W <= n; j += W) V::stored(dst + j, V::load(src + j));
  for (; j < n; ++j) dst[j] = static_cast<double>(src[j]);
}

// Horizontal pass on a block of up to W rows. The block is first converted to float64 once and
// transposed so that one vector holds the same element of the W rows (tb[(x * ch + c) * W + lane]);
// then every tap is one broadcast weight times one contiguous vector load, whatever the channel
// count, and the results come back through a small transposed tile.

// Converts rows[0..W) (each `len` elements) into the transposed block tb.
template <class V, class T>
void load_block(const T* const* rows, std::size_t len, double* tb) {
  using D = typename V::D;
  constexpr std::size_t W = V::W;
  std::size_t j = 0;
  for (; j + W <= len; j += W) {
    D v[W];
    for (std::size_t r = 0; r < W; ++r) v[r] = V::load(rows[r] + j);
    V::transpose(v);
    for (std::size_t i = 0; i < W; ++i) V::stored(tb + (j + i) * W, v[i]);
  }
  if (j < len) {
    const std::size_t n = len - j;
    D v[W];
    for (std::size_t r = 0; r < W; ++r) {
      T tmp[W] = {};
      std::memcpy(tmp, rows[r] + j, n * sizeof(T));
      v[r] = V::load(tmp);
    }
    V::transpose(v);
    for (std::size_t i = 0; i < n; ++i) V::stored(tb + (j + i) * W, v[i]);
  }
}

// Writes the transposed tile ob (n elements x W lanes) to rows[0..nr) at their first n elements.
template <class V, class T>
void store_tile(const double* ob, std::size_t n, T* const* rows, std::size_t nr) {
  using D = typename V::D;
  constexpr std::size_t W = V::W;
  std::size_t e = 0;
  for (; e + W <= n; e += W) {
    D v[W];
    for (std::size_t i = 0; i < W; ++i) v[i] = V::loadd(ob + (e + i) * W);
    V::transpose(v);
    for (std::size_t r = 0; r < nr; ++r) V::store(rows[r] + e, v[r]);
  }
  if (e < n) {
    D v[W];
    for (std::size_t i = 0; i < W; ++i) v[i] = i < n - e ? V::loadd(ob + (e + i) * W) : V::zero();
    V::transpose(v);
    for (std::size_t r = 0; r < nr; ++r) {
      T out[W];
      V::store(out, v[r]);
      std::memcpy(rows[r] + e, out, (n - e) * sizeof(T));
    }
  }
}

// Output columns [o0, o1) of a block, CH channels known at compile time; NO neighbouring outputs are
// interleaved so that NO * CH independent accumulator chains hide the add latency.
template <class V, int CH, int NO>
void cols_compute(const TableView& t, const double* tb, double* ob, int o0, int o1) {
  using D = typename V::D;
  constexpr std::size_t W = V::W;
  const int taps = t.taps;
  int o = o0;
  for (; o + NO <= o1; o += NO) {
    D a[NO][CH];
    for (int q = 0; q < NO; ++q)
      for (int c = 0; c < CH; ++c) a[q][c] = V::zero();
    const double* w = t.w + static_cast<std::size_t>(o) * taps;
    const std::int32_t* ix = t.ix + static_cast<std::size_t>(o) * taps;
    for (int k = 0; k < taps; ++k)
      for (int q = 0; q < NO; ++q) {
        const D wk = V::set1(w[q * taps + k]);
        const double* x = tb + static_cast<std::size_t>(ix[q * taps + k]) * CH * W;
        for (int c = 0; c < CH; ++c) a[q][c] = V::add(a[q][c], V::mul(wk, V::loadd(x + c * W)));
      }
    for (int q = 0; q < NO; ++q)
      for (int c = 0; c < CH; ++c)
        V::stored(ob + (static_cast<std::size_t>(o + q - o0) * CH + c) * W, a[q][c]);
  }
  if constexpr (NO > 1) cols_compute<V, CH, 1>(t, tb, ob + static_cast<std::size_t>(o - o0) * CH * W, o, o1);
}

// Any channel count: one accumulator chain at a time.
template <class V>
void cols_compute_any(const TableView& t, int ch, const double* tb, double* ob, int o0, int o1) {
  using D = typename V::D;
  constexpr std::size_t W = V::W;
  const int taps = t.taps;
  for (int o = o0; o < o1; ++o) {
    const double* w = t.w + static_cast<std::size_t>(o) * taps;
    const std::int32_t* ix = t.ix + static_cast<std::size_t>(o) * taps;
    for (int c = 0; c < ch; ++c) {
      D a = V::zero();
      for (int k = 0; k < taps; ++k)
        a = V::add(a, V::mul(V::set1(w[k]), V::loadd(tb + (static_cast<std::size_t>(ix[k]) * ch + c) * W)));
      V::stored(ob + (static_cast<std::size_t>(o - o0) * ch + c) * W, a);
    }
  }
}

// Output columns [o0, o1) of a block from a transposed table: each output's own list of entries
// (CH channels known at compile time, or any with CH = 0), the same per-lane arithmetic.
template <class V, int CH>
void gather_compute(const GatherView& t, int channels, const double* tb, double* ob, int o0, int o1) {
  using D = typename V::D;
  constexpr std::size_t W = V::W;
  const int ch = CH ? CH : channels;
  for (int o = o0; o < o1; ++o) {
    const int e0 = t.offsets[o], e1 = t.offsets[o + 1];
    double* out = ob + static_cast<std::size_t>(o - o0) * ch * W;
    if constexpr (CH > 0) {
      D a[CH];
      for (int c = 0; c < CH; ++c) a[c] = V::zero();
      for (int e = e0; e < e1; ++e) {
        const D we = V::set1(t.w[e]);
        const double* x = tb + static_cast<std::size_t>(t.ix[e]) * CH * W;
        for (int c = 0; c < CH; ++c) a[c] = V::add(a[c], V::mul(we, V::loadd(x + c * W)));
      }
      for (int c = 0; c < CH; ++c) V::stored(out + c * W, a[c]);
    } else {
      for (int c = 0; c < ch; ++c) {
        D a = V::zero();
        for (int e = e0; e < e1; ++e)
          a = V::add(
              a, V::mul(V::set1(t.w[e]), V::loadd(tb + (static_cast<std::size_t>(t.ix[e]) * ch + c) * W)));
        V::stored(out + c * W, a);
      }
    }
  }
}

template <class V>
void compute_tile(const TableView& t, int ch, const double* tb, double* ob, int o0, int o1) {
  switch (ch) {
    case 1: cols_compute<V, 1, 4>(t, tb, ob, o0, o1); break;
    case 2: cols_compute<V, 2, 3>(t, tb, ob, o0, o1); break;
    case 3: cols_compute<V, 3, 2>(t, tb, ob, o0, o1); break;
    case 4: cols_compute<V, 4, 2>(t, tb, ob, o0, o1); break;
    default: cols_compute_any<V>(t, ch, tb, ob, o0, o1); break;
  }
}

template <class V>
void compute_tile(const GatherView& t, int ch, const double* tb, double* ob, int o0, int o1) {
  switch (ch) {
    case 1: gather_compute<V, 1>(t, ch, tb, ob, o0, o1); break;
    case 3: gather_compute<V, 3>(t, ch, tb, ob, o0, o1); break;
    default: gather_compute<V, 0>(t, ch, tb, ob, o0, o1); break;
  }
}

// Horizontal pass on one block: in_rows[0..W) -> out_rows[0..nr) (rows past nr repeat a valid one
// and their results are dropped). Table: TableView (forward) or GatherView (adjoint).
template <class V, class Table, class T>
void cols_pass(const ColsArgsOf<Table>& g, const T* const* in_rows, T* const* out_rows, std::size_t nr) {
  constexpr std::size_t W = V::W;
  const Table& t = g.table;
  load_block<V>(in_rows, g.in_len, g.tb);
  for (int o0 = 0; o0 < t.out_size; o0 += g.tile_cols) {
    const int o1 = t.out_size - o0 < g.tile_cols ? t.out_size : o0 + g.tile_cols;
    compute_tile<V>(t, g.channels, g.tb, g.ob, o0, o1);
    T* tile_rows[W];
    for (std::size_t r = 0; r < W; ++r)
      tile_rows[r] = out_rows[r] + static_cast<std::size_t>(o0) * g.channels;
    store_tile<V>(g.ob, static_cast<std::size_t>(o1 - o0) * g.channels, tile_rows, nr);
  }
}

// Calls f(T{}) with the C++ type of an element code.
template <class F>
void with_code(ElemCode type, F&& f) {
  switch (type) {
    case ElemCode::U8: f(std::uint8_t{}); break;
    case ElemCode::U16: f(std::uint16_t{}); break;
    case ElemCode::F32: f(float{}); break;
    case ElemCode::F64: f(double{}); break;
    case ElemCode::I8: f(std::int8_t{}); break;
    case ElemCode::I16: f(std::int16_t{}); break;
    case ElemCode::I32: f(std::int32_t{}); break;
    case ElemCode::U32: f(std::uint32_t{}); break;
  }
}

// The entry points of one instruction set, switching on the element type.
template <class V>
struct KernelSet {
  static void rows_d(ElemCode type, const double* w, const double* const* rows, int taps, void* dst,
                     std::size_t len) {
    with_code(type, [&](auto x) {
      using T = decltype(x);
      rows_pass<V>(w, rows, taps, static_cast<T*>(dst), len);
    });
  }
  static void widen(ElemCode type, const void* src, double* dst, std::size_t n) {
    with_code(type, [&](auto x) {
      using T = decltype(x);
      widen_pass<V>(static_cast<const T*>(src), dst, n);
    });
  }
  static void rows(ElemCode type, const double* w, const void* const* rows, int taps, void* dst,
                   std::size_t len) {
    with_code(type, [&](auto x) {
      using T = decltype(x);
      rows_pass<V>(w, reinterpret_cast<const T* const*>(rows), taps, static_cast<T*>(dst), len);
    });
  }
  static void cols(ElemCode type, const ColsArgs& g, const void* const* in_rows, void* const* out_rows,
                   std::size_t nr) {
    with_code(type, [&](auto x) {
      using T = decltype(x);
      cols_pass<V>(g, reinterpret_cast<const T* const*>(in_rows), reinterpret_cast<T* const*>(out_rows), nr);
    });
  }
  static void cols_gather(ElemCode type, const GatherArgs& g, const void* const* in_rows,
                          void* const* out_rows, std::size_t nr) {
    const auto run = [&](auto x) {
      using T = decltype(x);
      cols_pass<V>(g, reinterpret_cast<const T* const*>(in_rows), reinterpret_cast<T* const*>(out_rows), nr);
    };
    if (type == ElemCode::F64)
      run(double{});
    else
      run(float{});  // the adjoint is defined for the float types only
  }
  static constexpr PassKernels table{&rows, &rows_d, &widen, &cols, &cols_gather, static_cast<int>(V::W)};
};

}  // namespace rl::detail
