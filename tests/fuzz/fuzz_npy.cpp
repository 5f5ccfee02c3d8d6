// libFuzzer target: the .npy reader. Anything must either decode or throw std::runtime_error; what
// decodes must fit the bytes given and survive an encode/decode round trip unchanged.
#include <cstdint>
#include <stdexcept>

#include "fuzz_input.hpp"
#include "rl/npy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  rl::Image img;
  try {
    img = rl::npy_decode(data, size);
  } catch (const std::runtime_error&) {
    return 0;
  }
  RL_FUZZ_CHECK(img.channels() >= 1 && img.rows() >= 0 && img.cols() >= 0);
  RL_FUZZ_CHECK(img.bytes() <= size);
  const auto bytes = rl::npy_encode(img);
  const rl::Image back = rl::npy_decode(bytes.data(), bytes.size());
  RL_FUZZ_CHECK(rl::identical(img, back));
  return 0;
}
