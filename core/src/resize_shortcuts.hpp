// The CPU resizer's exact shortcuts: a pass whose every output is one tap of weight 1.0 is a row
// copy (vertical) or a gather of whole pixels (horizontal), bit-identical to the arithmetic.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "resize_dispatch.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::detail {

// Whether every row of the table is one tap of weight exactly 1.0 (and the shortcuts are enabled).
bool unit_taps(const AxisTable& t);
// One output row of a unit vertical table: a copy of input row `src` (len elements).
void copy_row(ElemType type, const void* src, void* dst, std::size_t len);
// One output row of a unit horizontal table: a gather of whole pixels of `ch` channels (output pixels
// [o0, o1) of it, at their places in dst, when given).
void gather_row(ElemType type, const AxisTable& t, int ch, const void* src, void* dst, int o0 = 0,
                int o1 = -1);

// The last-level cache's size (from sysfs, else 32 MiB).
std::size_t last_level_cache_bytes();
// Whether `bytes` are more than half the last-level cache: what a call touches then comes from
// memory, not from the cache, on the next call too.
bool beyond_cache(std::size_t bytes);
// Whether an output of `bytes` is better written with non-temporal stores: when it is larger than
// the whole last-level cache, so it cannot stay there for its reader (measured: an output of about
// the cache's size, uint8 x2 of 2040x1356 RGB, 33 MB, was 10% faster through the cache).
bool streams_output(std::size_t bytes);
// Test hook: 1 streams every output, 0 none, -1 (the default) decides by size as above.
void force_streaming(int mode);
// Benchmark hook: the rows-first widening also prefetches the strip this many strips ahead (0 or 1:
// only widen's own prefetch of the next strip, the default). A prefetch changes no bit.
void force_prefetch_strips(int strips);
int prefetch_strips();
// Prefetches every line of [p, p + bytes) (never faults, so past an image's end is harmless).
inline void prefetch_bytes(const void* p, std::size_t bytes) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  for (std::uintptr_t l = a & ~std::uintptr_t{63}; l < a + bytes; l += 64)
    __builtin_prefetch(reinterpret_cast<const void*>(l));
}
// Whether a gather whose rows and output touch `bytes` in all fetches each next input row ahead: when
// they are beyond_cache. Test hook: force_fetching(1) always, 0 never, -1 (the default) by size.
bool fetches_rows(std::size_t bytes);
void force_fetching(int mode);
// dst = src, its whole 64-byte lines through non-temporal stores where the CPU has them (SSE2), the
// ends through ordinary ones; stream_fence() orders those stores before what the thread does next.
void stream_copy(void* dst, const void* src, std::size_t bytes);
void stream_fence();
// One row of scratch on a 64-byte boundary, for a row to be built in cache before stream_copy.
class StagingRow {
 public:
  // Left uninitialized: every byte is gathered before it is copied out.
  explicit StagingRow(std::size_t bytes) : buf_(bytes ? new unsigned char[bytes + 64] : nullptr) {
    const std::size_t skew = reinterpret_cast<std::uintptr_t>(buf_.get()) % 64;
    data_ = buf_.get() + (skew ? 64 - skew : 0);
  }
  unsigned char* data() const { return data_; }

 private:
  std::unique_ptr<unsigned char[]> buf_;
  unsigned char* data_ = nullptr;
};

// A unit horizontal table's gather, set up once per run: the active level's byte shuffles
// (ShuffleRow) where it has them, otherwise gather_row. The generic level, and tables where fewer
// than 4 output pixels fit one shuffle (wide pixels, rows narrower than the window, strong shrinks)
// take gather_row; the bytes are gather_row's either way.
class RowGather {
 public:
  RowGather(ElemType type, const AxisTable& t, int ch);
  bool shuffles() const { return kernels_ != nullptr; }
  // The row gathered from src, written to `copies` output rows dst, dst + dst_step bytes, ...
  void run(const void* src, void* dst, std::size_t dst_step = 0, int copies = 1) const;
  // Output pixels [o0, o1) of the row gathered from src, at their places in the row dst; o0 a
  // multiple of step(), o1 too or the row's end. Bytes past o1 (up to a vector) may be written too,
  // inside the row: they are the next range's, to be written by its call.
  void run_part(const void* src, void* dst, int o0, int o1) const;
  int step() const { return kernels_ ? per_ : 1; }

 private:
  ElemType type_;
  const AxisTable& table_;
  int ch_;
  const ShuffleKernels* kernels_ = nullptr;
  std::vector<std::int32_t> start_;
  std::vector<std::uint8_t> idx_;
  ShuffleRow row_{};
  int per_ = 1;  // output pixels per shuffle
};

}  // namespace rl::detail
