// FNV-1a, 64 bits: a small hash written out here so that its value is the same on every platform,
// compiler and run (std::hash promises none of that). Used where the value is stored or compared
// between processes, e.g. which shard of `imresize batch` owns an image.
#pragma once

#include <cstdint>
#include <string_view>

namespace rl {

constexpr std::uint64_t kFnv1a64Offset = 14695981039346656037ull;
constexpr std::uint64_t kFnv1a64Prime = 1099511628211ull;

// The bytes of `s` in order: h = (h XOR byte) * prime, from the offset basis.
constexpr std::uint64_t fnv1a64(std::string_view s, std::uint64_t h = kFnv1a64Offset) {
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= kFnv1a64Prime;
  }
  return h;
}

}  // namespace rl
