// Shared zoom and pan: every change goes through here and is broadcast with changed().
#include "rl/ui/view_state.hpp"

#include <algorithm>

namespace rl::ui {

QRectF ViewState::visible_region() const {
  const double w = viewport_.width() / zoom_, h = viewport_.height() / zoom_;
  return {center_.x() - w / 2, center_.y() - h / 2, w, h};
}

void ViewState::set_viewport(QSizeF v) {
  if (v.isEmpty() || v == viewport_) return;
  viewport_ = v;
  if (fitted_)
    fit();  // a fitted view fits the new size (a pane alone, the grid again)
  else
    emit changed();
}

void ViewState::place(QPointF c) {
  // Keep the center on the image so the view can never be lost.
  c.setX(std::clamp(c.x(), 0.0, source_size_.width()));
  c.setY(std::clamp(c.y(), 0.0, source_size_.height()));
  center_ = c;
}

void ViewState::set_center(QPointF c) {
  const QPointF before = center_;
  place(c);
  if (center_ == before) return;
  fitted_ = false;
  emit changed();
}

void ViewState::set_zoom(double z) {
  z = std::clamp(z, kMinZoom, kMaxZoom);
  if (z == zoom_) return;
  zoom_ = z;
  fitted_ = false;
  emit changed();
}

void ViewState::zoom_about(double factor, QPointF anchor) {
  const double old = zoom_;
  const double z = std::clamp(old * factor, kMinZoom, kMaxZoom);
  zoom_ = z;
  place(anchor - (anchor - center_) * (old / z));
  fitted_ = false;
  emit changed();
}

void ViewState::pan_screen(QPointF delta) { set_center(center_ - delta / zoom_); }

void ViewState::fit() { frame(QRectF(QPointF(0, 0), source_size_), true); }

void ViewState::fit_region(const QRectF& r) { frame(r, false); }

void ViewState::frame(const QRectF& r, bool fitted) {
  if (r.isEmpty()) return;
  zoom_ = std::clamp(std::min(viewport_.width() / r.width(), viewport_.height() / r.height()), kMinZoom,
                     kMaxZoom);
  place(r.center());
  fitted_ = fitted;
  emit changed();
}

}  // namespace rl::ui
