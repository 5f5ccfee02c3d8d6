// The CPU resizer's schedule (resize_schedule.hpp): threads, row blocks or the ring of intermediate
// rows, and each thread's scratch, from the plan's tables and the kernels' lanes.
#include "resize_schedule.hpp"

#include <algorithm>
#include <vector>

#include "resize_certification.hpp"
#include "resize_shortcuts.hpp"
#include "thread_pool.hpp"

namespace rl::detail {

namespace {
// Multiply-adds below which handing work to another thread costs more than it saves.
constexpr double kMinWorkPerThread = 1 << 17;
// Rows first: the widened strip of a block's input rows fits in this many bytes (L1), and widening
// pays only when each widened row is read at least this many times.
constexpr std::size_t kWideBytes = 40 << 10;
constexpr double kMinReadsToWiden = 2.0;

// Over all blocks of `block` output rows: the widest input window, and the most distinct input rows
// a block reads (fewer than the window when the taps skip rows, as nearest does when shrinking).
struct BlockRows {
  int window = 1, used = 1;
  double reads_per_row = 1;  // tap reads per distinct input row, over all blocks
};

BlockRows block_rows(const AxisTable& t, int block) {
  BlockRows b;
  double distinct = 0;
  std::vector<int> seen(static_cast<std::size_t>(t.in_size), -1);
  for (int o0 = 0; o0 < t.out_size; o0 += block) {
    const int n = std::min(block, t.out_size - o0);
    const auto [lo, hi] = block_window(t, o0, n);
    int used = 0;
    for (int o = o0; o < o0 + n; ++o)
      for (int q = 0; q < t.taps; ++q) {
        int& mark = seen[static_cast<std::size_t>(t.index_of(o)[q])];
        if (mark != o0) {
          mark = o0;
          ++used;
        }
      }
    b.window = std::max(b.window, hi - lo + 1);
    b.used = std::max(b.used, used);
    distinct += used;
  }
  b.reads_per_row = static_cast<double>(t.out_size) * t.taps / std::max(1.0, distinct);
  return b;
}

// What both orders share: the certified float32 tables, and one row pointer per vertical tap.
Schedule start_schedule(const Plan& p, int ch, ElemType type, bool cert, const CertAxis* cert_cols,
                        const CertAxis* cert_rows) {
  Schedule s;
  s.cert = cert;
  if (cert)
    if (const CertKernels* k = active_cert_kernels()) {
      s.shared_bytes = cert_bytes(p, type, ch, *k, cert_cols, cert_rows);
      s.cert_gather = cert_gather_run_bytes(p, type, ch, *k, cert_cols) > 0;
    }
  s.ptrs = p.rows.taps;
  return s;
}

}  // namespace

int pick_threads(const RunOptions& opt, long long units, double work) {
  const double by_work = std::max(1.0, work / kMinWorkPerThread);
  return static_cast<int>(std::min<double>(
      {static_cast<double>(thread_count(opt.threads)), static_cast<double>(units), by_work}));
}

// A unit horizontal table (a gather) needs no horizontal scratch; the certified one holds float32
// and int32 (half a double each) in the same doubles.
void set_cols_scratch(Schedule& s, const AxisTable& cols, std::size_t in_len, int channels, int lanes) {
  if (unit_taps(cols) || s.cert_gather) return;
  const std::size_t per = s.cert ? 2 : 1;
  s.block_doubles = (in_len * lanes + per - 1) / per;
  s.tile_doubles = (static_cast<std::size_t>(tile_cols(channels)) * channels * lanes + per - 1) / per;
}

std::pair<int, int> input_window(const AxisTable& t, int o) {
  const std::int32_t* ix = t.index_of(o);
  const auto [lo, hi] = std::minmax_element(ix, ix + t.taps);
  return {*lo, *hi};
}

std::pair<int, int> block_window(const AxisTable& t, int o0, int n) {
  std::pair<int, int> w = input_window(t, o0);
  for (int o = o0 + 1; o < o0 + n; ++o) {
    const auto [lo, hi] = input_window(t, o);
    w = {std::min(w.first, lo), std::max(w.second, hi)};
  }
  return w;
}

Schedule rows_first_schedule(const Plan& p, int ch, ElemType type, int lanes, bool cert,
                             const RunOptions& opt, const CertAxis* cert_cols, const CertAxis* cert_rows) {
  const std::size_t in_len = static_cast<std::size_t>(p.in_cols) * ch,
                    out_len = static_cast<std::size_t>(p.out_cols) * ch;
  Schedule s = start_schedule(p, ch, type, cert, cert_cols, cert_rows);
  s.block_rows = lanes;
  if (type != ElemType::F64 && !unit_taps(p.rows) && !cert) {  // float64 rows, copies and certified
                                                               // passes need no widening
    int block = 4 * lanes;
    BlockRows rows = block_rows(p.rows, block);
    while (block > lanes &&
           static_cast<std::size_t>(rows.used) * kStripElements * sizeof(double) > kWideBytes) {
      block /= 2;
      rows = block_rows(p.rows, block);
    }
    // Widening pays only when a widened row is read several times (not for nearest, or for a few
    // taps that skip rows when shrinking without antialiasing).
    if (rows.reads_per_row >= kMinReadsToWiden) {
      s.block_rows = block;
      s.wide_doubles = static_cast<std::size_t>(rows.used) * kStripElements;
      s.window_rows = rows.window;
    }
  }
  s.units = (p.out_rows + s.block_rows - 1) / s.block_rows;
  const double work = static_cast<double>(p.out_rows) * (static_cast<double>(in_len) * p.rows.taps +
                                                         static_cast<double>(out_len) * p.cols.taps);
  s.threads = pick_threads(opt, s.units, work);
  set_cols_scratch(s, p.cols, in_len, ch, lanes);
  s.mid_bytes = in_len * static_cast<std::size_t>(s.block_rows) * elem_size(type);
  return s;
}

Schedule cols_first_schedule(const Plan& p, int ch, ElemType type, int lanes, bool cert,
                             const RunOptions& opt, const CertAxis* cert_cols, const CertAxis* cert_rows) {
  Schedule s = start_schedule(p, ch, type, cert, cert_cols, cert_rows);
  const std::size_t in_len = static_cast<std::size_t>(p.in_cols) * ch,
                    mid_len = static_cast<std::size_t>(p.out_cols) * ch;
  int widest = 1;
  for (int o = 0; o < p.rows.out_size; ++o) {
    const auto [lo, hi] = input_window(p.rows, o);
    widest = std::max(widest, hi - lo + 1);
  }
  s.units = p.out_rows;
  const double work = static_cast<double>(p.in_rows) * static_cast<double>(mid_len) * p.cols.taps +
                      static_cast<double>(p.out_rows) * static_cast<double>(mid_len) * p.rows.taps;
  s.threads = pick_threads(opt, s.units, work);
  s.ring_rows = widest + lanes;
  set_cols_scratch(s, p.cols, in_len, ch, lanes);
  s.mid_bytes = static_cast<std::size_t>(s.ring_rows) * mid_len * elem_size(type);
  return s;
}

}  // namespace rl::detail
