// The colour bar beside the difference maps: colormap, range and what is being compared.
#pragma once

#include <QWidget>

#include "rl/ui/colormap.hpp"

namespace rl::ui {

class ColorbarWidget : public QWidget {
  Q_OBJECT
 public:
  explicit ColorbarWidget(QWidget* parent = nullptr);
  // `shown`: the non-finite kinds the maps hold, for the legend below the bar.
  void set(Colormap map, double lo, double hi, const QString& label, const NonFiniteCount& shown = {});
  QSize sizeHint() const override { return {110, 140}; }  // short: the table under it keeps its rows

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  Colormap map_ = Colormap::Inferno;
  double lo_ = 0, hi_ = 1;
  QString label_;
  NonFiniteCount shown_;
};

}  // namespace rl::ui
