// Image files: .png .bmp .tif/.tiff .jpg/.jpeg .ppm/.pgm/.pnm through OpenCV, .npy through the core.
// Channels are returned in file order (R,G,B[,A]); OpenCV's BGR order never leaks out.
#pragma once

#include <string>

#include "rl/image.hpp"

namespace rl::io {

// Throws std::runtime_error with a one-line reason (missing, unreadable, unsupported, too large).
Image load(const std::string& path);
// Writes atomically (temp file + rename). Float data to an 8/16-bit format is converted with
// im2uint8 (.png .bmp .jpg .ppm/.pgm keep 8 bits unless the image is uint16 and the format takes 16).
void save(const std::string& path, const Image& img);

bool is_supported_extension(const std::string& path);
std::string lower_extension(const std::string& path);

}  // namespace rl::io
