// Perceptual colormaps (viridis, inferno) and a diverging blue-white-red map for difference
// images, with a colour bar painter that labels its scale.
#pragma once

#include <QImage>
#include <QPainter>
#include <QRectF>
#include <QString>
#include <optional>

#include "rl/image.hpp"
#include "rl/metrics.hpp"

namespace rl::ui {

enum class Colormap { Viridis, Inferno, Diverging };

// The colours of values that have no place on a scale, the same in result panes, difference maps and
// colour bar legends (README, "Non-finite values"). Fully saturated, so far from every colormap entry
// and every grey (tests/ui/figure/common_test.cpp measures the distance).
constexpr QRgb kNanColor = 0xFFFF00FF;     // magenta
constexpr QRgb kPosInfColor = 0xFF00FF00;  // green
constexpr QRgb kNegInfColor = 0xFF00FFFF;  // cyan
// NaN, +inf or -inf's colour; nullopt for a finite value.
std::optional<QRgb> non_finite_color(double v);
// Its name as every view prints it: "NaN", "+Inf" or "\u2212Inf"; a null string for a finite value.
QString non_finite_name(double v);
// "n non-finite", n the element pairs that s's figures leave out; empty when there is none.
QString non_finite_text(const rl::DiffStats& s);

// t in [0, 1] (clamped; NaN gives the colour for 0: colorize draws NaN values in kNanColor instead).
QRgb colormap_lookup(Colormap map, double t);

// A 1-channel image (any element type; float64 from rl::diff_map) to colours: lo -> t = 0,
// hi -> t = 1. When hi <= lo every pixel takes t = 0 (or 0.5 for the diverging map). NaN and ±inf
// values take their own colours (non_finite_color).
QImage colorize(const rl::Image& map, Colormap cmap, double lo, double hi);

// A vertical colour bar filling `rect` left part, with tick labels on its right and `label` above.
// hi is at the top. Each kind of non-finite value that `shown` counts gets a swatch and its name
// ("NaN", "+Inf", "−Inf") below the bar.
void paint_colorbar(QPainter& p, const QRectF& rect, Colormap cmap, double lo, double hi,
                    const QString& label, const rl::NonFiniteCount& shown = {});

}  // namespace rl::ui
