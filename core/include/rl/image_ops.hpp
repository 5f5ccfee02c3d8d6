// Whole-image helpers the viewer and the figures need: a crop, a nearest-neighbour preview and the
// finite value range. Any element type; the pixels are copied, never converted.
#pragma once

#include <optional>
#include <utility>

#include "rl/image.hpp"

namespace rl {

// Rows row .. row+rows-1 and columns col .. col+cols-1 of `img`, all channels. Throws
// std::invalid_argument when the rectangle is empty or leaves the image.
Image crop(const Image& img, int row, int col, int rows, int cols);

// Channel k of `img` as a one-channel image of its type. Throws std::invalid_argument when there is
// no channel k.
Image extract_channel(const Image& img, int k);

// A copy whose longest side is at most max_side (max_side >= 1): f = max_side / longest side,
// out = max(1, floor(in * f)) per axis, each output pixel the input pixel under its centre
// (floor((o + 0.5) / f), clamped). An image already small enough is returned unchanged.
Image downsample_nearest(const Image& img, int max_side);

// The smallest and largest finite element over every channel (NaN and ±inf skipped); nullopt when
// there is none (an empty image, or one of only NaN and infinities).
std::optional<std::pair<double, double>> finite_range(const Image& img);

}  // namespace rl
