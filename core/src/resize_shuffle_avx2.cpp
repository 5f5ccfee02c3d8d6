// The byte-shuffle gather for nearest's columns with AVX2 (resize_shuffle_kernels.hpp): each 16-byte
// chunk of output is two vpshufb of a 32-byte window of the input row, blended on the index's bit 4.
// Built with -mavx2; chosen at run time at the avx2 levels and at avx512 on CPUs without VBMI.
#include <immintrin.h>

#include "resize_shuffle_kernels.hpp"

namespace rl::detail {

namespace {

struct ShuffleAvx2 {
  static constexpr int kVec = 16, kWindow = 32;
  using V = __m128i;
  static V gather(const unsigned char* window, const std::uint8_t* idx) {
    const V ix = _mm_loadu_si128(reinterpret_cast<const V*>(idx));
    const V lo = _mm_loadu_si128(reinterpret_cast<const V*>(window));
    const V hi = _mm_loadu_si128(reinterpret_cast<const V*>(window + 16));
    // vpshufb reads the index's low 4 bits; bit 4 (moved to bit 7 for blendv) picks the upper half.
    return _mm_blendv_epi8(_mm_shuffle_epi8(lo, ix), _mm_shuffle_epi8(hi, ix), _mm_slli_epi16(ix, 3));
  }
  template <int Bytes>
  static V zero_negative(V v) {
    if constexpr (Bytes == 4)
      return _mm_castps_si128(_mm_add_ps(_mm_castsi128_ps(v), _mm_setzero_ps()));
    else
      return _mm_castpd_si128(_mm_add_pd(_mm_castsi128_pd(v), _mm_setzero_pd()));
  }
  static void store(unsigned char* d, V v) { _mm_storeu_si128(reinterpret_cast<V*>(d), v); }
  static void store_part(unsigned char* d, V v, int bytes) {
    alignas(16) unsigned char tmp[kVec];
    _mm_store_si128(reinterpret_cast<V*>(tmp), v);
    std::memcpy(d, tmp, static_cast<std::size_t>(bytes));
  }
};

}  // namespace

const ShuffleKernels* avx2_shuffle_kernels() { return shuffle_kernels<ShuffleAvx2>(); }

}  // namespace rl::detail
