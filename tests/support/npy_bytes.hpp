// A .npy file written by hand, for tests of the reader: a header dictionary given as text, padded as
// the NumPy format asks (magic, version, little-endian header length, the dictionary ending in '\n'
// at a multiple of 64 bytes), then `data_bytes` bytes of `fill`. Independent of rl::write_npy.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace rl::test {

inline std::vector<std::uint8_t> npy_bytes(const std::string& dict, std::size_t data_bytes,
                                           std::uint8_t fill = 0) {
  std::string h = dict;
  while ((10 + h.size() + 1) % 64) h += ' ';
  h += '\n';
  std::vector<std::uint8_t> b(10 + h.size() + data_bytes, fill);
  const char magic[] = "\x93NUMPY";
  std::memcpy(b.data(), magic, 6);
  b[6] = 1;  // format version 1.0
  b[7] = 0;
  b[8] = static_cast<std::uint8_t>(h.size() & 0xff);
  b[9] = static_cast<std::uint8_t>(h.size() >> 8);
  std::memcpy(b.data() + 10, h.data(), h.size());
  return b;
}

}  // namespace rl::test
