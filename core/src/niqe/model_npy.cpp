// Reading a NIQE model's .npy files (see model_npy.hpp).
#include "model_npy.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rl/npy.hpp"
#include "rl/npy_layout.hpp"
#include "rl/regular_file.hpp"

namespace rl::niqe_detail {

namespace {

// The value of `key` in the header dictionary `dict` up to the next ',' or ')' that closes it ("True",
// "(36,)"); empty when the key is not there.
std::string_view dict_value(std::string_view dict, std::string_view key) {
  const std::size_t k = dict.find(key);
  if (k == std::string_view::npos) return {};
  std::size_t i = dict.find(':', k + key.size());
  if (i == std::string_view::npos) return {};
  ++i;
  while (i < dict.size() && dict[i] == ' ') ++i;
  const std::size_t end = dict[i] == '(' ? dict.find(')', i) + 1 : dict.find_first_of(",}", i);
  return end == std::string_view::npos || end < i ? std::string_view{} : dict.substr(i, end - i);
}

Image decode(const std::string& path, const std::uint8_t* data, std::size_t size) {
  try {
    return npy_decode(data, size);
  } catch (const std::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

}  // namespace

Image read_model_npy(const std::string& path) {
  const std::string text = read_regular_file(path, kMaxNiqeModelFileBytes, "NIQE models");
  const std::vector<std::uint8_t> buf(text.begin(), text.end());
  std::uint64_t end = 0;
  try {
    end = npy_header_end(buf.data(), buf.size());
  } catch (const std::exception& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
  if (end > buf.size()) return decode(path, buf.data(), buf.size());  // its message for a truncated file
  const std::size_t start = buf[6] == 1 ? 10 : 12;
  const std::string_view dict(reinterpret_cast<const char*>(buf.data() + start), end - start);
  const std::string_view shape = dict_value(dict, "'shape'");
  const bool fortran = dict_value(dict, "'fortran_order'") == "True";
  // "(n,)" or "(r, c)": the entries between the brackets.
  std::vector<std::string> dims;
  if (shape.size() >= 2) {
    std::string d;
    for (const char c : shape.substr(1, shape.size() - 2))
      if (c == ',') {
        dims.push_back(d);
        d.clear();
      } else if (c != ' ') {
        d += c;
      }
    if (!d.empty()) dims.push_back(d);
  }
  std::string restated;
  if (dims.size() == 1)
    restated = "(1, " + dims[0] + ")";
  else if (dims.size() == 2 && fortran)
    restated = "(" + dims[1] + ", " + dims[0] + ")";
  else
    return decode(path, buf.data(), buf.size());  // what the image reader takes, or its reason why not
  std::string d(dict);
  d.replace(static_cast<std::size_t>(shape.data() - dict.data()), shape.size(), restated);
  if (fortran) d.replace(d.find("True", d.find("'fortran_order'")), 4, "False");
  // Version 2.0 (a 4-byte header length) whatever the original's, the data after it unchanged.
  std::vector<std::uint8_t> out{0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0};
  const std::uint64_t n = d.size();
  for (int b = 0; b < 4; ++b) out.push_back(static_cast<std::uint8_t>(n >> (8 * b)));
  out.insert(out.end(), d.begin(), d.end());
  out.insert(out.end(), buf.begin() + static_cast<std::ptrdiff_t>(end), buf.end());
  return decode(path, out.data(), out.size());
}

}  // namespace rl::niqe_detail
