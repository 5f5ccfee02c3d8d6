// Certified float32 kernels for the 8-bit classes with AVX-512 (F, BW, DQ, VL): the 16-lane policy of
// resize_cert_kernels.hpp, chosen at run time at the avx512 level (resize_cert_avx2.cpp explains the
// proof; the lanes are independent outputs, so 16 lanes compute the bits 8 lanes do). Built twice:
// plain, and with VBMI and RL_CERT_VBMI (avx512vbmi_cert_kernels, chosen on CPUs with VBMI), whose
// uint8 horizontal pass, for tables whose outputs all have small integer weights, gathers byte pairs
// along each row instead of transposing blocks of rows.
// Built with -mavx512f -mavx512bw -mavx512dq -mavx512vl -mfma under -ffp-contract=off: the only
// fused multiply-adds are the explicit float32 intrinsics; the float64 fallback is never fused.
// GCC 12's AVX-512 headers build some results from _mm512_undefined_* and then warn, falsely, that
// they may be used uninitialised (GCC bug 105593; -Wuninitialized for _mm512_cvttpd_epi32 and
// _mm512_inserti64x4 in the float64 recomputation); only those warnings are silenced, for this file.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif
#include <immintrin.h>

#include <array>

#include "resize_cert_kernels.hpp"

namespace rl::detail {

namespace {

#define RL_INLINE inline __attribute__((always_inline))

// Indices of one round of the 16 x 16 transpose: swapping the off-diagonal d x d blocks of a pair of
// rows (i, i + d) with (i & d) == 0. `high` picks the second row of the pair.
constexpr std::array<int, 16> swap_index(int d, bool high) {
  std::array<int, 16> x{};
  for (int j = 0; j < 16; ++j) {
    if (!high)
      x[j] = (j & d) == 0 ? j : 16 + j - d;
    else
      x[j] = (j & d) == 0 ? j + d : 16 + j;
  }
  return x;
}

struct CertAvx512 {
  static constexpr std::size_t L = 16;  // float32 lanes
  using F = __m512;
  using I = __m512i;
  struct Rounded {
    I r;
    unsigned bad;  // a bit per lane that is not certified
  };
#ifdef RL_CERT_VBMI
  // uint8's horizontal pass by byte-pair gathers: vpermt2b picks 64 bytes, (x[k], x[k + 1]) for 32
  // outputs, from 128 input bytes (two registers), and vpmaddubsw weighs each pair, with no transposes.
  static constexpr int kGatherWindow = 128;
  struct GW {
    __m512i lo, hi;
  };
  static RL_INLINE GW window(const std::uint8_t* p) {
    return {_mm512_loadu_si512(p), _mm512_loadu_si512(p + 64)};
  }
  static RL_INLINE __m512i gather_pairs(GW w, const std::uint8_t* idx) {
    return _mm512_permutex2var_epi8(w.lo, _mm512_loadu_si512(idx), w.hi);
  }
  static RL_INLINE __m512i wmaddpairs(__m512i acc, __m512i x, const std::int8_t* w) {
    return _mm512_add_epi16(acc, _mm512_maddubs_epi16(x, _mm512_loadu_si512(w)));
  }
#else
  static constexpr int kGatherWindow = 0;
#endif
  static RL_INLINE F zero() { return _mm512_setzero_ps(); }
  static RL_INLINE F set1(float x) { return _mm512_set1_ps(x); }
  static RL_INLINE F fmadd(F a, F b, F c) { return _mm512_fmadd_ps(a, b, c); }
  static RL_INLINE F loadu(const float* p) { return _mm512_loadu_ps(p); }
  static RL_INLINE void storeu(float* p, F v) { _mm512_storeu_ps(p, v); }
  static RL_INLINE I loadi(const std::int32_t* p) { return _mm512_loadu_si512(p); }
  static RL_INLINE void storei(std::int32_t* p, I v) { _mm512_storeu_si512(p, v); }
  static RL_INLINE F as_float(I v) { return _mm512_castsi512_ps(v); }
  static RL_INLINE I as_int(F v) { return _mm512_castps_si512(v); }

  static RL_INLINE F load(const std::uint8_t* p) {
    return _mm512_cvtepi32_ps(_mm512_cvtepu8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
  }
  static RL_INLINE F load(const std::int8_t* p) {
    return _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
  }

  // The integer outputs of uint8: 32 int16 lanes.
  static constexpr std::size_t LW = 32;
  using W = __m512i;
  static RL_INLINE W wset1(std::int16_t x) { return _mm512_set1_epi16(x); }
  static RL_INLINE W wload(const std::uint8_t* p) {
    return _mm512_cvtepu8_epi16(_mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
  }
  static RL_INLINE W wmuladd(W acc, W w, W x) { return _mm512_add_epi16(acc, _mm512_mullo_epi16(w, x)); }
  static RL_INLINE W wset1_pair(std::int8_t a, std::int8_t b) {
    return _mm512_set1_epi16(
        static_cast<std::int16_t>(static_cast<std::uint8_t>(a) | (static_cast<std::uint8_t>(b) << 8)));
  }
  static RL_INLINE void wmaddrows(W& lo, W& hi, const std::uint8_t* a, const std::uint8_t* b, W pair) {
    const __m512i x = _mm512_loadu_si512(a), y = _mm512_loadu_si512(b);
    lo = _mm512_add_epi16(lo, _mm512_maddubs_epi16(_mm512_unpacklo_epi8(x, y), pair));
    hi = _mm512_add_epi16(hi, _mm512_maddubs_epi16(_mm512_unpackhi_epi8(x, y), pair));
  }
  static RL_INLINE void wstore8x2(std::uint8_t* p, W lo, W hi, int shift) {
    const __m128i s = _mm_cvtsi32_si128(shift);
    const __m512i z = _mm512_setzero_si512();
    _mm512_storeu_si512(p, _mm512_packus_epi16(_mm512_srl_epi16(_mm512_max_epi16(lo, z), s),
                                               _mm512_srl_epi16(_mm512_max_epi16(hi, z), s)));
  }
  static RL_INLINE void wstore8(std::uint8_t* p, W s, int shift) {
    const __m512i r = _mm512_srl_epi16(_mm512_max_epi16(s, _mm512_setzero_si512()), _mm_cvtsi32_si128(shift));
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), _mm512_cvtusepi16_epi8(r));
  }

  // Sixteen int32 to sixteen saturated 8-bit values (the unsigned narrowing reads int32 as unsigned,
  // so negatives are clamped to 0 first).
  template <class T>
  static RL_INLINE void store8(T* p, I v) {
    const __m128i b = std::is_same_v<T, std::uint8_t>
                          ? _mm512_cvtusepi32_epi8(_mm512_max_epi32(v, _mm512_setzero_si512()))
                          : _mm512_cvtsepi32_epi8(v);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p), b);
  }

  // The certified lanes of F rounded to int32, and a bit per lane that is not certified.
  static RL_INLINE Rounded certify(F f, F limit, bool exact) {
    const __m512 rf = _mm512_roundscale_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m512 dist = _mm512_abs_ps(_mm512_sub_ps(f, rf));  // exact
    // Not (dist < limit), NaN included: such lanes take the float64 path.
    const __mmask16 badm = _mm512_cmp_ps_mask(dist, limit, _CMP_NLT_UQ);
    const unsigned bad = badm;
    if (exact) {  // no branch on `bad`: ties are frequent and unpredictable in exact tables
      // An exact table (limit 0.5): F is D itself, and a lane at distance 0.5 is a tie, which MATLAB
      // rounds away from zero: F + copysign(0.5, F), an integer, exactly.
      const __m512 half = _mm512_or_ps(_mm512_and_ps(f, _mm512_set1_ps(-0.0f)), _mm512_set1_ps(0.5f));
      return {_mm512_cvttps_epi32(_mm512_mask_blend_ps(badm, rf, _mm512_add_ps(f, half))), 0};
    }
    return {_mm512_cvttps_epi32(rf), bad};
  }

  // The float64 recomputation: L doubles as two vectors of eight.
  struct DD {
    __m512d lo, hi;
  };
  static RL_INLINE DD dzero() { return {_mm512_setzero_pd(), _mm512_setzero_pd()}; }
  static RL_INLINE DD widen(F x) {
    return {_mm512_cvtps_pd(_mm512_castps512_ps256(x)), _mm512_cvtps_pd(_mm512_extractf32x8_ps(x, 1))};
  }
  static RL_INLINE DD dmuladd(DD acc, double w, DD x) {
    const __m512d wv = _mm512_set1_pd(w);
    return {_mm512_add_pd(acc.lo, _mm512_mul_pd(wv, x.lo)), _mm512_add_pd(acc.hi, _mm512_mul_pd(wv, x.hi))};
  }
  // cert_round_exact per lane: d + (d < 0 ? -h : h), h the double below 0.5, truncated.
  static RL_INLINE __m256i dround8(__m512d d) {
    const __m512d h = _mm512_set1_pd(0.49999999999999994);
    const __mmask8 neg = _mm512_cmp_pd_mask(d, _mm512_setzero_pd(), _CMP_LT_OQ);
    return _mm512_cvttpd_epi32(
        _mm512_add_pd(d, _mm512_mask_blend_pd(neg, h, _mm512_sub_pd(_mm512_setzero_pd(), h))));
  }
  static RL_INLINE I dround(DD d) {
    return _mm512_inserti64x4(_mm512_castsi256_si512(dround8(d.lo)), dround8(d.hi), 1);
  }

  // 16 x 16 transpose in four rounds of two-source permutes (blocks of 1, 2, 4, 8 swapped).
  template <int D>
  static RL_INLINE void swap_round(F* v) {
    static constexpr std::array<int, 16> lo = swap_index(D, false), hi = swap_index(D, true);
    const __m512i il = _mm512_loadu_si512(lo.data()), ih = _mm512_loadu_si512(hi.data());
    for (int i = 0; i < 16; ++i)
      if ((i & D) == 0) {
        const F a = v[i], b = v[i + D];
        v[i] = _mm512_permutex2var_ps(a, il, b);
        v[i + D] = _mm512_permutex2var_ps(a, ih, b);
      }
  }
  static RL_INLINE void transpose(F* v) {
    swap_round<1>(v);
    swap_round<2>(v);
    swap_round<4>(v);
    swap_round<8>(v);
  }
};

}  // namespace

#ifdef RL_CERT_VBMI
const CertKernels* avx512vbmi_cert_kernels() {
#else
const CertKernels* avx512_cert_kernels() {
#endif
  static constexpr CertKernels k = CertKernelSet<CertAvx512>::table;
  return &k;
}

}  // namespace rl::detail
