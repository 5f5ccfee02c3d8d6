// Box-filtered halvings of display images (see mipmap.hpp).
#include "rl/ui/mipmap.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "rl/parallel.hpp"
#include "rl/ui/release.hpp"

namespace rl::ui {

namespace {
bool is_rgb32(QImage::Format f) { return f == QImage::Format_RGB32 || f == QImage::Format_ARGB32; }
}  // namespace

namespace {
// One row of a halving: each pixel the rounded mean of the 2x2 pixels of rows a and b it covers (b is
// a when the image ends on an odd row; a repeated pixel at an odd right edge is counted once).
void halve_row(const QRgb* a, const QRgb* b, bool two_rows, int w, QRgb* o) {
  const int hw = (w + 1) / 2;
  int c = 0;
  if (two_rows) {
    // Whole 2x2 cells: the four channels at once, two 16-bit lanes for the even bytes and two for
    // the odd ones (a sum of four bytes plus 2 is at most 1022), then (sum + 2) / 4 per lane.
    constexpr std::uint32_t kLanes = 0x00FF00FFu, kHalf = 0x00020002u;
    for (; c < w / 2; ++c) {
      const std::uint32_t p0 = a[2 * c], p1 = a[2 * c + 1], p2 = b[2 * c], p3 = b[2 * c + 1];
      const std::uint32_t even = (p0 & kLanes) + (p1 & kLanes) + (p2 & kLanes) + (p3 & kLanes) + kHalf;
      const std::uint32_t odd =
          ((p0 >> 8) & kLanes) + ((p1 >> 8) & kLanes) + ((p2 >> 8) & kLanes) + ((p3 >> 8) & kLanes) + kHalf;
      o[c] = ((even >> 2) & kLanes) | (((odd >> 2) & kLanes) << 8);
    }
  }
  for (; c < hw; ++c) {
    const int x0 = 2 * c, x1 = std::min(x0 + 1, w - 1);
    const int n = (two_rows ? 2 : 1) * (x1 == x0 ? 1 : 2);
    // The pixels covered (a repeated one counted once), summed per channel, rounded half up.
    unsigned sum[4] = {0, 0, 0, 0};
    const QRgb px[4] = {a[x0], a[x1], b[x0], b[x1]};
    for (int i = 0; i < 4; ++i) {
      if ((i & 1) && x1 == x0) continue;
      if ((i & 2) && !two_rows) continue;
      sum[0] += qRed(px[i]);
      sum[1] += qGreen(px[i]);
      sum[2] += qBlue(px[i]);
      sum[3] += qAlpha(px[i]);
    }
    const auto mean = [n](unsigned s) { return static_cast<int>((s + n / 2) / n); };
    o[c] = qRgba(mean(sum[0]), mean(sum[1]), mean(sum[2]), mean(sum[3]));
  }
}

// The halving of a w x h image whose rows `row` makes on request (two at a time per output row).
QImage halve_rows(int w, int h, QImage::Format format, const Mipmap::RowSource& row) {
  QImage out = make_display_image((w + 1) / 2, (h + 1) / 2, format);
  if (out.isNull()) return out;
  rl::parallel_for(out.height(), 16, [&](long long r0, long long r1) {
    std::vector<QRgb> a(static_cast<std::size_t>(w)), b(static_cast<std::size_t>(w));
    for (long long r = r0; r < r1; ++r) {
      const int y0 = static_cast<int>(2 * r), y1 = std::min(y0 + 1, h - 1);
      row(y0, a.data());
      if (y1 != y0) row(y1, b.data());
      halve_row(a.data(), y1 != y0 ? b.data() : a.data(), y1 != y0, w,
                reinterpret_cast<QRgb*>(out.scanLine(static_cast<int>(r))));
    }
  });
  return out;
}

// Level 1 of an 8-bit image of CH channels shown as it is, row by row, straight from its rows: the
// same bytes as halve_row of to_qimage's rows, without the rows made first. Whole 2x2 cells: the two
// rows' elements added, then each element and the one a pixel to its right (a contiguous loop over the
// elements in 16-bit lanes), rounded, and each cell's channels gathered into its pixel. The odd edges
// go through halve_row of the converted pixels.
template <int CH>
QRgb u8_pixel(const std::uint8_t* px) {
  if constexpr (CH == 1) return qRgb(px[0], px[0], px[0]);
  if constexpr (CH == 2) return qRgba(px[0], px[0], px[0], px[1]);
  if constexpr (CH == 3) return qRgb(px[0], px[1], px[2]);
  if constexpr (CH == 4) return qRgba(px[0], px[1], px[2], px[3]);
}

template <int CH>
void halve_u8_row(const std::uint8_t* a, const std::uint8_t* b, bool two_rows, int w, QRgb* o,
                  std::vector<std::uint16_t>& sums, std::vector<std::uint8_t>& means) {
  const int cells = two_rows ? w / 2 : 0;
  if (cells > 0) {
    const std::size_t n = static_cast<std::size_t>(cells) * 2 * CH;  // the elements the cells cover
    sums.resize(n);
    means.resize(n);
    for (std::size_t i = 0; i < n; ++i) sums[i] = static_cast<std::uint16_t>(a[i] + b[i]);
    for (std::size_t i = 0; i + CH < n; ++i)
      means[i] = static_cast<std::uint8_t>((sums[i] + sums[i + CH] + 2) >> 2);
    if constexpr (CH == 3 || CH == 4) {
      // A cell's means m0 m1 m2 (m3) read as one little-endian word, byte-swapped: m0 m1 m2 in the
      // red, green and blue bytes (CH 3: alpha 255; CH 4: m3, the alpha, rotated to the top byte).
      for (int c = 0; c < cells; ++c) {
        std::uint32_t word;
        std::memcpy(&word, means.data() + static_cast<std::size_t>(c) * 2 * CH, 4);
        const std::uint32_t s = __builtin_bswap32(word);
        o[c] = CH == 3 ? 0xFF000000u | (s >> 8) : (s >> 8) | (s << 24);
      }
    } else {
      for (int c = 0; c < cells; ++c)
        o[c] = u8_pixel<CH>(means.data() + static_cast<std::size_t>(c) * 2 * CH);
    }
  }
  const int hw = (w + 1) / 2;
  if (cells == hw) return;
  // The rest (one row, or the odd right column): as halve_row does it, from the converted pixels.
  std::vector<QRgb> pa, pb;
  for (int x = 2 * cells; x < w; ++x) {
    pa.push_back(u8_pixel<CH>(a + static_cast<std::size_t>(x) * CH));
    pb.push_back(u8_pixel<CH>(b + static_cast<std::size_t>(x) * CH));
  }
  halve_row(pa.data(), pb.data(), two_rows, static_cast<int>(pa.size()), o + cells);
}

template <int CH>
QImage halve_u8(const std::uint8_t* data, int w, int h, QImage::Format format) {
  QImage out = make_display_image((w + 1) / 2, (h + 1) / 2, format);
  if (out.isNull()) return out;
  const std::size_t stride = static_cast<std::size_t>(w) * CH;
  rl::parallel_for(out.height(), 16, [&](long long r0, long long r1) {
    std::vector<std::uint16_t> sums;
    std::vector<std::uint8_t> means;
    for (long long r = r0; r < r1; ++r) {
      const int y0 = static_cast<int>(2 * r), y1 = std::min(y0 + 1, h - 1);
      halve_u8_row<CH>(data + y0 * stride, data + y1 * stride, y1 != y0, w,
                       reinterpret_cast<QRgb*>(out.scanLine(static_cast<int>(r))), sums, means);
    }
  });
  return out;
}
}  // namespace

QImage halve(const QImage& img) {
  if (img.isNull() || !is_rgb32(img.format())) return {};
  const int w = img.width();
  return halve_rows(w, img.height(), img.format(), [&img, w](int y, QRgb* out) {
    std::copy_n(reinterpret_cast<const QRgb*>(img.constScanLine(y)), w, out);
  });
}

std::shared_ptr<const Mipmap> Mipmap::of(const QImage& full) {
  auto m = std::make_shared<Mipmap>();
  if (full.isNull() || !is_rgb32(full.format())) return m;
  m->halve_down_from(full);
  return m;
}

std::shared_ptr<const Mipmap> Mipmap::of_rows(int w, int h, QImage::Format format, const RowSource& row) {
  auto m = std::make_shared<Mipmap>();
  if (w <= 0 || h <= 0 || !is_rgb32(format) || std::max(w, h) <= kSmallestSide) return m;
  QImage first = halve_rows(w, h, format, row);
  if (first.isNull()) return m;
  m->levels_.push_back(std::move(first));
  m->halve_down_from(m->levels_.back());
  return m;
}

std::shared_ptr<const Mipmap> Mipmap::of_first(QImage first) {
  auto m = std::make_shared<Mipmap>();
  if (first.isNull() || !is_rgb32(first.format())) return m;
  m->levels_.push_back(std::move(first));
  m->halve_down_from(m->levels_.back());
  return m;
}

std::shared_ptr<const Mipmap> Mipmap::of_u8(const std::uint8_t* data, int w, int h, int channels) {
  auto m = std::make_shared<Mipmap>();
  if (!data || w <= 0 || h <= 0 || channels < 1 || channels > 4 || std::max(w, h) <= kSmallestSide) return m;
  const QImage::Format format = channels == 2 || channels == 4 ? QImage::Format_ARGB32 : QImage::Format_RGB32;
  QImage first;
  switch (channels) {
    case 1: first = halve_u8<1>(data, w, h, format); break;
    case 2: first = halve_u8<2>(data, w, h, format); break;
    case 3: first = halve_u8<3>(data, w, h, format); break;
    default: first = halve_u8<4>(data, w, h, format); break;
  }
  if (first.isNull()) return m;
  m->levels_.push_back(std::move(first));
  m->halve_down_from(m->levels_.back());
  return m;
}

void Mipmap::halve_down_from(const QImage& top) {
  const QImage* prev = &top;
  while (std::max(prev->width(), prev->height()) > kSmallestSide) {
    QImage next = halve(*prev);
    if (next.isNull()) break;  // out of memory: the levels made so far
    levels_.push_back(std::move(next));
    prev = &levels_.back();
  }
}

int Mipmap::level_for(double screen_per_pixel) const {
  if (!(screen_per_pixel > 0) || screen_per_pixel >= 0.5) return 0;
  // Level k's pixels cover 2^k full pixels: at most one screen pixel while 2^k * s <= 1.
  const int k = static_cast<int>(std::floor(std::log2(1.0 / screen_per_pixel) + 1e-9));
  return std::clamp(k, 0, levels());
}

}  // namespace rl::ui
