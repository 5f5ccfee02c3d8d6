// to_qimage and colorize against the element-by-element implementation they replaced (kept here as the
// reference): the same colour for every pixel of random images of every type and channel count, with
// NaN and ±inf, through several display ranges.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>
#include <random>

#include "colormap_tables.hpp"
#include "random_image.hpp"
#include "rl/metrics.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/image_convert.hpp"

namespace {

using rl::ElemType;
using rl::Image;
using rl::ui::DisplayRange;

// ---- the reference: the implementation before the one-pass rewrite ----
int ref_to_byte(const Image& img, std::size_t i, const DisplayRange& range) {
  switch (img.type()) {
    case ElemType::U8: return img.data<std::uint8_t>()[i];
    case ElemType::U16:
      if (!range.u16) return static_cast<int>(std::lround(img.data<std::uint16_t>()[i] / 257.0));
      break;
    case ElemType::Logical: return img.data<bool>()[i] ? 255 : 0;
    default: break;
  }
  const double v = rl::visit_elem_type(img.type(), [&](auto x) {
    using T = decltype(x);
    return static_cast<double>(static_cast<const T*>(img.raw())[i]);
  });
  if (std::isnan(v)) return 0;
  const double span = range.hi - range.lo;
  const double t = span > 0 ? (v - range.lo) / span : (v >= range.hi ? 1.0 : 0.0);
  return static_cast<int>(std::lround(std::clamp(t, 0.0, 1.0) * 255.0));
}

std::optional<QRgb> ref_non_finite_pixel(const Image& img, std::size_t p, int channels) {
  if (!rl::is_floating(img.type())) return std::nullopt;
  std::optional<QRgb> found;
  for (int k = 0; k < channels; ++k) {
    const double v = img.type() == ElemType::F32 ? img.data<float>()[p + k] : img.data<double>()[p + k];
    if (std::isnan(v)) return rl::ui::kNanColor;
    if (!found) found = rl::ui::non_finite_color(v);
  }
  return found;
}

QRgb ref_pixel(const Image& img, int r, int c, DisplayRange range) {
  const int ch = img.channels();
  const std::size_t p = static_cast<std::size_t>(r) * img.row_stride() + static_cast<std::size_t>(c) * ch;
  if (const auto special = ref_non_finite_pixel(img, p, ch)) return *special;
  int red, green, blue, a = 255;
  if (ch <= 2) {
    red = green = blue = ref_to_byte(img, p, range);
    if (ch == 2) a = ref_to_byte(img, p + 1, range);
  } else {
    red = ref_to_byte(img, p, range);
    green = ref_to_byte(img, p + 1, range);
    blue = ref_to_byte(img, p + 2, range);
    if (ch == 4) a = ref_to_byte(img, p + 3, range);
  }
  return qRgba(red, green, blue, a);
}
template <std::size_t N>
QRgb ref_interpolate(const std::array<QRgb, N>& table, double t) {
  const double x = t * (N - 1);
  const int i = std::min(static_cast<int>(std::floor(x)), static_cast<int>(N) - 2);
  const double f = x - i;
  auto mix = [f](int a, int b) { return static_cast<int>(std::lround(a + (b - a) * f)); };
  const QRgb a = table[i], b = table[i + 1];
  return qRgb(mix(qRed(a), qRed(b)), mix(qGreen(a), qGreen(b)), mix(qBlue(a), qBlue(b)));
}

QRgb ref_colormap_lookup(rl::ui::Colormap map, double t) {
  constexpr std::array<QRgb, 5> kDiverging = {0x2166AC, 0x92C5DE, 0xF7F7F7, 0xF4A582, 0xB2182B};
  if (std::isnan(t)) t = 0.0;
  t = std::clamp(t, 0.0, 1.0);
  switch (map) {
    case rl::ui::Colormap::Viridis:
      return ref_interpolate(rl::ui::colormap_tables::kViridis, t) | 0xFF000000u;
    case rl::ui::Colormap::Inferno:
      return ref_interpolate(rl::ui::colormap_tables::kInferno, t) | 0xFF000000u;
    case rl::ui::Colormap::Diverging: return ref_interpolate(kDiverging, t) | 0xFF000000u;
  }
  return qRgb(0, 0, 0);
}
// ---- end of the reference ----

TEST(DisplayReference, ToQImageGivesTheReferenceColours) {
  const ElemType types[] = {ElemType::U8,  ElemType::U16, ElemType::F32, ElemType::F64,    ElemType::I8,
                            ElemType::I16, ElemType::I32, ElemType::U32, ElemType::Logical};
  const DisplayRange ranges[] = {
      {0.0, 1.0, false}, {-1.5, 2.25, true}, {100.0, 30000.0, true}, {0.5, 0.5, true}, {3.0, -3.0, false}};
  unsigned seed = 11;
  for (const ElemType t : types)
    for (const int ch : {1, 2, 3, 4, 5})
      for (const DisplayRange& range : ranges) {
        rl::test::RandomValues v;
        v.float_lo = -2.0;
        v.float_hi = 3.0;
        v.at_each_end = 0.05;
        v.each_special = 0.02;
        const Image img = rl::test::random_image(37, 53, ch, t, ++seed, v);
        const QImage got = rl::ui::to_qimage(img, range);
        ASSERT_EQ(got.width(), img.cols());
        ASSERT_EQ(got.height(), img.rows());
        int wrong = 0;
        for (int r = 0; r < img.rows(); ++r)
          for (int c = 0; c < img.cols(); ++c) wrong += got.pixel(c, r) != ref_pixel(img, r, c, range);
        EXPECT_EQ(wrong, 0) << rl::to_string(t) << " x" << ch << " range " << range.lo << ".." << range.hi;
      }
}

TEST(DisplayReference, ColorizeGivesTheReferenceColours) {
  rl::test::RandomValues v;
  v.float_lo = -3.0;
  v.float_hi = 9.0;
  v.each_special = 0.02;
  // A map of any values, and one of integers as the maps of 8- and 16-bit images hold (float32, with a
  // few halves, NaN and infinities among them), on scales whose ends are and are not integers.
  const Image any = rl::test::random_image(61, 47, 1, ElemType::F64, 3u, v);
  Image integers(61, 47, 1, ElemType::F32);
  std::mt19937 rng(5);
  std::uniform_int_distribution<int> value(-300, 300), pick(0, 99);
  for (std::size_t i = 0; i < integers.elements(); ++i) {
    const int p = pick(rng);
    integers.data<float>()[i] = p == 0   ? std::nanf("")
                                : p == 1 ? INFINITY
                                : p == 2 ? -INFINITY
                                : p < 6  ? static_cast<float>(value(rng)) + 0.5f
                                         : static_cast<float>(value(rng));
  }
  for (const Image* map_of : {&any, static_cast<const Image*>(&integers)})
    for (const auto cmap :
         {rl::ui::Colormap::Viridis, rl::ui::Colormap::Inferno, rl::ui::Colormap::Diverging})
      for (const auto& [lo, hi] : {std::pair{0.0, 8.0}, std::pair{-8.0, 8.0}, std::pair{2.0, 2.0},
                                   std::pair{-255.0, 255.0}, std::pair{-7.5, 250.25}, std::pair{0.0, 1e6}}) {
        const Image& map = *map_of;
        const QImage got = rl::ui::colorize(map, cmap, lo, hi);
        const double span = hi - lo, flat = cmap == rl::ui::Colormap::Diverging ? 0.5 : 0.0;
        int wrong = 0;
        for (int r = 0; r < map.rows(); ++r)
          for (int c = 0; c < map.cols(); ++c) {
            const double x = map.at(r, c, 0);
            const QRgb want = rl::ui::non_finite_color(x).value_or(
                ref_colormap_lookup(cmap, span > 0 ? (x - lo) / span : flat));
            wrong += got.pixel(c, r) != want;
          }
        EXPECT_EQ(wrong, 0) << rl::to_string(map.type()) << " " << static_cast<int>(cmap) << " " << lo << ".."
                            << hi;
      }
  // Every t on a fine grid, and the halves where rounding decides.
  for (const auto cmap : {rl::ui::Colormap::Viridis, rl::ui::Colormap::Inferno, rl::ui::Colormap::Diverging})
    for (int i = -10; i <= 100010; ++i) {
      const double t = i / 100000.0;
      ASSERT_EQ(rl::ui::colormap_lookup(cmap, t), ref_colormap_lookup(cmap, t)) << t;
    }
}

}  // namespace
