// rgb2ycbcr / ycbcr2rgb as MATLAB's .m files build them, applied with imlincomb's double sum.
#include "rl/color.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "rl/tap.hpp"

namespace rl {

namespace {

using Matrix = std::array<std::array<double, 3>, 3>;

constexpr Matrix kBase = {{{65.481, 128.553, 24.966}, {-37.797, -74.203, 112.0}, {112.0, -93.786, -18.214}}};
constexpr std::array<double, 3> kOffset = {16.0, 128.0, 128.0};

void require_color_class(ElemType t, const char* who) {
  if (t != ElemType::U8 && t != ElemType::U16 && t != ElemType::F32 && t != ElemType::F64)
    throw std::invalid_argument(std::string(who) + " takes uint8, uint16, single or double images, got " +
                                to_string(t));
}

// inv(kBase) by Gauss-Jordan elimination with partial pivoting (MATLAB's inv uses LAPACK's LU; the two
// may differ in the last bit of an entry, which moves a uint8 result only at an exact tie).
Matrix inverse(const Matrix& m) {
  std::array<std::array<double, 6>, 3> a{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      a[r][c] = m[r][c];
      a[r][3 + c] = r == c ? 1.0 : 0.0;
    }
  for (int col = 0; col < 3; ++col) {
    int pivot = col;
    for (int r = col + 1; r < 3; ++r)
      if (std::abs(a[r][col]) > std::abs(a[pivot][col])) pivot = r;
    std::swap(a[col], a[pivot]);
    const double p = a[col][col];
    for (double& v : a[col]) v /= p;
    for (int r = 0; r < 3; ++r) {
      if (r == col) continue;
      const double f = a[r][col];
      for (int c = 0; c < 6; ++c) a[r][c] -= f * a[col][c];
    }
  }
  Matrix inv{};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) inv[r][c] = a[r][3 + c];
  return inv;
}

template <class T>
void apply_typed(const Image& in, Image& out, const ColorTransform& tf, int first, int count) {
  const T* src = in.data<T>();
  T* dst = out.data<T>();
  const std::size_t pixels = static_cast<std::size_t>(in.rows()) * in.cols();
  for (std::size_t i = 0; i < pixels; ++i) {
    const double x0 = src[3 * i], x1 = src[3 * i + 1], x2 = src[3 * i + 2];
    for (int k = 0; k < count; ++k) {
      const LinearRow& row = tf.rows[first + k];
      double v = row.t[0] * x0;
      v += row.t[1] * x1;
      v += row.t[2] * x2;
      v += row.offset;
      if constexpr (std::is_floating_point_v<T>)
        if (tf.clip_float) v = std::isnan(v) ? 0.0 : std::min(std::max(v, 0.0), 1.0);
      dst[count * i + k] = from_double<T>(v);
    }
  }
}

}  // namespace

ColorTransform rgb2ycbcr_transform(ElemType t) {
  require_color_class(t, "rgb2ycbcr");
  const double t_scale = t == ElemType::U16 ? 257.0 / 65535.0 : 1.0 / 255.0;
  const double offset_scale = t == ElemType::U8 ? 1.0 : t == ElemType::U16 ? 257.0 : 1.0 / 255.0;
  ColorTransform tf;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) tf.rows[r].t[c] = t_scale * kBase[r][c];
    tf.rows[r].offset = offset_scale * kOffset[r];
  }
  return tf;
}

ColorTransform ycbcr2rgb_transform(ElemType t) {
  require_color_class(t, "ycbcr2rgb");
  const Matrix inv = inverse(kBase);
  const double t_scale = t == ElemType::U16 ? 65535.0 / 257.0 : 255.0;
  const double offset_scale = t == ElemType::U8 ? 255.0 : t == ElemType::U16 ? 65535.0 : 1.0;
  ColorTransform tf;
  tf.clip_float = is_floating(t);
  for (int r = 0; r < 3; ++r) {
    // offset = (offset_scale * Tinv) * [16;128;128], left to right as MATLAB evaluates it.
    double off = 0.0;
    for (int c = 0; c < 3; ++c) {
      tf.rows[r].t[c] = t_scale * inv[r][c];
      off += (offset_scale * inv[r][c]) * kOffset[c];
    }
    tf.rows[r].offset = -off;
  }
  return tf;
}

Image apply_color_transform(const Image& in, const ColorTransform& tf, int first, int count) {
  if (in.channels() != 3)
    throw std::invalid_argument("a colour conversion needs a 3-channel image, got " +
                                std::to_string(in.channels()) + " channels");
  if (first < 0 || count < 1 || first + count > 3)
    throw std::invalid_argument("colour transform rows out of range");
  require_color_class(in.type(), "a colour conversion");
  Image out = Image::uninitialized(in.rows(), in.cols(), count, in.type());
  visit_elem_type(in.type(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, std::uint8_t> || std::is_same_v<T, std::uint16_t> ||
                  std::is_floating_point_v<T>)
      apply_typed<T>(in, out, tf, first, count);
  });
  return out;
}

Image basicsr_bgr2ycbcr(const Image& bgr, bool y_only) {
  if (bgr.channels() != 3)
    throw std::invalid_argument("bgr2ycbcr needs a 3-channel image, got " + std::to_string(bgr.channels()) +
                                " channels");
  const bool u8 = bgr.type() == ElemType::U8;
  if (!u8 && bgr.type() != ElemType::F32)
    throw std::invalid_argument("bgr2ycbcr takes uint8 or float32 images, got " + to_string(bgr.type()));
  // Weights per output row, in B, G, R order (color_util.py's matrices, transposed).
  static constexpr double kW[3][3] = {
      {24.966, 128.553, 65.481}, {112.0, -74.203, -37.797}, {-18.214, -93.786, 112.0}};
  const int n = y_only ? 1 : 3;
  Image out = Image::uninitialized(bgr.rows(), bgr.cols(), n, bgr.type());
  const std::size_t pixels = static_cast<std::size_t>(bgr.rows()) * bgr.cols();
  for (std::size_t i = 0; i < pixels; ++i) {
    float v[3];
    for (int k = 0; k < 3; ++k)
      v[k] = u8 ? static_cast<float>(bgr.data<std::uint8_t>()[3 * i + k]) / 255.0f
                : bgr.data<float>()[3 * i + k];
    for (int r = 0; r < n; ++r) {
      double y = kW[r][0] * static_cast<double>(v[0]);
      y += kW[r][1] * static_cast<double>(v[1]);
      y += kW[r][2] * static_cast<double>(v[2]);
      y += kOffset[r];
      if (u8)
        out.data<std::uint8_t>()[n * i + r] = static_cast<std::uint8_t>(std::nearbyint(y));
      else
        out.data<float>()[n * i + r] = static_cast<float>(y / 255.0);
    }
  }
  return out;
}

Image rgb2ycbcr(const Image& rgb) {
  return apply_color_transform(rgb, rgb2ycbcr_transform(rgb.type()), 0, 3);
}
Image ycbcr2rgb(const Image& ycbcr) {
  return apply_color_transform(ycbcr, ycbcr2rgb_transform(ycbcr.type()), 0, 3);
}
Image rgb2y(const Image& rgb) { return apply_color_transform(rgb, rgb2ycbcr_transform(rgb.type()), 0, 1); }

}  // namespace rl
