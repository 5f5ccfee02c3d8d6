// What a pane draws, at any zoom: an image's display pixels, with the box-filtered halvings a zoom
// below 1/2 draws (Mipmap). The full-resolution pixels are either a QImage it was given (a map's
// colours, a nudged view) or, for a large result, made on demand from the result through the display
// range, for the part that a zoom of 1/2 and above shows: a 48 MP pane fit into the window keeps its
// halvings (64 MB), not 192 MB of full-resolution pixels that no screen pixel shows.
#pragma once

#include <QImage>
#include <QPoint>
#include <QRect>
#include <QSize>
#include <memory>
#include <mutex>

#include "rl/image.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/mipmap.hpp"

namespace rl::ui {

class Picture {
 public:
  // A whole QImage and its halvings (made here when not given).
  static std::shared_ptr<const Picture> of(const QImage& full,
                                           std::shared_ptr<const Mipmap> levels = nullptr);
  // `image` through `range` (to_qimage's pixels): made whole now up to kWholeUpTo pixels, else its
  // halvings now and its full-resolution pixels on demand.
  // `first_halving`, when given, is an image whose pixels are the 2x2 cells' values of `image` (each
  // cell one value: a nearest x2 result's source); its conversion is then the first halving.
  static std::shared_ptr<const Picture> of(std::shared_ptr<const Image> image, DisplayRange range,
                                           const Image* first_halving = nullptr);
  static constexpr long long kWholeUpTo = 1LL << 22;
  // Whether this was made by of(image, range) of this very image (the same object, still alive) and a
  // range of the same values: then it is the Picture that call would make again.
  bool shows(const std::shared_ptr<const Image>& image, const DisplayRange& range) const;

  int width() const { return size_.width(); }
  int height() const { return size_.height(); }
  QSize size() const { return size_; }
  const Mipmap& levels() const { return *levels_; }
  // Whether the full-resolution pixels are made on demand (else `full` always returns the whole).
  bool on_demand() const { return image_ != nullptr; }

  // Full-resolution pixels covering at least `needed` (clipped to the picture): an image and where
  // its pixel (0, 0) lies in the picture. On demand, the part last made is kept and made again, with
  // a margin, only when `needed` leaves it: a pan of a few pixels makes nothing.
  struct Part {
    QImage image;
    QPoint origin;
  };
  Part full(const QRect& needed) const;
  QImage whole() const { return full(QRect(QPoint(0, 0), size_)).image; }
  QRgb pixel(int x, int y) const;

 private:
  QSize size_;
  std::shared_ptr<const Mipmap> levels_;
  QImage full_;
  std::shared_ptr<const Image> image_;
  std::shared_ptr<const DisplayConverter> converter_;
  std::weak_ptr<const Image> shown_;  // what of(image, range) was given
  DisplayRange shown_range_;
  mutable std::mutex mutex_;
  mutable Part kept_;
};

}  // namespace rl::ui
