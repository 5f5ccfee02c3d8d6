// The panes a resizelab command line names (--panes, --upscale), read the same way by the window and
// --export: a MATLAB method with or without antialiasing, a library's resize, or an image file.
#pragma once

#include <QList>
#include <QString>
#include <optional>
#include <utility>

#include "rl/kernels.hpp"
#include "rl/ui/comparison.hpp"

namespace rl::app {

struct PaneChoice {
  QString name;           // as given, e.g. "bicubic-noaa"
  QString label;          // for the figure, e.g. "bicubic, no antialiasing"
  ui::PaneConfig config;  // MATLAB's method and antialiasing, a library's resize ("opencv-cubic"), or a file
};
// Parses one pane name ("matlab", "bicubic-noaa", "opencv-cubic", "file:PATH"); nullopt when it is
// not one.
std::optional<PaneChoice> parse_pane(const QString& name);
// The name parse_pane reads back as `c` (its SR round trip aside: that is --sr-scale), e.g. "matlab",
// "bicubic", "lanczos3-aa", "opencv-cubic", "file:PATH" (its --upscale aside).
QString pane_name(const ui::PaneConfig& c);

// --panes LIST: every name a pane, 1..16 of them; throws CommandLineError (exit 2, one line) otherwise.
QList<PaneChoice> parse_panes(const QString& list);
// The scale when neither --scale, --size nor --sr-scale says one: 1 when a pane is a file (results made
// elsewhere, such as an SR network's, are compared at the loaded image's size: `resizelab HR.png
// --panes matlab,file:edsr_x4.png`), else none (the export's 1/2, the window's own default).
std::optional<std::pair<double, double>> default_scale_for(const QList<PaneChoice>& panes);
// --upscale METHOD: a MATLAB method (not custom) for LR file panes; throws CommandLineError otherwise.
rl::Method parse_upscale(const QString& s);

}  // namespace rl::app
