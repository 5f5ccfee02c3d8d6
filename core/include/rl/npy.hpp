// NumPy .npy reader and writer (uint8, uint16, float32, float64; 2-D or 3-D; little-endian, C order).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rl/image.hpp"

namespace rl {

// Parses an .npy byte buffer; throws std::runtime_error with a one-line reason for anything
// malformed or unsupported (bad magic, dtype, Fortran order, shape/data mismatch, overflow).
Image npy_decode(const std::uint8_t* data, std::size_t size);
std::vector<std::uint8_t> npy_encode(const Image& img);  // 2-D when channels == 1, else 3-D

Image read_npy(const std::string& path);
// Writes atomically (temporary file in the same folder, then rename).
void write_npy(const std::string& path, const Image& img);

}  // namespace rl
