// CPU resizer drivers: two separable 1-D passes over interleaved images in the plan's order. What each
// output element computes is rl::tap_sum's arithmetic (float64, taps ascending, no FMA) followed by
// MATLAB's cast after each pass, so the intermediate holds what MATLAB stores (uint8 after pass 1 for
// uint8). The drivers only walk rows: which kernels run is resize_cpu_level.cpp's choice (SIMD lanes
// over independent outputs, resize_kernels.hpp; certified 8-bit sums, resize_certification.hpp), how
// the rows are split and blocked is resize_schedule.hpp's, and none of it changes a bit.
//
// A plan's path through the files, in the order the stages run:
//   1. run_into (here, below): checks; a logical image goes through uint8 and a threshold.
//   2. the route, by the tables:
//      both tables unit (nearest, exact copies) -> run_gather (here), whose rows are RowGather's
//        (resize_shortcuts.cpp: copy_row / gather_row / byte shuffles, the SIMD files), streamed or
//        fetched ahead when large (streams_output / fetches_rows, resize_shortcuts.cpp);
//      plan.order[0] == Rows -> run_rows_first (here); otherwise run_cols_first (here).
//   3. the schedule: rows_first_schedule / cols_first_schedule (resize_schedule.cpp) size the blocks,
//      the ring, the scratch and the threads (pick_threads); nothing there touches a pixel.
//   4. the kernels: RunKernels (here) picks the level's float64 kernels (resize_cpu_level.cpp ->
//      resize_kernels.hpp compiled per instruction set) or the certified 8-bit ones
//      (resize_certification.cpp -> resize_cert_kernels.hpp); a unit table's pass is copy_row /
//      gather_row instead (resize_shortcuts.cpp).
//   5. the threads: detail::parallel_for (thread_pool.cpp) over the schedule's units.
// One pass alone (resize_pass -> pass_into -> pass_rows / pass_cols, here) picks its threads and
// scratch with step 3's pick_threads and set_cols_scratch and runs step 4's kernels; the adjoint
// (adjoint.cpp) runs the same kernels over transposed tables (PassKernels::rows and ::cols_gather).
#include "rl/resize.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "resize_certification.hpp"
#include "resize_dispatch.hpp"
#include "resize_schedule.hpp"
#include "resize_shortcuts.hpp"
#include "rl/convert.hpp"
#include "rl/pass_layout.hpp"
#include "thread_pool.hpp"

namespace rl {

namespace {

using detail::ElemCode;
using detail::Schedule;
using detail::Scratch;

// The kernels' code for a numeric type (ElemCode lists them in ElemType's order; logical never gets
// here, run_into resizes it as uint8).
ElemCode code_of(ElemType t) {
  static_assert(static_cast<int>(ElemType::U32) == static_cast<int>(ElemCode::U32));
  return static_cast<ElemCode>(static_cast<int>(t));
}

detail::TableView view(const AxisTable& t) { return {t.weights.data(), t.index.data(), t.taps, t.out_size}; }

// The horizontal pass's arguments on one thread, over its scratch.
detail::ColsArgs make_cols_args(const AxisTable& t, int ch, std::size_t in_len, const Scratch& scratch) {
  return {view(t), ch, in_len, detail::tile_cols(ch), scratch.block, scratch.tile};
}

// The same for the certified kernels (float32 block, int32 tile, in the same scratch).
detail::CertCols make_cert_cols(const AxisTable& t, const detail::CertAxis& c, int ch, std::size_t in_len,
                                const Scratch& scratch) {
  return {c.wf.data(),
          t.weights.data(),
          t.index.data(),
          t.taps,
          t.out_size,
          c.limit,
          c.exact,
          c.exact ? nullptr : c.exact_out.data(),
          ch,
          in_len,
          detail::tile_cols(ch),
          reinterpret_cast<float*>(scratch.block),
          reinterpret_cast<std::int32_t*>(scratch.tile),
          {c.gather_start.data(), c.gather_idx.data(), c.gather_w.data(), c.gather_groups, c.gather_pairs,
           c.gather_shift, c.gather_out_len}};
}

// The kernels of one run: the level's float64 kernels, and the certified 8-bit ones when the run is
// certified (then a horizontal block has cert->lanes rows).
struct RunKernels {
  explicit RunKernels(const Plan& p, ElemType type, int ch) : pass(detail::active_kernels()) {
    detail::CertCheck rows_check, cols_check;
    cert = detail::cert_for(p, type, rows_check, cols_check);
    lanes = cert ? cert->lanes : pass.lanes;
    if (cert) {
      cert_rows = detail::cert_axis(p.rows, rows_check, detail::cert_xmax(type));
      cert_cols = detail::cert_axis(p.cols, cols_check, detail::cert_xmax(type));
      if (type == ElemType::U8 && cert->gather_window > 0)
        detail::cert_gather_table(cert_cols, p.cols, ch, cert->lanes, cert->gather_window);
    }
  }
  const detail::PassKernels& pass;
  const detail::CertKernels* cert = nullptr;
  int lanes = 1;
  detail::CertAxis cert_rows, cert_cols;
  // One output row `o` of the vertical pass.
  void vertical(ElemCode code, const AxisTable& t, int o, const void* const* ptrs, void* dst,
                std::size_t len) const {
    if (cert)
      cert->rows(code,
                 {cert_rows.wf.data() + static_cast<std::size_t>(o) * t.taps, t.weights_of(o), t.taps,
                  cert_rows.limit_at(o), cert_rows.exact_at(o), cert_rows.int_at(o, t.taps),
                  cert_rows.shift.empty() ? -1 : cert_rows.shift[static_cast<std::size_t>(o)]},
                 ptrs, dst, len);
    else
      pass.rows(code, t.weights_of(o), ptrs, t.taps, dst, len);
  }
  // One block of the horizontal pass (a table that is not unit): `lanes` rows, the first nr written.
  void horizontal(ElemCode code, const detail::ColsArgs& args, const detail::CertCols& cert_args,
                  const void* const* in_rows, void* const* out_rows, std::size_t nr) const {
    if (cert)
      cert->cols(code, cert_args, in_rows, out_rows, nr);
    else
      pass.cols(code, args, in_rows, out_rows, nr);
  }
};

void run_rows_first(const Plan& p, const Image& in, Image& out, const RunOptions& opt) {
  const RunKernels kernels(p, in.type(), in.channels());
  const std::size_t lanes = static_cast<std::size_t>(kernels.lanes);
  const int ch = in.channels();
  const std::size_t es = elem_size(in.type());
  const Schedule s = detail::rows_first_schedule(p, ch, in.type(), kernels.lanes, kernels.cert != nullptr,
                                                 opt, &kernels.cert_cols, &kernels.cert_rows);
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride();
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const int taps = p.rows.taps;
  const bool rows_unit = detail::unit_taps(p.rows), cols_unit = detail::unit_taps(p.cols);
  const detail::RowGather gather(in.type(), p.cols, ch);
  detail::parallel_for(
      s.units, s.threads, 1,
      [&](long long b0, long long b1) {
        Scratch scratch(s);
        const detail::ColsArgs cols_args = make_cols_args(p.cols, ch, in_len, scratch);
        const detail::CertCols cert_cols = make_cert_cols(p.cols, kernels.cert_cols, ch, in_len, scratch);
        const void* mid_rows[detail::kMaxLanes];
        void* out_rows[detail::kMaxLanes];
        for (long long b = b0; b < b1; ++b) {
          const int o0 = static_cast<int>(b) * s.block_rows;
          const int nb = std::min(s.block_rows, p.out_rows - o0);
          if (s.wide_doubles > 0) {
            const auto [lo, hi] = detail::block_window(p.rows, o0, nb);
            const int base = lo;  // C++20 lambdas may not capture structured bindings on every compiler
            const auto slot = [&](int row) -> int& {
              return scratch.slot[static_cast<std::size_t>(row - base)];
            };
            std::fill(scratch.slot.begin(), scratch.slot.begin() + (hi - lo + 1), -1);
            for (int r = 0; r < nb; ++r)
              for (int t = 0; t < taps; ++t) slot(p.rows.index_of(o0 + r)[t]) = 0;
            int used = 0;
            for (int i = lo; i <= hi; ++i)
              if (slot(i) == 0)
                slot(i) = used++;
              else
                slot(i) = -1;
            const int ahead = detail::prefetch_strips();
            for (std::size_t j0 = 0; j0 < in_len; j0 += detail::kStripElements) {
              const std::size_t n = std::min(detail::kStripElements, in_len - j0);
              for (int i = lo; i <= hi; ++i)
                if (slot(i) >= 0 && ahead > 1)  // test hook: a strip further ahead than widen's own
                  detail::prefetch_bytes(src + (static_cast<std::size_t>(i) * in_len + j0 +
                                                static_cast<std::size_t>(ahead) * detail::kStripElements) *
                                                   es,
                                         detail::kStripElements * es);
              for (int i = lo; i <= hi; ++i)
                if (slot(i) >= 0)
                  kernels.pass.widen(
                      code, src + (static_cast<std::size_t>(i) * in_len + j0) * es,
                      scratch.wide + static_cast<std::size_t>(slot(i)) * detail::kStripElements, n);
              for (int r = 0; r < nb; ++r) {
                const std::int32_t* ix = p.rows.index_of(o0 + r);
                for (int t = 0; t < taps; ++t)
                  scratch.wide_ptrs[static_cast<std::size_t>(t)] =
                      scratch.wide + static_cast<std::size_t>(slot(ix[t])) * detail::kStripElements;
                kernels.pass.rows_from_double(
                    code, p.rows.weights_of(o0 + r), scratch.wide_ptrs.data(), taps,
                    scratch.mid.data() + (static_cast<std::size_t>(r) * in_len + j0) * es, n);
              }
            }
          } else {
            for (int r = 0; r < nb; ++r) {
              const std::int32_t* ix = p.rows.index_of(o0 + r);
              unsigned char* mid = scratch.mid.data() + static_cast<std::size_t>(r) * in_len * es;
              if (rows_unit) {
                detail::copy_row(in.type(), src + static_cast<std::size_t>(ix[0]) * in_len * es, mid, in_len);
                continue;
              }
              for (int t = 0; t < taps; ++t)
                scratch.ptrs[static_cast<std::size_t>(t)] =
                    src + static_cast<std::size_t>(ix[t]) * in_len * es;
              kernels.vertical(code, p.rows, o0 + r, scratch.ptrs.data(), mid, in_len);
            }
          }
          for (int sb = 0; sb < nb; sb += kernels.lanes) {
            const std::size_t nr = std::min<std::size_t>(lanes, static_cast<std::size_t>(nb - sb));
            for (std::size_t r = 0; r < lanes; ++r) {
              const std::size_t rr = static_cast<std::size_t>(sb) + std::min(r, nr - 1);
              mid_rows[r] = scratch.mid.data() + rr * in_len * es;
              out_rows[r] = dst + (static_cast<std::size_t>(o0) + rr) * out_len * es;
            }
            if (cols_unit)
              for (std::size_t r = 0; r < nr; ++r) gather.run(mid_rows[r], out_rows[r]);
            else
              kernels.horizontal(code, cols_args, cert_cols, mid_rows, out_rows, nr);
          }
        }
      },
      detail::kChunksPerThread);
}

void run_cols_first(const Plan& p, const Image& in, Image& out, const RunOptions& opt) {
  const RunKernels kernels(p, in.type(), in.channels());
  const std::size_t lanes = static_cast<std::size_t>(kernels.lanes);
  const int ch = in.channels();
  const std::size_t es = elem_size(in.type());
  const Schedule s = detail::cols_first_schedule(p, ch, in.type(), kernels.lanes, kernels.cert != nullptr,
                                                 opt, &kernels.cert_cols, &kernels.cert_rows);
  const std::size_t in_len = in.row_stride(), mid_len = out.row_stride();
  const long long ring = s.ring_rows;
  const bool rows_unit = detail::unit_taps(p.rows), cols_unit = detail::unit_taps(p.cols);
  const detail::RowGather gather(in.type(), p.cols, ch);
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  detail::parallel_for(s.units, s.threads, 1, [&](long long o_begin, long long o_end) {
    Scratch scratch(s);
    const detail::ColsArgs cols_args = make_cols_args(p.cols, ch, in_len, scratch);
    const detail::CertCols cert_cols = make_cert_cols(p.cols, kernels.cert_cols, ch, in_len, scratch);
    const auto slot = [&](long long row) {
      return scratch.mid.data() + static_cast<std::size_t>(row % ring) * mid_len * es;
    };
    const void* in_rows[detail::kMaxLanes];
    void* ring_rows[detail::kMaxLanes];
    long long have_lo = 0, have_hi = -1;  // intermediate rows the ring holds
    for (long long o = o_begin; o < o_end; ++o) {
      const auto [lo, hi] = detail::input_window(p.rows, static_cast<int>(o));
      if (lo < have_lo || lo > have_hi + 1) {  // not a continuation (first row, or a table that jumps)
        have_lo = lo;
        have_hi = lo - 1;
      }
      while (have_hi < hi) {
        const long long first = have_hi + 1;
        const std::size_t nr = std::min<std::size_t>(lanes, static_cast<std::size_t>(p.in_rows - first));
        for (std::size_t r = 0; r < lanes; ++r) {
          const long long row = first + static_cast<long long>(std::min(r, nr - 1));
          in_rows[r] = src + static_cast<std::size_t>(row) * in_len * es;
          ring_rows[r] = slot(row);
        }
        if (cols_unit)
          for (std::size_t r = 0; r < nr; ++r) gather.run(in_rows[r], ring_rows[r]);
        else
          kernels.horizontal(code, cols_args, cert_cols, in_rows, ring_rows, nr);
        have_hi += static_cast<long long>(nr);
        have_lo = std::max(have_lo, have_hi - ring + 1);
      }
      const std::int32_t* ix = p.rows.index_of(static_cast<int>(o));
      unsigned char* out_row = dst + static_cast<std::size_t>(o) * mid_len * es;
      if (rows_unit) {
        detail::copy_row(in.type(), slot(ix[0]), out_row, mid_len);
        continue;
      }
      for (int t = 0; t < p.rows.taps; ++t) scratch.ptrs[static_cast<std::size_t>(t)] = slot(ix[t]);
      kernels.vertical(code, p.rows, static_cast<int>(o), scratch.ptrs.data(), out_row, mid_len);
    }
  });
}

// One pass on its own (resize_pass): the same kernels, with the whole result materialised.
void pass_rows(const AxisTable& t, const Image& in, Image& out, const RunOptions& opt) {
  const detail::PassKernels& pass = detail::active_kernels();
  const std::size_t len = in.row_stride(), es = elem_size(in.type());
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const int threads = detail::pick_threads(
      opt, t.out_size, static_cast<double>(t.out_size) * static_cast<double>(len) * t.taps);
  const bool unit = detail::unit_taps(t);
  detail::parallel_for(t.out_size, threads, 1, [&](long long b, long long e) {
    std::vector<const void*> ptrs(static_cast<std::size_t>(t.taps));
    for (long long o = b; o < e; ++o) {
      const std::int32_t* ix = t.index_of(static_cast<int>(o));
      if (unit) {
        detail::copy_row(in.type(), src + static_cast<std::size_t>(ix[0]) * len * es,
                         dst + static_cast<std::size_t>(o) * len * es, len);
        continue;
      }
      for (int q = 0; q < t.taps; ++q)
        ptrs[static_cast<std::size_t>(q)] = src + static_cast<std::size_t>(ix[q]) * len * es;
      pass.rows(code, t.weights_of(static_cast<int>(o)), ptrs.data(), t.taps,
                dst + static_cast<std::size_t>(o) * len * es, len);
    }
  });
}

void pass_cols(const AxisTable& t, const Image& in, Image& out, const RunOptions& opt) {
  const detail::PassKernels& pass = detail::active_kernels();
  const int ch = in.channels();
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride(), es = elem_size(in.type());
  Schedule s;
  s.units = (in.rows() + pass.lanes - 1) / pass.lanes;
  s.threads = detail::pick_threads(opt, s.units,
                                   static_cast<double>(in.rows()) * static_cast<double>(out_len) * t.taps);
  detail::set_cols_scratch(s, t, in_len, ch, pass.lanes);
  const ElemCode code = code_of(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const bool unit = detail::unit_taps(t);
  const detail::RowGather gather(in.type(), t, ch);
  detail::parallel_for(s.units, s.threads, 1, [&](long long b0, long long b1) {
    Scratch scratch(s);
    const detail::ColsArgs cols_args = make_cols_args(t, ch, in_len, scratch);
    const void* in_rows[detail::kMaxLanes];
    void* out_rows[detail::kMaxLanes];
    for (long long b = b0; b < b1; ++b) {
      const std::size_t nr = detail::block_pointers(b, pass.lanes, in.rows(), src, in_len * es, dst,
                                                    out_len * es, in_rows, out_rows);
      if (unit)
        for (std::size_t r = 0; r < nr; ++r) gather.run(in_rows[r], out_rows[r]);
      else
        pass.cols(code, cols_args, in_rows, out_rows, nr);
    }
  });
}

void pass_into(const AxisTable& t, Axis axis, const Image& in, Image& out, const RunOptions& opt) {
  if (axis == Axis::Rows)
    pass_rows(t, in, out, opt);
  else
    pass_cols(t, in, out, opt);
}

// Both tables unit (nearest, and any plan whose every tap is a single 1.0): each output row is a
// gather from one input row, with no intermediate at all (exact_copy twice is exact_copy once).
void run_gather(const Plan& p, const Image& in, Image& out, const RunOptions& opt) {
  const int ch = in.channels();
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride(), es = elem_size(in.type());
  const auto* src = static_cast<const unsigned char*>(in.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  // A gather is about as costly per element as a few multiply-adds.
  const int threads = detail::pick_threads(opt, p.out_rows, 4.0 * static_cast<double>(p.out_rows) * out_len);
  const std::size_t out_step = out_len * es;
  const detail::RowGather gather(in.type(), p.cols, ch);
  // An output larger than the cache is written with non-temporal stores: each row is gathered into a
  // staging row (in the first-level cache) and streamed from there to every output row that repeats
  // it, so no output line is read in before it is written (a third of the traffic of an
  // enlargement). Same bytes.
  const bool stream = detail::streams_output(out.bytes());
  // When what the call reads and writes does not stay in the cache, each row is gathered a segment at
  // a time while the next input row's same columns are fetched: the loads otherwise wait on memory at
  // every row (measured, one thread: float32 RGB nearest 1/2 1.3 -> 0.53 ms, float64 1/2 1.95 ->
  // 1.4 ms; where the rows stay in cache, float32 1/4, the fetches only cost time).
  const std::size_t pixel = static_cast<std::size_t>(ch) * es;
  const std::size_t touched =
      static_cast<std::size_t>(std::min(p.in_rows, p.out_rows)) * in_len * es + out.bytes();
  const bool fetch = stream || detail::fetches_rows(touched);
  // Segments: staged ones of 8 KiB stay in L1 beside their input; fetching ones of 2 KiB spread the
  // fetches over the row (measured faster than 8 KiB for float64, the same for float32).
  const std::size_t segment_bytes = stream ? 8192 : 2048;
  const int segment = std::max(1, static_cast<int>(segment_bytes / pixel) / gather.step()) * gather.step();
  // Several chunks per thread: a thread that starts late or is preempted takes fewer rows.
  constexpr int kChunksPerThread = 4;
  detail::parallel_for(
      p.out_rows, threads, 1,
      [&](long long b, long long e) {
        detail::StagingRow stage(stream ? out_step : 0);
        for (long long o = b; o < e;) {
          const int from = p.rows.index_of(static_cast<int>(o))[0];
          // Enlarging, neighbouring output rows read the same input row: they get the same bytes
          // (exact_copy of exact_copy is exact_copy), gathered once and stored to each of them.
          long long next = o + 1;
          while (next < e && p.rows.index_of(static_cast<int>(next))[0] == from) ++next;
          const unsigned char* row = src + static_cast<std::size_t>(from) * in_len * es;
          unsigned char* d = dst + static_cast<std::size_t>(o) * out_step;
          if (!stream && (!fetch || next - o > 1)) {
            gather.run(row, d, out_step, static_cast<int>(next - o));
            o = next;
            continue;
          }
          const unsigned char* after =
              next < p.out_rows
                  ? src + static_cast<std::size_t>(p.rows.index_of(static_cast<int>(next))[0]) * in_len * es
                  : nullptr;
          for (int c0 = 0; c0 < p.out_cols; c0 += segment) {
            const int c1 = std::min(p.out_cols, c0 + segment);
            const std::size_t at = static_cast<std::size_t>(c0) * pixel;
            if (after) {
              const std::size_t lo = static_cast<std::size_t>(p.cols.index_of(c0)[0]) * pixel,
                                hi = static_cast<std::size_t>(p.cols.index_of(c1 - 1)[0] + 1) * pixel;
              for (std::size_t a = lo; a < hi; a += 64) __builtin_prefetch(after + a);
            }
            if (!stream) {
              gather.run_part(row, d, c0, c1);
              continue;
            }
            gather.run_part(row, stage.data(), c0, c1);
            for (long long r = 0; r < next - o; ++r)
              detail::stream_copy(d + static_cast<std::size_t>(r) * out_step + at, stage.data() + at,
                                  static_cast<std::size_t>(c1 - c0) * pixel);
          }
          o = next;
        }
        if (stream) detail::stream_fence();  // before this chunk counts as done
      },
      kChunksPerThread);
}

std::string shape(int r, int c) { return std::to_string(r) + "x" + std::to_string(c); }

}  // namespace

Image resize_pass(const AxisTable& table, Axis axis, const Image& in, const RunOptions& opt) {
  if (in.type() == ElemType::Logical)
    throw std::invalid_argument(
        "one pass of a logical image is not defined: imresize resizes im2uint8(A) and thresholds the "
        "result at 128 (resize_pass the uint8 image, or use run/resize)");
  const int along = axis == Axis::Rows ? in.rows() : in.cols();
  if (along != table.in_size)
    throw std::invalid_argument("the image has " + std::to_string(along) +
                                " samples along this axis, the table expects " +
                                std::to_string(table.in_size));
  Image out = PassLayout(in, axis, table.out_size).output(in.type());
  if (!out.empty()) pass_into(table, axis, in, out, opt);
  return out;
}

void run_into(const Plan& plan, const Image& in, Image& out, const RunOptions& opt) {
  if (in.rows() != plan.in_rows || in.cols() != plan.in_cols)
    throw std::invalid_argument("the image is " + shape(in.rows(), in.cols()) + ", the plan was made for " +
                                shape(plan.in_rows, plan.in_cols));
  if (out.rows() != plan.out_rows || out.cols() != plan.out_cols || out.channels() != in.channels() ||
      out.type() != in.type())
    throw std::invalid_argument("the output buffer does not match the plan's output shape and type");
  if (in.type() == ElemType::Logical) {  // MATLAB: B = imresize(im2uint8(A)) > 128 (docs/MATLAB.md)
    Image mid = Image::uninitialized(out.rows(), out.cols(), out.channels(), ElemType::U8);
    run_into(plan, im2uint8(in), mid, opt);
    const Image b = logical_from_resized_uint8(mid);
    if (b.bytes()) std::memcpy(out.raw(), b.raw(), b.bytes());  // into the caller's buffer
    return;
  }
  if (detail::unit_taps(plan.rows) && detail::unit_taps(plan.cols))
    run_gather(plan, in, out, opt);
  else if (plan.order[0] == Axis::Rows)
    run_rows_first(plan, in, out, opt);
  else
    run_cols_first(plan, in, out, opt);
}

std::size_t run_extra_bytes(const Plan& plan, int channels, ElemType type, const RunOptions& opt) {
  detail::CertCheck rows_check, cols_check;
  const detail::CertKernels* cert = detail::cert_for(plan, type, rows_check, cols_check);
  const int lanes = cert ? cert->lanes : detail::active_kernels().lanes;
  if (type == ElemType::Logical) {  // the uint8 copies of the input and the output, then uint8's passes
    const std::size_t px = static_cast<std::size_t>(plan.in_rows) * plan.in_cols +
                           static_cast<std::size_t>(plan.out_rows) * plan.out_cols;
    return 2 * px * static_cast<std::size_t>(channels) + run_extra_bytes(plan, channels, ElemType::U8, opt);
  }
  if (detail::unit_taps(plan.rows) && detail::unit_taps(plan.cols)) return 0;  // run_gather allocates nothing
  const Schedule s = plan.order[0] == Axis::Rows
                         ? detail::rows_first_schedule(plan, channels, type, lanes, cert != nullptr, opt)
                         : detail::cols_first_schedule(plan, channels, type, lanes, cert != nullptr, opt);
  return static_cast<std::size_t>(s.threads) * s.bytes_per_thread() + s.shared_bytes;
}

Image run(const Plan& plan, const Image& in, const RunOptions& opt) {
  Image out = Image::uninitialized(plan.out_rows, plan.out_cols, in.channels(), in.type());
  run_into(plan, in, out, opt);
  return out;
}

Image resize(const Image& in, const ResizeSpec& spec, const RunOptions& opt) {
  PlanLimits limits;
  limits.channels = in.channels();
  return run(make_plan(spec, in.rows(), in.cols(), limits), in, opt);
}

}  // namespace rl
