// Image files: .png .bmp .tif/.tiff .jpg/.jpeg .ppm/.pgm/.pnm through OpenCV, .npy through the core.
// Channels are returned in file order (R,G,B[,A]); OpenCV's BGR order never leaks out.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rl/image.hpp"
#include "rl/limits.hpp"

namespace rl::io {

struct LoadOptions {
  // Refuse images with more pixels (rows x cols) than this, read from the header before anything
  // is decoded or allocated, for every format. Unset: default_max_pixels() (image_header.hpp:
  // RL_MAX_PIXELS, else Pillow's 178,956,970); 0: no limit.
  std::optional<std::uint64_t> max_pixels;
  // The same for elements (rows x cols x channels). 0: no limit.
  std::size_t max_elements = kMaxImageElements;
  // While OpenCV decodes, send the process' stderr to a temporary file, so libpng/libjpeg messages
  // end up in the error message instead of the terminal (and a JPEG they call corrupt is refused
  // instead of decoded with grey). Serialises decoding; a program whose other threads write to
  // stderr meanwhile writes through write_stderr, which waits for the decoder.
  bool capture_decoder_messages = false;
};

// Writes `text` to stderr (and flushes it) when no load with capture_decoder_messages holds stderr.
void write_stderr(const std::string& text);

// Throws std::runtime_error with a one-line reason (missing, not a regular file, unreadable,
// truncated, corrupt, unsupported, too large). Reads regular files only, and no more of one than its
// header says the image can need. Grey+alpha PNGs load as 2 channels.
Image load(const std::string& path);
Image load(const std::string& path, const LoadOptions& options);
// Writes atomically (temp file + rename). Every type goes to .npy as it is, and to .tif/.tiff with any
// number of channels (the ones after grey or RGB as extra samples, the first of them alpha).
// Otherwise a type is kept where the format holds it (uint8 everywhere; uint16 in .png .ppm/.pgm/.pnm)
// and converted where MATLAB has an im2* conversion: single/double -> im2uint8; uint16 -> im2uint8 in
// .bmp .jpg; int16 -> im2uint16 in .png .ppm/.pgm, im2uint8 in .bmp .jpg; logical -> im2uint8 (0 / 255)
// everywhere, TIFF included. Anything else (uint32, int8 and int32 outside TIFF) throws one line
// naming .npy. Reading gives uint8, uint16, uint32, int8, int16, int32, single or double, as the file
// holds it.
void save(const std::string& path, const Image& img);
// Throws what save would throw for an image of this type and channel count at `path`, without an
// image: a command checks its output before doing any work.
void check_can_save(const std::string& path, ElemType type, int channels);

// The extensions load and save accept, lower case with the dot, in one list (".png" ... ".npy"), and
// as one line for help texts and messages (".png .bmp .tif .tiff .jpg .jpeg .ppm .pgm .pnm .npy").
const std::vector<std::string>& supported_extensions();
std::string supported_extensions_text();
bool is_supported_extension(const std::string& path);  // by supported_extensions(), any case
std::string lower_extension(const std::string& path);

}  // namespace rl::io
