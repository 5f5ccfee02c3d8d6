// The teaching plots' numbers (see teaching.hpp): every kernel, weight and position from the plan.
#include "rl/teaching.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "rl/tap.hpp"

namespace rl {
namespace {

// MATLAB's cast of a float64 sum to the element type, back as a double.
// Logical images run their passes as uint8 0/255 (docs/MATLAB.md), so their pass values are uint8's.
double cast_to(ElemType t, double v) {
  if (t == ElemType::Logical) return from_double<std::uint8_t>(v);
  return visit_elem_type(t, [&](auto x) -> double {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>)
      return from_double<std::uint8_t>(v);
    else
      return static_cast<double>(from_double<T>(v));
  });
}

Kernel applied_on(const Plan& plan, Axis axis) {
  const AxisTable& t = plan.table(axis);
  return applied_kernel(plan.kernel, t.scale, plan.antialiasing);
}

double reconstruct(const Kernel& h, Boundary boundary, const std::vector<double>& p, double x) {
  const int n = static_cast<int>(p.size());
  // Every i with |x - i| < width/2 (the plan's P = ceil(width) + 2 taps cover the same set).
  const long long lo = static_cast<long long>(std::floor(x - h.width / 2)) - 1;
  const long long hi = static_cast<long long>(std::ceil(x + h.width / 2)) + 1;
  double acc = 0.0, norm = 0.0;
  for (long long i = lo; i <= hi; ++i) {
    const double w = h.fn(x - static_cast<double>(i));
    if (w == 0.0) continue;
    acc += w * p[static_cast<std::size_t>(map_boundary(i, n, boundary))];
    norm += w;
  }
  return norm != 0.0 ? acc / norm : 0.0;
}

void require_length(const Plan& plan, Axis axis, const std::vector<double>& p) {
  const int n = plan.table(axis).in_size;
  if (static_cast<int>(p.size()) != n)
    throw std::invalid_argument("the signal has " + std::to_string(p.size()) + " samples; the plan's " +
                                (axis == Axis::Rows ? "rows" : "columns") + " axis reads " +
                                std::to_string(n));
}

}  // namespace

std::vector<double> frequency_response(const Kernel& h, const std::vector<double>& f) {
  if (!h.fn || !(h.width > 0) || !std::isfinite(h.width))
    throw std::invalid_argument("frequency_response needs a kernel with a positive finite width");
  // 8-point Gauss-Legendre nodes and weights on [-1, 1].
  static constexpr double kNode[4] = {0.1834346424956498, 0.5255324099163290, 0.7966664774136267,
                                      0.9602898564975363};
  static constexpr double kWeight[4] = {0.3626837833783620, 0.3137066458778873, 0.2223810344533745,
                                        0.1012285362903763};
  const int pieces = 8 * static_cast<int>(std::ceil(h.width));
  const double len = h.width / pieces;
  std::vector<double> x, wh;  // nodes and weight * h(node), sampled once for every f
  double dc = 0.0;
  for (int k = 0; k < pieces; ++k) {
    const double mid = -h.width / 2 + (k + 0.5) * len;
    for (int j = 0; j < 4; ++j)
      for (const double sign : {-1.0, 1.0}) {
        const double xi = mid + sign * kNode[j] * len / 2;
        const double v = kWeight[j] * len / 2 * h.fn(xi);
        x.push_back(xi);
        wh.push_back(v);
        dc += v;
      }
  }
  if (dc == 0.0) throw std::invalid_argument("the kernel integrates to 0; its response cannot be normalised");
  std::vector<double> out;
  out.reserve(f.size());
  for (const double fi : f) {
    double re = 0.0, im = 0.0;
    for (std::size_t k = 0; k < x.size(); ++k) {
      const double a = 2 * std::numbers::pi * fi * x[k];
      re += wh[k] * std::cos(a);
      im -= wh[k] * std::sin(a);
    }
    out.push_back(std::hypot(re, im) / std::abs(dc));
  }
  return out;
}

double frequency_response(const Kernel& h, double f) {
  return frequency_response(h, std::vector<double>{f})[0];
}

std::vector<double> frequency_response(const Plan& plan, Axis axis, const std::vector<double>& f) {
  const AxisTable& t = plan.table(axis);
  if (!widens(t.scale, plan.antialiasing)) return frequency_response(applied_on(plan, axis), f);
  std::vector<double> scaled;
  scaled.reserve(f.size());
  for (const double v : f) scaled.push_back(v / t.scale);
  return frequency_response(plan.kernel, scaled);
}

double reconstruct_at(const Plan& plan, Axis axis, const std::vector<double>& p, double x) {
  require_length(plan, axis, p);
  return reconstruct(applied_on(plan, axis), plan.boundary, p, x);
}

SamplingRow sampling_row(const Plan& plan, Axis axis, const std::vector<double>& p, ElemType type, double x0,
                         double x1, int samples) {
  require_length(plan, axis, p);
  if (samples < 2 || !std::isfinite(x0) || !std::isfinite(x1) || !(x1 > x0))
    throw std::invalid_argument("sampling_row needs x0 < x1 and at least 2 samples");
  const Kernel h = applied_on(plan, axis);
  const AxisTable& t = plan.table(axis);
  SamplingRow r;
  r.x.reserve(samples);
  r.curve.reserve(samples);
  for (int k = 0; k < samples; ++k) {
    const double x = x0 + (x1 - x0) * k / (samples - 1);
    r.x.push_back(x);
    r.curve.push_back(reconstruct(h, plan.boundary, p, x));
  }
  for (int o = 0; o < t.out_size; ++o) {
    const double s = tap_sum(t.weights_of(o), t.index_of(o), t.taps, p.data(), 1);
    r.u.push_back(t.u[static_cast<std::size_t>(o)] - 1.0);
    r.sum.push_back(s);
    r.value.push_back(cast_to(type, s));
  }
  return r;
}

std::vector<double> test_signal(TestSignal kind, int n) {
  if (n < 2) throw std::invalid_argument("a test signal needs at least 2 samples");
  std::vector<double> p(static_cast<std::size_t>(n), 0.0);
  switch (kind) {
    case TestSignal::Step:
      for (int i = n / 2; i < n; ++i) p[static_cast<std::size_t>(i)] = 1.0;
      break;
    case TestSignal::Impulse: p[static_cast<std::size_t>(n / 2)] = 1.0; break;
    case TestSignal::Chirp: {
      constexpr double f0 = 0.02, f1 = 0.75;
      for (int i = 0; i < n; ++i) {
        const double phase = f0 * i + (f1 - f0) * i * static_cast<double>(i) / (2.0 * (n - 1));
        p[static_cast<std::size_t>(i)] = 0.5 + 0.5 * std::cos(2 * std::numbers::pi * phase);
      }
      break;
    }
  }
  return p;
}

Plan plan_for_signal(const Plan& like, Axis axis, int n) {
  const AxisTable& t = like.table(axis);
  const double out = std::ceil(n * t.scale);
  if (!(out >= 1) || out > 1e8)
    throw std::invalid_argument("the test signal's output would be empty or too long");
  Plan p = like;
  AxisTable table =
      make_axis_table(n, static_cast<int>(out), t.scale, like.kernel, like.antialiasing, like.boundary);
  if (axis == Axis::Rows) {
    p.rows = std::move(table);
    p.in_rows = n;
    p.out_rows = p.rows.out_size;
  } else {
    p.cols = std::move(table);
    p.in_cols = n;
    p.out_cols = p.cols.out_size;
  }
  return p;
}

LineProfile line_profile(const Image& img, double r0, double c0, double r1, double c1) {
  if (img.empty()) throw std::invalid_argument("line_profile needs a non-empty image");
  if (!std::isfinite(r0) || !std::isfinite(c0) || !std::isfinite(r1) || !std::isfinite(c1))
    throw std::invalid_argument("line_profile needs finite coordinates");
  const double dr = r1 - r0, dc = c1 - c0;
  const double steps = std::ceil(std::max(std::abs(dr), std::abs(dc)));
  if (steps > 1e8) throw std::invalid_argument("the line is too long");
  const int n = static_cast<int>(steps) + 1;
  const double length = std::hypot(dr, dc);
  LineProfile lp;
  lp.channels = img.channels();
  const auto nearest = [](double v, int size) {
    return static_cast<int>(std::clamp(std::floor(v + 0.5), 0.0, static_cast<double>(size - 1)));
  };
  for (int k = 0; k < n; ++k) {
    const double t = n == 1 ? 0.0 : static_cast<double>(k) / (n - 1);
    const int r = nearest(r0 + t * dr, img.rows()), c = nearest(c0 + t * dc, img.cols());
    lp.distance.push_back(t * length);
    lp.t.push_back(t);
    lp.row.push_back(r);
    lp.col.push_back(c);
    for (int ch = 0; ch < lp.channels; ++ch) lp.values.push_back(img.at(r, c, ch));
    // MATLAB rgb2gray: 0.298936021293775 R + 0.587043074451121 G + 0.114020904255103 B.
    lp.luma.push_back(lp.channels >= 3
                          ? 0.298936021293775 * img.at(r, c, 0) + 0.587043074451121 * img.at(r, c, 1) +
                                0.114020904255103 * img.at(r, c, 2)
                          : img.at(r, c, 0));
  }
  return lp;
}

double output_position(const AxisTable& table, double x) { return (x + 0.5) * table.scale - 0.5; }

}  // namespace rl
