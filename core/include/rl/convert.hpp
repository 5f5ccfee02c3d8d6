// MATLAB's type conversions: im2double, im2single, im2uint8, im2uint16.
#pragma once

#include "rl/image.hpp"

namespace rl {

Image im2double(const Image& in);  // uint8: x/255, uint16: x/65535, float: widened
Image im2single(const Image& in);
// floor(255 * clamp(x, 0, 1) + 0.5) for floats (NaN -> 0); uint16 -> uint8 by MATLAB's x/257 rounding.
Image im2uint8(const Image& in);
Image im2uint16(const Image& in);
Image convert_to(const Image& in, ElemType t);  // the im2* function for t

}  // namespace rl
