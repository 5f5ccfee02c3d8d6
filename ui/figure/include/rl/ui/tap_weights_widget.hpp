// Tap weights of one output pixel along rows and along columns, as stem plots read straight from
// the plan's tables (mapped indices, zero-weight taps already removed there).
#pragma once

#include <QWidget>

#include "rl/ui/plots.hpp"

namespace rl::ui {

class TapWeightsWidget : public QWidget {
  Q_OBJECT
 public:
  explicit TapWeightsWidget(QWidget* parent = nullptr);
  void set_plan(std::shared_ptr<const rl::Plan> plan, const QString& label);
  void set_pixel(int out_row, int out_col);
  // (input row / column index as in the plan, weight) in tap order, as drawn; empty without a plan.
  QVector<QPointF> plotted_row_taps() const { return row_taps_; }
  QVector<QPointF> plotted_col_taps() const { return col_taps_; }
  QSize sizeHint() const override { return {420, 320}; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  void refresh();
  std::shared_ptr<const rl::Plan> plan_;
  QString label_;
  int row_ = 0, col_ = 0;
  QVector<QPointF> row_taps_, col_taps_;
};

}  // namespace rl::ui
