// The degradation flags and `imresize degrade` (see degrade_options.hpp).
#include "degrade_options.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "exit_codes.hpp"
#include "options.hpp"
#include "pipeline.hpp"
#include "rl/image_io.hpp"

namespace rl::app {

namespace {

double parse_positive(const std::string& v, const std::string& what) {
  char* end = nullptr;
  const double d = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || !std::isfinite(d) || !(d > 0.0))
    throw UsageError(what + " must be a positive finite number, got '" + v + "'");
  return d;
}

}  // namespace

bool take_degrade_option(const std::vector<std::string>& args, std::size_t& i, DegradeArgs& out) {
  const Arg a = split_arg(args[i]);
  if (a.name == "--degradation") {
    const std::string v = take_value(args, i, a);
    const auto m = parse_degradation(v);
    if (!m) throw UsageError("--degradation takes " + degradation_names() + ", got '" + v + "'");
    out.model = m;
  } else if (a.name == "--sigma") {
    out.sigma = parse_positive(take_value(args, i, a), "--sigma");
  } else if (a.name == "--noise") {
    out.noise = parse_positive(take_value(args, i, a), "--noise");
  } else if (a.name == "--seed") {
    const std::string v = take_value(args, i, a);
    std::uint64_t s = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), s);
    if (v.empty() || ec != std::errc() || p != v.data() + v.size())
      throw UsageError("--seed must be a whole number from 0 to 2^64-1, got '" + v + "'");
    out.seed = s;
  } else {
    return false;
  }
  return true;
}

DegradeOptions degrade_options(const DegradeArgs& a, int scale, Boundary boundary) {
  DegradeOptions o;
  o.model = a.model.value_or(Degradation::Bi);
  o.scale = scale;
  o.sigma = a.sigma;
  o.noise = a.noise;
  o.boundary = boundary;
  if (a.seed) {
    if (o.model != Degradation::Dn) throw UsageError("--seed applies to --degradation dn only");
    o.seed = *a.seed;
  }
  try {
    check_degrade_options(o);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  return o;
}

std::string degrade_help_text() {
  std::string t =
      "  --degradation M     the SR degradation model: " + degradation_names() +
      " (default bi)\n"
      "  --sigma S           bd, bd-vsr: the Gaussian blur's sigma (default 1.6)\n"
      "  --noise N           dn: the noise's sigma on 0..255 (default 30)\n"
      "  --seed K            dn: the noise generator's seed (default 0). DN's noise is NOT MATLAB's\n"
      "                      randn('seed',0) draw (that legacy generator is not reproduced): it is\n"
      "                      mt19937_64 seeded with K and Marsaglia's polar method, so DN LR images and\n"
      "                      scores differ from the published ones by the draw (docs/DEGRADATIONS.md)\n"
      "  Models, as their scripts compute them:\n";
  for (const DegradationInfo& d : degradations()) {
    t += "    " + std::string(d.name) + ": " + d.source + "\n";
    for (const std::string& s : d.steps) t += "      - " + s + "\n";
  }
  return t;
}

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
