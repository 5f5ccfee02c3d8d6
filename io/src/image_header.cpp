// Image headers read before decoding (image_header.hpp): PNG's IHDR, JPEG's SOF, BMP's info header,
// PNM's text header and TIFF's first directory (through libtiff, tiff_io.cpp).
#include "rl/image_header.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "tiff_io.hpp"

namespace rl::io {

namespace {

constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;

std::uint64_t mul(std::uint64_t a, std::uint64_t b) {
  if (a != 0 && b > std::numeric_limits<std::uint64_t>::max() / a)
    return std::numeric_limits<std::uint64_t>::max();
  return a * b;
}
std::uint64_t add(std::uint64_t a, std::uint64_t b) {
  return a > std::numeric_limits<std::uint64_t>::max() - b ? std::numeric_limits<std::uint64_t>::max()
                                                           : a + b;
}

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
unsigned be16(const std::uint8_t* p) { return (unsigned{p[0]} << 8) | p[1]; }
std::uint32_t le32(const std::uint8_t* p) {
  return std::uint32_t{p[0]} | (std::uint32_t{p[1]} << 8) | (std::uint32_t{p[2]} << 16) |
         (std::uint32_t{p[3]} << 24);
}
unsigned le16(const std::uint8_t* p) { return unsigned{p[0]} | (unsigned{p[1]} << 8); }

// Exactly n bytes at offset, or a "truncated" error.
std::vector<std::uint8_t> take(const ReadAt& read, std::uint64_t offset, std::size_t n, const char* format) {
  std::vector<std::uint8_t> b(n);
  if (read(offset, b.data(), n) != n) throw std::runtime_error(std::string("truncated ") + format + " file");
  return b;
}

ImageHeader png_header(const ReadAt& read) {
  const auto b = take(read, 0, 33, "PNG");  // signature, IHDR length, type, 13 bytes of data, CRC
  if (be32(&b[8]) != 13 || std::memcmp(&b[12], "IHDR", 4) != 0)
    throw std::runtime_error("corrupt PNG file (it does not start with an IHDR chunk)");
  ImageHeader h;
  h.format = ImageFormat::Png;
  h.cols = be32(&b[16]);
  h.rows = be32(&b[20]);
  if (h.rows == 0 || h.cols == 0) throw std::runtime_error("corrupt PNG file (zero width or height)");
  const int depth = b[24], colour = b[25];
  h.sample_bytes = depth == 16 ? 2 : 1;
  switch (colour) {
    case 0: h.channels = 1; break;
    case 2: h.channels = 3; break;
    case 3: h.channels = 4; break;  // a palette with transparency decodes to 4
    case 4: h.channels = 4, h.grey_alpha = true; break;
    case 6: h.channels = 4; break;
    default: throw std::runtime_error("corrupt PNG file (colour type " + std::to_string(colour) + ")");
  }
  // Deflate adds 5 bytes per 64 kB block at worst; ancillary chunks (profiles, text) get 64 MiB.
  const std::uint64_t raw = mul(h.rows, add(mul(mul(h.cols, h.channels), h.sample_bytes), 1));
  h.max_file_bytes = add(add(raw, raw / 64), 64 * kMiB);
  h.prefix_suffices = true;
  // Nothing after IEND is read: walk the chunk headers (8 bytes each) to find where it ends.
  for (std::uint64_t pos = 8; pos < h.max_file_bytes;) {
    std::uint8_t c[8];
    if (read(pos, c, 8) != 8) break;  // truncated: the full check says where
    const std::uint32_t len = be32(c);
    if (len > 0x7FFFFFFFu) break;
    pos = add(pos, 12 + std::uint64_t{len});
    if (std::memcmp(c + 4, "IEND", 4) == 0) {
      h.max_file_bytes = std::min(h.max_file_bytes, pos);
      break;
    }
  }
  return h;
}

ImageHeader jpeg_header(const ReadAt& read) {
  std::uint64_t pos = 2;
  for (int segments = 0; segments < 100000; ++segments) {
    std::uint8_t c = 0;
    if (read(pos, &c, 1) != 1)
      throw std::runtime_error("truncated JPEG file (it ends before the image size)");
    if (c != 0xFF)
      throw std::runtime_error("corrupt JPEG file (expected a marker at byte " + std::to_string(pos) + ")");
    while (c == 0xFF)  // fill bytes may precede the marker
      if (read(++pos, &c, 1) != 1)
        throw std::runtime_error("truncated JPEG file (it ends before the image size)");
    const unsigned marker = c;
    ++pos;
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;
    if (marker == 0xD9 || marker == 0xDA)
      throw std::runtime_error("corrupt JPEG file (no frame header before the image data)");
    const auto lb = take(read, pos, 2, "JPEG");
    const unsigned len = be16(lb.data());
    if (len < 2) throw std::runtime_error("corrupt JPEG file (segment length " + std::to_string(len) + ")");
    const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof) {
      if (len < 8) throw std::runtime_error("corrupt JPEG file (short frame header)");
      const auto f = take(read, pos, 8, "JPEG");
      ImageHeader h;
      h.format = ImageFormat::Jpeg;
      h.sample_bytes = f[2] > 8 ? 2 : 1;
      h.rows = be16(&f[3]);
      h.cols = be16(&f[5]);
      h.channels = std::max<int>(f[7], 3);  // grey may be decoded as 3 channels; CMYK as 4 (then 3)
      if (f[7] > 3) h.channels = f[7];
      // Height 0 means "given later" (a DNL marker, rare): the limit is checked on the decoded image
      // instead (load checks it again after decoding), and one row stands in for the bounds here.
      if (h.rows == 0) h.rows = 1;
      if (h.cols == 0) throw std::runtime_error("corrupt JPEG file (zero width)");
      // Progressive scans and metadata can take more bytes than the pixels; a genuine JPEG does not
      // take four times its raw size plus 64 MiB.
      h.max_file_bytes = add(mul(4, h.bytes()), 64 * kMiB);
      h.prefix_suffices = true;
      return h;
    }
    pos += len;
  }
  throw std::runtime_error("corrupt JPEG file (no frame header)");
}

ImageHeader bmp_header(const ReadAt& read, std::uint64_t size) {
  const auto b = take(read, 0, 30, "BMP");
  const std::uint32_t data_offset = le32(&b[10]), info = le32(&b[14]);
  ImageHeader h;
  h.format = ImageFormat::Bmp;
  unsigned bpp = 0;
  std::uint32_t compression = 0;
  if (info == 12) {  // OS/2 BITMAPCOREHEADER
    h.cols = le16(&b[18]);
    h.rows = le16(&b[20]);
    bpp = le16(&b[24]);
  } else if (info >= 16 && info <= 1024) {
    const auto e = take(read, 0, 34, "BMP");
    const auto w = static_cast<std::int32_t>(le32(&e[18])), hh = static_cast<std::int32_t>(le32(&e[22]));
    if (w <= 0 || hh == 0 || hh == std::numeric_limits<std::int32_t>::min())
      throw std::runtime_error("corrupt BMP file (width " + std::to_string(w) + ", height " +
                               std::to_string(hh) + ")");
    h.cols = static_cast<std::uint64_t>(w);
    h.rows = static_cast<std::uint64_t>(hh < 0 ? -static_cast<std::int64_t>(hh) : hh);
    bpp = le16(&e[28]);
    compression = le32(&e[30]);
  } else {
    throw std::runtime_error("corrupt BMP file (info header size " + std::to_string(info) + ")");
  }
  if (h.rows == 0 || h.cols == 0) throw std::runtime_error("corrupt BMP file (zero width or height)");
  if (bpp != 1 && bpp != 4 && bpp != 8 && bpp != 16 && bpp != 24 && bpp != 32)
    throw std::runtime_error("corrupt BMP file (" + std::to_string(bpp) + " bits per pixel)");
  h.channels = bpp == 32 ? 4 : 3;
  const std::uint64_t row = mul((mul(h.cols, bpp) + 31) / 32, 4);
  const std::uint64_t raw = mul(row, h.rows);
  // Uncompressed (BI_RGB, BI_BITFIELDS): the pixels are exactly `raw` bytes from data_offset.
  if (compression == 0 || compression == 3) {
    const std::uint64_t need = add(data_offset, raw);
    if (size < need)
      throw std::runtime_error("truncated BMP file (" + std::to_string(size) +
                               " bytes, the header asks for " + std::to_string(need) + ")");
    h.max_file_bytes = need;
    h.prefix_suffices = true;
  } else {
    // RLE: at worst 2 bytes per pixel plus line ends.
    h.max_file_bytes = add(add(data_offset, mul(2, add(mul(h.rows, h.cols), mul(h.rows, 2)))), kMiB);
  }
  return h;
}

ImageHeader pnm_header(const ReadAt& read, std::uint64_t size) {
  std::vector<std::uint8_t> b(static_cast<std::size_t>(std::min<std::uint64_t>(size, 64 * 1024)));
  b.resize(read(0, b.data(), b.size()));
  const char kind = static_cast<char>(b[1]);
  const bool ascii = kind >= '1' && kind <= '3', bits = kind == '1' || kind == '4';
  std::size_t pos = 2;
  const auto token = [&]() -> std::uint64_t {
    for (;;) {
      while (pos < b.size() && std::isspace(b[pos])) ++pos;
      if (pos < b.size() && b[pos] == '#') {
        while (pos < b.size() && b[pos] != '\n' && b[pos] != '\r') ++pos;
        continue;
      }
      break;
    }
    std::uint64_t v = 0;
    const char* first = reinterpret_cast<const char*>(b.data() + pos);
    const char* last = reinterpret_cast<const char*>(b.data() + b.size());
    const auto [p, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || p == first || (p != last && !std::isspace(static_cast<unsigned char>(*p))))
      throw std::runtime_error("corrupt PNM header (expected a number at byte " + std::to_string(pos) + ")");
    pos += static_cast<std::size_t>(p - first);
    return v;
  };
  ImageHeader h;
  h.format = ImageFormat::Pnm;
  h.cols = token();
  h.rows = token();
  const std::uint64_t maxval = bits ? 1 : token();
  if (h.rows == 0 || h.cols == 0 || maxval == 0 || maxval > 65535)
    throw std::runtime_error("corrupt PNM header (size " + std::to_string(h.rows) + "x" +
                             std::to_string(h.cols) + ", maximum value " + std::to_string(maxval) + ")");
  h.channels = kind == '3' || kind == '6' ? 3 : 1;
  h.sample_bytes = maxval > 255 ? 2 : 1;
  const std::uint64_t data = pos + 1;  // one whitespace byte ends the header
  const std::uint64_t samples = mul(mul(h.rows, h.cols), h.channels);
  if (ascii) {
    // Decimal samples and separators; comments are not allowed among them.
    h.max_file_bytes = add(add(data, mul(samples, bits ? 2 : 7)), kMiB);
  } else {
    const std::uint64_t raw = bits ? mul(h.rows, (h.cols + 7) / 8) : mul(samples, h.sample_bytes);
    const std::uint64_t need = add(data, raw);
    if (size < need)
      throw std::runtime_error("truncated PNM file (" + std::to_string(size) +
                               " bytes, the header asks for " + std::to_string(need) + ")");
    h.max_file_bytes = need;
    h.prefix_suffices = true;
  }
  return h;
}

}  // namespace

std::uint64_t default_max_pixels() {
  const char* env = std::getenv("RL_MAX_PIXELS");
  if (!env || !*env) return kDefaultMaxPixels;
  std::uint64_t v = 0;
  const char* end = env + std::strlen(env);
  const auto [p, ec] = std::from_chars(env, end, v);
  if (ec != std::errc() || p != end)
    throw std::runtime_error("RL_MAX_PIXELS must be a whole number of pixels (0: no limit), got '" +
                             std::string(env) + "'");
  return v;
}

const char* to_string(ImageFormat f) {
  switch (f) {
    case ImageFormat::Png: return "PNG";
    case ImageFormat::Jpeg: return "JPEG";
    case ImageFormat::Tiff: return "TIFF";
    case ImageFormat::Bmp: return "BMP";
    case ImageFormat::Pnm: return "PNM";
  }
  return "?";
}

std::uint64_t ImageHeader::bytes() const {
  return mul(mul(mul(rows, cols), static_cast<std::uint64_t>(channels)),
             static_cast<std::uint64_t>(sample_bytes));
}

ImageHeader read_header(const ReadAt& read, std::uint64_t file_size) {
  std::uint8_t sig[8] = {};
  const std::size_t n = read(0, sig, sizeof sig);
  static const std::uint8_t kPng[8] = {0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A};
  if (n >= 8 && std::memcmp(sig, kPng, 8) == 0) return png_header(read);
  if (n >= 3 && sig[0] == 0xFF && sig[1] == 0xD8 && sig[2] == 0xFF) return jpeg_header(read);
  if (n >= 4 && ((sig[0] == 'I' && sig[1] == 'I' && (sig[2] == 42 || sig[2] == 43) && sig[3] == 0) ||
                 (sig[0] == 'M' && sig[1] == 'M' && sig[2] == 0 && (sig[3] == 42 || sig[3] == 43))))
    return detail::tiff_header(read, file_size);
  if (n >= 2 && sig[0] == 'B' && sig[1] == 'M') return bmp_header(read, file_size);
  if (n >= 3 && sig[0] == 'P' && sig[1] >= '1' && sig[1] <= '6' && std::isspace(sig[2]))
    return pnm_header(read, file_size);
  throw std::runtime_error("not a readable image (the content is not PNG, JPEG, TIFF, BMP or PNM)");
}

}  // namespace rl::io
