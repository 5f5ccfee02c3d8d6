// Headless figure export: `resizelab --export FIG.(png|svg|pdf) [options] [IMAGE]` builds the
// comparison as the viewer does (compute_comparison) and writes the same figure File > Export writes.
// The options are described once, in resizelab_options.cpp's table, which `--export --help` prints.
// Exit status (the table of app/common/exit_codes.hpp): 0 written; 1 the image or reference cannot be
// read or resized, or the figure cannot be written; 2 bad arguments. Errors are one line on stderr;
// no file is left on failure.
#pragma once

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

#include "resizelab_options.hpp"
#include "rl/image.hpp"
#include "rl/peers.hpp"
#include "rl/spec.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/figure.hpp"

namespace rl::ui {

// `args` as QCoreApplication::arguments() gives them: the program name first. Creates a
// QGuiApplication on the offscreen platform when no application object exists yet, so call it
// before constructing the viewer's QApplication.
int export_main(const QStringList& args);

// What export_main does before writing, for callers and tests that want the figure spec.
// The exit status (1 or 2, see above) and one line.
using ExportError = CommandLineError;
struct ExportJob {
  FigureSpec spec;
  QString path;
  bool help = false;  // --help was given: nothing to write
};
// Parses `args` (program name first), loads the image, computes the panes and checks what depends on
// them (--pixel, --profile); throws ExportError.
// Needs a QGuiApplication (fonts, image decoding).
ExportJob prepare_export(const QStringList& args);

struct PaneChoice {
  QString name;       // as given, e.g. "bicubic-noaa"
  QString label;      // for the figure, e.g. "bicubic, no antialiasing"
  PaneConfig config;  // MATLAB's method and antialiasing, a library's resize ("opencv-cubic"), or a file
};
// Parses one pane name (see above; "file:PATH" is an image file); nullopt when it is not one.
std::optional<PaneChoice> parse_pane(const QString& name);
// The name parse_pane reads back as `c` (its SR round trip aside: that is --sr-scale), e.g. "matlab",
// "bicubic", "lanczos3-aa", "opencv-cubic", "file:PATH" (its --upscale aside).
QString pane_name(const PaneConfig& c);

// The `resizelab --export` command that writes `spec` to `path`: one rule over the option table (each
// export option in the table's order, with its value read from the spec when it differs from the
// default), so that prepare_export of `args` makes the same settings. What no option can say (a
// fixed difference range, the display range of a floating-point image) is listed in `left_out`.
ExportCommand export_command(const FigureSpec& spec, const QString& path);
// `args` as one POSIX shell line: words of safe characters as they are, others in single quotes.
QString shell_line(const QStringList& args);

// --panes LIST: every name a pane, 1..16 of them; throws CommandLineError (exit 2, one line) otherwise.
QList<PaneChoice> parse_panes(const QString& list);
// The scale when neither --scale, --size nor --sr-scale says one: 1 when a pane is a file (results made
// elsewhere, such as an SR network's, are compared at the loaded image's size: `resizelab HR.png
// --panes matlab,file:edsr_x4.png`), else none (the export's 1/2, the window's own default).
std::optional<std::pair<double, double>> default_scale_for(const QList<PaneChoice>& panes);
// --upscale METHOD: a MATLAB method (not custom) for LR file panes; throws CommandLineError otherwise.
rl::Method parse_upscale(const QString& s);

}  // namespace rl::ui
