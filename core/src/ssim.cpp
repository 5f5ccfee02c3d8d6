// The SSIM variants: the windows each source builds, its filtering, and one map formula for all.
#include "rl/ssim.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "resize_dispatch.hpp"
#include "rl/parallel.hpp"
#include "thread_pool.hpp"

namespace rl {

namespace {

// x, y, x*x, y*y, x*y of two images (or their filtered versions), plane by plane, row-major.
constexpr int kPlanes = 5;
struct Planes {
  int rows = 0, cols = 0;
  std::array<std::vector<double>, kPlanes> p;
};

std::string shape_text(const Image& img) {
  return std::to_string(img.rows()) + "x" + std::to_string(img.cols()) + "x" + std::to_string(img.channels());
}

void require_pair(const Image& a, const Image& b) {
  if (!a.same_shape(b))
    throw std::invalid_argument("SSIM needs two images of one shape, got " + shape_text(a) + " and " +
                                shape_text(b));
  if (a.channels() != 1)
    throw std::invalid_argument("SSIM scores one channel at a time, got " + shape_text(a));
  if (a.type() == ElemType::Logical || b.type() == ElemType::Logical)
    throw std::invalid_argument("SSIM takes numeric images, not logical");
}

Planes planes_of(const Image& a, const Image& b) {
  Planes out;
  out.rows = a.rows();
  out.cols = a.cols();
  const std::size_t n = a.elements();
  for (auto& v : out.p) v.resize(n);
  read_as_double(a, 0, n, out.p[0].data());
  read_as_double(b, 0, n, out.p[1].data());
  for (std::size_t i = 0; i < n; ++i) {
    const double x = out.p[0][i], y = out.p[1][i];
    out.p[2][i] = x * x;
    out.p[3][i] = y * y;
    out.p[4][i] = x * y;
  }
  return out;
}

// One imfilter(X, h, 'replicate', 'same') pass, down the columns or along the rows.
Planes replicate_pass(const Planes& in, const std::vector<double>& h, bool down_columns) {
  const int k = static_cast<int>(h.size()), half = k / 2;
  const long long rows = in.rows, cols = in.cols;
  Planes out = in;
  detail::parallel_for(rows, 0, 4, [&](long long begin, long long end) {
    for (long long i = begin; i < end; ++i)
      for (int p = 0; p < kPlanes; ++p)
        for (long long j = 0; j < cols; ++j) {
          double s = 0.0;
          for (int t = 0; t < k; ++t) {
            const long long src = down_columns ? std::clamp<long long>(i + t - half, 0, rows - 1) * cols + j
                                               : i * cols + std::clamp<long long>(j + t - half, 0, cols - 1);
            s += h[t] * in.p[p][src];
          }
          out.p[p][i * cols + j] = s;
        }
  });
  return out;
}

// imgaussfilt's separable spatial path: the column kernel first, then the row kernel.
Planes gaussian_replicate(const Planes& in, const std::vector<double>& h) {
  return replicate_pass(replicate_pass(in, h, true), h, false);
}

// The map every source writes: ((2 mu1 mu2 + C1)(2 sigma12 + C2)) / ((mu1^2 + mu2^2 + C1)
// (sigma1^2 + sigma2^2 + C2)), sigma from the filtered squares minus the squared means.
struct SsimConstants {
  double c1, c2;
  explicit SsimConstants(double dynamic_range)
      : c1((0.01 * dynamic_range) * (0.01 * dynamic_range)),
        c2((0.03 * dynamic_range) * (0.03 * dynamic_range)) {}
  // fx, fy, fxx, fyy, fxy: the filtered x, y, x*x, y*y and x*y at one position.
  double map_value(double mu1, double mu2, double fxx, double fyy, double fxy) const {
    const double mu1_sq = mu1 * mu1, mu2_sq = mu2 * mu2, mu1_mu2 = mu1 * mu2;
    const double sigma1_sq = fxx - mu1_sq, sigma2_sq = fyy - mu2_sq;
    const double sigma12 = fxy - mu1_mu2;
    return ((2 * mu1_mu2 + c1) * (2 * sigma12 + c2)) /
           ((mu1_sq + mu2_sq + c1) * (sigma1_sq + sigma2_sq + c2));
  }
};

// The mean of the map, summed in index order.
double map_mean(const Image& map) {
  const double* m = map.data<double>();
  double sum = 0.0;
  for (std::size_t i = 0; i < map.elements(); ++i) sum += m[i];
  return sum / static_cast<double>(map.elements());
}

SsimResult combine(const Planes& f, double dynamic_range) {
  const SsimConstants k(dynamic_range);
  SsimResult r;
  r.map = Image::uninitialized(f.rows, f.cols, 1, ElemType::F64);
  double* m = r.map.data<double>();
  for (std::size_t i = 0; i < r.map.elements(); ++i)
    m[i] = k.map_value(f.p[0][i], f.p[1][i], f.p[2][i], f.p[3][i], f.p[4][i]);
  r.mssim = map_mean(r.map);
  return r;
}

void require_window_fits(const Image& a, int k, const char* who) {
  if (a.rows() < k || a.cols() < k)
    throw std::invalid_argument(std::string(who) + " needs at least " + std::to_string(k) + "x" +
                                std::to_string(k) + " pixels, got " + std::to_string(a.rows()) + "x" +
                                std::to_string(a.cols()));
}

}  // namespace

std::string to_string(SsimVariant v) {
  switch (v) {
    case SsimVariant::SsimIndex: return "ssim_index";
    case SsimVariant::Wang2009: return "ssim_wang2009";
    case SsimVariant::Matlab: return "matlab_ssim";
    case SsimVariant::Basicsr: break;
  }
  return "basicsr_ssim";
}

SsimWindow ssim_index_window(int size, double sigma) {
  const int half = (size - 1) / 2;
  SsimWindow w{size, std::vector<double>(static_cast<std::size_t>(size) * size)};
  double max = 0.0;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      const double x = c - half, y = r - half;
      const double v = std::exp(-(x * x + y * y) / (2 * sigma * sigma));
      w.weights[static_cast<std::size_t>(r) * size + c] = v;
      max = std::max(max, v);
    }
  for (double& v : w.weights)
    if (v < std::numeric_limits<double>::epsilon() * max) v = 0.0;
  // fspecial: h / sum(h(:)), h(:) in column order.
  double sum = 0.0;
  for (int c = 0; c < size; ++c)
    for (int r = 0; r < size; ++r) sum += w.weights[static_cast<std::size_t>(r) * size + c];
  for (double& v : w.weights) v /= sum;
  // ssim_index.m: window / sum(sum(window)): each column's sum, then the sum of those.
  double total = 0.0;
  for (int c = 0; c < size; ++c) {
    double col = 0.0;
    for (int r = 0; r < size; ++r) col += w.weights[static_cast<std::size_t>(r) * size + c];
    total += col;
  }
  for (double& v : w.weights) v /= total;
  return w;
}

std::vector<double> opencv_gaussian_kernel(int size, double sigma) {
  std::vector<double> k(size);
  const double scale2x = -0.5 / (sigma * sigma);
  double sum = 0.0;
  for (int i = 0; i < size; ++i) {
    const double x = i - (size - 1) * 0.5;
    k[i] = std::exp(scale2x * x * x);
    sum += k[i];
  }
  sum = 1.0 / sum;
  for (double& v : k) v *= sum;
  return k;
}

SsimWindow opencv_gaussian_window(int size, double sigma) {
  const std::vector<double> k = opencv_gaussian_kernel(size, sigma);
  SsimWindow w{size, std::vector<double>(static_cast<std::size_t>(size) * size)};
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) w.weights[static_cast<std::size_t>(r) * size + c] = k[r] * k[c];
  return w;
}

std::vector<double> matlab_gaussian_kernel(int size, double sigma) {
  std::vector<double> h(size);
  double sum = 0.0;
  for (int i = 0; i < size; ++i) {
    const double x = i - (size - 1) / 2.0;
    h[i] = std::exp(-(x * x) / (2 * sigma * sigma));
    sum += h[i];
  }
  for (double& v : h) v /= sum;
  return h;
}

namespace {

// Which of the planes x, y, x*x, y*y, x*y correlate_planes filters: all five; x and x*x alone (an
// image against itself, or one image's side); or x, x*x and x*y with y's two planes given (a side).
enum class Filtered { All, OfXAlone, WithSide };

// The correlation with the window over the positions where it fits (filter2 'valid', cv2.filter2D's
// interior), streamed: each block of output rows keeps a ring of the k input rows its next output
// row reads, so no whole-image plane is made. Each output sums its taps in row-major window order
// from 0.0, a multiply and an add per tap: the vertical pass kernel's arithmetic (resize_kernels.hpp
// rows_pass), so that kernel computes it with the k*k window taps as its "rows" (tap (u, v) reads
// input row i + u from column v), on the CPU's widest vector level, the same bits at every level.
// Calls row(i, f) with f[p] plane p's filtered row i. OfXAlone: y, y*y and x*y are x and x*x value for
// value (b is a), so their rows are those of x and x*x; WithSide: y's rows are side's.
template <class Row>
void correlate_planes(const Image& a, const Image& b, const SsimWindow& window, Filtered which,
                      const SsimSide* side, Row&& row) {
  const int k = window.size;
  const long long in_cols = a.cols(), out_rows = a.rows() - k + 1, out_cols = a.cols() - k + 1;
  const bool need_y = which == Filtered::All || which == Filtered::WithSide;
  const detail::PassKernels& kernels = detail::active_kernels();
  detail::parallel_for(out_rows, 0, 4, [&](long long begin, long long end) {
    std::vector<double> ring(static_cast<std::size_t>(kPlanes) * k * in_cols);
    std::vector<double> filtered(static_cast<std::size_t>(kPlanes) * out_cols);
    std::vector<const double*> taps(static_cast<std::size_t>(k) * k);
    const auto ring_row = [&](int plane, long long r) {
      return ring.data() + (static_cast<std::size_t>(plane) * k + static_cast<std::size_t>(r % k)) * in_cols;
    };
    long long loaded = begin;  // the next input row to bring into the ring
    for (long long i = begin; i < end; ++i) {
      for (; loaded < i + k; ++loaded) {
        double *x = ring_row(0, loaded), *y = ring_row(1, loaded);
        double *xx = ring_row(2, loaded), *yy = ring_row(3, loaded), *xy = ring_row(4, loaded);
        read_as_double(a, static_cast<std::size_t>(loaded * in_cols), static_cast<std::size_t>(in_cols), x);
        for (long long j = 0; j < in_cols; ++j) xx[j] = x[j] * x[j];
        if (!need_y) continue;
        read_as_double(b, static_cast<std::size_t>(loaded * in_cols), static_cast<std::size_t>(in_cols), y);
        for (long long j = 0; j < in_cols; ++j) xy[j] = x[j] * y[j];
        if (which == Filtered::All)
          for (long long j = 0; j < in_cols; ++j) yy[j] = y[j] * y[j];
      }
      for (int p = 0; p < kPlanes; ++p) {
        if (which != Filtered::All && (p == 1 || p == 3)) continue;
        if (which == Filtered::OfXAlone && p == 4) continue;
        for (int u = 0; u < k; ++u)
          for (int v = 0; v < k; ++v) taps[static_cast<std::size_t>(u) * k + v] = ring_row(p, i + u) + v;
        kernels.rows_from_double(detail::ElemCode::F64, window.weights.data(), taps.data(), k * k,
                                 filtered.data() + p * out_cols, static_cast<std::size_t>(out_cols));
      }
      const double* f = filtered.data();
      const double* planes[kPlanes] = {f, f + out_cols, f + 2 * out_cols, f + 3 * out_cols, f + 4 * out_cols};
      if (which == Filtered::OfXAlone) {
        planes[1] = planes[0];
        planes[3] = planes[4] = planes[2];
      } else if (which == Filtered::WithSide) {
        planes[1] = side->mean.data<double>() + i * out_cols;
        planes[3] = side->mean_sq.data<double>() + i * out_cols;
      }
      row(i, planes);
    }
  });
}

}  // namespace

SsimSide ssim_side(const Image& b, const SsimWindow& window) {
  if (b.channels() != 1)
    throw std::invalid_argument("SSIM scores one channel at a time, got " + shape_text(b));
  if (b.type() == ElemType::Logical) throw std::invalid_argument("SSIM takes numeric images, not logical");
  require_window_fits(b, window.size, "SSIM");
  const int k = window.size, rows = b.rows() - k + 1, cols = b.cols() - k + 1;
  SsimSide s;
  s.window = window;
  s.mean = Image::uninitialized(rows, cols, 1, ElemType::F64);
  s.mean_sq = Image::uninitialized(rows, cols, 1, ElemType::F64);
  double *m = s.mean.data<double>(), *q = s.mean_sq.data<double>();
  correlate_planes(b, b, window, Filtered::OfXAlone, nullptr, [&](long long i, const double* const* f) {
    std::copy_n(f[0], cols, m + i * cols);
    std::copy_n(f[2], cols, q + i * cols);
  });
  return s;
}

SsimResult ssim_valid(const Image& a, const Image& b, const SsimWindow& window, double dynamic_range,
                      const SsimSide* b_side) {
  require_pair(a, b);
  require_window_fits(a, window.size, "SSIM");
  const int k = window.size;
  const long long out_rows = a.rows() - k + 1, out_cols = a.cols() - k + 1;
  if (b_side && (b_side->window.weights != window.weights || b_side->mean.rows() != out_rows ||
                 b_side->mean.cols() != out_cols))
    throw std::invalid_argument("an SSIM side made with another window or image size");
  // An image against itself (the reference pane's own scores) filters x and x*x alone; given b's side,
  // its two planes are not filtered again: the same bits either way.
  const Filtered which = &a == &b ? Filtered::OfXAlone : b_side ? Filtered::WithSide : Filtered::All;
  const SsimConstants constants(dynamic_range);
  SsimResult r;
  r.map = Image::uninitialized(static_cast<int>(out_rows), static_cast<int>(out_cols), 1, ElemType::F64);
  double* map = r.map.data<double>();
  correlate_planes(a, b, window, which, b_side, [&](long long i, const double* const* f) {
    double* m = map + i * out_cols;
    for (long long j = 0; j < out_cols; ++j)
      m[j] = constants.map_value(f[0][j], f[1][j], f[2][j], f[3][j], f[4][j]);
  });
  r.mssim = map_mean(r.map);
  return r;
}

SsimResult ssim_index(const Image& a, const Image& b, double dynamic_range) {
  static const SsimWindow window = ssim_index_window();
  return ssim_valid(a, b, window, dynamic_range);
}

SsimResult ssim_basicsr(const Image& a, const Image& b) {
  static const SsimWindow window = opencv_gaussian_window();
  return ssim_valid(a, b, window, 255.0);
}

int wang2009_factor(int rows, int cols) {
  return std::max(1, static_cast<int>(std::round(std::min(rows, cols) / 256.0)));
}

Image wang2009_downsample(const Image& img, int f) {
  if (f < 1) throw std::invalid_argument("downsampling factor must be at least 1");
  const int rows = img.rows(), cols = img.cols();
  const int before = (f - 1) / 2;  // imfilter's centre floor((f + 1) / 2), 1-based
  const double weight = 1.0 / (static_cast<double>(f) * f);
  const auto mirror = [](int k, int n) { return k < 0 ? -k - 1 : k >= n ? 2 * n - 1 - k : k; };
  const int out_rows = (rows + f - 1) / f, out_cols = (cols + f - 1) / f;
  Image out(out_rows, out_cols, 1, ElemType::F64);
  double* o = out.data<double>();
  for (int i = 0; i < out_rows; ++i)
    for (int j = 0; j < out_cols; ++j) {
      double s = 0.0;
      for (int u = 0; u < f; ++u)
        for (int v = 0; v < f; ++v)
          s += weight * img.at(mirror(i * f + u - before, rows), mirror(j * f + v - before, cols));
      o[static_cast<std::size_t>(i) * out_cols + j] = s;
    }
  return out;
}

SsimResult ssim_wang2009(const Image& a, const Image& b, double dynamic_range) {
  require_pair(a, b);
  require_window_fits(a, 11, "ssim_wang2009");
  const int f = wang2009_factor(a.rows(), a.cols());
  if (f == 1) return ssim_index(a, b, dynamic_range);
  const Image da = wang2009_downsample(a, f);
  if (&a == &b) return ssim_index(da, da, dynamic_range);  // itself: see ssim_valid
  return ssim_index(da, wang2009_downsample(b, f), dynamic_range);
}

SsimResult ssim_matlab(const Image& a, const Image& b, double dynamic_range) {
  require_pair(a, b);
  static const std::vector<double> h = matlab_gaussian_kernel(11, 1.5);
  return combine(gaussian_replicate(planes_of(a, b), h), dynamic_range);
}

SsimReference ssim_reference(SsimVariant v, const Image& b, double dynamic_range) {
  SsimReference r;
  r.variant = v;
  r.dynamic_range = v == SsimVariant::Basicsr ? 255.0 : dynamic_range;  // ssim_basicsr's fixed L
  r.rows = b.rows();
  r.cols = b.cols();
  if (v == SsimVariant::Wang2009) {
    require_window_fits(b, 11, "ssim_wang2009");
    r.factor = wang2009_factor(b.rows(), b.cols());
  }
  r.b = r.factor > 1 ? wang2009_downsample(b, r.factor) : b;
  if (v == SsimVariant::Matlab) return r;  // its separable replicate filtering reads both images
  static const SsimWindow index = ssim_index_window(), opencv = opencv_gaussian_window();
  r.side = ssim_side(r.b, v == SsimVariant::Basicsr ? opencv : index);
  return r;
}

SsimResult ssim(const Image& a, const SsimReference& ref) {
  if (a.rows() != ref.rows || a.cols() != ref.cols)
    throw std::invalid_argument("SSIM needs two images of one shape, got " + shape_text(a) + " and " +
                                std::to_string(ref.rows) + "x" + std::to_string(ref.cols) + "x1");
  if (ref.variant == SsimVariant::Matlab) return ssim_matlab(a, ref.b, ref.dynamic_range);
  const SsimWindow& w = ref.side->window;
  if (ref.factor > 1)
    return ssim_valid(wang2009_downsample(a, ref.factor), ref.b, w, ref.dynamic_range, &*ref.side);
  return ssim_valid(a, ref.b, w, ref.dynamic_range, &*ref.side);
}

SsimResult ssim(SsimVariant v, const Image& a, const Image& b, double dynamic_range) {
  switch (v) {
    case SsimVariant::SsimIndex: return ssim_index(a, b, dynamic_range);
    case SsimVariant::Wang2009: return ssim_wang2009(a, b, dynamic_range);
    case SsimVariant::Matlab: return ssim_matlab(a, b, dynamic_range);
    case SsimVariant::Basicsr: break;
  }
  return ssim_basicsr(a, b);
}

}  // namespace rl
