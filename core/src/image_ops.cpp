// Crop, nearest-neighbour preview and finite range: byte copies and typed scans over an Image.
#include "rl/image_ops.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "rl/parallel.hpp"

namespace rl {

Image crop(const Image& img, int row, int col, int rows, int cols) {
  if (rows < 1 || cols < 1 || row < 0 || col < 0 || row > img.rows() - rows || col > img.cols() - cols)
    throw std::invalid_argument("crop " + std::to_string(rows) + "x" + std::to_string(cols) + " at (" +
                                std::to_string(row) + ", " + std::to_string(col) + ") is outside the " +
                                std::to_string(img.rows()) + "x" + std::to_string(img.cols()) + " image");
  Image out = Image::uninitialized(rows, cols, img.channels(), img.type());
  const std::size_t es = elem_size(img.type());
  const std::size_t row_bytes = static_cast<std::size_t>(cols) * img.channels() * es;
  const auto* src = static_cast<const unsigned char*>(img.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  for (int y = 0; y < rows; ++y)
    std::copy_n(src + ((static_cast<std::size_t>(row + y) * img.cols() + col) * img.channels()) * es,
                row_bytes, dst + static_cast<std::size_t>(y) * row_bytes);
  return out;
}

Image extract_channel(const Image& img, int k) {
  if (k < 0 || k >= img.channels())
    throw std::invalid_argument("channel " + std::to_string(k) + " of a " + std::to_string(img.channels()) +
                                "-channel image");
  Image out = Image::uninitialized(img.rows(), img.cols(), 1, img.type());
  visit_elem_type(img.type(), [&](auto x) {
    using T = decltype(x);
    const T* s = static_cast<const T*>(img.raw()) + k;
    T* d = static_cast<T*>(out.raw());
    const std::size_t n = static_cast<std::size_t>(img.rows()) * img.cols(), ch = img.channels();
    for (std::size_t i = 0; i < n; ++i) d[i] = s[i * ch];
  });
  return out;
}

Image downsample_nearest(const Image& img, int max_side) {
  if (max_side < 1)
    throw std::invalid_argument("max_side must be at least 1, got " + std::to_string(max_side));
  const int longest = std::max(img.rows(), img.cols());
  if (img.empty() || longest <= max_side) return img;
  const double f = static_cast<double>(max_side) / longest;
  const int rows = std::max(1, static_cast<int>(img.rows() * f));
  const int cols = std::max(1, static_cast<int>(img.cols() * f));
  Image out = Image::uninitialized(rows, cols, img.channels(), img.type());
  const std::size_t px = elem_size(img.type()) * static_cast<std::size_t>(img.channels());
  const auto* src = static_cast<const unsigned char*>(img.raw());
  auto* dst = static_cast<unsigned char*>(out.raw());
  for (int r = 0; r < rows; ++r) {
    const int sr = std::min(img.rows() - 1, static_cast<int>((r + 0.5) / f));
    for (int c = 0; c < cols; ++c) {
      const int sc = std::min(img.cols() - 1, static_cast<int>((c + 0.5) / f));
      std::copy_n(src + (static_cast<std::size_t>(sr) * img.cols() + sc) * px, px,
                  dst + (static_cast<std::size_t>(r) * cols + c) * px);
    }
  }
  return out;
}

namespace {
template <class T>
void scan(const T* v, std::size_t n, double& lo, double& hi) {
  for (std::size_t k = 0; k < n; ++k) {
    const double x = static_cast<double>(v[k]);
    if (std::abs(x) < INFINITY) {  // finite (false for NaN)
      lo = x < lo ? x : lo;
      hi = x > hi ? x : hi;
    }
  }
}
}  // namespace

std::optional<std::pair<double, double>> finite_range(const Image& img) {
  const std::size_t n = img.elements();
  const std::size_t per = std::size_t{1} << 16;
  const long long blocks = static_cast<long long>((n + per - 1) / per);
  std::vector<std::pair<double, double>> parts(static_cast<std::size_t>(blocks), {INFINITY, -INFINITY});
  visit_elem_type(img.type(), [&](auto x) {
    using T = decltype(x);
    const T* v = static_cast<const T*>(img.raw());
    parallel_for(blocks, 1, [&](long long b0, long long b1) {
      for (long long b = b0; b < b1; ++b) {
        const std::size_t first = static_cast<std::size_t>(b) * per;
        auto& [lo, hi] = parts[static_cast<std::size_t>(b)];
        scan(v + first, std::min(per, n - first), lo, hi);
      }
    });
  });
  double lo = INFINITY, hi = -INFINITY;
  for (const auto& [l, h] : parts) {
    lo = std::min(lo, l);
    hi = std::max(hi, h);
  }
  if (!(lo <= hi)) return std::nullopt;
  return std::pair{lo, hi};
}

}  // namespace rl
