// The document's source jobs: loading and preparing a source. Nothing here touches the document's state.
#include "rl/ui/document_jobs.hpp"

#include <exception>
#include <stdexcept>
#include <tuple>

#include "rl/image_io.hpp"
#include "rl/image_ops.hpp"
#include "rl/ui/release.hpp"

namespace rl::ui {

DisplayRange effective_range(const DisplaySettings& d, double source_lo, double source_hi) {
  // The control applies to float and 16-bit images (12-bit data in 16 bits looks black otherwise), and
  // to 8-bit ones when fixed (auto shows them as they are).
  DisplayRange r =
      d.auto_range ? DisplayRange{source_lo, source_hi, true, false} : DisplayRange{d.lo, d.hi, true, true};
  r.channel = d.channel;
  r.tone = d.tone;
  return r;
}

PreparedSource prepare_source(std::shared_ptr<const Image> image, const DisplaySettings& display) {
  PreparedSource out;
  if (uses_display_range(image->type()))
    if (const auto r = finite_range(*image)) std::tie(out.lo, out.hi) = *r;
  out.preview_image = share_image(downsample_nearest(*image, kPreviewSide));
  out.preview = to_qimage(*out.preview_image, effective_range(display, out.lo, out.hi));
  out.image = std::move(image);
  return out;
}

PreparedSource load_source(const QString& path, const DisplaySettings& display, bool prepare) {
  try {
    auto img = share_image(rl::io::load(path.toStdString()));
    if (!prepare) {
      PreparedSource out;
      out.image = std::move(img);
      return out;
    }
    if (img->empty()) throw std::runtime_error("the image is empty");
    return prepare_source(std::move(img), display);
  } catch (const std::exception& e) {
    PreparedSource out;
    out.error = QString::fromStdString(e.what());
    return out;
  }
}

}  // namespace rl::ui
