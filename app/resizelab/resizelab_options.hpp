// resizelab's command line, written once: one table of options (name, value form, help, and whether
// the window, the export or both take it) from which both entry points parse, word their errors and
// print their help; plus the crop rule and the help lists (methods from core, library methods from
// peers, image files from io, panels), so no help text copies a list that lives in the code.
#pragma once

#include <QRectF>
#include <QString>
#include <QStringList>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "rl/sr_protocol.hpp"
#include "rl/ui/comparison.hpp"

namespace rl::app {

// Which entry point takes an option: `resizelab [IMAGE]` (the window) or `resizelab --export`.
enum class OptionMode : unsigned { Window = 1, Export = 2, Both = 3 };

struct OptionSpec {
  const char* name;        // "scale" for --scale
  const char* value_form;  // "S" for --scale S; nullptr for a flag
  OptionMode modes;
  // One or more lines; {methods}, {libraries}, {plots}, {images}, {panels} and {protocols} stand for
  // the lists below, {niqe_protocols} for rl::niqe_protocol_names(), {degradations} for the SR degradation
  // models, {bd_sigma} and {dn_noise} for their default parameters.
  const char* help;
  // Why the other entry point takes no such option (the second half of its error); nullptr for both.
  const char* elsewhere = nullptr;
};
// A value form "[=...]": the value is optional and only given as --name=value (the window's --diff).
bool value_is_optional(const OptionSpec& o);
// Every option of both entry points, in the order the help lists them. A name may appear once per mode
// (--diff alone shows maps in the window, and takes a kind in the export).
std::span<const OptionSpec> option_table();
// Whether `mode` reads the word after --name as its value.
bool takes_value(const QString& name, OptionMode mode);

// A bad command line: the exit status (rl::app::kExitUsage for every parsing error) and one line.
struct CommandLineError {
  int code;
  QString message;
};

struct ParsedOptions {
  std::vector<std::pair<QString, QString>> given;  // (name, value) in command-line order; "" for a flag
  QStringList positional;                          // the image, at most one
  bool has(const QString& name) const;
  QString value(const QString& name) const;  // the last one given; "" when absent
  int count(const QString& name) const;      // how many times it was given
};
// Reads `args` (program name first) against the table for `mode`: "--name value" or "--name=value",
// -h for --help, -v for --version, "--" ends the options. Throws CommandLineError for an unknown option,
// one of the other mode (saying why), a missing value, a value given to a flag or a second image.
ParsedOptions parse_options(const QStringList& args, OptionMode mode);
// The whole --help of `mode`: usage, `intro`, every option of the table for that mode, the image.
QString options_help(OptionMode mode, const QString& intro);

// The one-line message for a bad --crop (parse_crop, comparison.hpp, reads it).
QString crop_error(const QString& given);
// `count` comma-separated finite numbers; throws CommandLineError naming the option and `form`.
std::vector<double> parse_numbers(const QString& option, const QString& s, int count, const QString& form);

// --metrics LIST: comma-separated, an SR protocol's name (rl::sr_protocols(); at most one) and/or niqe
// or niqe:Q, Q a NIQE protocol (rl::niqe_protocols(); niqe alone: release) ("srcnn", "niqe",
// "srcnn,niqe:pirm"); throws CommandLineError naming them.
struct Metrics {
  std::optional<rl::SrProtocol> protocol;
  std::optional<rl::NiqeProtocol> niqe;
};
Metrics parse_metrics(const QString& s);

// "nearest bilinear bicubic box triangle lanczos2 lanczos3": MATLAB's methods (rl::builtin_methods).
QString matlab_method_list();
// The library panes' names, one library per line: "  opencv-nearest opencv-linear ...", indented.
QString library_pane_list(const QString& indent);
// The image files the window opens and the export reads, by extension (rl::io).
QString image_extension_list();

// The panel names --show-panel takes: the dock table's (rl/ui/dock_table.hpp), in its order.
QString panel_name_list();  // "differences, kernels, ..."

}  // namespace rl::app
