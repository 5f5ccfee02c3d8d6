// TapWeightsWidget: the row and column stem plots of one output pixel, stacked.
#include "rl/ui/tap_weights_widget.hpp"

#include <QFontMetricsF>
#include <QPaintEvent>

namespace rl::ui {

TapWeightsWidget::TapWeightsWidget(QWidget* parent) : QWidget(parent) {
  setMinimumSize(200, 200);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void TapWeightsWidget::set_plan(std::shared_ptr<const rl::Plan> plan, const QString& label) {
  plan_ = std::move(plan);
  label_ = label;
  refresh();
}

void TapWeightsWidget::set_pixel(int out_row, int out_col) {
  row_ = out_row;
  col_ = out_col;
  refresh();
}

void TapWeightsWidget::refresh() {
  row_taps_.clear();
  col_taps_.clear();
  if (plan_) {
    row_taps_ = tap_points(plan_->rows, row_);
    col_taps_ = tap_points(plan_->cols, col_);
  }
  update();
}

void TapWeightsWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::white);
  if (!plan_) {
    p.drawText(rect(), Qt::AlignCenter, tr("No result yet"));
    return;
  }
  const QFontMetricsF fm(p.font());
  const QRectF r = QRectF(rect()).adjusted(4, 4, -4, -4);
  // The pixel first, so a narrow dock elides the label's end, not the numbers.
  p.drawText(
      QRectF(r.left(), r.top(), r.width(), fm.height() * 1.3), Qt::AlignLeft | Qt::AlignVCenter,
      fm.elidedText(
          tr("Output pixel (row %1, column %2), 0-based: tap weights of %3").arg(row_).arg(col_).arg(label_),
          Qt::ElideRight, r.width()));
  const QRectF body = r.adjusted(0, fm.height() * 1.4, 0, 0);
  const double h = body.height() / 2;
  paint_stem_plot(p, QRectF(body.left(), body.top(), body.width(), h), plan_->rows, row_, tr("row"));
  paint_stem_plot(p, QRectF(body.left(), body.top() + h, body.width(), h), plan_->cols, col_, tr("column"));
}

}  // namespace rl::ui
