// MATLAB's im2double / im2single / im2uint8 / im2uint16 conversions.
#include "rl/convert.hpp"

#include <cmath>

namespace rl {

namespace {

template <class Out, class In, class F>
Image map_image(const Image& in, ElemType out_type, F f) {
  Image out = Image::uninitialized(in.rows(), in.cols(), in.channels(), out_type);
  const In* s = in.data<In>();
  Out* d = out.data<Out>();
  const std::size_t n = in.elements();
  for (std::size_t i = 0; i < n; ++i) d[i] = f(s[i]);
  return out;
}

template <class F>
double clamp01(F x) {
  return x < 0 ? 0.0 : (x > 1 ? 1.0 : static_cast<double>(x));
}

}  // namespace

Image im2double(const Image& in) {
  switch (in.type()) {
    case ElemType::U8:
      return map_image<double, std::uint8_t>(in, ElemType::F64, [](std::uint8_t v) { return v / 255.0; });
    case ElemType::U16:
      return map_image<double, std::uint16_t>(in, ElemType::F64, [](std::uint16_t v) { return v / 65535.0; });
    case ElemType::F32:
      return map_image<double, float>(in, ElemType::F64, [](float v) { return static_cast<double>(v); });
    case ElemType::F64: return in;
  }
  return in;
}

Image im2single(const Image& in) {
  switch (in.type()) {
    case ElemType::U8:
      return map_image<float, std::uint8_t>(in, ElemType::F32,
                                            [](std::uint8_t v) { return static_cast<float>(v) / 255.0f; });
    case ElemType::U16:
      return map_image<float, std::uint16_t>(
          in, ElemType::F32, [](std::uint16_t v) { return static_cast<float>(v) / 65535.0f; });
    case ElemType::F32: return in;
    case ElemType::F64:
      return map_image<float, double>(in, ElemType::F32, [](double v) { return static_cast<float>(v); });
  }
  return in;
}

Image im2uint8(const Image& in) {
  switch (in.type()) {
    case ElemType::U8: return in;
    case ElemType::U16:
      return map_image<std::uint8_t, std::uint16_t>(
          in, ElemType::U8, [](std::uint16_t v) { return static_cast<std::uint8_t>(std::round(v / 257.0)); });
    case ElemType::F32:
      return map_image<std::uint8_t, float>(in, ElemType::U8, [](float v) {
        if (std::isnan(v)) return std::uint8_t{0};
        return static_cast<std::uint8_t>(std::floor(255.0 * clamp01(v) + 0.5));
      });
    case ElemType::F64:
      return map_image<std::uint8_t, double>(in, ElemType::U8, [](double v) {
        if (std::isnan(v)) return std::uint8_t{0};
        return static_cast<std::uint8_t>(std::floor(255.0 * clamp01(v) + 0.5));
      });
  }
  return in;
}

Image im2uint16(const Image& in) {
  switch (in.type()) {
    case ElemType::U8:
      return map_image<std::uint16_t, std::uint8_t>(
          in, ElemType::U16, [](std::uint8_t v) { return static_cast<std::uint16_t>(v * 257); });
    case ElemType::U16: return in;
    case ElemType::F32:
      return map_image<std::uint16_t, float>(in, ElemType::U16, [](float v) {
        if (std::isnan(v)) return std::uint16_t{0};
        return static_cast<std::uint16_t>(std::floor(65535.0 * clamp01(v) + 0.5));
      });
    case ElemType::F64:
      return map_image<std::uint16_t, double>(in, ElemType::U16, [](double v) {
        if (std::isnan(v)) return std::uint16_t{0};
        return static_cast<std::uint16_t>(std::floor(65535.0 * clamp01(v) + 0.5));
      });
  }
  return in;
}

Image convert_to(const Image& in, ElemType t) {
  switch (t) {
    case ElemType::U8: return im2uint8(in);
    case ElemType::U16: return im2uint16(in);
    case ElemType::F32: return im2single(in);
    case ElemType::F64: return im2double(in);
  }
  return in;
}

}  // namespace rl
