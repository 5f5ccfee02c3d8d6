// The adjoint of the float resize: transposed contribution tables applied in reverse pass order.
// Each input element is a gather over its own list (no scatter), so the bits never depend on threads.
#include "rl/adjoint.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

#include "rl/tap.hpp"
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

namespace {

// Transposed vertical pass: input row i = sum over its entries of w * grad row o, whole rows at a
// time in a double buffer (per element the same ascending sum as tap_sum).
template <class T>
void back_rows(const TransposedTable& t, const Image& g, Image& out, const RunOptions& opt) {
  const std::size_t len = g.row_stride();
  const T* src = g.data<T>();
  T* dst = out.data<T>();
  detail::parallel_for(t.in_size, opt.threads, std::max<long long>(1, 65536 / (long long)(len + 1)),
                       [&](long long b, long long e) {
                         std::vector<double> acc(len);
                         for (long long i = b; i < e; ++i) {
                           const int n = t.count(static_cast<int>(i));
                           const double* w = t.weights_of(static_cast<int>(i));
                           const std::int32_t* ix = t.index_of(static_cast<int>(i));
                           std::fill(acc.begin(), acc.end(), 0.0);
                           for (int k = 0; k < n; ++k) {
                             const double wk = w[k];
                             const T* row = src + static_cast<std::size_t>(ix[k]) * len;
                             for (std::size_t j = 0; j < len; ++j) acc[j] += wk * static_cast<double>(row[j]);
                           }
                           T* drow = dst + static_cast<std::size_t>(i) * len;
                           for (std::size_t j = 0; j < len; ++j) drow[j] = from_double<T>(acc[j]);
                         }
                       });
}

// Transposed horizontal pass: within each row, input column i gathers from its output columns.
template <class T>
void back_cols(const TransposedTable& t, const Image& g, Image& out, const RunOptions& opt) {
  const int ch = g.channels();
  const std::size_t in_len = g.row_stride(), out_len = out.row_stride();
  const T* src = g.data<T>();
  T* dst = out.data<T>();
  detail::parallel_for(g.rows(), opt.threads, std::max<long long>(1, 65536 / (long long)(out_len + 1)),
                       [&](long long b, long long e) {
                         for (long long r = b; r < e; ++r) {
                           const T* srow = src + static_cast<std::size_t>(r) * in_len;
                           T* drow = dst + static_cast<std::size_t>(r) * out_len;
                           for (int i = 0; i < t.in_size; ++i) {
                             const int n = t.count(i);
                             const double* w = t.weights_of(i);
                             const std::int32_t* ix = t.index_of(i);
                             for (int c = 0; c < ch; ++c)
                               drow[static_cast<std::size_t>(i) * ch + c] =
                                   from_double<T>(tap_sum(w, ix, n, srow + c, ch));
                           }
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

Image resize_pass_backward(const TransposedTable& t, Axis axis, const Image& g, const RunOptions& opt) {
  require_float(g);
  const int along = axis == Axis::Rows ? g.rows() : g.cols();
  if (along != t.out_size)
    throw std::invalid_argument("the gradient has " + std::to_string(along) +
                                " samples along this axis, the table's output has " +
                                std::to_string(t.out_size));
  Image out = axis == Axis::Rows ? Image::uninitialized(t.in_size, g.cols(), g.channels(), g.type())
                                 : Image::uninitialized(g.rows(), t.in_size, g.channels(), g.type());
  if (out.empty()) return out;
  const bool f64 = g.type() == ElemType::F64;
  if (axis == Axis::Rows) {
    if (f64)
      back_rows<double>(t, g, out, opt);
    else
      back_rows<float>(t, g, out, opt);
  } else {
    if (f64)
      back_cols<double>(t, g, out, opt);
    else
      back_cols<float>(t, g, out, opt);
  }
  return out;
}

Image resize_backward(const Image& grad_output, const Plan& plan, const RunOptions& opt) {
  require_float(grad_output);
  if (grad_output.rows() != plan.out_rows || grad_output.cols() != plan.out_cols)
    throw std::invalid_argument("the gradient is " + std::to_string(grad_output.rows()) + "x" +
                                std::to_string(grad_output.cols()) + ", the plan's output is " +
                                std::to_string(plan.out_rows) + "x" + std::to_string(plan.out_cols));
  // A = P2 * P1 (P1 = plan.order[0]); A^T = P1^T * P2^T: the second pass is undone first.
  const Axis second = plan.order[1], first = plan.order[0];
  const Image mid = resize_pass_backward(transpose_table(plan.table(second)), second, grad_output, opt);
  return resize_pass_backward(transpose_table(plan.table(first)), first, mid, opt);
}

}  // namespace rl
