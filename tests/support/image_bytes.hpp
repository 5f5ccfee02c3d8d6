// Image files built byte by byte for the tests, independent of the readers under test: an
// uncompressed little-endian TIFF (one strip, any sample type and channel count) and a BMP, either
// of which may lie about its size; and whether an address-space cap can apply to the programs.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

namespace rl::test {

// Whether a cap on the address space (RLIMIT_AS, as prlimit --as sets) can apply to the programs
// under test: not in an AddressSanitizer build, whose shadow memory reserves terabytes of addresses
// (there the bounded-memory tests still check every message, without the cap).
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSpaceCapApplies = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSpaceCapApplies = false;
#else
inline constexpr bool kAddressSpaceCapApplies = true;
#endif
#else
inline constexpr bool kAddressSpaceCapApplies = true;
#endif

inline void put_le16(std::vector<std::uint8_t>& v, unsigned x) {
  v.push_back(static_cast<std::uint8_t>(x & 0xFF));
  v.push_back(static_cast<std::uint8_t>((x >> 8) & 0xFF));
}
inline void put_le32(std::vector<std::uint8_t>& v, std::uint32_t x) {
  for (int s = 0; s < 32; s += 8) v.push_back(static_cast<std::uint8_t>(x >> s));
}

// A baseline TIFF: width x height, `spp` samples of `bits` bits each, SampleFormat `sample_format`
// (1 unsigned, 2 signed, 3 float), photometric grey (spp < 3) or RGB, the pixels `data` (file order,
// little-endian) in one uncompressed strip. The header may claim more than `data` holds.
inline std::vector<std::uint8_t> make_tiff(std::uint32_t width, std::uint32_t height, unsigned spp,
                                           unsigned bits, unsigned sample_format,
                                           const std::vector<std::uint8_t>& data) {
  constexpr unsigned kEntries = 10;
  const std::uint32_t ifd_end = 8 + 2 + 12 * kEntries + 4;
  const std::uint32_t bits_at = ifd_end;  // BitsPerSample's values when they do not fit the entry
  const std::uint32_t data_at = bits_at + (spp > 2 ? 2 * spp : 0);
  std::vector<std::uint8_t> t{'I', 'I', 42, 0};
  put_le32(t, 8);
  put_le16(t, kEntries);
  const auto entry = [&](unsigned tag, unsigned type, std::uint32_t count, std::uint32_t value) {
    put_le16(t, tag);
    put_le16(t, type);
    put_le32(t, count);
    put_le32(t, value);
  };
  const std::uint32_t bits_value = spp == 1 ? bits : spp == 2 ? (bits | (bits << 16)) : bits_at;
  entry(256, 4, 1, width);
  entry(257, 4, 1, height);
  entry(258, 3, spp, bits_value);
  entry(259, 3, 1, 1);                 // no compression
  entry(262, 3, 1, spp >= 3 ? 2 : 1);  // RGB or min-is-black
  entry(273, 4, 1, data_at);           // the one strip's offset
  entry(277, 3, 1, spp);
  entry(278, 4, 1, height);  // rows per strip
  entry(279, 4, 1, static_cast<std::uint32_t>(static_cast<std::uint64_t>(width) * height * spp * bits / 8));
  entry(339, 3, 1, sample_format);
  put_le32(t, 0);  // no next directory
  if (spp > 2)
    for (unsigned i = 0; i < spp; ++i) put_le16(t, bits);
  t.insert(t.end(), data.begin(), data.end());
  return t;
}

// A 24-bit bottom-up BMP that says width x height; `data_bytes` of pixel data follow (the header may
// ask for more).
inline std::vector<std::uint8_t> make_bmp(std::int32_t width, std::int32_t height, std::uint32_t data_bytes,
                                          std::uint8_t fill = 0x5A) {
  std::vector<std::uint8_t> b{'B', 'M'};
  put_le32(b, 54 + data_bytes);
  put_le32(b, 0);
  put_le32(b, 54);
  put_le32(b, 40);
  put_le32(b, static_cast<std::uint32_t>(width));
  put_le32(b, static_cast<std::uint32_t>(height));
  put_le16(b, 1);
  put_le16(b, 24);
  for (int i = 0; i < 6; ++i) put_le32(b, 0);
  b.resize(b.size() + data_bytes, fill);
  return b;
}

// The bytes of `n` values of T, little-endian (the machines the tests run on).
template <typename T>
std::vector<std::uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<std::uint8_t> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

}  // namespace rl::test
