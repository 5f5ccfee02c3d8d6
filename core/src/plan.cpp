// Plan construction: MATLAB imresize's output-size rules, dimension order and contributions().
#include "rl/plan.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>

namespace rl {

namespace {

std::string num(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

void require_valid_scale(double s) {
  if (!(std::isfinite(s) && s > 0))
    throw std::invalid_argument("scale must be a positive finite number, got " + num(s));
}

// MATLAB's mod for the mirror rule: always in [0, m).
long long pos_mod(long long a, long long m) {
  long long r = a % m;
  return r < 0 ? r + m : r;
}

constexpr double kMaxDim = 2147483647.0;  // what an int side can hold

int checked_size(double v, const char* what) {
  if (!(v >= 1))
    throw std::invalid_argument(std::string("the result would be empty (") + what + " = " + num(v) + ")");
  if (v > kMaxDim)
    throw std::invalid_argument(std::string("the result is too large (") + what + " = " + num(v) + ")");
  return static_cast<int>(v);
}

}  // namespace

std::array<Axis, 2> pass_order(double scale_rows, double scale_cols) {
  return scale_cols < scale_rows ? std::array{Axis::Cols, Axis::Rows} : std::array{Axis::Rows, Axis::Cols};
}

std::pair<int, int> intermediate_shape(Axis first, int in_rows, int in_cols, int out_rows, int out_cols) {
  return first == Axis::Rows ? std::pair{out_rows, in_cols} : std::pair{in_rows, out_cols};
}

std::pair<int, int> Plan::intermediate_shape() const {
  return rl::intermediate_shape(order[0], in_rows, in_cols, out_rows, out_cols);
}

bool Plan::is_identity() const {
  const auto identity = [](const AxisTable& t) {
    if (t.out_size != t.in_size || t.taps != 1) return false;
    for (int o = 0; o < t.out_size; ++o)
      if (t.weights[static_cast<std::size_t>(o)] != 1.0 || t.index[static_cast<std::size_t>(o)] != o)
        return false;
    return true;
  };
  return identity(rows) && identity(cols);
}

std::string element_limit_excess(int out_rows, int out_cols, int mid_rows, int mid_cols,
                                 const PlanLimits& limits) {
  if (limits.max_elements == 0) return {};
  const double out_px = static_cast<double>(out_rows) * out_cols;
  const double mid_px = static_cast<double>(mid_rows) * mid_cols;
  const int ch = std::max(1, limits.channels);
  if (std::max(out_px, mid_px) * ch <= static_cast<double>(limits.max_elements)) return {};
  std::ostringstream m;
  m << "the result would be " << out_rows << "x" << out_cols << "x" << ch;
  if (!limits.type_name.empty()) m << " " << limits.type_name;
  if (mid_px > out_px) m << " (its intermediate pass " << mid_rows << "x" << mid_cols << ")";
  m << ", over the limit of ";
  if (limits.description.empty())
    m << limits.max_elements << " elements";
  else
    m << limits.description;
  return m.str();
}

SizeAndScale derive_size_and_scale(const ResizeSpec& spec, int in_rows, int in_cols) {
  if (in_rows < 1 || in_cols < 1)
    throw std::invalid_argument("the input image is empty (" + std::to_string(in_rows) + "x" +
                                std::to_string(in_cols) + ")");
  if (spec.scale.has_value() == spec.out_size.has_value())
    throw std::invalid_argument("give either a scale or an output size, not both and not neither");
  SizeAndScale r{};
  if (spec.scale) {
    const auto [sr, sc] = *spec.scale;
    require_valid_scale(sr);
    require_valid_scale(sc);
    r.scale_rows = sr;
    r.scale_cols = sc;
    r.out_rows = checked_size(std::ceil(sr * in_rows), "rows");
    r.out_cols = checked_size(std::ceil(sc * in_cols), "columns");
    return r;
  }
  double orow = spec.out_size->first, ocol = spec.out_size->second;
  const bool nan_r = std::isnan(orow), nan_c = std::isnan(ocol);
  if (nan_r && nan_c) throw std::invalid_argument("output size: at most one of rows and columns may be NaN");
  for (double v : {orow, ocol}) {
    if (std::isnan(v)) continue;
    if (!std::isfinite(v) || v < 1 || v != std::floor(v))
      throw std::invalid_argument("output size must be positive integers (or NaN for one side), got " +
                                  num(v));
  }
  // MATLAB: the NaN side gets ceil(other_out * this_in / other_in); its scale is the other axis' scale.
  if (nan_r) orow = std::ceil(ocol * in_rows / in_cols);
  if (nan_c) ocol = std::ceil(orow * in_cols / in_rows);
  r.out_rows = checked_size(orow, "rows");
  r.out_cols = checked_size(ocol, "columns");
  double sr = static_cast<double>(r.out_rows) / in_rows;
  double sc = static_cast<double>(r.out_cols) / in_cols;
  if (nan_r) sr = sc;
  if (nan_c) sc = sr;
  r.scale_rows = sr;
  r.scale_cols = sc;
  return r;
}

int map_boundary(long long i, int in_size, Boundary boundary) {
  const long long len = in_size;
  if (boundary == Boundary::Legacy) return static_cast<int>(std::clamp(i, 0LL, len - 1));
  const long long r = pos_mod(i, 2 * len);  // MATLAB's aux = [1:n, n:-1:1]
  return static_cast<int>(r < len ? r : 2 * len - 1 - r);
}

AxisTable make_axis_table(int in_size, int out_size, double scale, const Kernel& kernel, bool antialiasing,
                          Boundary boundary) {
  if (in_size < 1 || out_size < 1) throw std::invalid_argument("axis sizes must be positive");
  require_valid_scale(scale);
  if (!kernel.fn) throw std::invalid_argument("the kernel has no function");
  if (!(std::isfinite(kernel.width) && kernel.width > 0))
    throw std::invalid_argument("kernel width must be a positive finite number, got " + num(kernel.width));

  AxisTable t;
  t.in_size = in_size;
  t.out_size = out_size;
  t.scale = scale;
  t.antialiased = widens(scale, antialiasing);
  double width = kernel.width;
  if (t.antialiased) width = width / scale;
  t.kernel_width = width;
  const double p_full = std::ceil(width) + 2;
  if (!(p_full <= 1e7) || static_cast<double>(out_size) * p_full > 4e9)
    throw std::invalid_argument("the kernel is too wide for this scale (" + num(p_full) +
                                " taps per output)");
  const int P = static_cast<int>(p_full);
  t.taps_full = P;
  // Sample positions must fit the int `left` column (and the long long mapping below): a tiny scale
  // without antialiasing puts u near 0.5/scale, far outside any image.
  {
    const double u_first = 1.0 / scale + 0.5 * (1 - 1 / scale);
    const double u_last = static_cast<double>(out_size) / scale + 0.5 * (1 - 1 / scale);
    const double lo = std::floor(std::min(u_first, u_last) - width / 2);
    const double hi = std::floor(std::max(u_first, u_last) - width / 2) + P;
    if (!(lo >= -2147483647.0 && hi <= 2147483647.0))
      throw std::invalid_argument("scale " + num(scale) + " is too extreme for " + std::to_string(in_size) +
                                  " input samples (sample positions leave the representable range)");
  }

  const std::size_t n = static_cast<std::size_t>(out_size);
  std::vector<double> w(n * P);
  std::vector<long long> idx(n * P);
  t.u.resize(n);
  t.left.resize(n);
  for (std::size_t o = 0; o < n; ++o) {
    const double x = static_cast<double>(o + 1);
    const double u = x / scale + 0.5 * (1 - 1 / scale);
    const double left = std::floor(u - width / 2);
    t.u[o] = u;
    t.left[o] = static_cast<int>(left);
    double sum = 0.0;
    for (int k = 0; k < P; ++k) {
      const double j = left + k;  // 1-based input position
      const double d = u - j;
      const double v = t.antialiased ? scale * kernel.fn(scale * d) : kernel.fn(d);
      w[o * P + k] = v;
      idx[o * P + k] = static_cast<long long>(j);
      sum += v;
    }
    // A zero or non-finite sum (only a custom kernel can produce one) would turn every weight into
    // inf/NaN; MATLAB would do the same silently, but no caller wants that.
    if (!(std::isfinite(sum) && sum != 0.0))
      throw std::invalid_argument("the kernel's weights sum to " + num(sum) + " for output " +
                                  std::to_string(o + 1) + "; they cannot be normalised");
    for (int k = 0; k < P; ++k) w[o * P + k] = w[o * P + k] / sum;
  }

  // Boundary: map 1-based positions into [1, in_size], then to 0-based.
  for (auto& j : idx) j = map_boundary(j - 1, in_size, boundary);

  // Remove tap columns whose weight is zero for every output (MATLAB: ~any(weights, 1)).
  for (int k = 0; k < P; ++k) {
    bool any = false;
    for (std::size_t o = 0; o < n && !any; ++o) any = w[o * P + k] != 0.0;
    if (any) t.kept.push_back(k);
  }
  t.taps = static_cast<int>(t.kept.size());
  t.weights.resize(n * t.taps);
  t.index.resize(n * t.taps);
  for (std::size_t o = 0; o < n; ++o)
    for (int q = 0; q < t.taps; ++q) {
      t.weights[o * t.taps + q] = w[o * P + t.kept[q]];
      t.index[o * t.taps + q] = static_cast<std::int32_t>(idx[o * P + t.kept[q]]);
    }
  return t;
}

Plan make_plan(const ResizeSpec& spec, int in_rows, int in_cols, const PlanLimits& limits) {
  const SizeAndScale ss = derive_size_and_scale(spec, in_rows, in_cols);
  Plan p;
  p.in_rows = in_rows;
  p.in_cols = in_cols;
  p.out_rows = ss.out_rows;
  p.out_cols = ss.out_cols;
  p.method = spec.method;
  p.kernel = spec.method == Method::Custom ? spec.custom : kernel_for(spec.method);
  p.antialiasing = spec.effective_antialiasing();
  p.boundary = spec.boundary;
  p.order = pass_order(ss.scale_rows, ss.scale_cols);
  const auto [mid_rows, mid_cols] = p.intermediate_shape();
  if (const std::string excess = element_limit_excess(p.out_rows, p.out_cols, mid_rows, mid_cols, limits);
      !excess.empty())
    throw std::invalid_argument(excess);
  if (limits.max_table_entries > 0 && std::isfinite(p.kernel.width) && p.kernel.width > 0) {
    // Checked before building: the tables are allocated at full width (P taps) first.
    const auto check_table = [&](const char* what, int out, double scale) {
      double width = p.kernel.width;
      if (widens(scale, p.antialiasing)) width /= scale;
      const double entries = static_cast<double>(out) * (std::ceil(width) + 2);
      if (!(entries <= static_cast<double>(limits.max_table_entries))) {
        std::ostringstream m;
        m << "the " << what << " contribution table would hold " << entries << " weights (" << out
          << " outputs x " << std::ceil(width) + 2 << " taps), over the limit of "
          << limits.max_table_entries;
        throw std::invalid_argument(m.str());
      }
    };
    check_table("rows", p.out_rows, ss.scale_rows);
    check_table("columns", p.out_cols, ss.scale_cols);
  }
  p.rows = make_axis_table(in_rows, p.out_rows, ss.scale_rows, p.kernel, p.antialiasing, p.boundary);
  p.cols = make_axis_table(in_cols, p.out_cols, ss.scale_cols, p.kernel, p.antialiasing, p.boundary);
  return p;
}

}  // namespace rl
