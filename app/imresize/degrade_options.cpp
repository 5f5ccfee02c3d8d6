// The degradation flags and `imresize degrade` (see degrade_options.hpp).
#include "degrade_options.hpp"

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

#include "exit_codes.hpp"
#include "options.hpp"
#include "pipeline.hpp"
#include "rl/image_io.hpp"

namespace rl::app {

bool take_degrade_option(const std::vector<std::string>& args, std::size_t& i, DegradeArgs& out) {
  const Arg a = split_arg(args[i]);
  if (!is_degrade_flag(a.name)) return false;
  const std::string v = take_value(args, i, a);
  try {
    set_degrade_arg(out, a.name, v);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return true;
}

DegradeOptions degrade_options(const DegradeArgs& a, int scale, Boundary boundary) {
  try {
    return degrade_options_of(a, scale, boundary);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
}

std::string degrade_help_text() { return degrade_flags_help(); }

namespace {

std::string degrade_usage() {
  return "usage: imresize degrade INPUT OUTPUT --scale S --degradation bi|bd|bd-vsr|dn [--sigma S]\n"
         "                        [--noise N] [--seed K] [--boundary modern|legacy] [--no-modcrop]\n"
         "\n"
         "Makes the LR image of one HR image under an SR degradation model, as the papers' MATLAB\n"
         "scripts do (the HR is first mod-cropped to a multiple of S, as Prepare_TestData_HR_LR.m does;\n"
         "--no-modcrop skips that, as BD_degradation.m does). OUTPUT is written atomically, only when\n"
         "everything succeeded.\n"
         "\n"
         "  --scale S           the whole SR scale (bd-vsr: an even one)\n" +
         degrade_help_text() +
         "  --boundary B        bi and dn's bicubic: modern (default) or legacy\n"
         "  -h, --help          this text\n\n" +
         kExitStatusHelp;
}

}  // namespace

int degrade_main(int argc, char** argv) {
  return report_errors("imresize degrade", [&] {
    const std::vector<std::string> args(argv + 1, argv + argc);
    DegradeArgs d;
    std::optional<int> scale;
    Boundary boundary = Boundary::Modern;
    bool modcrop = true;
    std::vector<std::string> positional;
    const auto take = [&](std::size_t& i) {
      if (take_degrade_option(args, i, d)) return true;
      const Arg a = split_arg(args[i]);
      if (a.name == "--scale") {
        const std::string v = take_value(args, i, a);
        char* end = nullptr;
        const long s = std::strtol(v.c_str(), &end, 10);
        if (v.empty() || *end != '\0' || s < 1 || s > 1000)
          throw UsageError(
              "--scale takes a whole number from 1 to 1000 (the models down-sample by whole "
              "factors), got '" +
              v + "'");
        scale = static_cast<int>(s);
      } else if (a.name == "--boundary") {
        const std::string v = take_value(args, i, a);
        const auto b = parse_boundary(v);
        if (!b) throw UsageError("--boundary takes modern or legacy, got '" + v + "'");
        boundary = *b;
      } else if (a.name == "--no-modcrop") {
        take_no_value(a);
        modcrop = false;
      } else {
        return false;
      }
      return true;
    };
    if (walk_command_line(args, take, positional, "imresize degrade --help")) {
      std::fputs(degrade_usage().c_str(), stdout);
      return kExitOk;
    }
    if (positional.size() != 2) throw UsageError("expected INPUT and OUTPUT (see imresize degrade --help)");
    if (!scale) throw UsageError("--scale is required");
    if (!d.model) throw UsageError("--degradation is required (" + degradation_names() + ")");
    DegradeOptions o = degrade_options(d, *scale, boundary);
    o.modcrop = modcrop;
    check_output(positional[1]);
    const Image hr = io::load(positional[0]);
    Image lr;
    try {
      lr = degrade(hr, o);
    } catch (const std::invalid_argument& e) {
      throw std::runtime_error(positional[0] + ": " + e.what());
    }
    io::save(positional[1], lr);
    return kExitOk;
  });
}

}  // namespace rl::app
