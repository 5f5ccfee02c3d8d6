// Size limits shared by everything that reads an image from outside the process: image files and
// images pushed into the viewer (rl/push_protocol.hpp).
#pragma once

#include <cstddef>

namespace rl {

// The most elements (rows x cols x channels) an image read from outside may have: 2^31, 16 GiB of
// float64. A reader refuses a larger image before it allocates it.
inline constexpr std::size_t kMaxImageElements = std::size_t{1} << 31;

}  // namespace rl
