// The inspector: every pane's values (and difference) at one source point, as HTML in a label.
#pragma once

#include <QLabel>
#include <QPoint>
#include <QPointF>
#include <functional>

#include "rl/ui/document.hpp"

namespace rl::ui {

// The source pixel under `src` and, for each pane with a result, its own pixel there
// (`output_pixel(pane)`, row = y, col = x) with its values and, when shown, the difference. A pane
// whose values are about to be replaced (`pending(pane)`; the source's: pending(-1)) reads "waiting…"
// instead, and so does its difference while the comparison is being made again.
QString inspector_html(const Document& doc, QPointF src, const std::function<QPoint(int)>& output_pixel,
                       const std::function<bool(int)>& pending);

class Inspector : public QLabel {
  Q_OBJECT
 public:
  explicit Inspector(QWidget* parent = nullptr);
};

}  // namespace rl::ui
