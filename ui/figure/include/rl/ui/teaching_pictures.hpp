// QPainter drawing of the three 2-D teaching pictures: the coordinate mapping (input and output grids
// overlaid, output centres on the input grid), the 2-D tap window of one output pixel, and the
// continuous surface of nearest, bilinear and bicubic. Shared by the docks and the exported figures;
// every number comes from core (rl/teaching_pictures.hpp), which reads the plan and core's kernels.
#pragma once

#include <QList>
#include <QPainter>
#include <QPoint>
#include <QRectF>
#include <QString>
#include <optional>
#include <vector>

#include "rl/teaching_pictures.hpp"
#include "rl/ui/plots.hpp"

namespace rl::ui {

// A text a picture drew and the box it covers, in the painter's device coordinates: for tests that
// check every label stays inside the picture and shows the number it should.
struct DrawnText {
  QString text;
  QRectF box;
  QRectF cell = {};  // the rectangle it was drawn into (logged_text), which it must not leave
};
using TextLog = std::vector<DrawnText>;

// How a centre or weight is printed: up to 4 decimals, trailing zeros dropped (-0.125, 0.5625, 2).
QString picture_number(double v);

// The input grid of `plan` (or, for more than 12 pixels on an axis, the 10 around the chosen pixel's
// centre) with the output pixels' cells of the first convention dashed over it, and every
// convention's output centres as marks; the chosen output pixel (x = column, y = row of the plan's
// output) ringed, its centre printed in input coordinates per convention, with each rule and size.
// `conventions` empty: all of rl::mapping_conventions().
QRectF paint_mapping_plot(QPainter& p, const QRectF& rect, const rl::Plan& plan, QPoint pixel,
                          const std::vector<rl::MappingConvention>& conventions = {}, TextLog* log = nullptr);

// Each plan's 2-D window for output pixel `pixel` (x = column, y = row), side by side (at most 4):
// its tap cells on the input grid, coloured by weight and labelled with it, the row and column
// weights along the edges, mirrored or clamped taps hatched with the pixel they read, the
// continuous point (u_row, u_col) and the sum with the plan's rounded result. A plan whose output
// lacks the pixel is skipped.
struct NamedWindow {
  QString name;
  rl::TapWindow window;
};
QList<NamedWindow> tap_windows(const QList<NamedPlan>& plans, const rl::Image& source, QPoint pixel,
                               int channel = 0);
QRectF paint_window_plot(QPainter& p, const QRectF& rect, const QList<NamedWindow>& windows,
                         TextLog* log = nullptr);

// The surfaces of nearest, bilinear and bicubic around a point, each as an isometric 3-D view
// (depth-sorted quads, turned by `azimuth` degrees about the vertical and seen from `elevation`
// degrees above the plane) over a top-down heat map, on one height scale.
struct SurfaceView {
  double azimuth = 35.0;
  double elevation = 35.0;
};
// Around the centre of output pixel `pixel` of `plan` (its u), with the plan's boundary rule.
std::vector<rl::Surface> teaching_surfaces(const rl::Image& source, const rl::Plan& plan, QPoint pixel,
                                           int channel = 0, int per_pixel = 6);
// The heights are drawn on one scale whose range is at least kSurfaceFloorLevels levels of the image's
// class (surface_level: 1 for an integer class, 1/255 for a floating-point image on 0..1), centred on
// the heights' middle: a flat or near-flat region (a range of rounding noise, or one level) draws flat
// or nearly so, not stretched to full height. A larger range is drawn as it is.
inline constexpr double kSurfaceFloorLevels = 8.0;
double surface_level(rl::ElemType t);
struct SurfaceScale {
  double data_lo = 0, data_hi = 0;  // the finite heights' range
  double lo = 0, range = 0;         // what the picture maps to 0..1 (range >= floor > 0)
};
SurfaceScale surface_scale(const std::vector<rl::Surface>& surfaces, double level);
// What the Surface dock and a figure's surface plot draw for output pixel `pixel` of `plan`: one
// source for both (the surfaces, the mark at the plan's u, the class's level).
struct SurfacePicture {
  std::vector<rl::Surface> surfaces;
  std::optional<QPointF> mark;
  double level = 1.0;
};
SurfacePicture surface_picture(const rl::Image& source, const rl::Plan& plan, QPoint pixel);
// `level`: one level of the image's class (surface_level), for the scale's floor.
QRectF paint_surface_plot(QPainter& p, const QRectF& rect, const std::vector<rl::Surface>& surfaces,
                          double level, SurfaceView view = {}, std::optional<QPointF> mark = std::nullopt,
                          TextLog* log = nullptr);
QRectF paint_surface_plot(QPainter& p, const QRectF& rect, const SurfacePicture& s, SurfaceView view = {},
                          TextLog* log = nullptr);

namespace detail {
// drawText into `r` that records the box the text covers.
void logged_text(QPainter& p, const QRectF& r, int flags, const QString& text, TextLog* log);
}  // namespace detail

}  // namespace rl::ui
