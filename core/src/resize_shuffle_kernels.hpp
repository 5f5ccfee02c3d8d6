// The byte-shuffle gather of a unit horizontal table (ShuffleRow, resize_dispatch.hpp), written once
// over a vector policy: resize_shuffle_avx2.cpp (vpshufb, 16 bytes from a 32-byte window) and
// resize_shuffle_avx512.cpp (vpermt2b, 64 bytes from a 128-byte window) supply the instructions.
// Included only by files compiled for those instruction sets.
#pragma once

#include <cstddef>
#include <cstring>

#include "resize_dispatch.hpp"

namespace rl::detail {

// P: V (a vector), gather(src_window, idx) -> V, zero_negative<4|8>(V) (x + 0 per element),
// store(dst, V) of vec_bytes, store_part(dst, V, bytes) of the first `bytes` only.
template <class P>
void shuffle_row(const ShuffleRow& t, const unsigned char* src, unsigned char* dst, std::size_t dst_step,
                 int copies, int first, int last) {
  const auto make = [&](int k) {
    auto v = P::gather(src + t.start[k], t.idx + static_cast<std::size_t>(k) * P::kVec);
    if (t.float_bytes == 4) return P::template zero_negative<4>(v);
    if (t.float_bytes == 8) return P::template zero_negative<8>(v);
    return v;
  };
  // The first `whole` chunks are stored as whole vectors: the bytes past chunk_bytes fall on the
  // next chunk, which is stored after it (right after, or by the call for the next range). The others store
  // only their own bytes, so the row's end (another thread's row, or the buffer's end) stays untouched.
  for (int k = first; k < last; ++k) {
    const auto v = make(k);
    unsigned char* d = dst + static_cast<std::size_t>(k) * static_cast<std::size_t>(t.chunk_bytes);
    if (k < t.whole) {
      for (int c = 0; c < copies; ++c) P::store(d + static_cast<std::size_t>(c) * dst_step, v);
    } else {
      const int bytes = k + 1 < t.chunks ? t.chunk_bytes : t.last_bytes;
      for (int c = 0; c < copies; ++c) P::store_part(d + static_cast<std::size_t>(c) * dst_step, v, bytes);
    }
  }
}

// The kernel table of a policy (P in an anonymous namespace, so nothing leaks between instruction sets).
template <class P>
const ShuffleKernels* shuffle_kernels() {
  static const ShuffleKernels k{&shuffle_row<P>, P::kVec, P::kWindow};
  return &k;
}

}  // namespace rl::detail
