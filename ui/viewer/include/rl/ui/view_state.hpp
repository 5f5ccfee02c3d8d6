// The zoom and pan shared by every pane, in source-image coordinates, so panes whose images differ
// in size still show the same part of the scene.
#pragma once

#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QSizeF>

namespace rl::ui {

class ViewState : public QObject {
  Q_OBJECT
 public:
  static constexpr double kMinZoom = 1.0 / 64.0;
  static constexpr double kMaxZoom = 512.0;

  explicit ViewState(QObject* parent = nullptr) : QObject(parent) {}

  // Source pixel (x, y) covers [x, x+1) x [y, y+1); center is a point in that continuous space.
  QPointF center() const { return center_; }
  // Screen pixels per source pixel.
  double zoom() const { return zoom_; }
  QSizeF source_size() const { return source_size_; }
  // Size of the pane that defines the region shown on the overview.
  QSizeF viewport() const { return viewport_; }
  // The source rectangle a pane of `viewport()` size shows.
  QRectF visible_region() const;

  void set_source_size(QSizeF s) { source_size_ = s; }
  void set_viewport(QSizeF v);
  void set_center(QPointF c);
  void set_zoom(double z);
  // Zoom by `factor` keeping the source point `anchor` where it is on screen.
  void zoom_about(double factor, QPointF anchor);
  void pan_screen(QPointF delta);  // move the content by delta screen pixels
  // The whole source in the viewport; the view stays fitted (fitted()) through viewport changes (a
  // pane shown alone, the grid again, the window resized) until a zoom or pan leaves it.
  void fit();
  bool fitted() const { return fitted_; }
  void fit_region(const QRectF& r);

 signals:
  void changed();

 private:
  QPointF center_{0, 0};
  double zoom_ = 1.0;
  QSizeF source_size_{1, 1};
  QSizeF viewport_{400, 300};
  bool fitted_ = false;
  void place(QPointF c);                     // the centre, clamped to the image
  void frame(const QRectF& r, bool fitted);  // r in the viewport
};

}  // namespace rl::ui
