// MATLAB's type conversions (im2double, im2single, im2uint8, im2uint16) and imresize's handling of
// logical images.
#pragma once

#include "rl/image.hpp"

namespace rl {

// As MATLAB's, for the classes MATLAB's im2* functions take (logical, uint8, uint16, int16, single,
// double); int8, int32 and uint32 throw std::invalid_argument, as MATLAB errors on them.
Image im2double(const Image& in);  // uint8: x/255, uint16: x/65535, int16: (x+32768)/65535, logical: 0/1
Image im2single(const Image& in);
// floor(255 * clamp(x, 0, 1) + 0.5) for floats (NaN -> 0); uint16 -> uint8 by MATLAB's x/257 rounding;
// int16 through uint16 (x + 32768); logical: 0 / 255.
Image im2uint8(const Image& in);
Image im2uint16(const Image& in);
// The im2* function for t; for any other t, `in` when it already has type t, otherwise throws.
Image convert_to(const Image& in, ElemType t);

// imresize on a logical image A is B = resize(im2uint8(A)) > 128 (docs/MATLAB.md): this is the last
// step, uint8 -> logical by `> 128`.
Image logical_from_resized_uint8(const Image& u8);

}  // namespace rl
