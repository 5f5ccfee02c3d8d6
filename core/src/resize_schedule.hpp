// How a CPU resize runs, apart from what it computes: how the work is split over threads, how rows
// are blocked between the two passes, and what scratch each thread allocates. Computed in one place
// so that run_extra_bytes reports exactly what the passes allocate; no choice here changes a bit.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace rl::detail {

struct CertAxis;  // resize_certification.hpp

// Output elements per horizontal tile: the tile's float64 results (x lanes) stay in L1.
constexpr int kTileElements = 384;
inline int tile_cols(int channels) { return std::max(1, kTileElements / channels); }
// Row blocks are handed out in this many ranges per thread, claimed in turn, so that a thread that
// wakes late or runs on a busier core takes fewer (rows first: ranges share no work).
constexpr int kChunksPerThread = 4;
// Rows first, the vertical pass widens each input row to float64 once per block of output rows and
// column strip (instead of once per tap that reads it); the strip of widened rows stays in L1.
// (128 and 256 were tried: no difference beyond the run-to-run noise.)
constexpr std::size_t kStripElements = 64;

struct Schedule {
  long long units = 0;  // what parallel_for splits: row blocks, output rows or input blocks
  int threads = 1;
  // Horizontal pass scratch (ColsArgs::tb and ::ob): the block of input rows transposed to float64,
  // and the tile of results before they are transposed back.
  std::size_t block_doubles = 0, tile_doubles = 0;
  std::size_t mid_bytes = 0;     // rows between the passes: a block (rows first) or a ring (columns first)
  int ring_rows = 0;             // columns first: rows the ring holds
  int block_rows = 0;            // rows first: output rows per block
  std::size_t wide_doubles = 0;  // rows first: one column strip of the block's input rows, widened
  int window_rows = 0;           // rows first: the widest input window of a block (slot table)
  int ptrs = 0;                  // row pointers for the vertical pass
  bool cert = false;             // certified 8-bit passes (float32 scratch)
  bool cert_gather = false;      // ... whose horizontal pass gathers bytes along rows (no block scratch)
  std::size_t shared_bytes = 0;  // allocated once per run: the certified float32 tables
  std::size_t bytes_per_thread() const {
    return (block_doubles + tile_doubles + wide_doubles) * sizeof(double) + mid_bytes +
           2 * static_cast<std::size_t>(ptrs) * sizeof(void*) +
           static_cast<std::size_t>(window_rows) * sizeof(int);
  }
};

// Threads for `units` of work costing `work` multiply-adds in all (never more than there are units,
// never so many that a thread gets too little work to pay for handing it over).
int pick_threads(const RunOptions& opt, long long units, double work);
// The horizontal pass scratch for rows of in_len elements, `lanes` rows at a time.
void set_cols_scratch(Schedule& s, const AxisTable& cols, std::size_t in_len, int channels, int lanes);
// Input rows [lo, hi] that output `o` of a vertical table reads.
std::pair<int, int> input_window(const AxisTable& t, int o);
// Input rows [lo, hi] that outputs [o0, o0 + n) read together.
std::pair<int, int> block_window(const AxisTable& t, int o0, int n);

// Rows first: each block of output rows runs the vertical pass into a small block of intermediate
// rows and the horizontal pass straight out of it (`lanes` rows at a time), so the intermediate
// never leaves the cache and is never allocated whole.
// cert_cols, cert_rows (both orders): the run's certified tables when the caller has built them.
Schedule rows_first_schedule(const Plan& p, int ch, ElemType type, int lanes, bool cert,
                             const RunOptions& opt, const CertAxis* cert_cols = nullptr,
                             const CertAxis* cert_rows = nullptr);
// Columns first: each thread walks its output rows in order and keeps the intermediate rows they
// need in a ring, computing each with the horizontal pass (a block of `lanes` rows at a time) just
// before the vertical pass first reads it.
Schedule cols_first_schedule(const Plan& p, int ch, ElemType type, int lanes, bool cert,
                             const RunOptions& opt, const CertAxis* cert_cols = nullptr,
                             const CertAxis* cert_rows = nullptr);

// The row pointers of horizontal block b: `lanes` rows from b * lanes, those past the image's last row
// repeating it (the kernels drop their results). Returns how many rows are real.
inline std::size_t block_pointers(long long b, int lanes, int rows, const void* src, std::size_t in_row_bytes,
                                  void* dst, std::size_t out_row_bytes, const void** in_rows,
                                  void** out_rows) {
  const std::size_t r0 = static_cast<std::size_t>(b) * static_cast<std::size_t>(lanes);
  const std::size_t nr = std::min(static_cast<std::size_t>(lanes), static_cast<std::size_t>(rows) - r0);
  for (std::size_t r = 0; r < static_cast<std::size_t>(lanes); ++r) {
    const std::size_t rr = r0 + std::min(r, nr - 1);
    in_rows[r] = static_cast<const unsigned char*>(src) + rr * in_row_bytes;
    out_rows[r] = static_cast<unsigned char*>(dst) + rr * out_row_bytes;
  }
  return nr;
}

// An array left uninitialised (every element is written before it is read), so a range of rows does
// not start by zeroing a few hundred kilobytes.
template <class T>
struct Uninit {
  explicit Uninit(std::size_t n) : p(n ? new T[n] : nullptr) {}
  T* data() const { return p.get(); }
  std::unique_ptr<T[]> p;
};

// One thread's scratch as the schedule sized it (Schedule::bytes_per_thread), allocated once per
// range of rows (never per row or pixel).
struct Scratch {
  explicit Scratch(const Schedule& s)
      : doubles(s.block_doubles + s.tile_doubles + s.wide_doubles),
        mid(s.mid_bytes),
        ptrs(static_cast<std::size_t>(s.ptrs)),
        wide_ptrs(static_cast<std::size_t>(s.ptrs)),
        slot(static_cast<std::size_t>(s.window_rows)),
        block(doubles.data()),
        tile(doubles.data() + s.block_doubles),
        wide(doubles.data() + s.block_doubles + s.tile_doubles) {}
  Uninit<double> doubles;
  Uninit<unsigned char> mid;
  std::vector<const void*> ptrs;
  std::vector<const double*> wide_ptrs;
  std::vector<int> slot;  // input row - lo -> its widened row, -1 when the block does not read it
  double* block;          // block_doubles
  double* tile;           // tile_doubles
  double* wide;           // wide_doubles
};

}  // namespace rl::detail
