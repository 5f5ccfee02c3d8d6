// QPainter drawing of the kernel plot and the tap-weight stem plots, shared by the widgets and the
// exported figures so both show the same thing. All values are read from rl::Plan.
#pragma once

#include <QList>
#include <QPainter>
#include <QPair>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <QVector>
#include <memory>

#include "rl/plan.hpp"

namespace rl::ui {

using NamedPlan = QPair<QString, std::shared_ptr<const rl::Plan>>;

// k(x) of each plan's kernel and, for each axis that shrinks with antialiasing, the widened kernel
// s*k(s*x) that the plan's weights come from; axes labelled. The legend goes beside the plot when
// there is room, else below it, inside `rect`, labels elided to fit; returns its rectangle (empty
// when there is no curve).
QRectF paint_kernel_plot(QPainter& p, const QRectF& rect, const QList<NamedPlan>& plans);
// The kernel plot's legend labels in full (for tooltips).
QStringList kernel_plot_legend(const QList<NamedPlan>& plans);

// The taps of output `out_index` as (input index as in the plan, normalised weight), tap order.
QVector<QPointF> tap_points(const rl::AxisTable& table, int out_index);

// Stem plot of tap_points, with the sample position u marked; `what` is "row" or "column".
void paint_stem_plot(QPainter& p, const QRectF& rect, const rl::AxisTable& table, int out_index,
                     const QString& what);

// A readable line colour for series i.
QColor series_color(int i);

}  // namespace rl::ui
