// libFuzzer target: the viewer's push-message parser (rl/push_protocol.hpp). The first byte chooses
// how the rest is cut into pieces, as a socket delivers them. Anything must either parse or stop with
// a one-line error; a parsed message must encode back to the bytes it came from, and its image either
// decode within the element limit or throw std::runtime_error.
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <vector>

#include "fuzz_input.hpp"
#include "rl/limits.hpp"
#include "rl/push_protocol.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t piece = 1 + data[0] % 64;
  ++data;
  --size;
  rl::push::Parser parser(1 << 20);  // a small limit keeps the fuzzer's memory bounded
  std::size_t used = 0;
  std::vector<std::uint8_t> again;
  for (std::size_t at = 0; at < size; at += piece) {
    parser.feed(data + at, std::min(piece, size - at));
    while (auto m = parser.take()) {
      const auto bytes = rl::push::encode(*m);
      RL_FUZZ_CHECK(used + bytes.size() <= size);
      RL_FUZZ_CHECK(std::memcmp(bytes.data(), data + used, bytes.size()) == 0);
      used += bytes.size();
      if (m->type == rl::push::Type::Open) {
        try {
          const rl::Image img = rl::push::decode_image(*m);
          RL_FUZZ_CHECK(!img.empty() && img.bytes() <= m->payload.size());
          RL_FUZZ_CHECK(static_cast<std::size_t>(img.rows()) * img.cols() * img.channels() <=
                        rl::kMaxImageElements);
        } catch (const std::runtime_error&) {
        }
      }
    }
    if (parser.failed()) {
      RL_FUZZ_CHECK(parser.error().find('\n') == std::string::npos);
      break;
    }
  }
  if (!parser.failed()) RL_FUZZ_CHECK(used + parser.pending() == size);
  return 0;
}
