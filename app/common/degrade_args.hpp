// The SR degradation flags (--degradation, --sigma, --noise, --seed) as every entry point reads them:
// `imresize degrade`, `batch` and `score --bicubic`, and resizelab's SR round trip (--sr-scale). One
// set of value rules and messages; the model's own checks are the core's (rl::check_degrade_options).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "rl/degrade.hpp"

namespace rl::app {

struct DegradeArgs {
  std::optional<Degradation> model;
  std::optional<double> sigma, noise;
  std::optional<std::uint64_t> seed;
  bool any() const { return model || sigma || noise || seed; }
};

// Whether `flag` is "--degradation", "--sigma", "--noise" or "--seed".
bool is_degrade_flag(std::string_view flag);

// Reads `value` into `out` when `flag` is "--degradation", "--sigma", "--noise" or "--seed" (true), or
// returns false for any other flag. A malformed value throws std::invalid_argument with one line
// naming the flag ("--sigma must be a positive finite number, got '0'").
bool set_degrade_arg(DegradeArgs& out, std::string_view flag, const std::string& value);

// The core options for a run at `scale` (model bi unless given): --seed only with dn, then
// rl::check_degrade_options (the scale, BD-VSR's even scale, the sigma's bound, a parameter the model
// does not take). Throws std::invalid_argument with one line.
DegradeOptions degrade_options_of(const DegradeArgs& a, int scale, Boundary boundary);

// A model's default parameter as the help prints it: "1.6" (bd, bd-vsr: sigma), "30" (dn: noise).
std::string default_parameter_text(Degradation d);

// The lines imresize's --help prints for the four flags and each model's steps.
std::string degrade_flags_help();

}  // namespace rl::app
