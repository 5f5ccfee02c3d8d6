// Colour bar widget: a thin wrapper over the shared paint_colorbar so figures and the viewer agree.
#include "rl/ui/colorbar_widget.hpp"

#include <QPainter>

namespace rl::ui {

ColorbarWidget::ColorbarWidget(QWidget* parent) : QWidget(parent) { setMinimumSize(90, 140); }

void ColorbarWidget::set(Colormap map, double lo, double hi, const QString& label,
                         const NonFiniteCount& shown) {
  map_ = map;
  shown_ = shown;
  lo_ = lo;
  hi_ = hi;
  label_ = label;
  update();
}

void ColorbarWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(palette().windowText().color());
  paint_colorbar(p, QRectF(rect()).adjusted(6, 6, -6, -6), map_, lo_, hi_, label_, shown_);
}

}  // namespace rl::ui
