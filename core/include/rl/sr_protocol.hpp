// The super-resolution scoring protocols: each a named row of core steps (which Y, which rounding,
// which shave, which PSNR form, which SSIM) reproducing one published script. `imresize score`,
// resizelab.metrics and the docs all read this one table.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rl/image.hpp"
#include "rl/spec.hpp"
#include "rl/ssim.hpp"

namespace rl {

enum class SrProtocol { Srcnn, Rcan, Basicsr, BasicsrRgb, Ntire, Lapsrn };

// How an 8-bit image (1 or 3 channels, R,G,B) becomes the values a protocol scores.
enum class SrValues {
  Uint8Y,      // Y = rgb2ycbcr(uint8) (rounded to uint8), grey as it is; then uint8(single(Y)/255*255)
  SingleY255,  // single(rgb2ycbcr(im2double(img))) channel 1, times 255 in single; grey single(im2double)*255
  BasicsrY,    // BasicSR to_y_channel: v = float32 x/255, Y = 24.966 v_B + 128.553 v_G + 65.481 v_R + 16
               // in float64, /255 to float32, *255 in float32; grey (or 2, 4, ... channels, each as
               // it is) float32 x/255*255
  BasicsrRgb,  // the values as float64, 3 channels in B,G,R order (cv2.imread's), any other number as given
  Im2double,   // im2double, all channels (PSNR); SSIM on the 0..255 values
  DoubleY,     // im2double(im2uint8(img)), Y by double rgb2ycbcr (not rounded); grey im2double
};

// How a script writes PSNR from the squared errors (the same number to about 1e-14 dB; each
// protocol keeps its script's bits).
enum class PsnrForm {
  TenLogMse,          // 10 log10(peak^2 / mse): EDSR/RCAN, BasicSR, MATLAB's psnr
  TwentyLogRmse,      // 20 log10(peak / sqrt(mse)): SRCNN's compute_psnr.m
  TenLogCountOverSum  // 10 log10(N / sum of squares), peak 1: NTIRE_PeakSNR_imgs.m
};

struct SrProtocolInfo {
  SrProtocol id;
  const char* name;    // as --protocol spells it
  const char* source;  // the script it reproduces
  SrValues values;
  int extra_shave;   // pixels shaved on each side: scale + extra_shave (NTIRE: 6)
  double psnr_peak;  // 255, or 1 for values in [0, 1]
  PsnrForm psnr_form;
  SsimVariant ssim;
  double ssim_range;  // L of the SSIM constants
  // The plain-bicubic baseline: bicubic down and up of the single-precision Y (SRCNN's demo_SR.m)
  // rather than of the uint8 RGB image (the LR files every other benchmark ships).
  bool bicubic_on_single_y;
  std::vector<std::string> steps;  // the steps in order, for --help and docs/METRICS.md
};

const std::vector<SrProtocolInfo>& sr_protocols();
const SrProtocolInfo& sr_protocol_info(SrProtocol p);
std::optional<SrProtocol> parse_sr_protocol(std::string_view name);
std::string sr_protocol_names();  // "srcnn, rcan, basicsr, basicsr-rgb, ntire, lapsrn"

struct SrScore {
  double psnr = 0.0;
  double ssim = 0.0;
  int rows = 0, cols = 0;  // the region scored, after mod-crop and shave
};

// Bottom and right cropped to a multiple of scale (SRCNN's modcrop.m): every protocol starts there,
// so an HR image that was not mod-cropped still pairs with its SR output.
Image modcrop(const Image& img, int scale);
// `pixels` removed from each side.
Image shave(const Image& img, int pixels);

// The values protocol p scores for one image (uint8; any real class for the BasicSR protocols) (after
// mod-crop and Y; before the shave), as float64, rows x cols x (1 or 3; the BasicSR protocols keep any
// other number of channels). `for_ssim` picks the SSIM values
// where they differ (NTIRE).
Image sr_values(const Image& img, SrProtocol p, bool for_ssim = false);

// Scores sr against hr as protocol p at an integer scale >= 1: uint8 images of 1 or 3 channels (the
// BasicSR protocols: any real class, any number of channels, as BasicSR scores them) (grey against RGB is
// scored on Y by the Y protocols; the RGB protocols refuse it). Throws std::invalid_argument with one line
// where the pair cannot be scored (sizes, channels, class, nothing left after the shave).
SrScore score_sr(const Image& sr, const Image& hr, int scale, SrProtocol p);
// The same without the mod-crop, `border` pixels shaved on each side (BasicSR's crop_border):
// what score_sr does after its mod-crop with border = scale + the protocol's extra shave. The
// BasicSR protocols here take any real class, as their astype does; the others uint8.
// with_ssim false leaves ssim NaN and skips its cost (BasicSR's calculate_psnr alone).
SrScore score_sr_shaved(const Image& sr, const Image& hr, int border, SrProtocol p, bool with_ssim = true);

// The HR's part of a score, made once to score several SR images against one HR (the viewer's panes
// against its reference): its mod-crop, the protocol's values, the shave and each channel's
// SsimReference. score_sr(sr, sr_reference(hr, scale, p)) is score_sr(sr, hr, scale, p), and with
// sr_reference_shaved score_sr_shaved's, bit for bit, with the same errors.
struct SrReference {
  SrProtocol protocol = SrProtocol::Srcnn;
  int scale = 0;  // 0: made by sr_reference_shaved (no mod-crop)
  int border = 0;
  int rows = 0, cols = 0, channels = 0;  // the HR's after the mod-crop, before the shave
  std::string shape;                     // the HR's as the errors name it
  Image values;                          // shaved, as the PSNR reads them
  std::vector<SsimReference> ssim;       // per channel of the values the SSIM reads
};
SrReference sr_reference(const Image& hr, int scale, SrProtocol p);
SrReference sr_reference_shaved(const Image& hr, int border, SrProtocol p);
SrScore score_sr(const Image& sr, const SrReference& hr);

// The plain-bicubic row of an SR table, from the HR image alone: mod-crop, MATLAB bicubic by
// 1/scale and back by scale with boundary b (as the protocol's script does it), then score.
SrScore score_bicubic(const Image& hr, int scale, SrProtocol p, Boundary b);
// The bicubic SR image and the HR image score_bicubic scores (for tests and the Python module).
std::pair<Image, Image> bicubic_pair(const Image& hr, int scale, SrProtocol p, Boundary b);

}  // namespace rl
