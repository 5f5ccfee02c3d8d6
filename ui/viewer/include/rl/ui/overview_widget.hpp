// The overview: the whole source image with the region the panes show outlined. Click to centre
// the panes on a point, drag a rectangle to show exactly that region. It also draws the footprint
// (input region and centre) of the output pixel the worked example follows, as it is given.
#pragma once

#include <QImage>
#include <QWidget>
#include <optional>

namespace rl::ui {

class ViewState;

class OverviewWidget : public QWidget {
  Q_OBJECT
 public:
  OverviewWidget(ViewState* view, QWidget* parent = nullptr);
  void set_image(const QImage& preview);  // any size; drawn to fit, mapped to source coordinates
  // A line drawn instead of the image while it is set ("Loading bird.png…"); empty: the image.
  void set_message(const QString& message);
  const QString& message() const { return message_; }
  QSize sizeHint() const override { return {260, 220}; }
  QRectF image_rect() const;  // where the image is drawn, in widget coordinates
  // In source coordinates (pixel edges, 0-based); nullopt hides it.
  void set_footprint(std::optional<QRectF> rect, std::optional<QPointF> centre);
  const std::optional<QRectF>& footprint() const { return footprint_; }
  const std::optional<QPointF>& footprint_centre() const { return footprint_centre_; }

 protected:
  void paintEvent(QPaintEvent*) override;
  void mousePressEvent(QMouseEvent*) override;
  void mouseMoveEvent(QMouseEvent*) override;
  void mouseReleaseEvent(QMouseEvent*) override;

 private:
  QPointF to_source(QPointF p) const;
  QPointF to_widget(QPointF src) const;
  ViewState* view_;
  QImage image_;
  QString message_;
  std::optional<QPointF> press_, current_;
  std::optional<QRectF> footprint_;
  std::optional<QPointF> footprint_centre_;
};

}  // namespace rl::ui
