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
