// rl_peer_resize IN.npy OUT.npy SPEC (--size R,C | --scale SR,SC): one peer resize of a .npy file,
// for the tests that compare with the real Pillow, OpenCV and torch.
#include <charconv>
#include <cstdio>
#include <exception>
#include <string>

#include "rl/npy.hpp"
#include "rl/peer_resize.hpp"

namespace {

std::pair<double, double> two_numbers(const std::string& s) {
  const auto comma = s.find(',');
  if (comma == std::string::npos) throw std::invalid_argument("expected A,B, got " + s);
  return {std::stod(s.substr(0, comma)), std::stod(s.substr(comma + 1))};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 6) {
    std::fprintf(stderr, "usage: rl_peer_resize IN.npy OUT.npy SPEC (--size R,C | --scale SR,SC)\n");
    return 2;
  }
  try {
    const rl::Image in = rl::read_npy(argv[1]);
    const rl::peers::PeerSpec spec = rl::peers::parse_peer_spec(argv[3]);
    const std::string opt = argv[4];
    const auto [a, b] = two_numbers(argv[5]);
    rl::peers::PeerTarget target;
    if (opt == "--size")
      target = rl::peers::PeerTarget::with_size(static_cast<int>(a), static_cast<int>(b));
    else if (opt == "--scale")
      target = rl::peers::PeerTarget::with_scale(a, b);
    else
      throw std::invalid_argument("unknown option " + opt);
    rl::write_npy(argv[2], rl::io::peer_resize(in, spec, target));
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rl_peer_resize: %s\n", e.what());
    return 1;
  }
}
