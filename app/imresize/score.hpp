// `imresize score`: PSNR/SSIM of super-resolved images against their HR images under the named SR
// protocols (rl/sr_protocol.hpp), or the plain-bicubic baseline row from the HR images alone.
#pragma once

#include <string>

#include "score_run.hpp"  // pair_sr_name and the rest the metrics share

namespace rl::app {

int score_main(int argc, char** argv);  // argv[0] is "score"; with --metric: score_niqe_main

std::string score_usage_text();

}  // namespace rl::app
