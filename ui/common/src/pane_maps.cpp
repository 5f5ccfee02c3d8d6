// A pane's difference map, whole or in parts (see pane_maps.hpp).
#include "pane_maps.hpp"

#include <algorithm>

#include "rl/convert.hpp"
#include "rl/image_ops.hpp"

namespace rl::ui {

namespace detail {

QRect compared_window(QSize ref_size, QPoint nudge, const std::optional<QRect>& ref_region) {
  QRect w = QRect(QPoint(0, 0), ref_size).intersected(QRect(nudge, ref_size));
  if (ref_region) w = w.intersected(*ref_region);
  return w;
}

void paste_nudged(Image& canvas, QPoint origin, const Image& img, QPoint nudge) {
  const QRect w = compared_window(QSize(img.cols(), img.rows()), nudge,
                                  QRect(origin, QSize(canvas.cols(), canvas.rows())));
  if (w.isEmpty()) return;
  const std::size_t px = elem_size(img.type()) * static_cast<std::size_t>(img.channels());
  const auto* src = static_cast<const unsigned char*>(img.raw());
  auto* dst = static_cast<unsigned char*>(canvas.raw());
  for (int r = w.top(); r <= w.bottom(); ++r)
    std::copy_n(
        src + (static_cast<std::size_t>(r - nudge.y()) * img.cols() + (w.left() - nudge.x())) * px,
        static_cast<std::size_t>(w.width()) * px,
        dst + (static_cast<std::size_t>(r - origin.y()) * canvas.cols() + (w.left() - origin.x())) * px);
}

Image nudge_image(const Image& img, QPoint nudge) {
  Image out(img.rows(), img.cols(), img.channels(), img.type());  // zero-filled
  paste_nudged(out, QPoint(0, 0), img, nudge);
  return out;
}

Image map_of(const PaneDiff::MapInputs& in, const QRect& r, const Image* ref_as_pane) {
  const Image& a = *in.image;
  const Image& ref = *in.ref;
  const bool whole = r == QRect(0, 0, ref.cols(), ref.rows());
  // The reference's part in the pane's element type (crop and conversion commute: both per element).
  std::optional<Image> b_own;
  if (!(whole && (ref_as_pane || ref.type() == a.type()))) {
    const Image& from = ref_as_pane ? *ref_as_pane : ref;
    Image part = whole ? Image() : crop(from, r.y(), r.x(), r.height(), r.width());
    const Image& p = whole ? from : part;
    b_own = p.type() == a.type() ? std::move(part) : convert_to(p, a.type());
  }
  const Image& b = b_own ? *b_own : ref_as_pane ? *ref_as_pane : ref;
  std::optional<Image> shown_own;
  if (!in.nudge.isNull()) {
    shown_own = b;
    paste_nudged(*shown_own, r.topLeft(), a, in.nudge);
  } else if (!whole) {
    shown_own = crop(a, r.y(), r.x(), r.height(), r.width());
  }
  const Image& shown = shown_own ? *shown_own : a;
  return diff_map(shown, b, in.mode, in.channel, diff_map_type(a.type()));
}

void measure_map(PaneDiff& d) {
  d.map_max = 0.0;
  d.map_non_finite = NonFiniteCount{};
  if (d.map) {
    d.map_max = max_abs_finite(*d.map);
    d.map_non_finite = count_non_finite(*d.map);
    return;
  }
  if (!d.map_inputs) return;
  const Image& ref = *d.map_inputs->ref;
  constexpr int kRows = 128;  // a few MB of map at a time
  for (int y = 0; y < ref.rows(); y += kRows) {
    const Image part = map_of(*d.map_inputs, QRect(0, y, ref.cols(), std::min(kRows, ref.rows() - y)));
    d.map_max = std::max(d.map_max, max_abs_finite(part));
    d.map_non_finite += count_non_finite(part);
  }
}

}  // namespace detail

DiffSettings shown_diff_settings(DiffSettings d, const DisplayRange& shown, int channels) {
  d.tone = shown.tone;
  if (const int ch = view_channel_index(shown.channel, channels); ch >= 0 && !d.ssim_map) {
    if (d.mode == DiffMode::AbsMaxChannel) d.mode = DiffMode::AbsChannel;
    d.channel = ch;
  }
  return d;
}

Image map_part(const PaneDiff& d, const QRect& rect) {
  const std::shared_ptr<const Image>& whole = d.map ? d.map : d.map_inputs ? d.map_inputs->ref : nullptr;
  if (!whole) return {};
  const QRect r = rect.intersected(QRect(0, 0, whole->cols(), whole->rows()));
  if (r.isEmpty()) return {};
  if (d.map) return crop(*d.map, r.y(), r.x(), r.height(), r.width());
  return detail::map_of(*d.map_inputs, r);
}

}  // namespace rl::ui
