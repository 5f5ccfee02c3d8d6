// A pane's display pixels at any zoom (see picture.hpp).
#include "rl/ui/picture.hpp"

#include <algorithm>

#include "rl/ui/release.hpp"

namespace rl::ui {

std::shared_ptr<const Picture> Picture::of(const QImage& full, std::shared_ptr<const Mipmap> levels) {
  auto p = std::make_shared<Picture>();
  p->size_ = full.size();
  p->full_ = full;
  p->levels_ = levels ? std::move(levels) : Mipmap::of(full);
  return p;
}

std::shared_ptr<const Picture> Picture::of(std::shared_ptr<const Image> image, DisplayRange range,
                                           const Image* first_halving) {
  if (!image || image->empty()) return nullptr;
  if (static_cast<long long>(image->rows()) * image->cols() <= kWholeUpTo) {
    auto whole = std::const_pointer_cast<Picture>(of(to_qimage(*image, range)));
    whole->shown_ = image;
    whole->shown_range_ = range;
    return whole;
  }
  auto p = std::make_shared<Picture>();
  p->shown_ = image;
  p->shown_range_ = range;
  p->size_ = QSize(image->cols(), image->rows());
  p->converter_ = std::make_shared<const DisplayConverter>(*image, range);
  const DisplayConverter& conv = *p->converter_;
  const int w = image->cols();
  if (first_halving && first_halving->rows() == (image->rows() + 1) / 2 &&
      first_halving->cols() == (w + 1) / 2 && first_halving->channels() == image->channels() &&
      first_halving->type() == image->type())
    p->levels_ = Mipmap::of_first(to_qimage(*first_halving, range));
  // An 8-bit image shown as it is (no range, no exposure or offset, every channel) halves straight
  // from its bytes (the same levels).
  else if (image->type() == ElemType::U8 && shown_as_is(ElemType::U8, range) &&
           range.channel == ViewChannel::All && image->channels() <= 4)
    p->levels_ = Mipmap::of_u8(image->data<std::uint8_t>(), w, image->rows(), image->channels());
  else
    p->levels_ = Mipmap::of_rows(w, image->rows(), conv.format(),
                                 [&conv, w](int y, QRgb* out) { conv.row(y, 0, w, out); });
  p->image_ = std::move(image);  // the converter reads it
  return p;
}

bool Picture::shows(const std::shared_ptr<const Image>& image, const DisplayRange& range) const {
  return image && shown_.lock() == image && shown_range_ == range;  // every field, the tone too
}

Picture::Part Picture::full(const QRect& needed) const {
  const QRect bounds(QPoint(0, 0), size_);
  const QRect want = needed.intersected(bounds);
  if (!on_demand()) return {full_, QPoint(0, 0)};
  std::lock_guard<std::mutex> lock(mutex_);
  if (!kept_.image.isNull() && QRect(kept_.origin, kept_.image.size()).contains(want)) return kept_;
  // A quarter of the asked size on each side, so the next pans find it made.
  const QRect r = want.adjusted(-want.width() / 4, -want.height() / 4, want.width() / 4, want.height() / 4)
                      .intersected(bounds);
  Part part{make_display_image(r.width(), r.height(), converter_->format()), r.topLeft()};
  if (part.image.isNull()) return part;
  // On the calling thread alone (the GUI thread, painting): the core's workers may be busy with a
  // job, and a paint must not wait for them. A pane's view at 1/2 is a few MP: milliseconds.
  for (int y = 0; y < r.height(); ++y)
    converter_->row(r.y() + y, r.x(), r.width(), reinterpret_cast<QRgb*>(part.image.scanLine(y)));
  kept_ = part;
  return part;
}

QRgb Picture::pixel(int x, int y) const {
  const Part p = full(QRect(x, y, 1, 1));
  return p.image.pixel(x - p.origin.x(), y - p.origin.y());
}

}  // namespace rl::ui
