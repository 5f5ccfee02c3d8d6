// The overview: the whole source image with the region the panes show outlined. Click to centre
// the panes on a point, drag a rectangle to show exactly that region.
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
  QSize sizeHint() const override { return {260, 220}; }
  QRectF image_rect() const;  // where the image is drawn, in widget coordinates

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
  std::optional<QPointF> press_, current_;
};

}  // namespace rl::ui
