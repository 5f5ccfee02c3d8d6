// The one spelling of an image's size in messages and titles: "RxC", rows by columns ("RxCxN" with
// channels). The window's pane headers say width×height instead, as image viewers do.
#pragma once

#include <string>

namespace rl {

inline std::string size_text(long long rows, long long cols) {
  return std::to_string(rows) + "x" + std::to_string(cols);
}
inline std::string size_text(long long rows, long long cols, long long channels) {
  return size_text(rows, cols) + "x" + std::to_string(channels);
}

}  // namespace rl
