// Image files: .png .bmp .tif/.tiff .jpg/.jpeg .ppm/.pgm/.pnm through OpenCV, .npy through the core.
// Channels are returned in file order (R,G,B[,A]); OpenCV's BGR order never leaks out.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "rl/image.hpp"
#include "rl/limits.hpp"

namespace rl::io {

struct LoadOptions {
  // Refuse images with more elements (rows x cols x channels) than this; for PNG and JPEG the check
  // reads the header, before anything is decoded or allocated. 0: no limit.
  std::size_t max_elements = kMaxImageElements;
  std::size_t max_pixels = 0;  // the same for rows x cols (0: no limit)
  // While OpenCV decodes, send the process' stderr to a temporary file, so libpng/libjpeg messages
  // end up in the error message instead of the terminal. Serialises decoding; meant for
  // single-threaded callers such as the command line.
  bool capture_decoder_messages = false;
};

// Throws std::runtime_error with a one-line reason (missing, unreadable, truncated, corrupt,
// unsupported, too large). Grey+alpha PNGs load as 2 channels.
Image load(const std::string& path);
Image load(const std::string& path, const LoadOptions& options);
// Writes atomically (temp file + rename). Every type goes to .npy as it is. Otherwise a type is kept
// where the format holds it (uint8 everywhere; uint16 in .png .tif .ppm/.pgm/.pnm; single and double
// in .tif; int8, int16 and int32 in one-channel .tif, as far as OpenCV 4.6's codecs take them) and
// converted where MATLAB has an im2* conversion: single/double -> im2uint8; uint16 -> im2uint8 in
// .bmp .jpg; int16 -> im2uint16 in .png .ppm/.pgm, im2uint8 in .bmp .jpg; logical -> im2uint8 (0 / 255)
// everywhere. Anything else (uint32 anywhere; int8 and int32 outside a one-channel .tif; int16 in a
// multi-channel .tif) throws one line naming .npy. Reading gives uint8, uint16, int8, int16, int32,
// single or double, as the file holds it.
void save(const std::string& path, const Image& img);

// The extensions load and save accept, lower case with the dot, in one list (".png" ... ".npy"), and
// as one line for help texts and messages (".png .bmp .tif .tiff .jpg .jpeg .ppm .pgm .pnm .npy").
const std::vector<std::string>& supported_extensions();
std::string supported_extensions_text();
bool is_supported_extension(const std::string& path);  // by supported_extensions(), any case
std::string lower_extension(const std::string& path);

}  // namespace rl::io
