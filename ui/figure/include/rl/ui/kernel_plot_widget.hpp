// Kernel plot widget: k(x) per pane and the widened antialiasing kernel at the current scale.
#pragma once

#include <QWidget>

#include "rl/ui/plots.hpp"

namespace rl::ui {

class KernelPlotWidget : public QWidget {
  Q_OBJECT
 public:
  explicit KernelPlotWidget(QWidget* parent = nullptr);
  void set_plan(std::shared_ptr<const rl::Plan> plan, const QString& label);
  void set_plans(QList<NamedPlan> plans);
  // Accepted for a uniform interface with the other panels; the kernel does not depend on it.
  void set_pixel(int out_row, int out_col);
  const QList<NamedPlan>& plans() const { return plans_; }
  QSize sizeHint() const override { return {420, 260}; }
  // Where the last paint put the legend, in widget coordinates (empty before the first paint).
  QRectF legend_rect() const { return legend_; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  QList<NamedPlan> plans_;
  QRectF legend_;
};

}  // namespace rl::ui
