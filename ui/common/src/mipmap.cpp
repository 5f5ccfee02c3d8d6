// Box-filtered halvings of display images (see mipmap.hpp).
#include "rl/ui/mipmap.hpp"

#include <algorithm>
#include <cmath>

#include "rl/parallel.hpp"
#include "rl/ui/release.hpp"

namespace rl::ui {

namespace {
bool is_rgb32(QImage::Format f) { return f == QImage::Format_RGB32 || f == QImage::Format_ARGB32; }
}  // namespace

QImage halve(const QImage& img) {
  if (img.isNull() || !is_rgb32(img.format())) return {};
  const int w = img.width(), h = img.height();
  const int hw = (w + 1) / 2, hh = (h + 1) / 2;
  QImage out = make_display_image(hw, hh, img.format());
  if (out.isNull()) return out;
  rl::parallel_for(hh, 16, [&](long long r0, long long r1) {
    for (long long r = r0; r < r1; ++r) {
      const int y0 = static_cast<int>(2 * r), y1 = std::min(y0 + 1, h - 1);
      const int rows = y1 == y0 ? 1 : 2;
      const auto* a = reinterpret_cast<const QRgb*>(img.constScanLine(y0));
      const auto* b = reinterpret_cast<const QRgb*>(img.constScanLine(y1));
      auto* o = reinterpret_cast<QRgb*>(out.scanLine(static_cast<int>(r)));
      for (int c = 0; c < hw; ++c) {
        const int x0 = 2 * c, x1 = std::min(x0 + 1, w - 1);
        const int n = rows * (x1 == x0 ? 1 : 2);
        // The pixels covered (a repeated one counted once), summed per channel, rounded half up.
        unsigned sum[4] = {0, 0, 0, 0};
        const QRgb px[4] = {a[x0], a[x1], b[x0], b[x1]};
        for (int i = 0; i < 4; ++i) {
          if ((i & 1) && x1 == x0) continue;
          if ((i & 2) && rows == 1) continue;
          sum[0] += qRed(px[i]);
          sum[1] += qGreen(px[i]);
          sum[2] += qBlue(px[i]);
          sum[3] += qAlpha(px[i]);
        }
        const auto mean = [n](unsigned s) { return static_cast<int>((s + n / 2) / n); };
        o[c] = qRgba(mean(sum[0]), mean(sum[1]), mean(sum[2]), mean(sum[3]));
      }
    }
  });
  return out;
}

std::shared_ptr<const Mipmap> Mipmap::of(const QImage& full) {
  auto m = std::make_shared<Mipmap>();
  if (full.isNull() || !is_rgb32(full.format())) return m;
  const QImage* prev = &full;
  while (std::max(prev->width(), prev->height()) > kSmallestSide) {
    QImage next = halve(*prev);
    if (next.isNull()) break;  // out of memory: the levels made so far
    m->levels_.push_back(std::move(next));
    prev = &m->levels_.back();
  }
  return m;
}

int Mipmap::level_for(double screen_per_pixel) const {
  if (!(screen_per_pixel > 0) || screen_per_pixel >= 0.5) return 0;
  // Level k's pixels cover 2^k full pixels: at most one screen pixel while 2^k * s <= 1.
  const int k = static_cast<int>(std::floor(std::log2(1.0 / screen_per_pixel) + 1e-9));
  return std::clamp(k, 0, levels());
}

}  // namespace rl::ui
