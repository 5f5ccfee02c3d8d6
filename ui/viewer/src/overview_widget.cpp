// Overview drawing and region selection.
#include "rl/ui/overview_widget.hpp"

#include <QMouseEvent>
#include <QPainter>

#include "rl/ui/view_state.hpp"

namespace rl::ui {

OverviewWidget::OverviewWidget(ViewState* view, QWidget* parent) : QWidget(parent), view_(view) {
  setMinimumSize(160, 120);
  setCursor(Qt::CrossCursor);
  setToolTip("Click: centre the panes here. Drag: show this region.");
  connect(view_, &ViewState::changed, this, qOverload<>(&QWidget::update));
}

void OverviewWidget::set_image(const QImage& preview) {
  image_ = preview;
  update();
}

void OverviewWidget::set_footprint(std::optional<QRectF> rect, std::optional<QPointF> centre) {
  if (rect == footprint_ && centre == footprint_centre_) return;
  footprint_ = rect;
  footprint_centre_ = centre;
  update();
}

QRectF OverviewWidget::image_rect() const {
  const QSizeF src = view_->source_size();
  if (src.isEmpty()) return {};
  const QSizeF fit = src.scaled(QSizeF(size()) - QSizeF(8, 8), Qt::KeepAspectRatio);
  return {(width() - fit.width()) / 2, (height() - fit.height()) / 2, fit.width(), fit.height()};
}

QPointF OverviewWidget::to_source(QPointF p) const {
  const QRectF r = image_rect();
  const QSizeF src = view_->source_size();
  return {(p.x() - r.x()) * src.width() / r.width(), (p.y() - r.y()) * src.height() / r.height()};
}

QPointF OverviewWidget::to_widget(QPointF s) const {
  const QRectF r = image_rect();
  const QSizeF src = view_->source_size();
  return {r.x() + s.x() * r.width() / src.width(), r.y() + s.y() * r.height() / src.height()};
}

void OverviewWidget::set_message(const QString& message) {
  message_ = message;
  update();
}

void OverviewWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), palette().window());
  if (!message_.isEmpty()) {
    p.drawText(QRectF(rect()).adjusted(6, 6, -6, -6), Qt::AlignCenter | Qt::TextWordWrap, message_);
    return;
  }
  if (image_.isNull()) return;
  const QRectF r = image_rect();
  p.setRenderHint(QPainter::SmoothPixmapTransform, true);
  p.drawImage(r, image_);
  p.setClipRect(r.adjusted(-2, -2, 2, 2));
  QRectF vis(to_widget(view_->visible_region().topLeft()), to_widget(view_->visible_region().bottomRight()));
  p.setBrush(Qt::NoBrush);
  p.setPen(QPen(QColor(0, 0, 0, 160), 3));
  p.drawRect(vis);
  p.setPen(QPen(QColor(255, 210, 0), 1.5));
  p.drawRect(vis);
  if (footprint_) {
    // At least a few screen pixels, so a small footprint on a large image stays visible.
    QRectF f(to_widget(footprint_->topLeft()), to_widget(footprint_->bottomRight()));
    if (f.width() < 3) f.adjust(-(3 - f.width()) / 2, 0, (3 - f.width()) / 2, 0);
    if (f.height() < 3) f.adjust(0, -(3 - f.height()) / 2, 0, (3 - f.height()) / 2);
    p.setPen(QPen(QColor(0, 0, 0, 160), 3));
    p.drawRect(f);
    p.setPen(QPen(QColor(255, 64, 160), 1.5));
    p.drawRect(f);
  }
  if (footprint_centre_) {
    const QPointF c = to_widget(*footprint_centre_);
    p.setPen(QPen(QColor(255, 64, 160), 1.5));
    p.drawLine(c - QPointF(4, 0), c + QPointF(4, 0));
    p.drawLine(c - QPointF(0, 4), c + QPointF(0, 4));
  }
  if (press_ && current_) {
    p.setPen(QPen(QColor(0, 255, 255), 1, Qt::DashLine));
    p.drawRect(QRectF(*press_, *current_).normalized());
  }
}

void OverviewWidget::mousePressEvent(QMouseEvent* e) {
  if (e->button() != Qt::LeftButton || image_.isNull()) return;
  press_ = e->position();
  current_ = e->position();
}

void OverviewWidget::mouseMoveEvent(QMouseEvent* e) {
  if (!press_) return;
  current_ = e->position();
  update();
}

void OverviewWidget::mouseReleaseEvent(QMouseEvent* e) {
  if (!press_) return;
  const QRectF sel = QRectF(*press_, e->position()).normalized();
  if (sel.width() < 4 && sel.height() < 4) {
    view_->set_center(to_source(e->position()));
  } else {
    view_->fit_region(QRectF(to_source(sel.topLeft()), to_source(sel.bottomRight())));
  }
  press_.reset();
  current_.reset();
  update();
}

}  // namespace rl::ui
