// A PNG's chunks and a JPEG's segments, walked before decoding (container_check.hpp).
#include "container_check.hpp"

#include <array>
#include <cstddef>
#include <stdexcept>

namespace rl::io::detail {

namespace {

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) | p[3];
}
unsigned be16(const std::uint8_t* p) { return (unsigned{p[0]} << 8) | p[1]; }

std::uint32_t crc32(const std::uint8_t* p, std::size_t n) {
  static const auto table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t i = 0; i < 256; ++i) {
      std::uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xFFFFFFFFu;
  for (std::size_t i = 0; i < n; ++i) c = table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

}  // namespace

Probe probe_png(const std::vector<std::uint8_t>& b, const std::string& path) {
  const auto bad = [&](const std::string& why) { return std::runtime_error(path + ": " + why); };
  Probe pr;
  std::size_t pos = 8;
  bool first = true;
  while (true) {
    if (b.size() - pos < 12) throw bad("truncated PNG file (it ends before the IEND chunk)");
    const std::uint32_t len = be32(&b[pos]);
    const std::string type(reinterpret_cast<const char*>(&b[pos + 4]), 4);
    if (len > 0x7FFFFFFFu) throw bad("corrupt PNG file (chunk length " + std::to_string(len) + ")");
    if (b.size() - pos - 12 < len) throw bad("truncated PNG file (it ends inside chunk " + type + ")");
    // Like libpng: a checksum error in a critical chunk (upper-case first letter) is fatal, one in
    // an ancillary chunk (text, colour profile, ...) is not.
    const bool critical = type[0] >= 'A' && type[0] <= 'Z';
    if (critical && crc32(&b[pos + 4], len + 4) != be32(&b[pos + 8 + len]))
      throw bad("corrupt PNG file (checksum error in chunk " + type + ")");
    if (first) {
      if (type != "IHDR" || len != 13) throw bad("corrupt PNG file (it does not start with an IHDR chunk)");
      const std::uint8_t* h = &b[pos + 8];
      pr.cols = be32(h);
      pr.rows = be32(h + 4);
      const int colour = h[9];
      if (pr.rows == 0 || pr.cols == 0) throw bad("corrupt PNG file (zero width or height)");
      switch (colour) {
        case 0: pr.channels = 1; break;
        case 2: pr.channels = 3; break;
        case 3: pr.channels = 3; break;
        case 4:
          pr.channels = 2;
          pr.grey_alpha = true;
          break;
        case 6: pr.channels = 4; break;
        default: throw bad("corrupt PNG file (colour type " + std::to_string(colour) + ")");
      }
      pr.known = true;
      first = false;
    }
    pos += 12 + len;
    if (type == "IEND") break;
  }
  return pr;
}

Probe probe_jpeg(const std::vector<std::uint8_t>& b, const std::string& path) {
  const auto bad = [&](const std::string& why) { return std::runtime_error(path + ": " + why); };
  Probe pr;
  std::size_t pos = 2;
  while (true) {
    if (pos >= b.size()) throw bad("truncated JPEG file (it ends before the image data)");
    if (b[pos] != 0xFF)
      throw bad("corrupt JPEG file (expected a marker at byte " + std::to_string(pos) + ")");
    while (pos < b.size() && b[pos] == 0xFF) ++pos;  // fill bytes
    if (pos >= b.size()) throw bad("truncated JPEG file (it ends before the image data)");
    const unsigned marker = b[pos++];
    if (marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) continue;  // no length
    if (marker == 0xD9) throw bad("corrupt JPEG file (it ends before any image data)");
    if (b.size() - pos < 2) throw bad("truncated JPEG file (it ends inside a header segment)");
    const std::size_t len = be16(&b[pos]);
    if (len < 2 || b.size() - pos < len) throw bad("truncated JPEG file (it ends inside a header segment)");
    const bool sof = marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
    if (sof && len >= 8 && !pr.known) {
      pr.rows = be16(&b[pos + 3]);
      pr.cols = be16(&b[pos + 5]);
      pr.channels = b[pos + 7];
      pr.known = pr.rows > 0 && pr.cols > 0;  // height 0 means "given later" (DNL): leave it to the decoder
    }
    pos += len;
    if (marker == 0xDA) break;  // start of scan: entropy-coded data follows
  }
  // Entropy-coded data never holds FF D9 (0xFF is stuffed as FF 00), so a file without it after the
  // first scan was cut short; libjpeg would only warn and pad the picture with grey.
  for (std::size_t i = pos; i + 1 < b.size(); ++i)
    if (b[i] == 0xFF && b[i + 1] == 0xD9) return pr;
  throw bad("truncated JPEG file (no end-of-image marker)");
}

}  // namespace rl::io::detail
