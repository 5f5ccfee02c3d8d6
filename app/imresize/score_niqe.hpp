// `imresize score --metric niqe DIR`: NIQE of each image in a folder (no reference), as the release's
// computequality.m or the PIRM 2018 challenge computes it (rl/niqe.hpp).
#pragma once

#include <string>
#include <vector>

namespace rl::app {

int score_niqe_main(const std::vector<std::string>& args);  // the arguments after "score"
std::string score_niqe_usage_text();

}  // namespace rl::app
