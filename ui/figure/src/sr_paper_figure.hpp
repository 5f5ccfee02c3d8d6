// The SR paper's figure (FigureLayout::SrPaper), painted for figure.cpp: its size and its painting;
// the geometry is public (figure.hpp: sr_paper_geometry).
#pragma once

#include <QPainter>
#include <QSize>

#include "rl/ui/figure.hpp"

namespace rl::ui::detail {

QSize sr_paper_size(const FigureSpec& spec);
void render_sr_paper(QPainter& p, const FigureSpec& spec, TextLog* log);

}  // namespace rl::ui::detail
