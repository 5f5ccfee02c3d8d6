// Headless figure export: `resizelab --export FIG.(png|svg|pdf) [options] [IMAGE]`, computing each
// pane with the core and writing the same figure File > Export writes.
//
//   --export FILE         .png, .svg or .pdf (required)
//   --scale S             scale, "0.5", "1/3" or "Srows,Scols" (default 1/2)
//   --size R,C            output size instead of a scale; one side may be NaN
//   --crop x,y,w,h        region of the source, in source pixels (default: the whole image)
//   --boundary B          modern (mirror, default) or legacy (clamp)
//   --panes LIST          comma-separated pane names, the first is the reference; default
//                         matlab,nearest,bilinear,bicubic. A name is `matlab` (bicubic with
//                         antialiasing, as MATLAB's imresize by default) or a MATLAB method
//                         (nearest bilinear bicubic box triangle lanczos2 lanczos3) optionally
//                         followed by -aa (antialiasing on) or -noaa; a bare method means -noaa;
//                         or a library's method as `imresize --like` runs it (rl::peers spec names:
//                         opencv-cubic, pillow-bicubic, torch-bicubic, torch-bicubic-aa, ...).
//   --reference FILE      compare every pane with this image (e.g. a real MATLAB output) instead
//   --diff abs|signed     |a - ref| (max over channels, default) or signed with a diverging map
//   --layout row|grid     default row
//   --width PX            figure width (default 1600), --dpi D (default 150)
//   --plots LIST          plots under the panes, in order: kernel frequency sampling taps worked
//                         profile mapping window surface (default kernel; empty or
//                         --no-kernel-plot: none)
//   --pixel R,C           the reference pane's output pixel the sampling, taps, worked, mapping,
//                         window and surface plots explain (0-based; default the centre)
//   --profile R0,C0,R1,C1 the line profile's line in source pixels (0-based pixel centres;
//                         default a horizontal line through the centre)
//   --no-kernel-plot, --no-diff
//   IMAGE                 default: the embedded default image (rl/ui/default_image.hpp)
// Exit status (the table of app/common/exit_codes.hpp): 0 written; 1 the image or reference cannot be
// read or resized, or the figure cannot be written; 2 bad arguments. Errors are one line on stderr;
// no file is left on failure.
#pragma once

#include <QString>
#include <QStringList>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/peers.hpp"
#include "rl/spec.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/figure.hpp"

namespace rl::ui {

// `args` as QCoreApplication::arguments() gives them: the program name first. Creates a
// QGuiApplication on the offscreen platform when no application object exists yet, so call it
// before constructing the viewer's QApplication.
int export_main(const QStringList& args);

// What export_main does before writing, for callers and tests that want the figure spec.
struct ExportError {
  int code;         // the exit status (1 or 2, see above)
  QString message;  // one line
};
struct ExportJob {
  FigureSpec spec;
  QString path;
  bool help = false;  // --help was given: nothing to write
};
// Parses `args` (program name first), loads the image and computes the panes; throws ExportError.
// Needs a QGuiApplication (fonts, image decoding).
ExportJob prepare_export(const QStringList& args);

struct PaneChoice {
  QString name;       // as given, e.g. "bicubic-noaa"
  QString label;      // for the figure, e.g. "bicubic, no antialiasing"
  PaneConfig config;  // MATLAB's method and antialiasing, or a library's resize ("opencv-cubic")
};
// Parses one pane name (see above); nullopt when it is not one.
std::optional<PaneChoice> parse_pane(const QString& name);

}  // namespace rl::ui
