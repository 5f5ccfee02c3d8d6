// Where an .npy file's data lies and what it holds, from its header alone: a reader checks the shape
// against its limits and reads exactly the bytes the shape needs, before any data is read.
#pragma once

#include <cstddef>
#include <cstdint>

#include "rl/image.hpp"

namespace rl {

struct NpyLayout {
  std::uint64_t data_offset = 0;  // magic + version + length + header dictionary
  std::uint64_t data_bytes = 0;   // rows x cols x channels x the element's size
  int rows = 0, cols = 0, channels = 1;
  ElemType type = ElemType::U8;
};

// The length of magic + version + length + header dictionary, from the first 12 bytes (10 suffice for
// version 1.0); throws std::runtime_error ("invalid .npy file: ...") for a bad magic, an unknown version
// or a header over 1 MiB.
std::uint64_t npy_header_end(const std::uint8_t* data, std::size_t size);

// The layout of the .npy file whose first `size` bytes (at least npy_header_end of them) are `data`;
// throws std::runtime_error with a one-line reason for a malformed or unsupported header.
NpyLayout npy_layout(const std::uint8_t* data, std::size_t size);

}  // namespace rl
