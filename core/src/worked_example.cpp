// The worked example of one output pixel, computed with the resizer's own arithmetic (weights and
// indices from the plan, float64 accumulation in tap order, rl::from_double after each pass), but
// only for the samples that pixel needs.
#include "rl/worked_example.hpp"

#include <algorithm>
#include <cstdio>
#include <set>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "rl/tap.hpp"

namespace rl {
namespace {

// Source value as the element type reads it (the resizer casts each element to double).
double cast_back(ElemType t, double v) {
  return visit_elem_type(t, [&](auto x) -> double {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>)
      return v;  // never a pass type: logical images run their passes as uint8
    else
      return static_cast<double>(from_double<T>(v));
  });
}

// One output sample: `read(i)` gives this pass's input at position i along `axis`.
template <class Read>
WorkedStep make_step(const AxisTable& t, Axis axis, int out_index, int fixed_index, ElemType type,
                     Read read) {
  WorkedStep s;
  s.axis = axis;
  s.out_index = out_index;
  s.fixed_index = fixed_index;
  s.u = t.u[out_index];
  s.left = t.left[out_index];
  s.taps_full = t.taps_full;
  const double* w = t.weights_of(out_index);
  const std::int32_t* ix = t.index_of(out_index);
  double acc = 0.0;
  for (int k = 0; k < t.taps; ++k) {
    const int column = t.kept[k];
    const double v = read(ix[k]);
    const double prod = w[k] * v;
    acc += prod;  // same rounding as tap_sum's acc += w * v (no FMA in this library)
    s.kept.push_back(column);
    s.unmapped_index.push_back(s.left + column - 1);
    s.input_index.push_back(ix[k]);
    s.weight.push_back(w[k]);
    s.value.push_back(v);
    s.product.push_back(prod);
  }
  s.sum = acc;
  s.result = cast_back(type, acc);
  return s;
}

std::vector<int> unique_sorted(std::vector<int> v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

std::string fmt(double v, int prec = 17) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*g", prec, v);
  return buf;
}

const char* axis_name(Axis a) { return a == Axis::Rows ? "rows" : "columns"; }

}  // namespace

std::vector<int> WorkedExample::source_rows() const {
  if (order[0] == Axis::Rows) {
    std::vector<int> all;
    for (const auto& s : first) all.insert(all.end(), s.input_index.begin(), s.input_index.end());
    return unique_sorted(all);
  }
  return unique_sorted(second.input_index);
}

std::vector<int> WorkedExample::source_cols() const {
  if (order[0] == Axis::Cols) {
    std::vector<int> all;
    for (const auto& s : first) all.insert(all.end(), s.input_index.begin(), s.input_index.end());
    return unique_sorted(all);
  }
  return unique_sorted(second.input_index);
}

WorkedExample make_worked_example(const Plan& plan, const Image& source, int out_row, int out_col,
                                  int channel) {
  if (source.rows() != plan.in_rows || source.cols() != plan.in_cols)
    throw std::invalid_argument("the image is " + std::to_string(source.rows()) + "x" +
                                std::to_string(source.cols()) + ", the plan was made for " +
                                std::to_string(plan.in_rows) + "x" + std::to_string(plan.in_cols));
  if (out_row < 0 || out_row >= plan.out_rows || out_col < 0 || out_col >= plan.out_cols)
    throw std::invalid_argument("output pixel (" + std::to_string(out_row) + ", " + std::to_string(out_col) +
                                ") is outside the " + std::to_string(plan.out_rows) + "x" +
                                std::to_string(plan.out_cols) + " result");
  if (channel < 0 || channel >= source.channels())
    throw std::invalid_argument("channel " + std::to_string(channel) + " is outside 0.." +
                                std::to_string(source.channels() - 1));
  WorkedExample w;
  w.out_row = out_row;
  w.out_col = out_col;
  w.channel = channel;
  w.type = source.type();
  w.order = plan.order;
  // Logical: MATLAB resizes im2uint8(A) (0 / 255) as uint8 and returns the result > 128.
  const bool logical = source.type() == ElemType::Logical;
  const ElemType pass_type = logical ? ElemType::U8 : source.type();
  const double in_scale = logical ? 255.0 : 1.0;
  const Axis a1 = plan.order[0], a2 = plan.order[1];
  const AxisTable& t1 = plan.table(a1);
  const AxisTable& t2 = plan.table(a2);
  // Second pass: output index along a2; the fixed coordinate is the final index along a1.
  const int out2 = a2 == Axis::Rows ? out_row : out_col;
  const int fixed2 = a2 == Axis::Rows ? out_col : out_row;
  // The intermediate value at position j along a2 is the first pass at output fixed2 along a1,
  // with j as its fixed coordinate: computed once per tap, in tap order.
  auto first_pass = [&](int j) {
    return make_step(t1, a1, fixed2, j, pass_type, [&](int i) {
      return in_scale * (a1 == Axis::Rows ? source.at(i, j, channel) : source.at(j, i, channel));
    });
  };
  w.second = make_step(t2, a2, out2, fixed2, pass_type, [&](int j) {
    w.first.push_back(first_pass(j));
    return w.first.back().result;
  });
  w.value = logical ? (w.second.result > 128.0 ? 1.0 : 0.0) : w.second.result;
  return w;
}

std::string to_text(const WorkedExample& w, const Plan& plan) {
  std::ostringstream o;
  o << "Output pixel (row " << w.out_row + 1 << ", column " << w.out_col + 1 << ", channel " << w.channel + 1
    << "), 1-based as in MATLAB; " << to_string(w.type) << "\n";
  o << "Result " << fmt(w.value) << ": pass 1 along " << axis_name(w.order[0]) << " gives the "
    << w.first.size() << " intermediate values that pass 2 along " << axis_name(w.order[1]) << " combines\n";
  auto step_text = [&](const WorkedStep& s, int pass) {
    const AxisTable& t = plan.table(s.axis);
    o << "Pass " << pass << " along " << axis_name(s.axis) << ": output index " << s.out_index + 1 << " ("
      << (s.axis == Axis::Rows ? "column " : "row ") << s.fixed_index + 1 << ")\n";
    o << "  scale " << fmt(t.scale, 10) << ", kernel width " << fmt(t.kernel_width, 10)
      << (t.antialiased ? " (widened by 1/scale)" : "") << "\n";
    o << "  u = x/s + 0.5(1 - 1/s) = " << fmt(s.u, 12) << ", left = floor(u - width/2) = " << s.left
      << ", P = " << s.taps_full << ", kept " << s.weight.size() << "\n";
    for (std::size_t k = 0; k < s.weight.size(); ++k) {
      o << "    tap " << s.kept[k] + 1 << ": index " << s.unmapped_index[k] + 1;
      if (s.unmapped_index[k] != s.input_index[k]) o << " -> " << s.input_index[k] + 1;
      o << "  w = " << fmt(s.weight[k], 10) << "  x = " << fmt(s.value[k], 10)
        << "  w*x = " << fmt(s.product[k], 10) << "\n";
    }
    o << "  sum = " << fmt(s.sum) << " -> " << fmt(s.result) << "\n";
  };
  for (std::size_t i = 0; i < w.first.size(); ++i) step_text(w.first[i], 1);
  step_text(w.second, 2);
  if (w.type == ElemType::Logical)
    o << "Logical: the passes ran on im2uint8 (true = 255) as uint8; " << fmt(w.second.result) << " > 128 is "
      << (w.value != 0.0 ? "true" : "false") << "\n";
  o << "Result: " << fmt(w.value) << "\n";
  return o.str();
}

}  // namespace rl
