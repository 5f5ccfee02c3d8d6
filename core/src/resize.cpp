// CPU resizer. Two separable 1-D passes over interleaved images; the per-output arithmetic is
// rl::tap_sum's order (float64, taps ascending, no FMA) with MATLAB's cast after each pass.
// How the loops are scheduled (threads, vectorisation over the contiguous direction) is kept apart
// from what each output computes, so speed work never changes a bit.
#include "rl/resize.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include "parallel.hpp"
#include "rl/tap.hpp"

namespace rl {

namespace {

// Vertical pass: output row o = sum_k w[o][k] * input row idx[o][k]. Each element's sum runs over
// k ascending, so accumulating whole rows in a double buffer is the same arithmetic as tap_sum.
template <class T>
void pass_rows(const AxisTable& t, const Image& in, Image& out, const RunOptions& opt) {
  const std::size_t len = in.row_stride();  // cols * channels
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  detail::parallel_for(t.out_size, opt.threads, std::max<long long>(1, 65536 / (long long)(len + 1)),
                       [&](long long b, long long e) {
    std::vector<double> acc(len);
    for (long long o = b; o < e; ++o) {
      const double* w = t.weights_of(static_cast<int>(o));
      const std::int32_t* ix = t.index_of(static_cast<int>(o));
      std::fill(acc.begin(), acc.end(), 0.0);
      for (int k = 0; k < t.taps; ++k) {
        const double wk = w[k];
        const T* row = src + static_cast<std::size_t>(ix[k]) * len;
        for (std::size_t j = 0; j < len; ++j) acc[j] += wk * static_cast<double>(row[j]);
      }
      T* drow = dst + static_cast<std::size_t>(o) * len;
      for (std::size_t j = 0; j < len; ++j) drow[j] = from_double<T>(acc[j]);
    }
  });
}

// Horizontal pass: within each row, output column o = sum_k w[o][k] * input column idx[o][k].
template <class T>
void pass_cols(const AxisTable& t, const Image& in, Image& out, const RunOptions& opt) {
  const int ch = in.channels();
  const std::size_t in_len = in.row_stride(), out_len = out.row_stride();
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  detail::parallel_for(in.rows(), opt.threads, std::max<long long>(1, 65536 / (long long)(out_len + 1)),
                       [&](long long b, long long e) {
    for (long long r = b; r < e; ++r) {
      const T* srow = src + static_cast<std::size_t>(r) * in_len;
      T* drow = dst + static_cast<std::size_t>(r) * out_len;
      for (int o = 0; o < t.out_size; ++o) {
        const double* w = t.weights_of(o);
        const std::int32_t* ix = t.index_of(o);
        for (int c = 0; c < ch; ++c)
          drow[static_cast<std::size_t>(o) * ch + c] = from_double<T>(tap_sum(w, ix, t.taps, srow + c, ch));
      }
    }
  });
}

template <class T>
void pass_typed(const AxisTable& t, Axis axis, const Image& in, Image& out, const RunOptions& opt) {
  if (axis == Axis::Rows) pass_rows<T>(t, in, out, opt);
  else pass_cols<T>(t, in, out, opt);
}

void pass_into(const AxisTable& t, Axis axis, const Image& in, Image& out, const RunOptions& opt) {
  switch (in.type()) {
    case ElemType::U8: pass_typed<std::uint8_t>(t, axis, in, out, opt); break;
    case ElemType::U16: pass_typed<std::uint16_t>(t, axis, in, out, opt); break;
    case ElemType::F32: pass_typed<float>(t, axis, in, out, opt); break;
    case ElemType::F64: pass_typed<double>(t, axis, in, out, opt); break;
  }
}

std::string shape(int r, int c) { return std::to_string(r) + "x" + std::to_string(c); }

}  // namespace

Image resize_pass(const AxisTable& table, Axis axis, const Image& in, const RunOptions& opt) {
  const int along = axis == Axis::Rows ? in.rows() : in.cols();
  if (along != table.in_size)
    throw std::invalid_argument("the image has " + std::to_string(along) + " samples along this axis, the table expects " +
                                std::to_string(table.in_size));
  Image out = axis == Axis::Rows
                  ? Image::uninitialized(table.out_size, in.cols(), in.channels(), in.type())
                  : Image::uninitialized(in.rows(), table.out_size, in.channels(), in.type());
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
  const auto [ir, ic] = plan.intermediate_shape();
  Image mid = Image::uninitialized(ir, ic, in.channels(), in.type());
  pass_into(plan.table(plan.order[0]), plan.order[0], in, mid, opt);
  pass_into(plan.table(plan.order[1]), plan.order[1], mid, out, opt);
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
