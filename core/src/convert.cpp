// MATLAB's im2double / im2single / im2uint8 / im2uint16 conversions, and the two steps imresize wraps
// around a logical image (resized as uint8 0/255, thresholded at 128 at the end).
#include "rl/convert.hpp"

#include <cmath>
#include <stdexcept>
#include <type_traits>

namespace rl {

namespace {

// out[i] = f(in[i]) over every element, whatever the input's C++ type.
template <class Out, class F>
Image map_image(const Image& in, F f) {
  Image out = Image::uninitialized(in.rows(), in.cols(), in.channels(), elem_type_of<Out>());
  visit_elem_type(in.type(), [&](auto x) {
    using In = decltype(x);
    const In* s = in.data<In>();
    Out* d = out.data<Out>();
    const std::size_t n = in.elements();
    for (std::size_t i = 0; i < n; ++i) d[i] = f(s[i]);
  });
  return out;
}

// The classes MATLAB's im2* functions take: logical, uint8, uint16, int16, single, double.
void require_im2_input(const Image& in, const char* fn) {
  const ElemType t = in.type();
  if (t == ElemType::I8 || t == ElemType::I32 || t == ElemType::U32)
    throw std::invalid_argument(std::string(fn) + " does not take " + to_string(t) +
                                " images (as in MATLAB: only logical, uint8, uint16, int16, single, double)");
}

// The input as a fraction of its class's range in [0, 1] (floats as they are): what im2double gives.
template <class In>
double unit_of(In v) {
  if constexpr (std::is_same_v<In, bool>)
    return v ? 1.0 : 0.0;
  else if constexpr (std::is_same_v<In, std::uint8_t>)
    return v / 255.0;
  else if constexpr (std::is_same_v<In, std::uint16_t>)
    return v / 65535.0;
  else if constexpr (std::is_same_v<In, std::int16_t>)
    return (static_cast<double>(v) + 32768.0) / 65535.0;
  else
    return static_cast<double>(v);
}

template <class F>
double clamp01(F x) {
  return x < 0 ? 0.0 : (x > 1 ? 1.0 : static_cast<double>(x));
}

// floor(peak * clamp(x, 0, 1) + 0.5) for floats, NaN -> 0 (MATLAB's im2uint8 / im2uint16 on floats).
template <class Out, class In>
Out float_to_int(In v, double peak) {
  if (std::isnan(v)) return Out{0};
  return static_cast<Out>(std::floor(peak * clamp01(v) + 0.5));
}

}  // namespace

Image im2double(const Image& in) {
  require_im2_input(in, "im2double");
  if (in.type() == ElemType::F64) return in;
  return map_image<double>(in, [](auto v) { return unit_of(v); });
}

Image im2single(const Image& in) {
  require_im2_input(in, "im2single");
  if (in.type() == ElemType::F32) return in;
  return map_image<float>(in, [](auto v) {
    using In = decltype(v);
    // uint8/uint16 divide in single precision, as MATLAB's im2single does.
    if constexpr (std::is_same_v<In, std::uint8_t>)
      return static_cast<float>(v) / 255.0f;
    else if constexpr (std::is_same_v<In, std::uint16_t>)
      return static_cast<float>(v) / 65535.0f;
    else
      return static_cast<float>(unit_of(v));
  });
}

Image im2uint8(const Image& in) {
  require_im2_input(in, "im2uint8");
  if (in.type() == ElemType::U8) return in;
  return map_image<std::uint8_t>(in, [](auto v) {
    using In = decltype(v);
    if constexpr (std::is_same_v<In, bool>)
      return static_cast<std::uint8_t>(v ? 255 : 0);
    else if constexpr (std::is_same_v<In, std::uint16_t>)
      return static_cast<std::uint8_t>(std::round(v / 257.0));
    else if constexpr (std::is_same_v<In, std::int16_t>)  // via uint16: x + 32768, then / 257
      return static_cast<std::uint8_t>(std::round((static_cast<double>(v) + 32768.0) / 257.0));
    else if constexpr (std::is_floating_point_v<In>)
      return float_to_int<std::uint8_t>(v, 255.0);
    else
      return static_cast<std::uint8_t>(v);  // unreachable: the other classes are refused above
  });
}

Image im2uint16(const Image& in) {
  require_im2_input(in, "im2uint16");
  if (in.type() == ElemType::U16) return in;
  return map_image<std::uint16_t>(in, [](auto v) {
    using In = decltype(v);
    if constexpr (std::is_same_v<In, bool>)
      return static_cast<std::uint16_t>(v ? 65535 : 0);
    else if constexpr (std::is_same_v<In, std::uint8_t>)
      return static_cast<std::uint16_t>(v * 257);
    else if constexpr (std::is_same_v<In, std::int16_t>)
      return static_cast<std::uint16_t>(static_cast<int>(v) + 32768);
    else if constexpr (std::is_floating_point_v<In>)
      return float_to_int<std::uint16_t>(v, 65535.0);
    else
      return static_cast<std::uint16_t>(v);
  });
}

Image convert_to(const Image& in, ElemType t) {
  switch (t) {
    case ElemType::U8: return im2uint8(in);
    case ElemType::U16: return im2uint16(in);
    case ElemType::F32: return im2single(in);
    case ElemType::F64: return im2double(in);
    default: break;
  }
  if (in.type() == t) return in;
  throw std::invalid_argument("no MATLAB im2* conversion to " + to_string(t) + " (from " +
                              to_string(in.type()) + ")");
}

Image logical_from_resized_uint8(const Image& u8) {
  if (u8.type() != ElemType::U8)
    throw std::invalid_argument("logical_from_resized_uint8 takes uint8, got " + to_string(u8.type()));
  Image out = Image::uninitialized(u8.rows(), u8.cols(), u8.channels(), ElemType::Logical);
  const std::uint8_t* s = u8.data<std::uint8_t>();
  bool* d = out.data<bool>();
  for (std::size_t i = 0; i < u8.elements(); ++i) d[i] = s[i] > 128;
  return out;
}

}  // namespace rl
