// The pass kernels with AVX2 (4 float64 lanes). Built with -mavx2 and without -mfma, so a multiply
// and the following add can never be fused; chosen at run time only on CPUs that report AVX2.
#include <immintrin.h>

#include "resize_kernels.hpp"

namespace rl::detail {

namespace {

struct Avx2 {
  static constexpr std::size_t W = 4;
  using D = __m256d;
  static D zero() { return _mm256_setzero_pd(); }
  static D set1(double x) { return _mm256_set1_pd(x); }
  static D add(D a, D b) { return _mm256_add_pd(a, b); }
  static D mul(D a, D b) { return _mm256_mul_pd(a, b); }
  static D loadd(const double* p) { return _mm256_loadu_pd(p); }
  static void stored(double* p, D v) { _mm256_storeu_pd(p, v); }

  static D load(const std::uint8_t* p) {
    int v;
    std::memcpy(&v, p, 4);
    return _mm256_cvtepi32_pd(_mm_cvtepu8_epi32(_mm_cvtsi32_si128(v)));
  }
  static D load(const std::uint16_t* p) {
    return _mm256_cvtepi32_pd(_mm_cvtepu16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
  }
  static D load(const std::int8_t* p) {
    int v;
    std::memcpy(&v, p, 4);
    return _mm256_cvtepi32_pd(_mm_cvtepi8_epi32(_mm_cvtsi32_si128(v)));
  }
  static D load(const std::int16_t* p) {
    return _mm256_cvtepi32_pd(_mm_cvtepi16_epi32(_mm_loadl_epi64(reinterpret_cast<const __m128i*>(p))));
  }
  static D load(const std::int32_t* p) {
    return _mm256_cvtepi32_pd(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  }
  // uint32 has no conversion instruction: flip the top bit (x - 2^31 as int32), convert, add 2^31
  // back (every step exact).
  static D load(const std::uint32_t* p) {
    const __m128i i = _mm_xor_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)),
                                    _mm_set1_epi32(static_cast<int>(0x80000000u)));
    return _mm256_add_pd(_mm256_cvtepi32_pd(i), _mm256_set1_pd(2147483648.0));
  }
  static D load(const float* p) { return _mm256_cvtps_pd(_mm_loadu_ps(p)); }
  static D load(const double* p) { return _mm256_loadu_pd(p); }

  // from_double for integers: NaN and v <= 0 give 0, v >= hi gives hi, otherwise round half away
  // from zero. On the clamped value in [0, hi], trunc(t + 0.49999999999999994) is exactly that
  // rounding (unlike t + 0.5, which rounds 0.49999999999999994 up).
  static __m128i to_int(D v, double hi) {
    D t = _mm256_max_pd(v, _mm256_setzero_pd());  // the second operand is returned for NaN
    t = _mm256_min_pd(t, _mm256_set1_pd(hi));
    t = _mm256_add_pd(t, _mm256_set1_pd(0.49999999999999994));
    return _mm256_cvttpd_epi32(t);
  }
  static void store(std::uint8_t* p, D v) {
    const __m128i i = to_int(v, 255.0);
    const int b = _mm_cvtsi128_si32(_mm_packus_epi16(_mm_packus_epi32(i, i), _mm_setzero_si128()));
    std::memcpy(p, &b, 4);
  }
  static void store(std::uint16_t* p, D v) {
    const __m128i i = to_int(v, 65535.0);
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packus_epi32(i, i));
  }
  // The signed classes: NaN -> 0 (masked out first, since max/min would return lo for it), clamp to
  // [lo, hi], then trunc(t + copysign(0.49999999999999994, t)): round half away from zero on both
  // sides, as IEEE addition rounds symmetrically in sign. blendv picks the signed half by t's sign
  // bit in one instruction.
  static D clamp_round_signed(D v, double lo, double hi) {
    D t = _mm256_and_pd(v, _mm256_cmp_pd(v, v, _CMP_ORD_Q));
    t = _mm256_min_pd(_mm256_max_pd(t, _mm256_set1_pd(lo)), _mm256_set1_pd(hi));
    const D half =
        _mm256_blendv_pd(_mm256_set1_pd(0.49999999999999994), _mm256_set1_pd(-0.49999999999999994), t);
    return _mm256_add_pd(t, half);
  }
  static void store(std::int8_t* p, D v) {
    const __m128i i = _mm256_cvttpd_epi32(clamp_round_signed(v, -128.0, 127.0));
    const int b = _mm_cvtsi128_si32(_mm_packs_epi16(_mm_packs_epi32(i, i), _mm_setzero_si128()));
    std::memcpy(p, &b, 4);
  }
  static void store(std::int16_t* p, D v) {
    const __m128i i = _mm256_cvttpd_epi32(clamp_round_signed(v, -32768.0, 32767.0));
    _mm_storel_epi64(reinterpret_cast<__m128i*>(p), _mm_packs_epi32(i, i));
  }
  static void store(std::int32_t* p, D v) {
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm256_cvttpd_epi32(clamp_round_signed(v, -2147483648.0, 2147483647.0)));
  }
  // uint32: round in double (trunc of the clamped t + 0.49999999999999994, exact), then shift by 2^31
  // into int32's range for the conversion and flip the top bit back.
  static void store(std::uint32_t* p, D v) {
    D t = _mm256_max_pd(v, _mm256_setzero_pd());
    t = _mm256_min_pd(t, _mm256_set1_pd(4294967295.0));
    t = _mm256_round_pd(_mm256_add_pd(t, _mm256_set1_pd(0.49999999999999994)),
                        _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC);
    const __m128i i = _mm256_cvttpd_epi32(_mm256_sub_pd(t, _mm256_set1_pd(2147483648.0)));
    _mm_storeu_si128(reinterpret_cast<__m128i*>(p),
                     _mm_xor_si128(i, _mm_set1_epi32(static_cast<int>(0x80000000u))));
  }
  static void store(float* p, D v) { _mm_storeu_ps(p, _mm256_cvtpd_ps(v)); }
  static void store(double* p, D v) { _mm256_storeu_pd(p, v); }

  static void transpose(D* v) {
    const D t0 = _mm256_unpacklo_pd(v[0], v[1]), t1 = _mm256_unpackhi_pd(v[0], v[1]);
    const D t2 = _mm256_unpacklo_pd(v[2], v[3]), t3 = _mm256_unpackhi_pd(v[2], v[3]);
    v[0] = _mm256_permute2f128_pd(t0, t2, 0x20);
    v[1] = _mm256_permute2f128_pd(t1, t3, 0x20);
    v[2] = _mm256_permute2f128_pd(t0, t2, 0x31);
    v[3] = _mm256_permute2f128_pd(t1, t3, 0x31);
  }
};

}  // namespace

const PassKernels* avx2_kernels() {
  static constexpr PassKernels k = KernelSet<Avx2>::table;
  return &k;
}

}  // namespace rl::detail
