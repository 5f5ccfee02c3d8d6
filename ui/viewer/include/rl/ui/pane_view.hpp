// One comparison pane: draws the part of a result that the shared ViewState shows, magnified with
// nearest neighbour, with a pixel grid and the numeric values at high zoom. Only draws; mouse
// gestures are turned into ViewState changes and hover signals.
#pragma once

#include <QImage>
#include <QLineF>
#include <QPointF>
#include <QString>
#include <QWidget>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/picture.hpp"

namespace rl::ui {

class ViewState;

class PaneView : public QWidget {
  Q_OBJECT
 public:
  // Screen pixels per output pixel from which each pixel's values are written inside it.
  static constexpr double kValuesFrom = 44.0;
  PaneView(ViewState* view, QWidget* parent = nullptr);

  // `values` are the numbers behind `picture` (shown at high zoom and by the inspector); below a zoom
  // of 1/2 its halvings are drawn, at 1/2 and above its full-resolution pixels for the part shown.
  void set_image(std::shared_ptr<const Picture> picture, std::shared_ptr<const Image> values);
  // Wipe mode: `picture2` is drawn right of the split line.
  void set_second(std::shared_ptr<const Picture> picture2, std::shared_ptr<const Image> values2,
                  const QString& label_a, const QString& label_b);
  void set_message(const QString& m);  // shown when there is no image (computing, an error)
  const QString& message() const { return message_; }
  void set_grid(bool on);
  void set_hover(std::optional<QPointF> src);
  // The channel view (Display > Channel): the values written at high zoom are what it shows, one
  // number for R, G, B, Y or alpha (rl::ui::view_value), every channel for All.
  void set_value_channel(ViewChannel v);
  ViewChannel value_channel() const { return value_channel_; }
  // This pane's size is the viewport the overview outlines.
  void set_defines_viewport(bool on) { defines_viewport_ = on; }
  void set_split(double fraction);  // 0..1 of the width
  // The line profile's line, drawn over the image (source coordinates); nullopt hides it.
  void set_profile_line(std::optional<QLineF> src);
  // While on, a plain drag draws the profile line instead of panning (Shift+drag always does).
  void set_line_tool(bool on) { line_tool_ = on; }
  // A tag drawn over the top left of the image (the A/B flicker's "showing: …"); empty: none. Drawn,
  // not a widget, so that showing it never moves the layout.
  void set_tag(const QString& tag);
  const QString& tag() const { return tag_; }
  // The statistics region, outlined over the image (source coordinates); nullopt hides it.
  void set_region(std::optional<QRectF> src);
  const std::optional<QRectF>& region() const { return region_; }

  const std::shared_ptr<const Picture>& display() const { return display_; }
  const std::shared_ptr<const Image>& values() const { return values_; }
  bool has_second() const { return display2_ != nullptr; }
  double split() const { return split_; }
  // Output pixel of this pane's image under the source point (may be outside the image).
  QPoint output_pixel(QPointF src) const;
  QPointF to_source(QPointF widget_pos) const;
  QPointF to_widget(QPointF src) const;
  // Screen pixels per output pixel, horizontally.
  double pixel_size() const;

 signals:
  void hovered(QPointF src);
  // A left click that did not drag (a pan that never moved), in source coordinates.
  void clicked(QPointF src);
  void left_view();
  // A profile line being drawn (finished = false while dragging), in source coordinates.
  void line_drawn(QLineF src, bool finished);
  // A statistics region being dragged with Ctrl (finished = false while dragging), in source
  // coordinates, normalised (positive width and height).
  void region_drawn(QRectF src, bool finished);

 protected:
  void paintEvent(QPaintEvent*) override;
  void resizeEvent(QResizeEvent*) override;
  void wheelEvent(QWheelEvent*) override;
  void mousePressEvent(QMouseEvent*) override;
  void mouseMoveEvent(QMouseEvent*) override;
  void mouseReleaseEvent(QMouseEvent*) override;
  void mouseDoubleClickEvent(QMouseEvent*) override;
  void leaveEvent(QEvent*) override;

 private:
  double sx() const;
  double sy() const;
  void draw_layer(QPainter& p, const Picture& pic, const Image* values);
  void draw_tag(QPainter& p, const QRectF& box, Qt::Alignment align, const QString& s, const QColor& back,
                const QColor& ink);

  ViewState* view_;
  std::shared_ptr<const Picture> display_, display2_;
  std::shared_ptr<const Image> values_, values2_;
  QString label_a_, label_b_, message_, tag_;
  bool grid_ = true;
  bool defines_viewport_ = false;
  double split_ = 0.5;
  std::optional<QPointF> hover_;
  ViewChannel value_channel_ = ViewChannel::All;
  enum class Drag { None, Pan, Split, Line, Region } drag_ = Drag::None;
  std::optional<QLineF> profile_line_;
  std::optional<QRectF> region_;
  bool line_tool_ = false;
  QPointF drag_start_;
  QPointF last_pos_;
  QPointF press_pos_;
};

}  // namespace rl::ui
