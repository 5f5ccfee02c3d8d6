// fspecial('gaussian') and imfilter as MATLAB's fspecial.m and imfilter.m compute them (see filter.hpp).
#include "rl/filter.hpp"

#include <cmath>
#include <limits>
#include <stdexcept>
#include <type_traits>

#include "rl/tap.hpp"

namespace rl {

Kernel2D fspecial_gaussian(int rows, int cols, double sigma) {
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("the Gaussian kernel's size must be positive, got " + std::to_string(rows) +
                                "x" + std::to_string(cols));
  if (!(sigma > 0.0) || !std::isfinite(sigma))
    throw std::invalid_argument("sigma must be a positive finite number, got " + std::to_string(sigma));
  Kernel2D k;
  k.rows = rows;
  k.cols = cols;
  k.h.resize(static_cast<std::size_t>(rows) * cols);
  // siz = (p2-1)/2; meshgrid(-siz(2):siz(2), -siz(1):siz(1)): x varies along columns, y along rows.
  const double siz_r = (rows - 1) / 2.0, siz_c = (cols - 1) / 2.0;
  const double den = 2.0 * sigma * sigma;  // (2*std)*std, left to right
  double mx = 0.0;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      const double x = -siz_c + c, y = -siz_r + r;
      const double v = std::exp(-(x * x + y * y) / den);
      k.h[static_cast<std::size_t>(r) * cols + c] = v;
      if (v > mx) mx = v;
    }
  const double cut = std::numeric_limits<double>::epsilon() * mx;
  for (double& v : k.h)
    if (v < cut) v = 0.0;
  double sum = 0.0;  // sum(h(:)): column-major
  for (int c = 0; c < cols; ++c)
    for (int r = 0; r < rows; ++r) sum += k.at(r, c);
  if (sum != 0.0)
    for (double& v : k.h) v = v / sum;
  return k;
}

std::string to_string(FilterPadding p) {
  switch (p) {
    case FilterPadding::Constant: return "constant";
    case FilterPadding::Replicate: return "replicate";
    case FilterPadding::Symmetric: return "symmetric";
    case FilterPadding::Circular: return "circular";
  }
  return "constant";
}

namespace {

// The source index padarray reads for index j of an axis of n (-1: the constant).
int source_index(long j, long n, FilterPadding p) {
  if (j >= 0 && j < n) return static_cast<int>(j);
  switch (p) {
    case FilterPadding::Constant: return -1;
    case FilterPadding::Replicate: return static_cast<int>(j < 0 ? 0 : n - 1);
    case FilterPadding::Circular: return static_cast<int>(((j % n) + n) % n);
    case FilterPadding::Symmetric: {
      const long m = ((j % (2 * n)) + 2 * n) % (2 * n);
      return static_cast<int>(m < n ? m : 2 * n - 1 - m);
    }
  }
  return -1;
}

struct Tap {
  int dr, dc;
  double w;
};

template <class T>
void filter_typed(const Image& a, const std::vector<Tap>& taps, int kr, int kc, int off_r, int off_c,
                  const FilterOptions& o, Image& out) {
  const int rows = a.rows(), cols = a.cols(), ch = a.channels();
  const int out_rows = out.rows(), out_cols = out.cols();
  const int pr = out_rows + kr - 1, pc = out_cols + kc - 1;  // the padded plane
  const T* src = a.data<T>();
  T* dst = out.data<T>();
  // padarray casts the pad value to the image's class.
  const double constant = static_cast<double>(from_double<T>(o.constant));
  std::vector<int> row_src(pr), col_src(pc);
  for (int p = 0; p < pr; ++p) row_src[p] = source_index(static_cast<long>(p) - off_r, rows, o.padding);
  for (int p = 0; p < pc; ++p) col_src[p] = source_index(static_cast<long>(p) - off_c, cols, o.padding);
  std::vector<double> plane(static_cast<std::size_t>(pr) * pc);
  for (int k = 0; k < ch; ++k) {
    for (int r = 0; r < pr; ++r)
      for (int c = 0; c < pc; ++c) {
        const int sr = row_src[r], sc = col_src[c];
        plane[static_cast<std::size_t>(r) * pc + c] =
            sr < 0 || sc < 0 ? constant
                             : static_cast<double>(src[(static_cast<std::size_t>(sr) * cols + sc) * ch + k]);
      }
    for (int i = 0; i < out_rows; ++i)
      for (int j = 0; j < out_cols; ++j) {
        const double* base = plane.data() + static_cast<std::size_t>(i) * pc + j;
        double acc = 0.0;
        for (const Tap& t : taps) acc += t.w * base[static_cast<std::ptrdiff_t>(t.dr) * pc + t.dc];
        dst[(static_cast<std::size_t>(i) * out_cols + j) * ch + k] = from_double<T>(acc);
      }
  }
}

}  // namespace

Image imfilter(const Image& a, const Kernel2D& h, const FilterOptions& o) {
  if (a.type() == ElemType::Logical)
    throw std::invalid_argument("imfilter here takes numeric images, got a logical one (convert it first)");
  if (h.rows < 1 || h.cols < 1 || h.h.size() != static_cast<std::size_t>(h.rows) * h.cols)
    throw std::invalid_argument("the filter kernel is empty or malformed (" + std::to_string(h.rows) + "x" +
                                std::to_string(h.cols) + ")");
  const int kr = h.rows, kc = h.cols;
  // 'same': centre floor((size + 1) / 2), 1-based (computeSizes); 'full': the whole overlap.
  const int off_r = o.full ? kr - 1 : (kr + 1) / 2 - 1;
  const int off_c = o.full ? kc - 1 : (kc + 1) / 2 - 1;
  // The nonzero taps in column-major order; convolution reads the kernel rotated by 180 degrees.
  std::vector<Tap> taps;
  for (int c = 0; c < kc; ++c)
    for (int r = 0; r < kr; ++r) {
      const double w = o.convolution ? h.at(kr - 1 - r, kc - 1 - c) : h.at(r, c);
      if (w != 0.0) taps.push_back({r, c, w});
    }
  const int out_rows = o.full ? a.rows() + kr - 1 : a.rows();
  const int out_cols = o.full ? a.cols() + kc - 1 : a.cols();
  Image out(out_rows, out_cols, a.channels(), a.type());
  if (a.empty()) return out;
  visit_elem_type(a.type(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (!std::is_same_v<T, bool>) filter_typed<T>(a, taps, kr, kc, off_r, off_c, o, out);
  });
  return out;
}

}  // namespace rl
