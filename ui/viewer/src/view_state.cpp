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
  emit changed();
}

void ViewState::set_center(QPointF c) {
  // Keep the center on the image so the view can never be lost.
  c.setX(std::clamp(c.x(), 0.0, source_size_.width()));
  c.setY(std::clamp(c.y(), 0.0, source_size_.height()));
  if (c == center_) return;
  center_ = c;
  emit changed();
}

void ViewState::set_zoom(double z) {
  z = std::clamp(z, kMinZoom, kMaxZoom);
  if (z == zoom_) return;
  zoom_ = z;
  emit changed();
}

void ViewState::zoom_about(double factor, QPointF anchor) {
  const double old = zoom_;
  const double z = std::clamp(old * factor, kMinZoom, kMaxZoom);
  const QPointF c = anchor - (anchor - center_) * (old / z);
  zoom_ = z;
  center_ = c;
  set_center(c);  // clamps
  emit changed();
}

void ViewState::pan_screen(QPointF delta) { set_center(center_ - delta / zoom_); }

void ViewState::fit() { fit_region(QRectF(QPointF(0, 0), source_size_)); }

void ViewState::fit_region(const QRectF& r) {
  if (r.isEmpty()) return;
  zoom_ = std::clamp(std::min(viewport_.width() / r.width(), viewport_.height() / r.height()), kMinZoom,
                     kMaxZoom);
  center_ = r.center();
  set_center(r.center());
  emit changed();
}

}  // namespace rl::ui
