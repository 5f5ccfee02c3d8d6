// Crop, nearest-neighbour preview and finite range: byte copies and typed scans over an Image.
#include "rl/image_ops.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>

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
    if (std::isfinite(x)) {
      lo = std::min(lo, x);
      hi = std::max(hi, x);
    }
  }
}
}  // namespace

std::optional<std::pair<double, double>> finite_range(const Image& img) {
  double lo = INFINITY, hi = -INFINITY;
  const std::size_t n = img.elements();
  switch (img.type()) {
    case ElemType::U8: scan(img.data<std::uint8_t>(), n, lo, hi); break;
    case ElemType::U16: scan(img.data<std::uint16_t>(), n, lo, hi); break;
    case ElemType::F32: scan(img.data<float>(), n, lo, hi); break;
    case ElemType::F64: scan(img.data<double>(), n, lo, hi); break;
    default:  // element types without a typed scan go through Image::at
      for (int r = 0; r < img.rows(); ++r)
        for (int c = 0; c < img.cols(); ++c)
          for (int k = 0; k < img.channels(); ++k) {
            const double x = img.at(r, c, k);
            if (std::isfinite(x)) {
              lo = std::min(lo, x);
              hi = std::max(hi, x);
            }
          }
  }
  if (!(lo <= hi)) return std::nullopt;
  return std::pair{lo, hi};
}

}  // namespace rl
