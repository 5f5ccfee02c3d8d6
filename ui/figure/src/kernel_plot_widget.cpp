// KernelPlotWidget: paints rl::ui::paint_kernel_plot over the widget.
#include "rl/ui/kernel_plot_widget.hpp"

#include <QPaintEvent>

namespace rl::ui {

KernelPlotWidget::KernelPlotWidget(QWidget* parent) : QWidget(parent) {
  setMinimumSize(200, 140);
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void KernelPlotWidget::set_plan(std::shared_ptr<const rl::Plan> plan, const QString& label) {
  plans_.clear();
  if (plan) plans_.append({label, std::move(plan)});
  setToolTip(kernel_plot_legend(plans_).join('\n'));
  update();
}

void KernelPlotWidget::set_plans(QList<NamedPlan> plans) {
  plans_ = std::move(plans);
  setToolTip(kernel_plot_legend(plans_).join('\n'));  // the legend's labels in full
  update();
}

void KernelPlotWidget::set_pixel(int, int) {}

void KernelPlotWidget::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.fillRect(rect(), Qt::white);
  legend_ = paint_kernel_plot(p, QRectF(rect()).adjusted(4, 4, -4, -4), plans_);
}

}  // namespace rl::ui
