// Comparison figures: magnified crops of each pane's result with its method label, difference maps
// against a reference with a colour bar and statistics, and below them any of the plots the viewer's
// docks draw (kernel, frequency response, sampling, taps, worked example, line profile, coordinate
// mapping, tap window, surface); or the SR paper's figure (the reference with boxed crops, a row of
// insets per crop with PSNR/SSIM under each). Painted by one QPainter routine into PNG, SVG or PDF.
#pragma once

#include <QImage>
#include <QLineF>
#include <QList>
#include <QPainter>
#include <QRect>
#include <QRectF>
#include <QSize>
#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/teaching_pictures.hpp"

namespace rl::ui {

// Row and Grid: crops above difference maps. SrPaper: the figure of every SR paper (see
// sr_paper_geometry): the reference small with each crop boxed, then per crop a row of insets.
enum class FigureLayout { Row, Grid, SrPaper };
// "row", "grid", "sr-paper"; nullopt for anything else.
std::optional<FigureLayout> parse_figure_layout(const QString& name);
QString to_string(FigureLayout l);
// The plots a figure can show under the panes, drawn by the docks' own routines.
// Mapping, Window and Surface are the 2-D teaching pictures (teaching_pictures.hpp).
enum class FigurePlot { Kernel, Frequency, Sampling, Taps, Worked, Profile, Mapping, Window, Surface };
// "kernel", "frequency", "sampling", "taps", "worked", "profile", "mapping", "window", "surface";
// nullopt for anything else.
std::optional<FigurePlot> parse_figure_plot(const QString& name);
QString to_string(FigurePlot p);
// "kernel, frequency, sampling, taps, worked, profile, mapping, window or surface", for messages.
QString figure_plot_names();
struct FigureSpec {
  // What the figure draws: the source, each pane's result and plan, the differences against the
  // reference (comparison.diff.mode: |a - ref| or signed), their colour scale and statistics, and
  // how floating-point results are shown (comparison.display). Built by compute_comparison, as the
  // viewer builds its own; the figure computes nothing of it.
  Comparison comparison;
  QStringList labels;  // over each pane, e.g. "MATLAB bicubic (antialiased)"; pane_label when missing
  QString reference_label = QStringLiteral("reference image");  // a loaded reference's name
  // The files the comparison was made from (empty: the built-in image, no reference file), for the
  // equivalent `resizelab --export` command line.
  QString source_path, reference_path;
  QRect crop;  // in source pixels (x = column, y = row); empty: the whole image
  // SrPaper: the regions (of the reference, x = column), each boxed on it in its own colour and
  // shown as one row of insets; empty: `crop` (or the whole image) alone.
  QList<QRect> crops;
  bool show_diffs = true;
  QList<FigurePlot> plots = {FigurePlot::Kernel};  // under the panes, in this order
  // The reference pane's output pixel (x = column, y = row, 0-based) that sampling, taps, worked,
  // mapping, window and surface explain; unset: the centre.
  std::optional<QPoint> pixel;
  // The line profile's line in source pixels (pixel centres at integers, x = column); unset: a
  // horizontal line through the centre, end to end.
  std::optional<QLineF> profile;
  FigureLayout layout = FigureLayout::Row;
  // SrPaper: under each inset the protocol's scores of its crop alone (labelled "crop"), not of the
  // whole image (the default, as SR papers print them).
  bool crop_scores = false;
  int width_px = 1600;  // figure width in pixels (PNG pixels; SVG/PDF at `dpi`)
  double dpi = 150.0;
  QString title;  // drawn on top when not empty (not in SrPaper: a paper's figure has its caption there)
};

// Size of the figure in pixels: width_px wide, height from the layout.
QSize figure_size(const FigureSpec& spec);
// Paints the figure into (0, 0, figure_size(spec)) of `p`. With `log`, each text drawn in an SrPaper
// figure with the cell it must stay in (DrawnText::cell).
void render_figure(QPainter& p, const FigureSpec& spec, TextLog* log = nullptr);
QImage render_figure_image(const FigureSpec& spec);

// Where each pane's crop and difference map are drawn (empty rects where nothing is drawn), in
// figure pixels: for hit-testing in the GUI and for checking rendered figures.
struct FigureImageRects {
  QRectF crop, diff;
};
QList<FigureImageRects> figure_image_rects(const FigureSpec& spec);

// Where an SrPaper figure draws its parts, in figure pixels. Its labels come from the panes (the up
// step of a round trip, a file's name), not from spec.labels, and it draws no title. The reference is
// spec.comparison.reference() (an SR comparison's HR), else the source. Each inset is its pane's
// pixels of the crop enlarged by one integer factor (nearest neighbour, so each pixel is a square of
// factor x factor figure pixels at whole-pixel positions), in the crop's colour; the HR's own crop
// comes first in each row. Under each, the label and the protocol's whole-image "PSNR / SSIM"
// (Comparison::diffs[pane].sr, as `imresize score` prints them; the HR's cell says "reference"), or
// with crop_scores the crop's own, "crop 25.72 / 0.7758". A comparison whose statistics are of a
// region (DiffSettings::region) has no whole-image scores: the figure says so instead of drawing.
struct SrPaperInset {
  int crop = 0;
  int pane = -1;  // -1: the reference (HR) itself
  QRect source;   // the crop in the pane's pixels
  int factor = 1;
  QRectF cell, image;  // the column's cell (image, label, scores) and the enlarged pixels
};
struct SrPaperGeometry {
  QString error;  // set when the figure cannot be drawn (no reference, a crop outside it or too wide)
  QSize size;     // the whole figure
  QRectF thumbnail;
  QList<QRectF> boxes;  // each crop on the thumbnail, with its frame
  QList<QColor> colours;
  QList<SrPaperInset> insets;
};
SrPaperGeometry sr_paper_geometry(const FigureSpec& spec);
// The crops an SrPaper figure shows: spec.crops, else spec.crop, else the whole reference.
QList<QRect> sr_paper_crops(const FigureSpec& spec);

// Writes PNG, SVG or PDF by the extension of `path` (case-insensitive), atomically. On failure
// returns false with a one-line reason in *error; an existing file at `path` is left untouched.
bool write_figure(const FigureSpec& spec, const QString& path, QString* error);

}  // namespace rl::ui
