// The certified float32 passes for the 8-bit classes, written once over a vector policy P (P::L
// float32 lanes) and compiled per instruction set (resize_cert_avx2.cpp: 8 lanes, AVX2 + FMA;
// resize_cert_avx512.cpp: 16 lanes, AVX-512). Why a float32 sum may stand for MATLAB's float64 one,
// and the bound behind `limit`, are explained in resize_cert_avx2.cpp; a vector with a lane the bound
// cannot certify is recomputed here, all its lanes, with the float64 arithmetic itself in float64
// vectors (taps ascending, multiply and add kept apart under -ffp-contract=off, MATLAB's rounding),
// so the lane count changes the speed and never a bit.
//
// P provides: L; F (L floats) and I (L int32); zero, set1, fmadd, loadu, storeu (floats); load(T*)
// (L 8-bit values to float, exact); certify(f, limit, exact) -> {I r; unsigned bad};
// storei / loadi (int32); store8<T>(T*, I) (L values saturated to T); transpose(F*) (L x L);
// as_float / as_int (bit casts); and for the float64 recomputation DD (L doubles), dzero, widen(F)
// (exact), dmuladd(acc, w, x) = acc + w * x (a separate multiply and add), dround(DD) -> I (MATLAB's
// rounding, as cert_round_exact); kGatherWindow (0, or the bytes of a gather window, then also:
// window(uint8*) -> GW, gather_pairs(GW, idx) -> W (2 LW window bytes at idx[0..2 LW)),
// wmaddpairs(acc, x, int8* w) = acc + the LW sums of byte pairs times int8 weight pairs (vpmaddubsw,
// exact here)); wset1_pair(int8 a, int8 b) (the weight pair (a, b) in every int16 lane),
// wmaddrows(lo, hi, row a, row b, pair): 2 LW bytes of two rows interleaved (in-lane unpack) and
// weighed by the pair into lo and hi, wstore8x2(p, lo, hi, shift): wstore8 of both, packed back to
// the rows' order (the in-lane pack undoes the in-lane unpack);
// for the integer outputs of uint8, W (LW int16 lanes), wset1,
// wload(uint8*) (LW bytes widened), wmuladd(acc, w, x) = acc + w * x (int16, exact by int_weights),
// wstore8(uint8*, W s, shift): LW bytes (max(s, 0) >> shift) saturated to 255, s already holding the
// rounding term. Include only from the per-instruction-set files, with a policy from
// an anonymous namespace, so no symbol compiled for one instruction set leaks into another.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "resize_dispatch.hpp"

namespace rl::detail {

#define RL_CERT_INLINE inline __attribute__((always_inline))
// Out of the certified loops, so that their registers and layout stay those of the common case.
#define RL_CERT_OUTLINE __attribute__((noinline))

// MATLAB's rounding of a float64 sum bounded well inside int32 (the eligibility test in cert_check,
// resize_certification.cpp, keeps |D| below 2^20): round half away from zero; saturation to the class
// comes with the store.
template <class P>
int cert_round_exact(double d) {
  return static_cast<int>(d + (d < 0.0 ? -0.49999999999999994 : 0.49999999999999994));
}

template <class P, class T>
T cert_saturate(int v) {
  constexpr int lo = std::is_same_v<T, std::uint8_t> ? 0 : -128,
                hi = std::is_same_v<T, std::uint8_t> ? 255 : 127;
  return static_cast<T>(v < lo ? lo : v > hi ? hi : v);
}

// ---- vertical pass: one output row, lanes over columns ----

template <class P, class T>
double cert_exact_rows(const double* w, const T* const* rows, int taps, std::size_t j) {
  double acc = 0.0;
  for (int k = 0; k < taps; ++k) acc = acc + w[k] * static_cast<double>(rows[k][j]);
  return acc;
}

// An L-output group recomputed in float64, every lane (the certified ones round to the same integers).
template <class P, class T>
RL_CERT_OUTLINE typename P::I cert_redo_rows(const double* w, const T* const* rows, int taps, std::size_t j) {
  auto acc = P::dzero();
  for (int k = 0; k < taps; ++k) acc = P::dmuladd(acc, w[k], P::widen(P::load(rows[k] + j)));
  return P::dround(acc);
}

template <class P, class T>
RL_CERT_INLINE void cert_finish_rows(typename P::F f, typename P::F limit, bool exact, const double* w,
                                     const T* const* rows, int taps, std::size_t j, T* d,
                                     unsigned long long& redone) {
  auto q = P::certify(f, limit, exact);
  if (__builtin_expect(q.bad != 0, 0)) {
    redone += static_cast<unsigned>(__builtin_popcount(q.bad));
    q.r = cert_redo_rows<P>(w, rows, taps, j);
  }
  P::template store8<T>(d, q.r);
}

// An output whose weights are integers over 2^shift with int16 sums (uint8 only, c.wi): the sum S of
// wi[k] x[k] in 16-bit lanes (P::LW of them, twice the float32 lanes) is exact, so MATLAB's D is
// S / 2^shift and its stored value is min(255, (max(S, 0) + 2^(shift-1)) >> shift): ties away from
// zero, without a float32 conversion per tap.
// Taps of an integer output that cert_rows_int sums in byte pairs when its weights are int8 (more go
// the int16 way).
constexpr int kMaxPairTaps = 16;

template <class P>
void cert_rows_int(const CertRow& c, const std::uint8_t* const* rows, std::uint8_t* d, std::size_t len) {
  using W = typename P::W;
  constexpr std::size_t LW = P::LW, kStrip = 2;
  const int taps = c.taps, shift = c.shift;
  const int h = shift > 0 ? 1 << (shift - 1) : 0;
  const W hv = P::wset1(static_cast<std::int16_t>(h));
  std::size_t j = 0;
  bool int8 = taps <= kMaxPairTaps;
  for (int k = 0; k < taps; ++k) int8 = int8 && c.wi[k] >= -127 && c.wi[k] <= 127;
  if (int8) {  // two rows' bytes interleaved into one vpmaddubsw per tap pair: 2 LW lanes, no widening
    const int pairs = (taps + 1) / 2;
    W wp[(kMaxPairTaps + 1) / 2];
    const std::uint8_t* pr[kMaxPairTaps + 1];
    for (int k = 0; k < taps; ++k) pr[k] = rows[k];
    pr[taps] = rows[taps - 1];  // an odd tap count's last pair: weight 0 on a row already read
    for (int p = 0; p < pairs; ++p)
      wp[p] = P::wset1_pair(static_cast<std::int8_t>(c.wi[2 * p]),
                            static_cast<std::int8_t>(2 * p + 1 < taps ? c.wi[2 * p + 1] : 0));
    for (; j + 2 * LW <= len; j += 2 * LW) {
      W lo = hv, hi = hv;
      for (int p = 0; p < pairs; ++p) P::wmaddrows(lo, hi, pr[2 * p] + j, pr[2 * p + 1] + j, wp[p]);
      P::wstore8x2(d + j, lo, hi, shift);
    }
  }
  for (; j + kStrip * LW <= len; j += kStrip * LW) {
    W a[kStrip];
    for (std::size_t v = 0; v < kStrip; ++v) a[v] = hv;
    for (int k = 0; k < taps; ++k) {
      const W wk = P::wset1(c.wi[k]);
      const std::uint8_t* r = rows[k] + j;
      for (std::size_t v = 0; v < kStrip; ++v) a[v] = P::wmuladd(a[v], wk, P::wload(r + v * LW));
    }
    for (std::size_t v = 0; v < kStrip; ++v) P::wstore8(d + j + v * LW, a[v], shift);
  }
  for (; j + LW <= len; j += LW) {
    W a = hv;
    for (int k = 0; k < taps; ++k) a = P::wmuladd(a, P::wset1(c.wi[k]), P::wload(rows[k] + j));
    P::wstore8(d + j, a, shift);
  }
  for (; j < len; ++j) {
    int sum = 0;
    for (int k = 0; k < taps; ++k) sum += c.wi[k] * rows[k][j];
    const int r = sum < 0 ? 0 : (sum + h) >> shift;
    d[j] = static_cast<std::uint8_t>(r > 255 ? 255 : r);
  }
}

template <class P, class T>
void cert_rows_pass(const CertRow& c, const T* const* rows, T* d, std::size_t len) {
  if constexpr (std::is_same_v<T, std::uint8_t>)
    if (c.wi) return cert_rows_int<P>(c, rows, d, len);
  using F = typename P::F;
  constexpr std::size_t L = P::L, kStrip = 4;  // vectors per strip: 4 x L independent accumulators
  const int taps = c.taps;
  const F limit = P::set1(c.limit);
  unsigned long long redone =
      0;  // counted once per row: a shared counter per vector costs more than the work
  std::size_t j = 0;
  for (; j + kStrip * L <= len; j += kStrip * L) {
    F a[kStrip];
    for (std::size_t v = 0; v < kStrip; ++v) a[v] = P::zero();
    for (int k = 0; k < taps; ++k) {
      const F wk = P::set1(c.wf[k]);
      const T* r = rows[k] + j;
      for (std::size_t v = 0; v < kStrip; ++v) a[v] = P::fmadd(wk, P::load(r + v * L), a[v]);
    }
    for (std::size_t v = 0; v < kStrip; ++v)
      cert_finish_rows<P>(a[v], limit, c.exact, c.w, rows, taps, j + v * L, d + j + v * L, redone);
  }
  for (; j + L <= len; j += L) {
    F a = P::zero();
    for (int k = 0; k < taps; ++k) a = P::fmadd(P::set1(c.wf[k]), P::load(rows[k] + j), a);
    cert_finish_rows<P>(a, limit, c.exact, c.w, rows, taps, j, d + j, redone);
  }
  for (; j < len; ++j)
    d[j] = cert_saturate<P, T>(cert_round_exact<P>(cert_exact_rows<P>(c.w, rows, taps, j)));
  if (redone) count_cert_redone(redone);
}

// ---- horizontal pass: a block of L rows, lanes over rows ----

// rows[0..L) (each len elements) -> tb[e * L + lane] as float (exact: 8-bit integers).
template <class P, class T>
void cert_load_block(const T* const* rows, std::size_t len, float* tb) {
  constexpr std::size_t L = P::L;
  std::size_t j = 0;
  typename P::F v[L];
  for (; j + L <= len; j += L) {
    for (std::size_t r = 0; r < L; ++r) v[r] = P::load(rows[r] + j);
    P::transpose(v);
    for (std::size_t i = 0; i < L; ++i) P::storeu(tb + (j + i) * L, v[i]);
  }
  if (j < len) {
    const std::size_t n = len - j;
    for (std::size_t r = 0; r < L; ++r) {
      T tmp[L] = {};
      std::memcpy(tmp, rows[r] + j, n * sizeof(T));
      v[r] = P::load(tmp);
    }
    P::transpose(v);
    for (std::size_t i = 0; i < n; ++i) P::storeu(tb + (j + i) * L, v[i]);
  }
}

// One output element for the L rows recomputed in float64, every lane, into the int32 tile at `ob`.
template <class P>
RL_CERT_OUTLINE void cert_redo_cols(const double* w, const std::int32_t* ix, int taps, int ch, int c,
                                    const float* tb, std::int32_t* ob) {
  auto acc = P::dzero();
  for (int k = 0; k < taps; ++k)
    acc = P::dmuladd(acc, w[k], P::widen(P::loadu(tb + (static_cast<std::size_t>(ix[k]) * ch + c) * P::L)));
  P::storei(ob, P::dround(acc));
}

template <class P>
RL_CERT_INLINE void cert_finish_cols(typename P::F f, typename P::F limit, bool exact, const double* w,
                                     const std::int32_t* ix, int taps, int ch, int c, const float* tb,
                                     std::int32_t* ob, unsigned long long& redone) {
  const auto q = P::certify(f, limit, exact);
  if (__builtin_expect(q.bad == 0, 1)) {
    P::storei(ob, q.r);
    return;
  }
  redone += static_cast<unsigned>(__builtin_popcount(q.bad));
  cert_redo_cols<P>(w, ix, taps, ch, c, tb, ob);
}

// Outputs [o0, o1) of the block; CH channels known at compile time (0: any, from g.channels), NO
// neighbouring outputs interleaved for independent accumulator chains; ALL: every output exact (an
// exact table: nothing per output to read). ob holds the tile that starts at output `tile0`.
template <class P, int CH, int NO, bool ALL>
void cert_cols_compute(const CertCols& g, int tile0, int o0, int o1, unsigned long long& redone) {
  using F = typename P::F;
  constexpr std::size_t L = P::L;
  const int ch = CH > 0 ? CH : g.channels;
  const int taps = g.taps;
  const F limit = P::set1(g.limit), half = P::set1(0.5f);
  // The table in locals: the tile's int32 stores could alias g's int fields, so the compiler would
  // otherwise load them again after every store.
  const float* const gwf = g.wf;
  const double* const gw = g.w;
  const std::int32_t* const gix = g.ix;
  const std::uint8_t* const exact_out = g.exact_out;
  const float* const tb = g.tb;
  std::int32_t* const ob = g.ob;
  int o = o0;
  for (; o + NO <= o1; o += NO) {
    for (int c0 = 0; c0 < ch; c0 += (CH > 0 ? CH : 1)) {
      constexpr int C = CH > 0 ? CH : 1;
      F a[NO][C];
      for (int q = 0; q < NO; ++q)
        for (int c = 0; c < C; ++c) a[q][c] = P::zero();
      const float* wf = gwf + static_cast<std::size_t>(o) * taps;
      const std::int32_t* ix = gix + static_cast<std::size_t>(o) * taps;
      for (int k = 0; k < taps; ++k)
        for (int q = 0; q < NO; ++q) {
          const F wk = P::set1(wf[q * taps + k]);
          const float* x = tb + (static_cast<std::size_t>(ix[q * taps + k]) * ch + c0) * L;
          for (int c = 0; c < C; ++c) a[q][c] = P::fmadd(wk, P::loadu(x + c * L), a[q][c]);
        }
      for (int q = 0; q < NO; ++q) {
        const std::size_t oq = static_cast<std::size_t>(o + q);
        const bool exact = ALL || exact_out[oq];
        for (int c = 0; c < C; ++c)
          cert_finish_cols<P>(a[q][c], exact ? half : limit, exact, gw + oq * taps, gix + oq * taps, taps, ch,
                              c0 + c, tb, ob + ((oq - static_cast<std::size_t>(tile0)) * ch + c0 + c) * L,
                              redone);
      }
    }
  }
  if constexpr (NO > 1)
    if (o < o1) cert_cols_compute<P, CH, 1, ALL>(g, tile0, o, o1, redone);
}

// Writes the int32 tile ob (n elements x L lanes) to rows[0..nr) at their first n elements.
template <class P, class T>
void cert_store_tile(const std::int32_t* ob, std::size_t n, T* const* rows, std::size_t nr) {
  constexpr std::size_t L = P::L;
  std::size_t e = 0;
  typename P::F v[L];
  for (; e < n; e += L) {
    const std::size_t m = n - e < L ? n - e : L;
    for (std::size_t i = 0; i < L; ++i) v[i] = i < m ? P::as_float(P::loadi(ob + (e + i) * L)) : P::zero();
    P::transpose(v);
    for (std::size_t r = 0; r < nr; ++r) {
      if (m == L) {
        P::template store8<T>(rows[r] + e, P::as_int(v[r]));
      } else {
        T out[L];
        P::template store8<T>(out, P::as_int(v[r]));
        std::memcpy(rows[r] + e, out, m * sizeof(T));
      }
    }
  }
}

template <class P, bool ALL>
void cert_cols_tile(const CertCols& g, int o0, int o1, unsigned long long& redone) {
  switch (g.channels) {
    case 1: cert_cols_compute<P, 1, 4, ALL>(g, o0, o0, o1, redone); break;
    case 2: cert_cols_compute<P, 2, 3, ALL>(g, o0, o0, o1, redone); break;
    case 3: cert_cols_compute<P, 3, 2, ALL>(g, o0, o0, o1, redone); break;
    case 4: cert_cols_compute<P, 4, 2, ALL>(g, o0, o0, o1, redone); break;
    default: cert_cols_compute<P, 0, 1, ALL>(g, o0, o0, o1, redone); break;
  }
}

// ---- horizontal pass by byte-pair gathers (uint8, P::kGatherWindow > 0): one row, lanes along it ----

// One row of a table whose outputs are all integer ones (CertGather): groups of LW output
// elements, each tap pair one byte gather of (x[k], x[k + 1]) pairs and one vpmaddubsw with the int8
// weight pairs, summed in int16 lanes, then cert_rows_int's rounding: min(255, max(S, 0) >> shift)
// with S holding 2^(shift - 1). Exact: every partial sum is below 2^15 in magnitude (int_weights).
template <class P>
void cert_igather_row(const CertGather& g, const std::uint8_t* src, std::uint8_t* dst) {
  using W = typename P::W;
  constexpr std::size_t LW = P::LW;
  const int pairs = g.pairs, shift = g.shift, groups = g.groups;
  const W h = P::wset1(static_cast<std::int16_t>(shift > 0 ? 1 << (shift - 1) : 0));
  const std::size_t tail = g.out_len - static_cast<std::size_t>(groups - 1) * LW;
  for (int q = 0; q < groups; ++q) {
    const auto win = P::window(src + g.start[q]);
    const std::size_t at = static_cast<std::size_t>(q) * static_cast<std::size_t>(pairs) * 2 * LW;
    W a = h;
    for (int p = 0; p < pairs; ++p)
      a = P::wmaddpairs(a, P::gather_pairs(win, g.idx + at + p * 2 * LW), g.w + at + p * 2 * LW);
    std::uint8_t* d = dst + static_cast<std::size_t>(q) * LW;
    if (q + 1 < groups || tail == LW) {
      P::wstore8(d, a, shift);
    } else {
      std::uint8_t out[LW];
      P::wstore8(out, a, shift);
      std::memcpy(d, out, tail);
    }
  }
}

template <class P>
void cert_gather_rows(const CertCols& g, const std::uint8_t* const* in_rows, std::uint8_t* const* out_rows,
                      std::size_t nr) {
  for (std::size_t r = 0; r < nr; ++r) cert_igather_row<P>(g.gather, in_rows[r], out_rows[r]);
}

template <class P, class T>
void cert_cols_pass(const CertCols& g, const T* const* in_rows, T* const* out_rows, std::size_t nr) {
  if constexpr (P::kGatherWindow > 0 && std::is_same_v<T, std::uint8_t>)
    if (g.gather.groups > 0) return cert_gather_rows<P>(g, in_rows, out_rows, nr);
  cert_load_block<P>(in_rows, g.in_len, g.tb);
  unsigned long long redone = 0;
  for (int o0 = 0; o0 < g.out_size; o0 += g.tile_cols) {
    const int o1 = g.out_size - o0 < g.tile_cols ? g.out_size : o0 + g.tile_cols;
    if (g.exact)
      cert_cols_tile<P, true>(g, o0, o1, redone);
    else
      cert_cols_tile<P, false>(g, o0, o1, redone);
    T* tile_rows[P::L];
    for (std::size_t r = 0; r < P::L; ++r)
      tile_rows[r] = out_rows[r] + static_cast<std::size_t>(o0) * g.channels;
    cert_store_tile<P>(g.ob, static_cast<std::size_t>(o1 - o0) * g.channels, tile_rows, nr);
  }
  if (redone) count_cert_redone(redone);
}

// The entry points of one instruction set (uint8 or int8 only).
template <class P>
struct CertKernelSet {
  static void rows(ElemCode type, const CertRow& c, const void* const* rows, void* dst, std::size_t len) {
    if (type == ElemCode::U8)
      cert_rows_pass<P>(c, reinterpret_cast<const std::uint8_t* const*>(rows),
                        static_cast<std::uint8_t*>(dst), len);
    else
      cert_rows_pass<P>(c, reinterpret_cast<const std::int8_t* const*>(rows), static_cast<std::int8_t*>(dst),
                        len);
  }
  static void cols(ElemCode type, const CertCols& g, const void* const* in_rows, void* const* out_rows,
                   std::size_t nr) {
    if (type == ElemCode::U8)
      cert_cols_pass<P>(g, reinterpret_cast<const std::uint8_t* const*>(in_rows),
                        reinterpret_cast<std::uint8_t* const*>(out_rows), nr);
    else
      cert_cols_pass<P>(g, reinterpret_cast<const std::int8_t* const*>(in_rows),
                        reinterpret_cast<std::int8_t* const*>(out_rows), nr);
  }
  static constexpr CertKernels table{&rows, &cols, static_cast<int>(P::L), P::kGatherWindow};
};

}  // namespace rl::detail
