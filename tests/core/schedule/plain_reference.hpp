// The plain reference for the CPU resizer's schedule tests: one 1-D pass written the obvious way,
// every output element one rl::tap_sum over the plan's table followed by rl::from_double, and the two
// passes in the plan's order.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>

#include "rl/convert.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/tap.hpp"

namespace rl_test {

template <class T>
rl::Image reference_pass(const rl::AxisTable& t, rl::Axis axis, const rl::Image& in) {
  const int ch = in.channels();
  rl::Image out = axis == rl::Axis::Rows ? rl::Image(t.out_size, in.cols(), ch, in.type())
                                         : rl::Image(in.rows(), t.out_size, ch, in.type());
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  const std::ptrdiff_t in_len = static_cast<std::ptrdiff_t>(in.row_stride());
  for (int r = 0; r < out.rows(); ++r)
    for (int c = 0; c < out.cols(); ++c)
      for (int k = 0; k < ch; ++k) {
        const double v = axis == rl::Axis::Rows
                             ? rl::tap_sum(t.weights_of(r), t.index_of(r), t.taps, src + c * ch + k, in_len)
                             : rl::tap_sum(t.weights_of(c), t.index_of(c), t.taps, src + r * in_len + k, ch);
        dst[(static_cast<std::size_t>(r) * out.cols() + c) * ch + k] = rl::from_double<T>(v);
      }
  return out;
}

template <class T>
rl::Image reference_run(const rl::Plan& p, const rl::Image& in) {
  const rl::Image mid = reference_pass<T>(p.table(p.order[0]), p.order[0], in);
  return reference_pass<T>(p.table(p.order[1]), p.order[1], mid);
}

// The plan for a random case, or nothing when the spec is refused for that shape (the case is skipped).
inline std::optional<rl::Plan> plan_or_none(const rl::ResizeSpec& spec, int rows, int cols, int channels) {
  rl::PlanLimits limits;
  limits.channels = channels;
  try {
    return rl::make_plan(spec, rows, cols, limits);
  } catch (const std::invalid_argument&) {
    return std::nullopt;
  }
}

}  // namespace rl_test
