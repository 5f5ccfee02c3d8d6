// Structural checks before decoding: a PNG's chunks and a JPEG's segments walked before the decoder
// sees them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rl::io::detail {

// ---- Structural checks before decoding ------------------------------------------------------
// A truncated or corrupt PNG makes libpng print to stderr; a truncated JPEG decodes "successfully"
// into a grey-padded image. Walking the container first turns both into one clear error, and reading
// the header first lets a 100 kB file that claims 100000 x 100000 pixels be refused before anything
// is allocated.

struct Probe {
  bool known = false;  // rows/cols/channels read from the header
  long long rows = 0, cols = 0;
  int channels = 0;
  bool grey_alpha = false;  // PNG colour type 4: OpenCV returns it as 4 channels
};

// Throw std::runtime_error "PATH: truncated/corrupt PNG|JPEG file (...)"; the header's size and
// channels where it gives them.
Probe probe_png(const std::vector<std::uint8_t>& b, const std::string& path);
Probe probe_jpeg(const std::vector<std::uint8_t>& b, const std::string& path);

}  // namespace rl::io::detail
