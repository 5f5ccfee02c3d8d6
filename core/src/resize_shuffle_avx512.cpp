// The byte-shuffle gather for nearest's columns with AVX-512 VBMI (resize_shuffle_kernels.hpp): each
// 64-byte chunk of output is one vpermt2b of a 128-byte window of the input row (two loads), the
// row's last chunk a masked store. Built with -mavx512f -mavx512bw -mavx512vbmi; chosen at run time
// at the avx512 level on CPUs with VBMI.
#include <immintrin.h>

#include "resize_shuffle_kernels.hpp"

namespace rl::detail {

namespace {

struct ShuffleVbmi {
  static constexpr int kVec = 64, kWindow = 128;
  using V = __m512i;
  static V gather(const unsigned char* window, const std::uint8_t* idx) {
    const V ix = _mm512_loadu_si512(idx);
    // Index bit 6 picks the second 64 bytes of the window.
    return _mm512_permutex2var_epi8(_mm512_loadu_si512(window), ix, _mm512_loadu_si512(window + 64));
  }
  template <int Bytes>
  static V zero_negative(V v) {
    if constexpr (Bytes == 4)
      return _mm512_castps_si512(_mm512_add_ps(_mm512_castsi512_ps(v), _mm512_setzero_ps()));
    else
      return _mm512_castpd_si512(_mm512_add_pd(_mm512_castsi512_pd(v), _mm512_setzero_pd()));
  }
  static void store(unsigned char* d, V v) { _mm512_storeu_si512(d, v); }
  static void store_part(unsigned char* d, V v, int bytes) {
    const __mmask64 m = bytes >= 64 ? ~0ull : (1ull << bytes) - 1;
    _mm512_mask_storeu_epi8(d, m, v);
  }
};

}  // namespace

const ShuffleKernels* avx512_shuffle_kernels() { return shuffle_kernels<ShuffleVbmi>(); }

}  // namespace rl::detail
