// Comparison figures: magnified crops of each pane's result with its method label, difference maps
// against a reference with a colour bar and statistics, and below them any of the plots the viewer's
// docks draw (kernel, frequency response, sampling, taps, worked example, line profile, coordinate
// mapping, tap window, surface), painted by
// one QPainter routine into PNG, SVG or PDF.
#pragma once

#include <QImage>
#include <QLineF>
#include <QList>
#include <QPainter>
#include <QRect>
#include <QRectF>
#include <QSize>
#include <QString>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/image_convert.hpp"

namespace rl::ui {

struct FigurePane {
  QString label;                            // e.g. "MATLAB bicubic (antialiased)"
  std::shared_ptr<const rl::Image> result;  // the pane's resize result
  std::shared_ptr<const rl::Plan> plan;     // how it was made (kernel plot); may be null
};

enum class FigureLayout { Row, Grid };
// The plots a figure can show under the panes, drawn by the docks' own routines.
// Mapping, Window and Surface are the 2-D teaching pictures (teaching_pictures.hpp).
enum class FigurePlot { Kernel, Frequency, Sampling, Taps, Worked, Profile, Mapping, Window, Surface };
// "kernel", "frequency", "sampling", "taps", "worked", "profile", "mapping", "window", "surface";
// nullopt for anything else.
std::optional<FigurePlot> parse_figure_plot(const QString& name);
QString to_string(FigurePlot p);
// "kernel, frequency, sampling, taps, worked, profile, mapping, window or surface", for messages.
QString figure_plot_names();
// Difference shown: |a - ref| with the maximum over channels, or signed a - ref (the channel of
// largest magnitude, as rl::diff_map's Signed mode).
enum class FigureDiff { AbsMaxChannel, Signed };

struct FigureSpec {
  std::shared_ptr<const rl::Image> source;
  QRect crop;  // in source pixels (x = column, y = row); empty: the whole image
  QList<FigurePane> panes;
  int reference_pane = 0;  // pane the others are compared with, unless reference_image is set
  std::shared_ptr<const rl::Image> reference_image;  // e.g. a real MATLAB output
  QString reference_label = QStringLiteral("reference image");
  bool show_diffs = true;
  FigureDiff diff = FigureDiff::AbsMaxChannel;
  Colormap colormap = Colormap::Viridis;
  bool auto_range = true;  // else [range_lo, range_hi]
  double range_lo = 0.0, range_hi = 1.0;
  DisplayRange display;                            // how floating-point results are shown
  QList<FigurePlot> plots = {FigurePlot::Kernel};  // under the panes, in this order
  // The reference pane's output pixel (x = column, y = row, 0-based) that sampling, taps, worked,
  // mapping, window and surface explain; unset: the centre.
  std::optional<QPoint> pixel;
  // The line profile's line in source pixels (pixel centres at integers, x = column); unset: a
  // horizontal line through the centre, end to end.
  std::optional<QLineF> profile;
  FigureLayout layout = FigureLayout::Row;
  int width_px = 1600;  // figure width in pixels (PNG pixels; SVG/PDF at `dpi`)
  double dpi = 150.0;
  QString title;  // drawn on top when not empty
};

// Size of the figure in pixels: width_px wide, height from the layout.
QSize figure_size(const FigureSpec& spec);
// Paints the figure into (0, 0, figure_size(spec)) of `p`.
void render_figure(QPainter& p, const FigureSpec& spec);
QImage render_figure_image(const FigureSpec& spec);

// Where each pane's crop and difference map are drawn (empty rects where nothing is drawn), in
// figure pixels: for hit-testing in the GUI and for checking rendered figures.
struct FigureImageRects {
  QRectF crop, diff;
};
QList<FigureImageRects> figure_image_rects(const FigureSpec& spec);

// Writes PNG, SVG or PDF by the extension of `path` (case-insensitive), atomically. On failure
// returns false with a one-line reason in *error; an existing file at `path` is left untouched.
bool write_figure(const FigureSpec& spec, const QString& path, QString* error);

// The part of a result that shows the source crop (scaled by the result's size over the source's).
QRect result_crop(const QRect& source_crop, int src_rows, int src_cols, int out_rows, int out_cols);

}  // namespace rl::ui
