// libFuzzer target: plan construction with random input sizes, scales or output sizes, methods,
// antialiasing and boundaries. make_plan must either refuse with std::invalid_argument or return
// tables a resizer can trust (indices in range, finite weights summing to 1); small plans are then
// run on uint8 and float64 images. Sizes and limits are bounded so no run allocates more than
// ~100 MB.
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>

#include "fuzz_input.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace {

// A scale: raw double bits (NaN, inf, subnormal, negative...) or a fraction p/q of small integers.
double take_scale(rl::fuzz::Input& in) {
  const std::uint8_t how = in.take<std::uint8_t>();
  if (how & 1) return in.take<double>();
  const double p = 1 + in.take<std::uint8_t>() % 64, q = 1 + in.take<std::uint8_t>() % 64;
  return (how & 2) ? q / p : p / q;
}

double take_side(rl::fuzz::Input& in) {
  const std::uint8_t how = in.take<std::uint8_t>();
  switch (how % 4) {
    case 0: return rl::kNaN;
    case 1: return in.take<double>();
    default: return 1 + in.take<std::uint16_t>() % 3000;
  }
}

void check_table(const rl::AxisTable& t, int in_size, int out_size) {
  RL_FUZZ_CHECK(t.in_size == in_size && t.out_size == out_size);
  RL_FUZZ_CHECK(t.taps >= 1 && t.taps <= t.taps_full);
  RL_FUZZ_CHECK(t.weights.size() == static_cast<std::size_t>(out_size) * t.taps);
  RL_FUZZ_CHECK(t.index.size() == t.weights.size());
  RL_FUZZ_CHECK(static_cast<int>(t.kept.size()) == t.taps);
  for (int o = 0; o < out_size; ++o) {
    double sum = 0;
    for (int k = 0; k < t.taps; ++k) {
      RL_FUZZ_CHECK(t.index_of(o)[k] >= 0 && t.index_of(o)[k] < in_size);
      RL_FUZZ_CHECK(std::isfinite(t.weights_of(o)[k]));
      sum += t.weights_of(o)[k];
    }
    RL_FUZZ_CHECK(std::abs(sum - 1.0) < 1e-6);
  }
}

bool non_negative(rl::Method m) {
  return m == rl::Method::Nearest || m == rl::Method::Box || m == rl::Method::Triangle ||
         m == rl::Method::Bilinear;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rl::fuzz::Input in(data, size);
  const std::uint8_t flags = in.take<std::uint8_t>();
  const int rows = 1 + in.take<std::uint16_t>() % 2048;
  const int cols = 1 + in.take<std::uint16_t>() % 2048;
  rl::ResizeSpec spec;
  spec.method = rl::builtin_methods()[flags % rl::builtin_methods().size()];
  const int aa = (flags >> 3) % 3;
  if (aa) spec.antialiasing = aa == 1;
  spec.boundary = (flags >> 5) & 1 ? rl::Boundary::Legacy : rl::Boundary::Modern;
  if ((flags >> 6) & 1) {
    spec.out_size = {{take_side(in), take_side(in)}};
  } else if ((flags >> 7) & 1) {
    const double s = take_scale(in);
    spec.scale = {{s, s}};
  } else {
    const double sr = take_scale(in);
    spec.scale = {{sr, take_scale(in)}};
  }
  rl::PlanLimits lim;
  lim.channels = 1 + in.take<std::uint8_t>() % 4;
  lim.max_elements = std::size_t{1} << 20;
  lim.max_table_entries = std::size_t{1} << 21;

  rl::Plan plan;
  try {
    plan = rl::make_plan(spec, rows, cols, lim);
  } catch (const std::invalid_argument&) {
    return 0;
  }
  RL_FUZZ_CHECK(plan.in_rows == rows && plan.in_cols == cols);
  RL_FUZZ_CHECK(plan.out_rows >= 1 && plan.out_cols >= 1);
  const auto [ir, ic] = plan.intermediate_shape();
  RL_FUZZ_CHECK(static_cast<double>(std::max(plan.out_rows * 1.0 * plan.out_cols, ir * 1.0 * ic)) *
                    lim.channels <=
                static_cast<double>(lim.max_elements));
  check_table(plan.rows, rows, plan.out_rows);
  check_table(plan.cols, cols, plan.out_cols);

  // Run small plans: finite input gives finite output; non-negative kernels stay within the input range.
  if (static_cast<double>(rows) * cols <= 4096 &&
      static_cast<double>(plan.out_rows) * plan.out_cols <= 16384) {
    rl::Image u8(rows, cols, 1, rl::ElemType::U8), f64(rows, cols, 1, rl::ElemType::F64);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        const int v = 40 + (r * 37 + c * 91 + r * c) % 170;
        u8.set(r, c, 0, v);
        f64.set(r, c, 0, v / 255.0);
      }
    rl::RunOptions one_thread;
    one_thread.threads = 1;
    const rl::Image a = rl::run(plan, u8, one_thread);
    const rl::Image b = rl::run(plan, f64, one_thread);
    RL_FUZZ_CHECK(a.rows() == plan.out_rows && a.cols() == plan.out_cols);
    for (int r = 0; r < b.rows(); ++r)
      for (int c = 0; c < b.cols(); ++c) {
        RL_FUZZ_CHECK(std::isfinite(b.at(r, c)));
        if (non_negative(plan.method)) {
          RL_FUZZ_CHECK(a.at(r, c) >= 40 && a.at(r, c) <= 209);
          RL_FUZZ_CHECK(b.at(r, c) >= 40 / 255.0 - 1e-12 && b.at(r, c) <= 209 / 255.0 + 1e-12);
        }
      }
  }
  return 0;
}
