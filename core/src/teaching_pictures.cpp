// The 2-D teaching pictures' numbers (see teaching_pictures.hpp): centres from the plan's u and the
// peers' tables, the tap window from the plan's tables and the worked example, the surface from
// core's kernels with the plan's boundary rule and normalisation.
#include "rl/teaching_pictures.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "rl/worked_example.hpp"

namespace rl {
namespace {

std::vector<double> zero_based(const std::vector<double>& one_based_u) {
  std::vector<double> v;
  v.reserve(one_based_u.size());
  for (const double u : one_based_u) v.push_back(u - 1.0);
  return v;
}

peers::PeerSpec peer_of(MappingConvention c) {
  using peers::Library;
  using peers::PeerMethod;
  switch (c) {
    case MappingConvention::AlignCorners: return {Library::Torch, PeerMethod::Bilinear, false, true};
    case MappingConvention::OpenCV: return {Library::OpenCV, PeerMethod::Bilinear, false, false};
    case MappingConvention::OpenCVNearest: return {Library::OpenCV, PeerMethod::Nearest, false, false};
    case MappingConvention::Pillow: return {Library::Pillow, PeerMethod::Bilinear, false, false};
    case MappingConvention::Matlab: break;
  }
  throw std::logic_error("MATLAB's mapping is the plan's, not a peer's");
}

const char* formula_of(MappingConvention c) {
  switch (c) {
    case MappingConvention::Matlab: return "x = (x' + 0.5) / s - 0.5";
    case MappingConvention::AlignCorners: return "x = x' (n - 1) / (N - 1)";
    case MappingConvention::OpenCV: return "x = (x' + 0.5) / fx - 0.5, N = cvRound(n fx)";
    case MappingConvention::OpenCVNearest: return "x = x' / fx, read at floor(x)";
    case MappingConvention::Pillow: return "x = (x' + 0.5) n / N - 0.5, N = round(s n)";
  }
  return "";
}

void require_channel(const Image& source, int channel) {
  if (source.empty()) throw std::invalid_argument("the surface needs a non-empty image");
  if (channel < 0 || channel >= source.channels())
    throw std::invalid_argument("channel " + std::to_string(channel) + " is outside 0.." +
                                std::to_string(source.channels() - 1));
}

// The kernel's values at x - i for every i it reaches, normalised to sum 1 as the plan normalises
// its weights; `first` is the first i.
std::vector<double> taps_at(const Kernel& k, double x, long long& first) {
  first = static_cast<long long>(std::floor(x - k.width / 2)) - 1;
  const long long last = static_cast<long long>(std::ceil(x + k.width / 2)) + 1;
  std::vector<double> w;
  double norm = 0.0;
  for (long long i = first; i <= last; ++i) {
    w.push_back(k.fn(x - static_cast<double>(i)));
    norm += w.back();
  }
  if (norm != 0.0)
    for (double& v : w) v /= norm;
  return w;
}

}  // namespace

const std::vector<MappingConvention>& mapping_conventions() {
  static const std::vector<MappingConvention> all = {
      MappingConvention::Matlab, MappingConvention::AlignCorners, MappingConvention::OpenCV,
      MappingConvention::OpenCVNearest, MappingConvention::Pillow};
  return all;
}

std::string to_string(MappingConvention c) {
  switch (c) {
    case MappingConvention::Matlab: return "MATLAB (half-pixel)";
    case MappingConvention::AlignCorners: return "align_corners=True";
    case MappingConvention::OpenCV: return "OpenCV INTER_LINEAR";
    case MappingConvention::OpenCVNearest: return "OpenCV INTER_NEAREST";
    case MappingConvention::Pillow: return "Pillow";
  }
  return "";
}

CentreMapping centre_mapping(const Plan& plan, MappingConvention c) {
  CentreMapping m;
  m.convention = c;
  m.formula = formula_of(c);
  m.in_rows = plan.in_rows;
  m.in_cols = plan.in_cols;
  if (c == MappingConvention::Matlab) {
    m.out_rows = plan.out_rows;
    m.out_cols = plan.out_cols;
    m.rows = zero_based(plan.rows.u);
    m.cols = zero_based(plan.cols.u);
    return m;
  }
  const peers::PeerTables t =
      peers::peer_tables(peer_of(c), plan.in_rows, plan.in_cols,
                         peers::PeerTarget::with_scale(plan.rows.scale, plan.cols.scale), ElemType::F32);
  m.out_rows = t.out_rows;
  m.out_cols = t.out_cols;
  m.rows = zero_based(t.rows.table.u);
  m.cols = zero_based(t.cols.table.u);
  return m;
}

TapWindow tap_window(const Plan& plan, const Image& source, int out_row, int out_col, int channel) {
  // The worked example checks the image, pixel and channel, and computes the plan's own result.
  const WorkedExample ex = make_worked_example(plan, source, out_row, out_col, channel);
  TapWindow w;
  w.out_row = out_row;
  w.out_col = out_col;
  w.channel = channel;
  w.u_row = plan.rows.u[static_cast<std::size_t>(out_row)] - 1.0;
  w.u_col = plan.cols.u[static_cast<std::size_t>(out_col)] - 1.0;
  const auto read_axis = [](const AxisTable& t, int o, std::vector<int>& pos, std::vector<int>& src,
                            std::vector<double>& weight) {
    for (int k = 0; k < t.taps; ++k) {
      pos.push_back(t.left[static_cast<std::size_t>(o)] + t.kept[static_cast<std::size_t>(k)] - 1);
      src.push_back(t.index_of(o)[k]);
      weight.push_back(t.weights_of(o)[k]);
    }
  };
  read_axis(plan.rows, out_row, w.rows, w.src_rows, w.row_weight);
  read_axis(plan.cols, out_col, w.cols, w.src_cols, w.col_weight);
  for (std::size_t i = 0; i < w.rows.size(); ++i)
    for (std::size_t j = 0; j < w.cols.size(); ++j) {
      const double weight = w.row_weight[i] * w.col_weight[j];
      const double v = source.at(w.src_rows[i], w.src_cols[j], channel);
      w.weight.push_back(weight);
      w.value.push_back(v);
      w.sum += weight * v;
    }
  w.result = ex.value;
  return w;
}

double surface_at(const Image& source, Method method, Boundary boundary, int channel, double y, double x) {
  require_channel(source, channel);
  const Kernel k = kernel_for(method);
  long long r0 = 0, c0 = 0;
  const std::vector<double> wy = taps_at(k, y, r0), wx = taps_at(k, x, c0);
  double acc = 0.0;
  for (std::size_t i = 0; i < wy.size(); ++i) {
    if (wy[i] == 0.0) continue;
    const int r = map_boundary(r0 + static_cast<long long>(i), source.rows(), boundary);
    double row = 0.0;
    for (std::size_t j = 0; j < wx.size(); ++j)
      if (wx[j] != 0.0)
        row += wx[j] *
               source.at(r, map_boundary(c0 + static_cast<long long>(j), source.cols(), boundary), channel);
    acc += wy[i] * row;
  }
  return acc;
}

Surface surface_grid(const Image& source, Method method, Boundary boundary, int channel, double centre_row,
                     double centre_col, int pixels, int per_pixel) {
  require_channel(source, channel);
  if (method == Method::Custom) throw std::invalid_argument("the surface needs a built-in method");
  if (per_pixel < 1 || pixels < 1 || !std::isfinite(centre_row) || !std::isfinite(centre_col))
    throw std::invalid_argument("the surface needs a finite centre, pixels >= 1 and per_pixel >= 1");
  Surface s;
  s.method = method;
  s.channel = channel;
  // The region's first pixel: the centre pixel minus half the region, kept inside the image.
  const auto span = [&](double centre, int size, double& lo, double& hi) {
    const int n = std::min(pixels, size);
    const int mid = static_cast<int>(std::clamp(std::floor(centre + 0.5), 0.0, size - 1.0));
    const int first = std::clamp(mid - n / 2, 0, size - n);
    lo = first - 0.5;
    hi = first + n - 0.5;
    return n * per_pixel + 1;
  };
  s.ny = span(centre_row, source.rows(), s.row0, s.row1);
  s.nx = span(centre_col, source.cols(), s.col0, s.col1);
  for (int i = 0; i < s.ny; ++i) s.y.push_back(s.row0 + (s.row1 - s.row0) * i / (s.ny - 1));
  for (int j = 0; j < s.nx; ++j) s.x.push_back(s.col0 + (s.col1 - s.col0) * j / (s.nx - 1));
  s.height.reserve(static_cast<std::size_t>(s.ny) * s.nx);
  for (const double y : s.y)
    for (const double x : s.x) s.height.push_back(surface_at(source, method, boundary, channel, y, x));
  return s;
}

}  // namespace rl
