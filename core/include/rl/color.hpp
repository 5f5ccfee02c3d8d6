// MATLAB's rgb2ycbcr and ycbcr2rgb (images/colorspaces) for uint8, uint16, single and double, with
// imlincomb's arithmetic, so that the Y every super-resolution script scores on is the same here.
#pragma once

#include <array>

#include "rl/image.hpp"

namespace rl {

// One output channel: t[0]*in0 + t[1]*in1 + t[2]*in2 + offset, summed in double in that order as
// imlincomb does, then stored in the class of the input: integers rounded half away from zero and
// saturated, single rounded to nearest, double as it is.
struct LinearRow {
  std::array<double, 3> t;
  double offset;
};

// The three rows rgb2ycbcr.m or ycbcr2rgb.m builds for one class, and whether float results are
// clipped to [0, 1] afterwards (ycbcr2rgb only; NaN becomes 0 there, as MATLAB's max ignores NaN).
struct ColorTransform {
  std::array<LinearRow, 3> rows;
  bool clip_float = false;
};

// rgb2ycbcr.m: the base matrix [65.481 128.553 24.966; -37.797 -74.203 112; 112 -93.786 -18.214]
// and offset [16; 128; 128], scaled for the class: uint8 T*(1/255) and the offsets as they are;
// uint16 T*(257/65535) and offsets*257; single and double T*(1/255) and offsets*(1/255). The scale
// multiplies the matrix (1/255 * 65.481, not 65.481 / 255), as the .m file writes it.
// Throws std::invalid_argument for any other class.
ColorTransform rgb2ycbcr_transform(ElemType t);
// ycbcr2rgb.m: Tinv = inv(base matrix) scaled by 255 (uint8 and float) or 65535/257 (uint16), the
// offset Tinv*[16;128;128] scaled by 1 (float), 255 (uint8) or 65535 (uint16) and subtracted.
ColorTransform ycbcr2rgb_transform(ElemType t);

// rows x cols x 3 in, the same shape and class out. Throws std::invalid_argument on other shapes
// or classes (MATLAB takes uint8, uint16, single and double).
Image rgb2ycbcr(const Image& rgb);
Image ycbcr2rgb(const Image& ycbcr);
// Channel 0 of rgb2ycbcr(rgb), computed alone (rows x cols x 1): the Y the SR scripts keep.
Image rgb2y(const Image& rgb);

// BasicSR's bgr2ycbcr (basicsr/utils/color_util.py), for the Python drop-in: B,G,R in; uint8 or
// single in, the same class out. v = float32 x/255 (uint8) or x (single); each channel a float64
// sum over B, G, R of v times [24.966 128.553 65.481; 112 -74.203 -37.797; -18.214 -93.786 112]
// (its rows: Y, Cb, Cr) plus [16 128 128]; uint8 results rounded half to even (numpy's round),
// single results /255. y_only keeps Y alone (rows x cols x 1). Other classes throw.
Image basicsr_bgr2ycbcr(const Image& bgr, bool y_only);

// Applies rows [first, first + count) of tf to a 3-channel image of a class tf was built for.
Image apply_color_transform(const Image& in, const ColorTransform& tf, int first, int count);

}  // namespace rl
