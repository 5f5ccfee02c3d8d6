// Certified float32 kernels for the 8-bit classes (uint8, int8; logical runs as uint8), AVX2 + FMA.
//
// MATLAB computes each output as D = sum_k w[k] * x[k] in float64 (taps ascending, no FMA) and
// stores round-half-away(D), saturated. For 8-bit inputs the stored value is all that is kept, so a
// cheaper sum suffices wherever it provably rounds to the same integer: each lane computes
// F = sum_k float(w[k]) * x[k] with float32 fused multiply-adds (8 lanes per instruction, against 4
// float64 lanes as a separate multiply and add), and resize_certification.cpp derives per table a
// bound M with |F - D| < M for every output (cert_check). When F is closer than 0.5 - M to its nearest
// integer r, D lies strictly inside (r - 0.5, r + 0.5), so MATLAB's rounding of D is r, whatever the
// rounding rule at halves; saturation is monotonic and applies to r alike. Every other lane (D may
// be at or near a half, e.g. exact halves from weights 0.25 and 0.75) is recomputed here with the
// float64 arithmetic itself. So every output is bit-identical to the float64 path, and
// certified_test.cpp checks it against the plain tap sum, fallbacks included.
//
// Built with -mavx2 -mfma; chosen at run time only on CPUs with both (and never for the generic or
// avx2x8 test levels). The float64 fallback below is plain C++ under -ffp-contract=off (rl_fp_strict),
// so it is never fused; the fused multiply-adds are the explicit float32 intrinsics only.
//
// Tables whose weights are all multiples of one small power of two (bilinear and bicubic enlarging by
// 2, bilinear halving, box) are "exact": every product and partial sum is representable in float32,
// so F equals D, and ties (frequent there: 0.25 a + 0.75 b) are rounded away from zero in the vector
// code instead of taking the float64 path.
#include <immintrin.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "resize_dispatch.hpp"

namespace rl::detail {

namespace {

constexpr std::size_t kL = 8;  // float32 lanes

#define RL_INLINE inline __attribute__((always_inline))
#define RL_COLD __attribute__((noinline, cold))

RL_INLINE __m256 load8(const std::uint8_t* p) {
  return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}
RL_INLINE __m256 load8(const std::int8_t* p) {
  return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
}

// MATLAB's rounding of a float64 sum bounded well inside int32 (the eligibility test in cert_check,
// resize_certification.cpp, keeps |D| below 2^20): round half away from zero; saturation to the class comes
// with the pack.
int round_exact(double d) {
  return static_cast<int>(d + (d < 0.0 ? -0.49999999999999994 : 0.49999999999999994));
}

// Eight int32 to eight saturated 8-bit values in the low 64 bits (packs to int16 first, so every
// int32 saturates correctly).
template <class T>
RL_INLINE __m128i pack8(__m256i v) {
  const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
  if constexpr (std::is_same_v<T, std::uint8_t>)
    return _mm_packus_epi16(w, w);
  else
    return _mm_packs_epi16(w, w);
}

// The certified lanes of F rounded to int32, and a bit per lane that is not certified.
struct Rounded {
  __m256i r;
  int bad;
};
RL_INLINE Rounded certify(__m256 f, __m256 limit, bool exact) {
  const __m256 rf = _mm256_round_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  const __m256 sign = _mm256_set1_ps(-0.0f);
  const __m256 dist = _mm256_andnot_ps(sign, _mm256_sub_ps(f, rf));  // exact
  // Not (dist < limit), NaN included: such lanes take the float64 path.
  const __m256 badm = _mm256_cmp_ps(dist, limit, _CMP_NLT_UQ);
  const int bad = _mm256_movemask_ps(badm);
  if (exact && bad) {
    // An exact table (limit 0.5): F is D itself, and a lane at distance 0.5 is a tie, which MATLAB
    // rounds away from zero: F + copysign(0.5, F), an integer, exactly.
    const __m256 away = _mm256_add_ps(f, _mm256_or_ps(_mm256_and_ps(f, sign), _mm256_set1_ps(0.5f)));
    return {_mm256_cvttps_epi32(_mm256_blendv_ps(rf, away, badm)), 0};
  }
  return {_mm256_cvttps_epi32(rf), bad};
}

// ---- vertical pass: one output row, lanes over columns ----

template <class T>
double exact_rows(const double* w, const T* const* rows, int taps, std::size_t j) {
  double acc = 0.0;
  for (int k = 0; k < taps; ++k) acc = acc + w[k] * static_cast<double>(rows[k][j]);
  return acc;
}

// The lanes `bad` of an 8-output group, recomputed in float64.
template <class T>
RL_COLD __m256i redo_rows(__m256i r, int bad, const double* w, const T* const* rows, int taps,
                          std::size_t j) {
  count_cert_redone(__builtin_popcount(static_cast<unsigned>(bad)));
  alignas(32) std::int32_t buf[kL];
  _mm256_store_si256(reinterpret_cast<__m256i*>(buf), r);
  for (std::size_t l = 0; l < kL; ++l)
    if (bad >> l & 1) buf[l] = round_exact(exact_rows(w, rows, taps, j + l));
  return _mm256_load_si256(reinterpret_cast<const __m256i*>(buf));
}

template <class T>
RL_INLINE void finish_rows(__m256 f, __m256 limit, bool exact, const double* w, const T* const* rows,
                           int taps, std::size_t j, T* d) {
  Rounded q = certify(f, limit, exact);
  if (__builtin_expect(q.bad != 0, 0)) q.r = redo_rows(q.r, q.bad, w, rows, taps, j);
  _mm_storel_epi64(reinterpret_cast<__m128i*>(d), pack8<T>(q.r));
}

template <class T>
T saturate(int v) {
  constexpr int lo = std::is_same_v<T, std::uint8_t> ? 0 : -128,
                hi = std::is_same_v<T, std::uint8_t> ? 255 : 127;
  return static_cast<T>(v < lo ? lo : v > hi ? hi : v);
}

template <class T>
void rows_cert(const CertRow& c, const T* const* rows, T* d, std::size_t len) {
  constexpr std::size_t kStrip = 4;  // vectors per strip: 4 x 8 independent accumulators
  const int taps = c.taps;
  const __m256 limit = _mm256_set1_ps(c.limit);
  std::size_t j = 0;
  for (; j + kStrip * kL <= len; j += kStrip * kL) {
    __m256 a[kStrip];
    for (std::size_t v = 0; v < kStrip; ++v) a[v] = _mm256_setzero_ps();
    for (int k = 0; k < taps; ++k) {
      const __m256 wk = _mm256_set1_ps(c.wf[k]);
      const T* r = rows[k] + j;
      for (std::size_t v = 0; v < kStrip; ++v) a[v] = _mm256_fmadd_ps(wk, load8(r + v * kL), a[v]);
    }
    for (std::size_t v = 0; v < kStrip; ++v)
      finish_rows(a[v], limit, c.exact, c.w, rows, taps, j + v * kL, d + j + v * kL);
  }
  for (; j + kL <= len; j += kL) {
    __m256 a = _mm256_setzero_ps();
    for (int k = 0; k < taps; ++k) a = _mm256_fmadd_ps(_mm256_set1_ps(c.wf[k]), load8(rows[k] + j), a);
    finish_rows(a, limit, c.exact, c.w, rows, taps, j, d + j);
  }
  for (; j < len; ++j) d[j] = saturate<T>(round_exact(exact_rows(c.w, rows, taps, j)));
}

// ---- horizontal pass: a block of 8 rows, lanes over rows ----

RL_INLINE void transpose8(__m256* v) {
  const __m256 t0 = _mm256_unpacklo_ps(v[0], v[1]), t1 = _mm256_unpackhi_ps(v[0], v[1]);
  const __m256 t2 = _mm256_unpacklo_ps(v[2], v[3]), t3 = _mm256_unpackhi_ps(v[2], v[3]);
  const __m256 t4 = _mm256_unpacklo_ps(v[4], v[5]), t5 = _mm256_unpackhi_ps(v[4], v[5]);
  const __m256 t6 = _mm256_unpacklo_ps(v[6], v[7]), t7 = _mm256_unpackhi_ps(v[6], v[7]);
  const __m256 s0 = _mm256_shuffle_ps(t0, t2, 0x44), s1 = _mm256_shuffle_ps(t0, t2, 0xEE);
  const __m256 s2 = _mm256_shuffle_ps(t1, t3, 0x44), s3 = _mm256_shuffle_ps(t1, t3, 0xEE);
  const __m256 s4 = _mm256_shuffle_ps(t4, t6, 0x44), s5 = _mm256_shuffle_ps(t4, t6, 0xEE);
  const __m256 s6 = _mm256_shuffle_ps(t5, t7, 0x44), s7 = _mm256_shuffle_ps(t5, t7, 0xEE);
  v[0] = _mm256_permute2f128_ps(s0, s4, 0x20);
  v[1] = _mm256_permute2f128_ps(s1, s5, 0x20);
  v[2] = _mm256_permute2f128_ps(s2, s6, 0x20);
  v[3] = _mm256_permute2f128_ps(s3, s7, 0x20);
  v[4] = _mm256_permute2f128_ps(s0, s4, 0x31);
  v[5] = _mm256_permute2f128_ps(s1, s5, 0x31);
  v[6] = _mm256_permute2f128_ps(s2, s6, 0x31);
  v[7] = _mm256_permute2f128_ps(s3, s7, 0x31);
}

// rows[0..8) (each len elements) -> tb[e * 8 + lane] as float (exact: 8-bit integers).
template <class T>
void load_block(const T* const* rows, std::size_t len, float* tb) {
  std::size_t j = 0;
  __m256 v[kL];
  for (; j + kL <= len; j += kL) {
    for (std::size_t r = 0; r < kL; ++r) v[r] = load8(rows[r] + j);
    transpose8(v);
    for (std::size_t i = 0; i < kL; ++i) _mm256_storeu_ps(tb + (j + i) * kL, v[i]);
  }
  if (j < len) {
    const std::size_t n = len - j;
    for (std::size_t r = 0; r < kL; ++r) {
      T tmp[kL] = {};
      std::memcpy(tmp, rows[r] + j, n * sizeof(T));
      v[r] = load8(tmp);
    }
    transpose8(v);
    for (std::size_t i = 0; i < n; ++i) _mm256_storeu_ps(tb + (j + i) * kL, v[i]);
  }
}

// The certified result of one output element for the 8 rows, into the int32 tile at `ob`.
RL_COLD void redo_cols(int bad, const double* w, const std::int32_t* ix, int taps, int ch, int c,
                       const float* tb, std::int32_t* ob) {
  count_cert_redone(__builtin_popcount(static_cast<unsigned>(bad)));
  for (std::size_t l = 0; l < kL; ++l)
    if (bad >> l & 1) {
      double acc = 0.0;
      for (int k = 0; k < taps; ++k)
        acc = acc + w[k] * static_cast<double>(tb[(static_cast<std::size_t>(ix[k]) * ch + c) * kL + l]);
      ob[l] = round_exact(acc);
    }
}

RL_INLINE void finish_cols(__m256 f, __m256 limit, bool exact, const double* w, const std::int32_t* ix,
                           int taps, int ch, int c, const float* tb, std::int32_t* ob) {
  const Rounded q = certify(f, limit, exact);
  _mm256_storeu_si256(reinterpret_cast<__m256i*>(ob), q.r);
  if (__builtin_expect(q.bad != 0, 0)) redo_cols(q.bad, w, ix, taps, ch, c, tb, ob);
}

// Outputs [o0, o1) of the block; CH channels known at compile time (0: any, from g.channels), NO
// neighbouring outputs interleaved for independent accumulator chains.
// ob holds the tile that starts at output `tile0`.
template <int CH, int NO>
void cols_compute(const CertCols& g, int tile0, int o0, int o1) {
  const int ch = CH > 0 ? CH : g.channels;
  const int taps = g.taps;
  const __m256 limit = _mm256_set1_ps(g.limit);
  int o = o0;
  for (; o + NO <= o1; o += NO) {
    for (int c0 = 0; c0 < ch; c0 += (CH > 0 ? CH : 1)) {
      constexpr int C = CH > 0 ? CH : 1;
      __m256 a[NO][C];
      for (int q = 0; q < NO; ++q)
        for (int c = 0; c < C; ++c) a[q][c] = _mm256_setzero_ps();
      const float* wf = g.wf + static_cast<std::size_t>(o) * taps;
      const std::int32_t* ix = g.ix + static_cast<std::size_t>(o) * taps;
      for (int k = 0; k < taps; ++k)
        for (int q = 0; q < NO; ++q) {
          const __m256 wk = _mm256_set1_ps(wf[q * taps + k]);
          const float* x = g.tb + (static_cast<std::size_t>(ix[q * taps + k]) * ch + c0) * kL;
          for (int c = 0; c < C; ++c) a[q][c] = _mm256_fmadd_ps(wk, _mm256_loadu_ps(x + c * kL), a[q][c]);
        }
      for (int q = 0; q < NO; ++q)
        for (int c = 0; c < C; ++c) {
          const std::size_t oq = static_cast<std::size_t>(o + q);
          finish_cols(a[q][c], limit, g.exact, g.w + oq * taps, g.ix + oq * taps, taps, ch, c0 + c, g.tb,
                      g.ob + ((oq - static_cast<std::size_t>(tile0)) * ch + c0 + c) * kL);
        }
    }
  }
  if constexpr (NO > 1)
    if (o < o1) cols_compute<CH, 1>(g, tile0, o, o1);
}

// Writes the int32 tile ob (n elements x 8 lanes) to rows[0..nr) at their first n elements.
template <class T>
void store_tile(const std::int32_t* ob, std::size_t n, T* const* rows, std::size_t nr) {
  std::size_t e = 0;
  __m256 v[kL];
  for (; e < n; e += kL) {
    const std::size_t m = n - e < kL ? n - e : kL;
    for (std::size_t i = 0; i < kL; ++i)
      v[i] =
          i < m ? _mm256_castsi256_ps(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(ob + (e + i) * kL)))
                : _mm256_setzero_ps();
    transpose8(v);
    for (std::size_t r = 0; r < nr; ++r) {
      const __m128i b = pack8<T>(_mm256_castps_si256(v[r]));
      if (m == kL) {
        _mm_storel_epi64(reinterpret_cast<__m128i*>(rows[r] + e), b);
      } else {
        T out[16];
        _mm_storeu_si128(reinterpret_cast<__m128i*>(out), b);
        std::memcpy(rows[r] + e, out, m * sizeof(T));
      }
    }
  }
}

template <class T>
void cols_cert(const CertCols& g, const T* const* in_rows, T* const* out_rows, std::size_t nr) {
  load_block(in_rows, g.in_len, g.tb);
  for (int o0 = 0; o0 < g.out_size; o0 += g.tile_cols) {
    const int o1 = g.out_size - o0 < g.tile_cols ? g.out_size : o0 + g.tile_cols;
    switch (g.channels) {
      case 1: cols_compute<1, 4>(g, o0, o0, o1); break;
      case 2: cols_compute<2, 3>(g, o0, o0, o1); break;
      case 3: cols_compute<3, 2>(g, o0, o0, o1); break;
      case 4: cols_compute<4, 2>(g, o0, o0, o1); break;
      default: cols_compute<0, 1>(g, o0, o0, o1); break;
    }
    T* tile_rows[kL];
    for (std::size_t r = 0; r < kL; ++r)
      tile_rows[r] = out_rows[r] + static_cast<std::size_t>(o0) * g.channels;
    store_tile(g.ob, static_cast<std::size_t>(o1 - o0) * g.channels, tile_rows, nr);
  }
}

void rows_entry(ElemCode type, const CertRow& c, const void* const* rows, void* dst, std::size_t len) {
  if (type == ElemCode::U8)
    rows_cert(c, reinterpret_cast<const std::uint8_t* const*>(rows), static_cast<std::uint8_t*>(dst), len);
  else
    rows_cert(c, reinterpret_cast<const std::int8_t* const*>(rows), static_cast<std::int8_t*>(dst), len);
}

void cols_entry(ElemCode type, const CertCols& g, const void* const* in_rows, void* const* out_rows,
                std::size_t nr) {
  if (type == ElemCode::U8)
    cols_cert(g, reinterpret_cast<const std::uint8_t* const*>(in_rows),
              reinterpret_cast<std::uint8_t* const*>(out_rows), nr);
  else
    cols_cert(g, reinterpret_cast<const std::int8_t* const*>(in_rows),
              reinterpret_cast<std::int8_t* const*>(out_rows), nr);
}

}  // namespace

const CertKernels* avx2_cert_kernels() {
  static constexpr CertKernels k{&rows_entry, &cols_entry, static_cast<int>(kL)};
  return &k;
}

}  // namespace rl::detail
