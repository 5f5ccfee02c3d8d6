// Decodes the embedded default image. Q_INIT_RESOURCE is needed because the resource lives in a
// static library, whose registration object the linker would otherwise drop.
#include "rl/ui/default_image.hpp"

#include <QImage>
#include <cstring>
#include <stdexcept>

static void init_resizelab_resources() {
  static const bool once = [] {
    Q_INIT_RESOURCE(resizelab);
    return true;
  }();
  (void)once;
}

namespace rl::ui {

QString default_image_resource() { return ":/resizelab/default.png"; }
QString default_image_name() { return "default.png (built in)"; }

Image default_image() {
  init_resizelab_resources();
  QImage q(default_image_resource());
  if (q.isNull()) throw std::runtime_error("the built-in default image could not be decoded");
  q = q.convertToFormat(QImage::Format_RGB888);
  Image img(q.height(), q.width(), 3, ElemType::U8);
  for (int r = 0; r < q.height(); ++r)
    std::memcpy(img.data<std::uint8_t>() + static_cast<std::size_t>(r) * img.row_stride(), q.constScanLine(r),
                img.row_stride());
  return img;
}

}  // namespace rl::ui
