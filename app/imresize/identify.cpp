// `imresize identify HR LR [--top K] [--json F]`: which resizer made LR from HR (rl/identify.hpp), with
// OpenCV's candidates run through cv::resize itself.
#include "identify.hpp"

#include <cstdio>
#include <iostream>
#include <optional>

#include "exit_codes.hpp"
#include "options.hpp"
#include "pipeline.hpp"
#include "rl/atomic_file.hpp"
#include "rl/identify.hpp"
#include "rl/image_io.hpp"
#include "rl/peer_resize.hpp"

namespace rl::app {

namespace {

struct IdentifyOptions {
  std::string hr, lr;
  int top = 5;
  std::optional<std::string> json;
};

std::optional<IdentifyOptions> parse_identify_options(const std::vector<std::string>& args) {
  IdentifyOptions o;
  std::vector<std::string> positional;
  const auto take = [&](std::size_t& i) {
    const Arg a = split_arg(args[i]);
    if (a.name == "--top") {
      o.top = static_cast<int>(parse_count(take_value(args, i, a), "--top", 1000));
    } else if (a.name == "--json") {
      if (o.json) throw UsageError("--json given more than once");
      o.json = take_value(args, i, a);
      if (o.json->empty()) throw UsageError("--json needs a file name");
    } else {
      return false;
    }
    return true;
  };
  if (walk_command_line(args, take, positional, "imresize identify --help")) return std::nullopt;
  if (positional.size() != 2)
    throw UsageError(positional.size() < 2
                         ? "expected HR and LR (see imresize identify --help)"
                         : "unexpected argument '" + positional[2] + "' (expected only HR and LR)");
  o.hr = positional[0];
  o.lr = positional[1];
  return o;
}

}  // namespace

std::string identify_usage_text() {
  return std::string(
             "usage: imresize identify HR LR [--top K] [--json FILE]\n"
             "\n"
             "Finds which resizer made LR from HR: runs every MATLAB imresize (7 methods, antialiasing on "
             "and off,\n"
             "modern and legacy boundary, scale or size given, on the image's class or through im2double), "
             "every\n"
             "OpenCV cv::resize method (including the -EXACT ones), every Pillow filter and every torch\n"
             "F.interpolate mode (antialias, align_corners; float in [0, 1], then rounded half to even or\n"
             "truncated), on HR and on its mod-crops, with each library's size rule, and compares the "
             "pixels.\n"
             "Candidates that reproduce LR are listed as \"exact\", each as the call that makes it, the "
             "plainest\n"
             "first: the fewest options away from its library's defaults (MATLAB's: 'bicubic', "
             "'Antialiasing' on\n"
             "except for 'nearest', the modern boundary) and steps added around it (mod-crop, im2double); "
             "a call\n"
             "that both boundaries make is one line that says so. When none is exact, the closest K "
             "(default 5)\n"
             "with a sentence on where they differ.\n"
             "HR and LR: uint8 (every library) or uint16 (MATLAB only), the same channels, read in file "
             "order\n"
             "(a match with red and blue swapped is reported as BGR order); when the two sides are scaled "
             "by\n"
             "different factors (a squash), only the calls given the output size are tried. Files: ") +
         io::supported_extensions_text() +
         ".\n"
         "\n"
         "  --top K       closest candidates listed when none is exact (1 to 1000, default 5)\n"
         "  --json FILE   also write the table as JSON (written atomically)\n"
         "\n"
         "Exit status: 0 identified (exact or not; see the last line); 1 unreadable input or JSON not "
         "writable;\n"
         "2 bad option, or a pair identify cannot compare (other channels or types, a type other than uint8\n"
         "and uint16). Every size can be made by some call given the size, so no size is refused.\n";
}

namespace {

int run_identify(const IdentifyOptions& o) {
  if (o.json) {
    try {
      check_output_writable(*o.json);
    } catch (const std::exception& e) {
      throw Failure(kExitFailure, e.what());
    }
  }
  const Image hr = load_input(o.hr, ResizeOptions{}), lr = load_input(o.lr, ResizeOptions{});
  identify::Options opt;
  opt.top = o.top;
  opt.opencv = io::opencv_resize;
  identify::Report report;
  try {
    report = identify::identify(hr, lr, opt);
  } catch (const identify::Refusal& e) {
    throw Failure(kExitUsage, e.what());
  }
  const std::string table = identify::format_report(report);
  if (o.json) {
    const std::string json = identify::report_json(report);
    write_file_atomically(*o.json, json.data(), json.size());
  }
  std::fputs(table.c_str(), stdout);
  return kExitOk;
}

}  // namespace

int identify_main(int argc, char** argv) {
  return report_errors("imresize identify", [&] {
    const std::optional<IdentifyOptions> o =
        parse_identify_options(std::vector<std::string>(argv + (argc > 0 ? 1 : 0), argv + std::max(argc, 1)));
    if (o) return run_identify(*o);
    std::fputs(identify_usage_text().c_str(), stdout);  // --help
    return kExitOk;
  });
}

}  // namespace rl::app
