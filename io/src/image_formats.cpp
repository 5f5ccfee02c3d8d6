// The extensions load and save accept (image_io.hpp).
#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "rl/image_io.hpp"

namespace rl::io {

namespace fs = std::filesystem;

std::string lower_extension(const std::string& path) {
  std::string e = fs::path(path).extension().string();
  std::transform(e.begin(), e.end(), e.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return e;
}

const std::vector<std::string>& supported_extensions() {
  static const std::vector<std::string> kExt{".png",  ".bmp", ".tif", ".tiff", ".jpg",
                                             ".jpeg", ".ppm", ".pgm", ".pnm",  ".npy"};
  return kExt;
}

std::string supported_extensions_text() {
  std::string out;
  for (const std::string& e : supported_extensions()) {
    if (!out.empty()) out += ' ';
    out += e;
  }
  return out;
}

bool is_supported_extension(const std::string& path) {
  const std::string e = lower_extension(path);
  const auto& all = supported_extensions();
  return std::find(all.begin(), all.end(), e) != all.end();
}

}  // namespace rl::io
