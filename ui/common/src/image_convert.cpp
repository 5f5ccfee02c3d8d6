// rl::Image <-> QImage for display (see image_convert.hpp for the mapping rules).
#include "rl/ui/image_convert.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>
#include <vector>

#include "rl/parallel.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/release.hpp"

namespace rl::ui {
namespace {

// x in [0, 255] to the nearest integer, halves up: std::lround's value there, without its call.
inline int round_byte(double x) {
  const int i = static_cast<int>(x);
  return i + (x - i >= 0.5);
}

// One value to 0..255 through the values shown as black and white (floating point and the wide integer
// types; toned_range gives them).
inline int range_byte(double v, double black, double white) {
  if (v != v) return 0;
  const double span = white - black;
  const double t = span > 0 ? (v - black) / span : (v >= white ? 1.0 : 0.0);
  return round_byte(std::clamp(t, 0.0, 1.0) * 255.0);
}

// The rule for each element type (see uses_display_range): uint8 as is unless range.u8, logical 0 / 255,
// uint16 /257 unless range.u16, the others through the range; under a tone, those that do not follow the
// range take their class's own (0..255, 0..1, 0..65535). Types of at most 16 bits go through a table of
// every value, made once per image.
template <class T>
struct ByteRule {
  static constexpr bool kTable = sizeof(T) <= 2 && !std::is_floating_point_v<T>;
  std::vector<std::uint8_t> table;
  DisplayRange range;
  bool as_is;           // shown by the class's own rule (no range, no tone)
  double black, white;  // the values shown as black and white (toned_range)
  explicit ByteRule(const DisplayRange& r) : range(r) {
    const ShownRange shown = shown_range(elem_type_of<T>(), r);
    as_is = shown_as_is(elem_type_of<T>(), r);
    std::tie(black, white) = toned_range(shown.black, shown.white, r.tone);
    if constexpr (kTable) {
      constexpr int tlo = std::numeric_limits<T>::min(), thi = std::numeric_limits<T>::max();
      table.resize(static_cast<std::size_t>(thi - tlo + 1));
      for (int v = tlo; v <= thi; ++v)
        table[static_cast<std::size_t>(v - tlo)] = static_cast<std::uint8_t>(slow(static_cast<T>(v)));
    }
  }
  int slow(T x) const {
    if (as_is) {
      if constexpr (std::is_same_v<T, std::uint8_t>) return x;
      if constexpr (std::is_same_v<T, bool>) return x ? 255 : 0;
      if constexpr (std::is_same_v<T, std::uint16_t>) return static_cast<int>(std::lround(x / 257.0));
    }
    return range_byte(static_cast<double>(x), black, white);
  }
  int operator()(T x) const {
    if constexpr (kTable)
      return table[static_cast<std::size_t>(static_cast<int>(x) - std::numeric_limits<T>::min())];
    else
      return slow(x);
  }
};

// The colour of the first non-finite channel of a pixel, NaN before ±inf (to_qimage draws the whole
// pixel in it, so a NaN in one channel of an RGB image is as visible as in a grey one); 0 when all
// are finite (no colour has alpha 0 there: every non-finite colour is opaque).
template <class T>
inline QRgb non_finite_pixel(const T* px, int channels) {
  if constexpr (!std::is_floating_point_v<T>) {
    return 0;
  } else {
    QRgb found = 0;
    for (int k = 0; k < channels; ++k) {
      const double v = px[k];
      if (v != v) return kNanColor;
      if (!found && !(std::abs(v) < INFINITY)) found = v > 0 ? kPosInfColor : kNegInfColor;
    }
    return found;
  }
}

// One channel of a shown pixel as opaque grey (see ViewChannel).
inline QRgb channel_grey(ViewChannel v, int red, int green, int blue, int alpha) {
  int g = alpha;
  switch (v) {
    case ViewChannel::R: g = red; break;
    case ViewChannel::G: g = green; break;
    case ViewChannel::B: g = blue; break;
    case ViewChannel::Y: g = round_byte(luma(red, green, blue)); break;
    default: break;
  }
  return qRgb(g, g, g);
}

// Pixels [c0, c0 + n) of one row (`row` points at the row's first element).
template <class T>
void convert_pixels(const ByteRule<T>& byte, const T* row, int ch, int c0, int n, QRgb* line) {
  for (int c = 0; c < n; ++c) {
    const T* px = row + static_cast<std::size_t>(c0 + c) * ch;
    if (const QRgb special = non_finite_pixel(px, ch)) {
      line[c] = special;
      continue;
    }
    int red, green, blue, a = 255;
    if (ch <= 2) {
      red = green = blue = byte(px[0]);
      if (ch == 2) a = byte(px[1]);
    } else {
      red = byte(px[0]);
      green = byte(px[1]);
      blue = byte(px[2]);
      if (ch == 4) a = byte(px[3]);
    }
    line[c] = byte.range.channel == ViewChannel::All ? qRgba(red, green, blue, a)
                                                     : channel_grey(byte.range.channel, red, green, blue, a);
  }
}

// Each element's byte through a range of positive span (range_byte's arithmetic on the finite values,
// the same expressions, branch-free), and whether it is finite. With AVX2, where the CPU has it, the
// loop vectorizes (the same operations on each element: the same bytes).
template <class T>
[[gnu::always_inline]] inline void element_bytes(const T* px, int elements, double lo, double span,
                                                 std::uint8_t* bytes, std::uint8_t* finite) {
  for (int i = 0; i < elements; ++i) {
    const double v = px[i];
    const bool fin = std::abs(v) < INFINITY;  // false for NaN
    double t = ((fin ? v : lo) - lo) / span;
    t = t < 0.0 ? 0.0 : t;  // std::clamp(t, 0.0, 1.0), as selects
    t = 1.0 < t ? 1.0 : t;
    const double x = t * 255.0;
    const int r = static_cast<int>(x);  // round_byte
    bytes[i] = static_cast<std::uint8_t>(r + static_cast<int>(x - r >= 0.5));
    finite[i] = static_cast<std::uint8_t>(fin);
  }
}
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
template <class T>
[[gnu::target("avx2")]] void element_bytes_avx2(const T* px, int elements, double lo, double span,
                                                std::uint8_t* bytes, std::uint8_t* finite) {
  element_bytes(px, elements, lo, span, bytes, finite);
}
const bool kHasAvx2 = __builtin_cpu_supports("avx2");
#endif

// Floating-point pixels through a range of positive span, every channel shown, 1 to 4 channels:
// convert_pixels's colours, made in two loops. First every element's byte and whether it is finite
// (element_bytes); then each pixel from its bytes, or from non_finite_pixel where one of its elements is not
// finite (its bytes are then not used).
template <class T>
void convert_float_pixels(const ByteRule<T>& byte, const T* row, int ch, int c0, int n, QRgb* line) {
  constexpr int kChunk = 512;  // pixels at a time
  std::uint8_t bytes[kChunk * 4];
  std::uint8_t finite[kChunk * 4];
  const double lo = byte.black, span = byte.white - byte.black;  // range_byte's
  for (int p0 = 0; p0 < n; p0 += kChunk) {
    const int m = std::min(kChunk, n - p0);
    const T* px = row + static_cast<std::size_t>(c0 + p0) * ch;
    const int elements = m * ch;
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
    if (kHasAvx2)
      element_bytes_avx2(px, elements, lo, span, bytes, finite);
    else
#endif
      element_bytes(px, elements, lo, span, bytes, finite);
    for (int c = 0; c < m; ++c) {
      const std::uint8_t* b = bytes + c * ch;
      const std::uint8_t* f = finite + c * ch;
      bool all = true;
      for (int k = 0; k < ch; ++k) all = all && f[k];
      if (!all) {
        line[p0 + c] = non_finite_pixel(px + static_cast<std::size_t>(c) * ch, ch);
        continue;
      }
      switch (ch) {
        case 1: line[p0 + c] = qRgb(b[0], b[0], b[0]); break;
        case 2: line[p0 + c] = qRgba(b[0], b[0], b[0], b[1]); break;
        case 3: line[p0 + c] = qRgb(b[0], b[1], b[2]); break;
        default: line[p0 + c] = qRgba(b[0], b[1], b[2], b[3]); break;
      }
    }
  }
}

}  // namespace

struct DisplayConverter::Rule {
  virtual ~Rule() = default;
  virtual void row(int r, int c0, int n, QRgb* out) const = 0;
};

namespace {
template <class T>
struct RuleOf final : DisplayConverter::Rule {
  const rl::Image& img;  // the caller keeps the image while the converter is used
  ByteRule<T> byte;
  RuleOf(const rl::Image& i, const DisplayRange& range) : img(i), byte(range) {}
  void row(int r, int c0, int n, QRgb* out) const override {
    const T* data = static_cast<const T*>(img.raw()) + static_cast<std::size_t>(r) * img.row_stride();
    if constexpr (std::is_floating_point_v<T>)
      if (const double span = byte.white - byte.black;
          span > 0 && std::isfinite(span) && std::isfinite(byte.black) &&
          byte.range.channel == ViewChannel::All && img.channels() <= 4) {
        convert_float_pixels(byte, data, img.channels(), c0, n, out);
        return;
      }
    convert_pixels(byte, data, img.channels(), c0, n, out);
  }
};
}  // namespace

int view_channel_index(ViewChannel v, int channels) {
  switch (v) {
    case ViewChannel::R: return 0;
    case ViewChannel::G: return channels >= 3 ? 1 : 0;
    case ViewChannel::B: return channels >= 3 ? 2 : 0;
    case ViewChannel::Alpha: return channels == 2 || channels == 4 ? channels - 1 : -1;
    default: return -1;
  }
}

std::pair<double, double> toned_range(double black, double white, const Tone& tone) {
  if (tone.neutral()) return {black, white};
  const double gain = std::exp2(tone.exposure);
  return {(black - tone.offset) / gain, (white - tone.offset) / gain};
}

QStringList channel_names(int channels) {
  switch (channels) {
    case 1: return {QStringLiteral("grey")};
    case 2: return {QStringLiteral("grey"), QStringLiteral("alpha")};
    case 3: return {QStringLiteral("R"), QStringLiteral("G"), QStringLiteral("B")};
    case 4: return {QStringLiteral("R"), QStringLiteral("G"), QStringLiteral("B"), QStringLiteral("alpha")};
    default: {
      QStringList out;
      for (int c = 0; c < channels; ++c) out << QStringLiteral("channel %1").arg(c + 1);
      return out;
    }
  }
}

ShownRange shown_range(ElemType t, const DisplayRange& r) {
  if (t == ElemType::U8 && !r.u8) return {0.0, 255.0, true};
  if (t == ElemType::Logical) return {0.0, 1.0, true};
  if (t == ElemType::U16 && !r.u16) return {0.0, 65535.0, true};
  return {r.lo, r.hi, false};
}

bool uses_display_range(ElemType t) { return t != ElemType::U8 && t != ElemType::Logical; }

DisplayConverter::DisplayConverter(const rl::Image& img, DisplayRange range)
    : format_(img.channels() == 2 || img.channels() == 4 ? QImage::Format_ARGB32 : QImage::Format_RGB32) {
  visit_elem_type(img.type(), [&](auto x) { rule_ = std::make_shared<RuleOf<decltype(x)>>(img, range); });
}

void DisplayConverter::row(int r, int c0, int n, QRgb* out) const { rule_->row(r, c0, n, out); }

QImage to_qimage(const rl::Image& img, DisplayRange range) {
  if (img.empty()) return {};
  const DisplayConverter conv(img, range);
  QImage out = make_display_image(img.cols(), img.rows(), conv.format());
  if (out.isNull()) return out;
  rl::parallel_for(img.rows(), 8, [&](long long r0, long long r1) {
    for (long long r = r0; r < r1; ++r)
      conv.row(static_cast<int>(r), 0, img.cols(),
               reinterpret_cast<QRgb*>(out.scanLine(static_cast<int>(r))));
  });
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
