// Certified float32 kernels for the 8-bit classes (uint8, int8; logical runs as uint8), AVX2 + FMA:
// the 8-lane policy of resize_cert_kernels.hpp (the 16-lane AVX-512 one is resize_cert_avx512.cpp).
//
// MATLAB computes each output as D = sum_k w[k] * x[k] in float64 (taps ascending, no FMA) and
// stores round-half-away(D), saturated. For 8-bit inputs the stored value is all that is kept, so a
// cheaper sum suffices wherever it provably rounds to the same integer: each lane computes
// F = sum_k float(w[k]) * x[k] with float32 fused multiply-adds (8 lanes per instruction, against 4
// float64 lanes as a separate multiply and add), and resize_certification.cpp derives per table a
// bound M with |F - D| < M for every output (cert_check). When F is closer than 0.5 - M to its nearest
// integer r, D lies strictly inside (r - 0.5, r + 0.5), so MATLAB's rounding of D is r, whatever the
// rounding rule at halves; saturation is monotonic and applies to r alike. Every other lane (D may
// be at or near a half, e.g. exact halves from weights 0.25 and 0.75) has its vector recomputed with
// the float64 arithmetic itself, in float64 vectors. So every output is bit-identical to the float64
// path, and certified_test.cpp and scales_test.cpp check it against the plain tap sum, recomputations
// included.
//
// Built with -mavx2 -mfma; chosen at run time only on CPUs with both (and never for the generic or
// avx2x8 test levels). The float64 recomputation (dmuladd below) is a multiply and an add under
// -ffp-contract=off (rl_fp_strict), so it is never fused; the fused multiply-adds are the explicit
// float32 intrinsics only.
//
// Tables whose weights are all multiples of one small power of two (bilinear and bicubic enlarging by
// 2, bilinear halving, box) are "exact": every product and partial sum is representable in float32,
// so F equals D, and ties (frequent there: 0.25 a + 0.75 b) are rounded away from zero in the vector
// code instead of taking the float64 path. The same holds output by output (output_exact): an output
// whose own weights are dyadic, (0.5, 0.5) for bilinear at 0.75 and 1.5, has its ties rounded in the
// vector code too, whatever the other outputs' weights.
#include <immintrin.h>

#include "resize_cert_kernels.hpp"

namespace rl::detail {

namespace {

#define RL_INLINE inline __attribute__((always_inline))

struct CertAvx2 {
  static constexpr std::size_t L = 8;  // float32 lanes
  // No byte gathers: vpshufb's 16-byte window is too narrow for 8 outputs' taps, so uint8's horizontal
  // pass transposes blocks of rows.
  static constexpr int kGatherWindow = 0;
  using F = __m256;
  using I = __m256i;
  struct Rounded {
    I r;
    unsigned bad;  // a bit per lane that is not certified
  };
  static RL_INLINE F zero() { return _mm256_setzero_ps(); }
  static RL_INLINE F set1(float x) { return _mm256_set1_ps(x); }
  static RL_INLINE F fmadd(F a, F b, F c) { return _mm256_fmadd_ps(a, b, c); }
  static RL_INLINE F loadu(const float* p) { return _mm256_loadu_ps(p); }
  static RL_INLINE void storeu(float* p, F v) { _mm256_storeu_ps(p, v); }
  static RL_INLINE I loadi(const std::int32_t* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
  }
  static RL_INLINE void storei(std::int32_t* p, I v) {
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p), v);
  }
  static RL_INLINE F as_float(I v) { return _mm256_castsi256_ps(v); }
  static RL_INLINE I as_int(F v) { return _mm256_castps_si256(v); }

  static RL_INLINE F load(const std::uint8_t* p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
  }
  static RL_INLINE F load(const std::int8_t* p) {
    return _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
  }

  // The integer outputs of uint8: 16 int16 lanes.
  static constexpr std::size_t LW = 16;
  using W = __m256i;
  static RL_INLINE W wset1(std::int16_t x) { return _mm256_set1_epi16(x); }
  static RL_INLINE W wload(const std::uint8_t* p) {
    return _mm256_cvtepu8_epi16(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  static RL_INLINE W wmuladd(W acc, W w, W x) { return _mm256_add_epi16(acc, _mm256_mullo_epi16(w, x)); }
  static RL_INLINE W wset1_pair(std::int8_t a, std::int8_t b) {
    return _mm256_set1_epi16(
        static_cast<std::int16_t>(static_cast<std::uint8_t>(a) | (static_cast<std::uint8_t>(b) << 8)));
  }
  static RL_INLINE void wmaddrows(W& lo, W& hi, const std::uint8_t* a, const std::uint8_t* b, W pair) {
    const __m256i x = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(a)),
                  y = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(b));
    lo = _mm256_add_epi16(lo, _mm256_maddubs_epi16(_mm256_unpacklo_epi8(x, y), pair));
    hi = _mm256_add_epi16(hi, _mm256_maddubs_epi16(_mm256_unpackhi_epi8(x, y), pair));
  }
  static RL_INLINE void wstore8x2(std::uint8_t* p, W lo, W hi, int shift) {
    const __m128i s = _mm_cvtsi32_si128(shift);
    const __m256i z = _mm256_setzero_si256();
    _mm256_storeu_si256(reinterpret_cast<__m256i*>(p),
                        _mm256_packus_epi16(_mm256_srl_epi16(_mm256_max_epi16(lo, z), s),
                                            _mm256_srl_epi16(_mm256_max_epi16(hi, z), s)));
  }
  static RL_INLINE void wstore8(std::uint8_t* p, W s, int shift) {
    const __m256i r = _mm256_srl_epi16(_mm256_max_epi16(s, _mm256_setzero_si256()), _mm_cvtsi32_si128(shift));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm_packus_epi16(_mm256_castsi256_si128(r), _mm256_extracti128_si256(r, 1)));
  }

  // Eight int32 to eight saturated 8-bit values (packs to int16 first, so every int32 saturates
  // correctly).
  template <class T>
  static RL_INLINE void store8(T* p, I v) {
    const __m128i w = _mm_packs_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    const __m128i b = std::is_same_v<T, std::uint8_t> ? _mm_packus_epi16(w, w) : _mm_packs_epi16(w, w);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), b);
  }

  // The certified lanes of F rounded to int32, and a bit per lane that is not certified.
  static RL_INLINE Rounded certify(F f, F limit, bool exact) {
    const __m256 rf = _mm256_round_ps(f, _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    const __m256 sign = _mm256_set1_ps(-0.0f);
    const __m256 dist = _mm256_andnot_ps(sign, _mm256_sub_ps(f, rf));  // exact
    // Not (dist < limit), NaN included: such lanes take the float64 path.
    const __m256 badm = _mm256_cmp_ps(dist, limit, _CMP_NLT_UQ);
    const unsigned bad = static_cast<unsigned>(_mm256_movemask_ps(badm));
    if (exact) {  // no branch on `bad`: ties are frequent and unpredictable in exact tables
      // An exact table (limit 0.5): F is D itself, and a lane at distance 0.5 is a tie, which MATLAB
      // rounds away from zero: F + copysign(0.5, F), an integer, exactly.
      const __m256 away = _mm256_add_ps(f, _mm256_or_ps(_mm256_and_ps(f, sign), _mm256_set1_ps(0.5f)));
      return {_mm256_cvttps_epi32(_mm256_blendv_ps(rf, away, badm)), 0};
    }
    return {_mm256_cvttps_epi32(rf), bad};
  }

  // The float64 recomputation: L doubles as two vectors of four.
  struct DD {
    __m256d lo, hi;
  };
  static RL_INLINE DD dzero() { return {_mm256_setzero_pd(), _mm256_setzero_pd()}; }
  static RL_INLINE DD widen(F x) {
    return {_mm256_cvtps_pd(_mm256_castps256_ps128(x)), _mm256_cvtps_pd(_mm256_extractf128_ps(x, 1))};
  }
  static RL_INLINE DD dmuladd(DD acc, double w, DD x) {
    const __m256d wv = _mm256_set1_pd(w);
    return {_mm256_add_pd(acc.lo, _mm256_mul_pd(wv, x.lo)), _mm256_add_pd(acc.hi, _mm256_mul_pd(wv, x.hi))};
  }
  // cert_round_exact per lane: d + (d < 0 ? -h : h), h the double below 0.5, truncated.
  static RL_INLINE __m128i dround4(__m256d d) {
    const __m256d h = _mm256_set1_pd(0.49999999999999994);
    const __m256d neg = _mm256_cmp_pd(d, _mm256_setzero_pd(), _CMP_LT_OQ);
    return _mm256_cvttpd_epi32(
        _mm256_add_pd(d, _mm256_blendv_pd(h, _mm256_sub_pd(_mm256_setzero_pd(), h), neg)));
  }
  static RL_INLINE I dround(DD d) { return _mm256_set_m128i(dround4(d.hi), dround4(d.lo)); }

  static RL_INLINE void transpose(F* v) {
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
};

}  // namespace

const CertKernels* avx2_cert_kernels() {
  static constexpr CertKernels k = CertKernelSet<CertAvx2>::table;
  return &k;
}

}  // namespace rl::detail
