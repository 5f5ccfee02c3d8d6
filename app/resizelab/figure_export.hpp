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
#include <utility>

#include "pane_options.hpp"
#include "resizelab_options.hpp"
#include "resizelab_request.hpp"
#include "rl/image.hpp"
#include "rl/peers.hpp"
#include "rl/spec.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/figure.hpp"

namespace rl::app {

// `args` as QCoreApplication::arguments() gives them: the program name first. Creates a
// QGuiApplication on the offscreen platform when no application object exists yet, so call it
// before constructing the viewer's QApplication.
int export_main(const QStringList& args);

// What export_main does before writing, for callers and tests that want the figure spec.
struct ExportJob {
  ui::FigureSpec spec;
  QString path;
  bool help = false;  // --help was given: nothing to write
};
// Parses `args` (program name first), loads the image, computes the panes and checks what depends on
// them (--pixel, --profile); throws CommandLineError (exit 1 or 2, see above).
// Needs a QGuiApplication (fonts, image decoding).
ExportJob prepare_export(const QStringList& args);
ExportJob prepare_export(Request request);

// A figure's pane labels and its title, from the comparison, the source's file and the crop: one rule
// for File > Export and `resizelab --export`, so that the dialog's command line makes the same
// figure. A MATLAB resizer in the first pane is "MATLAB bicubic (antialiased)", the others
// pane_label's ("bilinear (no antialiasing)", "lr.png, bicubic x3"); the title is "bird.bmp: 288x288
// → 72x72 (scale 0.25), modern boundary, whole image" ("test image" for the built-in one), none for
// SrPaper (a paper's figure has its caption in the paper).
QStringList figure_labels(const ui::Comparison& c);
QString figure_title(const ui::FigureSpec& spec);

// The `resizelab --export` command that writes `spec` to `path`: one rule over the option table (each
// export option in the table's order, with its value read from the spec when it differs from the
// default), so that prepare_export of `args` makes the same settings. What no option can say (a
// fixed difference range, the display range of a floating-point image) is listed in `left_out`.
ui::ExportCommand export_command(const ui::FigureSpec& spec, const QString& path);
// `args` as one POSIX shell line: words of safe characters as they are, others in single quotes.
QString shell_line(const QStringList& args);
// A number as the command lines' parsers read it back to the same double (15 significant digits, 17
// where 15 do not give it back; "NaN"), and a pair of them ("0.25", or "0.5,0.25"; both when asked).
QString round_trip_text(double v);
QString pair_text(const std::pair<double, double>& p, bool always_both);

}  // namespace rl::app
