// What an image file's header says, read before anything is decoded: the size that bounds what a
// decoder would allocate, and how many bytes a genuine file of that image can need to be read.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace rl::io {

// The pixel limit of every reader when neither --max-pixels nor RL_MAX_PIXELS says otherwise:
// Pillow's DecompressionBombError threshold, twice its MAX_IMAGE_PIXELS of 89,478,485.
inline constexpr std::uint64_t kDefaultMaxPixels = 178956970;

// RL_MAX_PIXELS when it is set (a whole number; 0: no limit), else kDefaultMaxPixels. Throws
// std::runtime_error naming the variable when its value is not a whole number.
std::uint64_t default_max_pixels();

enum class ImageFormat { Png, Jpeg, Tiff, Bmp, Pnm };
const char* to_string(ImageFormat f);  // "PNG", "JPEG", ...

struct ImageHeader {
  ImageFormat format = ImageFormat::Png;
  std::uint64_t rows = 0, cols = 0;
  int channels = 0;         // as the decoder will return them (the most it may return)
  int sample_bytes = 1;     // bytes per channel value once decoded
  bool grey_alpha = false;  // PNG colour type 4: OpenCV returns it as 4 channels
  // The most bytes a genuine file of this image can need to be read; bytes past it are never read.
  std::uint64_t max_file_bytes = 0;
  // Whether the decoder needs nothing past max_file_bytes (PNG and JPEG end with a marker; an
  // uncompressed BMP and a binary PNM are exactly that long), so that a longer file is read up to
  // there. Otherwise (TIFF, RLE BMP, text PNM) a longer file is refused.
  bool prefix_suffices = false;
  // TIFF: SampleFormat (1 unsigned, 2 signed, 3 float), BitsPerSample, PlanarConfiguration, Photometric.
  int tiff_sample_format = 1, tiff_bits = 8, tiff_planar = 1, tiff_photometric = 1;

  std::uint64_t pixels() const { return rows * cols; }
  // Decoded bytes (saturating at UINT64_MAX).
  std::uint64_t bytes() const;
};

// Reads bytes [offset, offset + n) of the file into buf; returns how many it read (fewer only at the
// end of the file).
using ReadAt = std::function<std::size_t(std::uint64_t offset, void* buf, std::size_t n)>;

// The header of a file of file_size bytes. Reads only the header (for TIFF, its first directory).
// Throws std::runtime_error with a one-line reason that does not name the file: not one of the
// formats above, or a truncated or corrupt header.
ImageHeader read_header(const ReadAt& read, std::uint64_t file_size);

}  // namespace rl::io
