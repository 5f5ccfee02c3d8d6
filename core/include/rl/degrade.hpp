// The SR degradation models of the papers' MATLAB scripts: BI (bicubic), BD (Gaussian blur then
// down-sampling, RCAN/RDN's imresize_BD), BD-VSR (BasicVSR's BD_degradation.m) and DN (bicubic then
// Gaussian noise, imresize_DN). One table of models that `imresize`, the Python module and the docs
// read (docs/DEGRADATIONS.md quotes each script).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rl/filter.hpp"
#include "rl/image.hpp"
#include "rl/spec.hpp"
#include "rl/sr_protocol.hpp"

namespace rl {

enum class Degradation { Bi, Bd, BdVsr, Dn };

struct DegradationInfo {
  Degradation id;
  const char* name;                // as --degradation spells it
  const char* source;              // the script it reproduces
  double default_parameter;        // sigma of the blur (BD, BD-VSR) or of the noise (DN); 0 for BI
  std::vector<std::string> steps;  // in order, for --help and the docs
};

const std::vector<DegradationInfo>& degradations();
const DegradationInfo& degradation_info(Degradation d);
std::optional<Degradation> parse_degradation(std::string_view name);
std::string degradation_names();  // "bi, bd, bd-vsr, dn"

struct DegradeOptions {
  Degradation model = Degradation::Bd;
  int scale = 3;
  std::optional<double> sigma;           // the blur's sigma (BD, BD-VSR; default 1.6)
  std::optional<double> noise;           // the noise's sigma on 0..255 (DN; default 30)
  std::uint64_t seed = 0;                // DN's generator (see dn_noise)
  Boundary boundary = Boundary::Modern;  // imresize's (BI and DN's bicubic)
  bool modcrop = true;  // crop the HR to a multiple of the scale first, as Prepare_TestData_HR_LR.m does
};

// Checks the options for `model` (one line a user can act on): an integer scale >= 1; BD-VSR an even
// scale (its script indexes from scale/2); sigma and noise positive and finite (sigma at most 50), and
// only where the model takes them. Throws std::invalid_argument.
void check_degrade_options(const DegradeOptions& o);

// The blur kernel of BD or BD-VSR at this scale and sigma: fspecial('gaussian', n, sigma) with
// imresize_BD's n = ceil(sigma*3)*2+1 for an odd scale (7 when scale is 3 and sigma 1.6) and
// ceil(sigma*3)*2+2 for an even one; BD_degradation.m's n = ceil(sigma*3)*2+2 at every scale.
int bd_kernel_size(Degradation model, int scale, double sigma);

// The 0-based indices of `scale/2 : scale : end - scale/2` (MATLAB, 1-based) on an axis of n: the
// even-scale sampling of imresize_BD and of BD_degradation.m. `scale` must be even.
std::vector<int> bd_even_sample_indices(int n, int scale);

// DN's noise: `count` standard normal draws times `sigma`, in MATLAB's column-major order of the LR
// array. NOT MATLAB's randn('seed', 0) draw (its legacy generator is not reproduced): a documented
// generator, std::mt19937_64 seeded with `seed`, 53-bit uniforms ((x >> 11) * 2^-53) and Marsaglia's
// polar method, both values of each accepted pair used. The same seed gives the same noise.
std::vector<double> dn_noise(std::size_t count, double sigma, std::uint64_t seed);

// The LR image of `hr` under the model (the mod-crop first when o.modcrop):
//  BI:     imresize(hr, 1/scale, 'bicubic')
//  BD:     imfilter(hr, fspecial('gaussian', n, sigma), 'replicate'), then imresize(.., 1/scale,
//          'nearest') for an odd scale, or the samples scale/2:scale:end-scale/2 for an even one
//  BD-VSR: the same blur with n = ceil(sigma*3)*2+2, then scale/2:scale:end-scale/2
//  DN:     uint8(single(imresize(hr, 1/scale, 'bicubic')) + single(noise * randn)) (uint8 input only)
// The channels are kept (the script's driver makes a grey HR RGB first: grey_as_rgb).
// BI and BD take every numeric class (BD: every class imfilter takes), DN uint8. Throws
// std::invalid_argument with one line.
Image degrade(const Image& hr, const DegradeOptions& o);

// A grey image as three equal channels (the script's cat(3, im, im, im)); any other image as it is.
Image grey_as_rgb(const Image& img);

// The plain-bicubic row of a BD or DN table: the HR made RGB when grey and mod-cropped, as
// Prepare_TestData_HR_LR.m does, degraded, brought back by imresize(lr, scale, 'bicubic') (with
// o.boundary) and scored by protocol p. Returns (SR, HR).
std::pair<Image, Image> degraded_bicubic_pair(const Image& hr, const DegradeOptions& o);
SrScore score_degraded_bicubic(const Image& hr, const DegradeOptions& o, SrProtocol p);

}  // namespace rl
