// The peer resizers behind one call: OpenCV through cv::resize itself, Pillow and torch through the
// core's reimplementations (rl/peers.hpp). The command line and the viewer call this.
#pragma once

#include "rl/image.hpp"
#include "rl/peers.hpp"

namespace rl::io {

// The library's pixels for `in` (type kept). Throws std::invalid_argument with one line for a size,
// scale, type or channel count the library does not take.
Image peer_resize(const Image& in, const peers::PeerSpec& spec, const peers::PeerTarget& target);

// cv::resize alone (uint8 or float32, 1-4 channels, any of the OpenCV peer methods).
Image opencv_resize(const Image& in, const peers::PeerSpec& spec, const peers::PeerTarget& target);

}  // namespace rl::io
