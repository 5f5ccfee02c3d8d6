// rl::Image <-> QImage for display (see image_convert.hpp for the mapping rules).
#include "rl/ui/image_convert.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "rl/ui/colormap.hpp"

namespace rl::ui {
namespace {

// One element to 0..255 by the rules of the element type (see uses_display_range).
int to_byte(const rl::Image& img, std::size_t i, const DisplayRange& range) {
  switch (img.type()) {
    case ElemType::U8: return img.data<std::uint8_t>()[i];
    case ElemType::U16:
      if (!range.u16) return static_cast<int>(std::lround(img.data<std::uint16_t>()[i] / 257.0));
      break;
    case ElemType::Logical: return img.data<bool>()[i] ? 255 : 0;
    default: break;
  }
  const double v = visit_elem_type(img.type(), [&](auto x) {
    using T = decltype(x);
    return static_cast<double>(static_cast<const T*>(img.raw())[i]);
  });
  if (std::isnan(v)) return 0;
  const double span = range.hi - range.lo;
  const double t = span > 0 ? (v - range.lo) / span : (v >= range.hi ? 1.0 : 0.0);
  return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * 255.0));
}

// The colour of the first non-finite channel of the pixel at `p`, NaN before ±inf (to_qimage draws the
// whole pixel in it, so a NaN in one channel of an RGB image is as visible as in a grey one).
std::optional<QRgb> non_finite_pixel(const rl::Image& img, std::size_t p, int channels) {
  if (!is_floating(img.type())) return std::nullopt;
  std::optional<QRgb> found;
  for (int k = 0; k < channels; ++k) {
    const double v = img.type() == ElemType::F32 ? img.data<float>()[p + k] : img.data<double>()[p + k];
    if (std::isnan(v)) return kNanColor;
    if (!found) found = non_finite_color(v);
  }
  return found;
}

}  // namespace

bool uses_display_range(ElemType t) { return t != ElemType::U8 && t != ElemType::Logical; }

QImage to_qimage(const rl::Image& img, DisplayRange range) {
  if (img.empty()) return {};
  const int ch = img.channels();
  const bool alpha = ch == 2 || ch == 4;
  QImage out(img.cols(), img.rows(), alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32);
  for (int r = 0; r < img.rows(); ++r) {
    auto* line = reinterpret_cast<QRgb*>(out.scanLine(r));
    const std::size_t base = static_cast<std::size_t>(r) * img.row_stride();
    for (int c = 0; c < img.cols(); ++c) {
      const std::size_t p = base + static_cast<std::size_t>(c) * ch;
      if (const auto special = non_finite_pixel(img, p, ch)) {
        line[c] = *special;
        continue;
      }
      int red, green, blue, a = 255;
      if (ch <= 2) {
        red = green = blue = to_byte(img, p, range);
        if (ch == 2) a = to_byte(img, p + 1, range);
      } else {
        red = to_byte(img, p, range);
        green = to_byte(img, p + 1, range);
        blue = to_byte(img, p + 2, range);
        if (ch == 4) a = to_byte(img, p + 3, range);
      }
      line[c] = qRgba(red, green, blue, a);
    }
  }
  return out;
}

rl::Image from_qimage(const QImage& img) {
  if (img.isNull()) return {};
  const bool alpha = img.hasAlphaChannel();
  const QImage src = img.convertToFormat(alpha ? QImage::Format_ARGB32 : QImage::Format_RGB32);
  const int ch = alpha ? 4 : 3;
  rl::Image out(src.height(), src.width(), ch, ElemType::U8);
  auto* d = out.data<std::uint8_t>();
  for (int r = 0; r < src.height(); ++r) {
    const auto* line = reinterpret_cast<const QRgb*>(src.constScanLine(r));
    for (int c = 0; c < src.width(); ++c) {
      std::uint8_t* px = d + (static_cast<std::size_t>(r) * src.width() + c) * ch;
      px[0] = static_cast<std::uint8_t>(qRed(line[c]));
      px[1] = static_cast<std::uint8_t>(qGreen(line[c]));
      px[2] = static_cast<std::uint8_t>(qBlue(line[c]));
      if (alpha) px[3] = static_cast<std::uint8_t>(qAlpha(line[c]));
    }
  }
  return out;
}

}  // namespace rl::ui
