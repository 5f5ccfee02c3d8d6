// Perceptual colormaps (viridis, inferno) and a diverging blue-white-red map for difference
// images, with a colour bar painter that labels its scale.
#pragma once

#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QString>

#include "rl/image.hpp"

namespace rl::ui {

enum class Colormap { Viridis, Inferno, Diverging };

// t in [0, 1] (clamped; NaN gives the colour for 0).
QRgb colormap_lookup(Colormap map, double t);

// A 1-channel image (any element type; float64 from rl::diff_map) to colours: lo -> t = 0,
// hi -> t = 1. When hi <= lo every pixel takes t = 0 (or 0.5 for the diverging map).
QImage colorize(const rl::Image& map, Colormap cmap, double lo, double hi);

// A vertical colour bar filling `rect` left part, with tick labels on its right and `label` above.
// hi is at the top.
void paint_colorbar(QPainter& p, const QRectF& rect, Colormap cmap, double lo, double hi,
                    const QString& label);

}  // namespace rl::ui
