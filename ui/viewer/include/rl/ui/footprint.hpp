// The source region one output pixel reads, for the panes' footprint overlay.
#pragma once

#include <QPointF>
#include <QRectF>
#include <optional>

#include "rl/plan.hpp"

namespace rl::ui {

// The rectangle spanned by the input rows and columns of the pixel's taps (the plan's index tables,
// after boundary mapping; source pixel edges, 0-based), and the pixel's centre u mapped to source
// coordinates.
struct Footprint {
  QRectF rect;
  QPointF centre;
};
// nullopt when the pixel is outside the plan's output.
std::optional<Footprint> footprint_of(const Plan& plan, int out_row, int out_col);

}  // namespace rl::ui
