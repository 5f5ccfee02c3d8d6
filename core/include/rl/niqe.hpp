// NIQE (Mittal, Soundararajan and Bovik, "Making a completely blind image quality analyzer", 2013)
// as the release's computequality.m computes it, and the PIRM 2018 challenge's variant of it.
// docs/METRICS.md names each step, its source and the order of the floating-point operations.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rl/image.hpp"
#include "rl/spec.hpp"

namespace rl {

// How an image becomes the grey double image computequality.m reads.
enum class NiqeProtocol {
  Release,  // the release's own call: rgb2gray of an RGB image (rounded for uint8), no shave
  Pirm,     // PIRM 2018 calc_scores.m: Y of rgb2ycbcr (uint8), 4 pixels shaved on each side
};

struct NiqeProtocolInfo {
  NiqeProtocol id;
  const char* name;    // as --protocol and protocol= spell it
  const char* source;  // the script it reproduces
  int shave;           // pixels removed on each side before computequality
  std::vector<std::string> steps;
};

const std::vector<NiqeProtocolInfo>& niqe_protocols();
const NiqeProtocolInfo& niqe_protocol_info(NiqeProtocol p);
std::optional<NiqeProtocol> parse_niqe_protocol(std::string_view name);
std::string niqe_protocol_names();  // "release, pirm"

// The multivariate Gaussian a NIQE distance is measured to: 36 means and a 36x36 covariance.
struct NiqeModel {
  std::vector<double> mean;  // 36
  std::vector<double> cov;   // 36 x 36, row-major
};
inline constexpr int kNiqeFeatures = 36;  // 18 per scale, two scales
inline constexpr int kNiqeBlock = 96;     // the release's block size (blocksizerow, blocksizecol)

// mu_prisparam and cov_prisparam of the release's modelparameters.mat (core/src/niqe/README.md).
const NiqeModel& niqe_pristine_model();
// A model from two .npy files: the mean (36 values, any 1-D or 2-D shape holding 36) and the
// covariance (36 x 36, symmetric), float32 or float64, all finite; each file a regular file of at most
// 1 MiB (rl/regular_file.hpp: a FIFO or a device is refused unread). Throws with one line.
NiqeModel read_niqe_model(const std::string& mean_npy, const std::string& cov_npy);
// The same checks on values in memory (the Python module's arrays).
NiqeModel make_niqe_model(std::vector<double> mean, std::vector<double> cov);
// Their first check, on the number of values alone (for a caller that has not read them yet).
void check_niqe_model_sizes(std::size_t mean_values, std::size_t cov_values);

// A warning for a float image whose values all lie in [0, 1], "" for any other image: the release's
// model was fit to 0..255 values (computequality.m scores double() of a uint8 image), so the score
// of a 0..1 image means nothing (Set5's baby.bmp as float: 18.63 on 0..1, 3.23 on 0..255).
std::string niqe_range_warning(const Image& img);

// The grey float64 image computequality.m is given by protocol p (rows x cols x 1, before its crop
// to whole blocks). Release: uint8, uint16, single or double, grey or RGB (rgb2gray); PIRM: uint8
// grey or RGB (rgb2ycbcr's Y). Throws std::invalid_argument with one line otherwise.
Image niqe_values(const Image& img, NiqeProtocol p);

// The 36 features of each 96x96 block (rows: blocks in MATLAB's blkproc order, block columns
// outer), from the grey float64 image computequality.m reads: its crop to whole blocks, MSCN,
// the AGGD fits at full and at half size (imresize(im, 0.5) with boundary b). NaN where MATLAB's
// fit gives NaN (a block with no negative or no positive coefficient).
// Where a pixel's 7x7 window is flat (one value), im - mu is rounding noise whose sign MATLAB takes
// from the last bits of its svd-made filter taps: we use its exact value, 0, and count those pixels
// (both scales) in *flat_pixels. docs/METRICS.md says what that does to the score.
std::vector<std::vector<double>> niqe_block_features(const Image& grey, Boundary b = Boundary::Modern,
                                                     std::size_t* flat_pixels = nullptr);

// NIQE of an image as protocol p computes it against `model` (the pristine one when null). Throws
// std::invalid_argument with one line where MATLAB's result is not a NIQE: fewer than two blocks
// (nanmean and nancov then read the one block's features as a vector), fewer than two blocks with
// every feature finite, or a distance that is not a finite non-negative number.
double niqe(const Image& img, NiqeProtocol p = NiqeProtocol::Release, const NiqeModel* model = nullptr,
            Boundary b = Boundary::Modern);
struct NiqeScore {
  double niqe = 0.0;
  std::size_t flat_pixels = 0;  // pixels (of both scales) in flat 7x7 windows: see niqe_block_features
};
NiqeScore niqe_score(const Image& img, NiqeProtocol p = NiqeProtocol::Release,
                     const NiqeModel* model = nullptr, Boundary b = Boundary::Modern);
// The distance of computequality.m's last lines, from the block features.
double niqe_distance(const std::vector<std::vector<double>>& features, const NiqeModel& model);

}  // namespace rl
