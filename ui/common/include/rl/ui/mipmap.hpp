// What a pane draws when it shows an image smaller than its pixels: box-filtered halvings of the
// full-resolution display image, made with it off the GUI thread. Fit into a 600-pixel pane, a 48 MP
// result is drawn from its 750x500 level, each screen pixel an average of the pixels it covers, not
// one sampled pixel of 64 (which aliases: the moire a resizer comparison must not add), and the paint
// reads 1.5 MB, not 190. Zoomed to 1:1 and beyond, the full image is drawn, nearest, pixel by pixel.
#pragma once

#include <QImage>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace rl::ui {

class Mipmap {
 public:
  // Levels 1, 2, ... of `full` (32-bit RGB or ARGB; other formats get none): level k is level k-1
  // halved, each pixel the rounded mean of the 2x2 pixels it covers (one pixel wide or tall at an
  // odd edge: the mean of those there), down to the first level whose larger side is at most
  // kSmallestSide. Each channel is averaged as stored, alpha included.
  static std::shared_ptr<const Mipmap> of(const QImage& full);
  // The same levels of a w x h image of `format` that is never made whole: `row(y, out)` writes its
  // row y (w pixels), two rows at a time for each row of level 1, on the core's workers.
  using RowSource = std::function<void(int y, QRgb* out)>;
  static std::shared_ptr<const Mipmap> of_rows(int w, int h, QImage::Format format, const RowSource& row);
  // The same levels as of_rows gives for an 8-bit image of 1 to 4 channels (w x h, rows of w *
  // channels bytes, interleaved) shown as it is (to_qimage's rule for uint8 with no display range, all
  // channels): the first halving made straight from its bytes. More than 4 channels: no levels.
  static std::shared_ptr<const Mipmap> of_u8(const std::uint8_t* data, int w, int h, int channels);
  // Levels 1, 2, ... given level 1 (`first`, 32-bit RGB or ARGB): it and its halvings.
  static std::shared_ptr<const Mipmap> of_first(QImage first);
  static constexpr int kSmallestSide = 256;

  int levels() const { return static_cast<int>(levels_.size()); }
  const QImage& level(int k) const { return levels_[static_cast<std::size_t>(k - 1)]; }
  // The level to draw at `screen_per_pixel` screen pixels per full-resolution pixel: the coarsest
  // whose pixels are still no larger than a screen pixel (0: the full image, at 1/2 and above).
  int level_for(double screen_per_pixel) const;

 private:
  void halve_down_from(const QImage& top);  // appends the halvings of `top` down to kSmallestSide

  std::vector<QImage> levels_;
};

// One halving step of Mipmap::of, exposed for its tests.
QImage halve(const QImage& img);

}  // namespace rl::ui
