// The degradation flags (--degradation, --sigma, --noise, --seed) that `imresize degrade`,
// `imresize batch` and `imresize score --bicubic` share, and `imresize degrade` itself.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "degrade_args.hpp"  // DegradeArgs and its rules, shared with resizelab
#include "rl/degrade.hpp"

namespace rl::app {

// Takes --degradation M, --sigma S, --noise N or --seed K at args[i] ("--x=v" or "--x v"), advancing
// i past the value; false for any other argument. UsageError on a malformed value.
bool take_degrade_option(const std::vector<std::string>& args, std::size_t& i, DegradeArgs& out);

// The core options for a run at `scale` (model bi unless given), checked by check_degrade_options:
// its message as a UsageError (exit 2) before anything is read or written.
DegradeOptions degrade_options(const DegradeArgs& a, int scale, Boundary boundary);

// The lines --help prints for the four flags (and each model's steps).
std::string degrade_help_text();

// `imresize degrade IN OUT --scale S --degradation M ...` (argv[0] is "degrade").
int degrade_main(int argc, char** argv);

}  // namespace rl::app
