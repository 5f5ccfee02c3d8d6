// `imresize score`: PSNR/SSIM of super-resolved images against their HR images under the named SR
// protocols (rl/sr_protocol.hpp), or the plain-bicubic baseline row from the HR images alone.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace rl::app {

// The pairing rule: an SR file pairs with the HR file whose name without extension is the longest
// prefix of its own name without extension such that the rest is empty, or is `x` or `X` followed
// by the scale, or starts with `_`, `-` or `.` (0001.png <- 0001.png, 0001x4.png; baby.bmp <-
// baby_SRx4.png, baby-edsr.png). Returns the index into hr_stems, or nullopt.
std::optional<std::size_t> pair_sr_name(const std::string& sr_stem, const std::vector<std::string>& hr_stems,
                                        int scale);

int score_main(int argc, char** argv);  // argv[0] is "score"; with --metric: score_niqe_main

// Image files directly in `dir` (not its subfolders), sorted by name; throws with one line.
std::vector<std::filesystem::path> score_images_in(const std::string& dir);
// Every digit (%.17g); inf and nan quoted in JSON, bare in CSV (as Python's float() reads them).
std::string json_number(double v);
std::string csv_number(double v);
std::string json_string(const std::string& s);
std::string score_usage_text();

}  // namespace rl::app
