// The SR degradation flags shared by imresize and resizelab (see degrade_args.hpp).
#include "degrade_args.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>

namespace rl::app {

namespace {

double parse_positive(const std::string& v, std::string_view flag) {
  char* end = nullptr;
  const double d = std::strtod(v.c_str(), &end);
  if (v.empty() || *end != '\0' || !std::isfinite(d) || !(d > 0.0))
    throw std::invalid_argument(std::string(flag) + " must be a positive finite number, got '" + v + "'");
  return d;
}

}  // namespace

bool is_degrade_flag(std::string_view flag) {
  return flag == "--degradation" || flag == "--sigma" || flag == "--noise" || flag == "--seed";
}

bool set_degrade_arg(DegradeArgs& out, std::string_view flag, const std::string& v) {
  if (!is_degrade_flag(flag)) return false;
  if (flag == "--degradation") {
    const auto m = parse_degradation(v);
    if (!m) throw std::invalid_argument("--degradation takes " + degradation_names() + ", got '" + v + "'");
    out.model = m;
  } else if (flag == "--sigma") {
    out.sigma = parse_positive(v, flag);
  } else if (flag == "--noise") {
    out.noise = parse_positive(v, flag);
  } else if (flag == "--seed") {
    std::uint64_t s = 0;
    const auto [p, ec] = std::from_chars(v.data(), v.data() + v.size(), s);
    if (v.empty() || ec != std::errc() || p != v.data() + v.size())
      throw std::invalid_argument("--seed must be a whole number from 0 to 2^64-1, got '" + v + "'");
    out.seed = s;
  }
  return true;
}

DegradeOptions degrade_options_of(const DegradeArgs& a, int scale, Boundary boundary) {
  DegradeOptions o;
  o.model = a.model.value_or(Degradation::Bi);
  o.scale = scale;
  o.sigma = a.sigma;
  o.noise = a.noise;
  o.boundary = boundary;
  if (a.seed) {
    if (o.model != Degradation::Dn) throw std::invalid_argument("--seed applies to --degradation dn only");
    o.seed = *a.seed;
  }
  check_degrade_options(o);
  return o;
}

std::string default_parameter_text(Degradation d) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", degradation_info(d).default_parameter);
  return buf;
}

std::string degrade_flags_help() {
  std::string t =
      "  --degradation M     the SR degradation model: " + degradation_names() +
      " (default bi)\n"
      "  --sigma S           bd, bd-vsr: the Gaussian blur's sigma (default " +
      default_parameter_text(Degradation::Bd) +
      ")\n"
      "  --noise N           dn: the noise's sigma on 0..255 (default " +
      default_parameter_text(Degradation::Dn) +
      ")\n"
      "  --seed K            dn: the noise generator's seed (default 0). DN's noise is NOT MATLAB's\n"
      "                      randn('seed',0) draw (that legacy generator is not reproduced): it is\n"
      "                      mt19937_64 seeded with K and Marsaglia's polar method, so DN LR images and\n"
      "                      scores differ from the published ones by the draw (docs/DEGRADATIONS.md)\n";
  t += "  Models, as their scripts compute them:\n";
  for (const DegradationInfo& d : degradations()) {
    t += "    " + std::string(d.name) + ": " + d.source + "\n";
    for (const std::string& s : d.steps) t += "      - " + s + "\n";
  }
  return t;
}

}  // namespace rl::app
