// The adjoint of the float resize: transposed contribution tables applied in reverse pass order.
// Each input element is a gather over its own list (no scatter), so the bits never depend on threads.
#include "rl/adjoint.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

#include "adjoint_schedule.hpp"
#include "resize_dispatch.hpp"
#include "resize_schedule.hpp"
#include "rl/pass_layout.hpp"
#include "thread_pool.hpp"

namespace rl {

TransposedTable transpose_table(const AxisTable& t) {
  const std::size_t entries = static_cast<std::size_t>(t.out_size) * static_cast<std::size_t>(t.taps);
  if (entries > static_cast<std::size_t>(std::numeric_limits<std::int32_t>::max()))
    throw std::invalid_argument("the contribution table is too large to transpose (" +
                                std::to_string(entries) + " entries)");
  if (t.weights.size() != entries || t.index.size() != entries)
    throw std::invalid_argument("the contribution table is inconsistent (weights or indices missing)");
  TransposedTable r;
  r.in_size = t.in_size;
  r.out_size = t.out_size;
  r.offsets.assign(static_cast<std::size_t>(t.in_size) + 1, 0);
  for (std::int32_t i : t.index) {
    if (i < 0 || i >= t.in_size)
      throw std::invalid_argument("the contribution table has an index out of range");
    ++r.offsets[static_cast<std::size_t>(i) + 1];
  }
  for (std::size_t i = 0; i < static_cast<std::size_t>(t.in_size); ++i) r.offsets[i + 1] += r.offsets[i];
  r.out_index.resize(entries);
  r.weights.resize(entries);
  // A stable counting sort: walking outputs (then taps) in ascending order keeps each list ascending.
  std::vector<std::int32_t> next(r.offsets.begin(), r.offsets.end() - 1);
  for (int o = 0; o < t.out_size; ++o) {
    const double* w = t.weights_of(o);
    const std::int32_t* ix = t.index_of(o);
    for (int k = 0; k < t.taps; ++k) {
      const std::int32_t pos = next[static_cast<std::size_t>(ix[k])]++;
      r.out_index[static_cast<std::size_t>(pos)] = o;
      r.weights[static_cast<std::size_t>(pos)] = w[k];
    }
  }
  return r;
}

namespace detail {

// A fixed 64 Ki elements per chunk made each pass of a 256 x 256 plane one chunk, so a batch of small
// planes (the torch layer's 16 x 3 x 256 x 256 at 1/4) ran its backward on one thread while its
// forward, scheduled by the work, ran on all.
int back_rows_threads(const TransposedTable& t, std::size_t len, const RunOptions& opt) {
  return pick_threads(opt, t.in_size, static_cast<double>(t.weights.size()) * static_cast<double>(len));
}

int back_cols_threads(const TransposedTable& t, int rows, int channels, int lanes, const RunOptions& opt) {
  const long long blocks = (rows + lanes - 1) / lanes;
  return pick_threads(opt, blocks, static_cast<double>(t.weights.size()) * rows * channels);
}

}  // namespace detail

namespace {

detail::ElemCode float_code(ElemType t) {
  return t == ElemType::F64 ? detail::ElemCode::F64 : detail::ElemCode::F32;
}

// Transposed vertical pass: input row i = sum over its entries of w * grad row o, whole rows at a
// time: the forward's vertical kernel with the entry list as its taps (per element the same
// ascending float64 sum as tap_sum; a list of none gives 0).
void back_rows(const TransposedTable& t, const Image& g, Image& out, const RunOptions& opt) {
  const detail::PassKernels& k = detail::active_kernels();
  const detail::ElemCode code = float_code(g.type());
  const std::size_t len = g.row_stride(), es = elem_size(g.type());
  const auto* src = static_cast<const unsigned char*>(g.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  int most = 0;
  for (int i = 0; i < t.in_size; ++i) most = std::max(most, t.count(i));
  const int threads = detail::back_rows_threads(t, len, opt);
  detail::parallel_for(t.in_size, threads, 1, [&](long long b, long long e) {
    std::vector<const void*> rows(static_cast<std::size_t>(most) + 1);
    for (long long i = b; i < e; ++i) {
      const int n = t.count(static_cast<int>(i));
      const std::int32_t* ix = t.index_of(static_cast<int>(i));
      for (int q = 0; q < n; ++q) rows[static_cast<std::size_t>(q)] = src + ix[q] * len * es;
      k.rows(code, t.weights_of(static_cast<int>(i)), rows.data(), n,
             dst + static_cast<std::size_t>(i) * len * es, len);
    }
  });
}

// Transposed horizontal pass: within each row, input column i gathers from its output columns; the
// forward's horizontal blocks (lanes rows transposed to float64 together) over the entry lists.
void back_cols(const TransposedTable& t, const Image& g, Image& out, const RunOptions& opt) {
  const detail::PassKernels& k = detail::active_kernels();
  const detail::ElemCode code = float_code(g.type());
  const int ch = g.channels(), lanes = k.lanes;
  const std::size_t in_len = g.row_stride(), out_len = out.row_stride(), es = elem_size(g.type());
  const auto* src = static_cast<const unsigned char*>(g.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  const int tile = detail::tile_cols(ch);
  const long long blocks = (g.rows() + lanes - 1) / lanes;
  const int threads = detail::back_cols_threads(t, g.rows(), ch, lanes, opt);
  detail::parallel_for(blocks, threads, 1, [&](long long b0, long long b1) {
    std::vector<double> tb(in_len * static_cast<std::size_t>(lanes)),
        ob(static_cast<std::size_t>(tile) * ch * static_cast<std::size_t>(lanes));
    const detail::GatherArgs args{{t.weights.data(), t.out_index.data(), t.offsets.data(), t.in_size},
                                  ch,
                                  in_len,
                                  tile,
                                  tb.data(),
                                  ob.data()};
    const void* in_rows[detail::kMaxLanes];
    void* out_rows[detail::kMaxLanes];
    for (long long blk = b0; blk < b1; ++blk) {
      const std::size_t nr = detail::block_pointers(blk, lanes, g.rows(), src, in_len * es, dst, out_len * es,
                                                    in_rows, out_rows);
      k.cols_gather(code, args, in_rows, out_rows, nr);
    }
  });
}

void require_float(const Image& g) {
  if (!is_floating(g.type()))
    throw std::invalid_argument(
        "the backward pass is defined for float32 and float64 images, got " + to_string(g.type()) +
        (g.type() == ElemType::Logical ? " (thresholding is not differentiable)"
                                       : " (integer rounding is not differentiable)"));
}

}  // namespace

void resize_pass_backward_into(const TransposedTable& t, Axis axis, const Image& g, Image& out,
                               const RunOptions& opt) {
  require_float(g);
  const int along = axis == Axis::Rows ? g.rows() : g.cols();
  if (along != t.out_size)
    throw std::invalid_argument("the gradient has " + std::to_string(along) +
                                " samples along this axis, the table's output has " +
                                std::to_string(t.out_size));
  const PassLayout pass(g, axis, t.in_size);
  if (out.rows() != pass.out_rows || out.cols() != pass.out_cols || out.channels() != g.channels() ||
      out.type() != g.type())
    throw std::invalid_argument("the backward pass's output image has the wrong shape or type");
  if (out.empty()) return;
  if (axis == Axis::Rows)
    back_rows(t, g, out, opt);
  else
    back_cols(t, g, out, opt);
}

Image resize_pass_backward(const TransposedTable& t, Axis axis, const Image& g, const RunOptions& opt) {
  require_float(g);
  Image out = PassLayout(g, axis, t.in_size).output(g.type());
  resize_pass_backward_into(t, axis, g, out, opt);
  return out;
}

AdjointTables::AdjointTables(const Plan& plan)
    : first_axis(plan.order[0]),
      second_axis(plan.order[1]),
      first(transpose_table(plan.table(plan.order[0]))),
      second(transpose_table(plan.table(plan.order[1]))),
      in_rows(plan.in_rows),
      in_cols(plan.in_cols),
      out_rows(plan.out_rows),
      out_cols(plan.out_cols) {}

std::pair<int, int> AdjointTables::mid_shape() const {
  // The gradient of the intermediate: the output's size along the first pass's axis undone last.
  return second_axis == Axis::Cols ? std::pair{out_rows, in_cols} : std::pair{in_rows, out_cols};
}

void resize_backward_into(const Image& grad_output, const AdjointTables& t, Image& mid, Image& grad_input,
                          const RunOptions& opt) {
  require_float(grad_output);
  if (grad_output.rows() != t.out_rows || grad_output.cols() != t.out_cols)
    throw std::invalid_argument("the gradient is " + std::to_string(grad_output.rows()) + "x" +
                                std::to_string(grad_output.cols()) + ", the plan's output is " +
                                std::to_string(t.out_rows) + "x" + std::to_string(t.out_cols));
  // A = P2 * P1 (P1 = plan.order[0]); A^T = P1^T * P2^T: the second pass is undone first.
  resize_pass_backward_into(t.second, t.second_axis, grad_output, mid, opt);
  resize_pass_backward_into(t.first, t.first_axis, mid, grad_input, opt);
}

Image resize_backward(const Image& grad_output, const Plan& plan, const RunOptions& opt) {
  require_float(grad_output);
  const AdjointTables t(plan);
  const auto [mr, mc] = t.mid_shape();
  Image mid = Image::uninitialized(mr, mc, grad_output.channels(), grad_output.type());
  Image out = Image::uninitialized(plan.in_rows, plan.in_cols, grad_output.channels(), grad_output.type());
  resize_backward_into(grad_output, t, mid, out, opt);
  return out;
}

}  // namespace rl
