// TIFF through libtiff directly, for what OpenCV 4.6's TIFF codec cannot do or does not keep: two
// channels, more than four, float (OpenCV writes float RGB as lossy LogLuv), signed and uint32
// samples. 8- and 16-bit unsigned grey, RGB and RGBA, and the colour models OpenCV converts (palette,
// YCbCr, CMYK, ...) go through OpenCV.
#pragma once

#include <cstdint>
#include <vector>

#include "rl/image.hpp"
#include "rl/image_header.hpp"

namespace rl::io::detail {

// The first directory's size and layout (read_header's TIFF part); throws std::runtime_error.
ImageHeader tiff_header(const ReadAt& read, std::uint64_t file_size);
// Whether the TIFF file holds another page (directory) after its first; only the first is ever read.
bool tiff_has_more_pages(const ReadAt& read, std::uint64_t file_size);

// Whether the file read_header described is read here rather than through OpenCV.
bool tiff_reads_itself(const ImageHeader& h);
// Decodes the first image of a TIFF held in memory; throws std::runtime_error with libtiff's reason.
Image tiff_decode(const std::uint8_t* data, std::size_t size, std::uint64_t max_alloc);

// Whether an image of this type and channel count is written here rather than through OpenCV.
bool tiff_writes_itself(ElemType type, int channels);
// Encodes an image as an uncompressed or deflate TIFF (any of uint8..float64, int8..int32, uint32;
// any number of channels, the ones past grey or RGB written as extra samples).
std::vector<std::uint8_t> tiff_encode(const Image& img);

}  // namespace rl::io::detail
