// .npy format version 1.0/2.0/3.0: header dict parsed strictly, data checked against the shape.
#include "rl/npy.hpp"

#include <cstring>
#include <iterator>
#include <limits>
#include <stdexcept>
#include <string_view>

#include "rl/atomic_file.hpp"
#include "rl/limits.hpp"
#include "rl/npy_layout.hpp"
#include "rl/regular_file.hpp"

namespace rl {

namespace {

[[noreturn]] void fail(const std::string& why) { throw std::runtime_error("invalid .npy file: " + why); }

void skip_ws(std::string_view s, std::size_t& i) {
  while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) ++i;
}

std::string parse_quoted(std::string_view s, std::size_t& i) {
  skip_ws(s, i);
  if (i >= s.size() || (s[i] != '\'' && s[i] != '"')) fail("expected a quoted string in the header");
  const char q = s[i++];
  const std::size_t start = i;
  while (i < s.size() && s[i] != q) ++i;
  if (i >= s.size()) fail("unterminated string in the header");
  return std::string(s.substr(start, i++ - start));
}

struct Header {
  std::string descr;
  bool fortran = false;
  std::vector<unsigned long long> shape;
  bool has_descr = false, has_order = false, has_shape = false;
};

Header parse_header(std::string_view s) {
  Header h;
  std::size_t i = 0;
  skip_ws(s, i);
  if (i >= s.size() || s[i] != '{') fail("the header is not a dictionary");
  ++i;
  while (true) {
    skip_ws(s, i);
    if (i < s.size() && s[i] == '}') break;
    const std::string key = parse_quoted(s, i);
    skip_ws(s, i);
    if (i >= s.size() || s[i] != ':') fail("expected ':' after a header key");
    ++i;
    skip_ws(s, i);
    if (key == "descr") {
      h.descr = parse_quoted(s, i);
      h.has_descr = true;
    } else if (key == "fortran_order") {
      if (s.substr(i, 4) == "True") {
        h.fortran = true;
        i += 4;
      } else if (s.substr(i, 5) == "False") {
        h.fortran = false;
        i += 5;
      } else
        fail("fortran_order must be True or False");
      h.has_order = true;
    } else if (key == "shape") {
      if (i >= s.size() || s[i] != '(') fail("shape must be a tuple");
      ++i;
      while (true) {
        skip_ws(s, i);
        if (i < s.size() && s[i] == ')') {
          ++i;
          break;
        }
        if (i >= s.size() || s[i] < '0' || s[i] > '9') fail("shape entries must be non-negative integers");
        unsigned long long v = 0;
        while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
          const unsigned d = static_cast<unsigned>(s[i] - '0');
          if (v > (std::numeric_limits<unsigned long long>::max() - d) / 10)
            fail("a shape entry is too large");
          v = v * 10 + d;
          ++i;
        }
        while (i < s.size() && (s[i] == 'L')) ++i;
        h.shape.push_back(v);
        if (h.shape.size() > 32) fail("too many dimensions");
        skip_ws(s, i);
        if (i < s.size() && s[i] == ',') {
          ++i;
          continue;
        }
        skip_ws(s, i);
        if (i < s.size() && s[i] == ')') {
          ++i;
          break;
        }
        fail("malformed shape tuple");
      }
      h.has_shape = true;
    } else {
      fail("unknown header key '" + key + "'");
    }
    skip_ws(s, i);
    if (i < s.size() && s[i] == ',') {
      ++i;
      continue;
    }
    skip_ws(s, i);
    if (i < s.size() && s[i] == '}') break;
    fail("malformed header dictionary");
  }
  if (!h.has_descr || !h.has_order || !h.has_shape) fail("the header lacks descr, fortran_order or shape");
  return h;
}

// The descr's byte order ('<', '|', or none for one-byte types) and kind+size ("i2") against the
// type table's descr.
ElemType dtype_of(const std::string& d) {
  const std::string code = !d.empty() && (d[0] == '<' || d[0] == '|') ? d.substr(1) : d;
  for (const ElemInfo& e : kElemTypes) {
    const std::string want = std::string(e.npy_descr).substr(1);
    // numpy writes '|' (no byte order) for one-byte types; '<' and no prefix are accepted for them too.
    if (code == want && (e.size == 1 || d[0] == '<')) return e.type;
  }
  if (!d.empty() && d[0] == '>')
    fail("big-endian data ('" + d + "') is not supported; save it little-endian");
  throw std::runtime_error(
      "unsupported .npy dtype '" + d +
      "' (supported: uint8, uint16, uint32, int8, int16, int32, float32, float64, bool)");
}

std::string descr_of(ElemType t) { return info(t).npy_descr; }

}  // namespace

std::uint64_t npy_header_end(const std::uint8_t* data, std::size_t size) {
  static const unsigned char kMagic[] = {0x93, 'N', 'U', 'M', 'P', 'Y'};
  if (size < 10 || std::memcmp(data, kMagic, 6) != 0) fail("bad magic (not a NumPy .npy file)");
  const unsigned major = data[6];
  std::uint64_t header_len = 0, pos = 0;
  if (major == 1) {
    header_len = data[8] | (static_cast<std::uint64_t>(data[9]) << 8);
    pos = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12) fail("truncated header");
    header_len = data[8] | (static_cast<std::uint64_t>(data[9]) << 8) |
                 (static_cast<std::uint64_t>(data[10]) << 16) | (static_cast<std::uint64_t>(data[11]) << 24);
    pos = 12;
  } else {
    fail("unsupported format version " + std::to_string(major));
  }
  // numpy writes a few hundred bytes at most; a longer one is never read whole.
  constexpr std::uint64_t kMaxHeader = 1 << 20;
  if (header_len > kMaxHeader)
    fail("the header is " + std::to_string(header_len) + " bytes, more than " + std::to_string(kMaxHeader));
  return pos + header_len;
}

NpyLayout npy_layout(const std::uint8_t* data, std::size_t size) {
  const std::uint64_t end = npy_header_end(data, size);
  if (end > size) fail("truncated header");
  const std::size_t pos = data[6] == 1 ? 10 : 12;
  const Header h = parse_header(std::string_view(reinterpret_cast<const char*>(data + pos), end - pos));
  NpyLayout l;
  l.data_offset = end;
  l.type = dtype_of(h.descr);
  if (h.fortran) fail("Fortran-order arrays are not supported; save with C order");
  if (h.shape.size() < 2 || h.shape.size() > 3)
    fail("expected a 2-D (rows, cols) or 3-D (rows, cols, channels) array, got " +
         std::to_string(h.shape.size()) + "-D");
  const unsigned long long kMaxSide = std::numeric_limits<int>::max();
  unsigned long long count = 1;
  for (auto d : h.shape) {
    if (d > kMaxSide) fail("a dimension is too large (" + std::to_string(d) + ")");
    if (d != 0 && count > std::numeric_limits<unsigned long long>::max() / d)
      fail("the shape's element count overflows");
    count *= d;
  }
  l.rows = static_cast<int>(h.shape[0]);
  l.cols = static_cast<int>(h.shape[1]);
  l.channels = h.shape.size() == 3 ? static_cast<int>(h.shape[2]) : 1;
  if (l.channels < 1) fail("an image needs at least one channel");
  const std::size_t es = elem_size(l.type);
  if (count > (std::numeric_limits<std::size_t>::max() - end) / es) fail("the shape's byte count overflows");
  l.data_bytes = count * es;
  return l;
}

Image npy_decode(const std::uint8_t* data, std::size_t size) {
  const NpyLayout l = npy_layout(data, size);
  const std::size_t pos = static_cast<std::size_t>(l.data_offset),
                    need = static_cast<std::size_t>(l.data_bytes);
  if (size - pos != need)
    fail("the data holds " + std::to_string(size - pos) + " bytes, the shape needs " + std::to_string(need));
  Image img = Image::uninitialized(l.rows, l.cols, l.channels, l.type);
  if (need) std::memcpy(img.raw(), data + pos, need);
  if (l.type == ElemType::Logical) {  // a bool byte must hold 0 or 1; any nonzero byte is true
    auto* b = static_cast<std::uint8_t*>(img.raw());
    for (std::size_t i = 0; i < need; ++i) b[i] = b[i] != 0;
  }
  return img;
}

std::vector<std::uint8_t> npy_encode(const Image& img) {
  std::string dict = "{'descr': '" + descr_of(img.type()) + "', 'fortran_order': False, 'shape': (" +
                     std::to_string(img.rows()) + ", " + std::to_string(img.cols());
  if (img.channels() > 1) dict += ", " + std::to_string(img.channels());
  dict += "), }";
  // Pad so that magic + length + header is a multiple of 64 and ends with '\n'.
  std::size_t total = 10 + dict.size() + 1;
  dict.append((64 - total % 64) % 64, ' ');
  dict += '\n';
  std::vector<std::uint8_t> out(10 + dict.size() + img.bytes());
  // Magic "\x93NUMPY", version 1.0, the header's length as a little-endian uint16.
  std::memcpy(out.data(), "\x93NUMPY\x01\x00", 8);
  out[8] = static_cast<std::uint8_t>(dict.size() & 0xff);
  out[9] = static_cast<std::uint8_t>(dict.size() >> 8);
  std::memcpy(out.data() + 10, dict.data(), dict.size());
  if (img.bytes()) std::memcpy(out.data() + 10 + dict.size(), img.raw(), img.bytes());
  return out;
}

Image read_npy(const std::string& path) {
  // The largest image any reader takes (float64), and room for the header.
  constexpr std::uint64_t kMaxBytes = std::uint64_t{kMaxImageElements} * 8 + (std::uint64_t{1} << 20);
  const std::string buf = read_regular_file(path, kMaxBytes, "images");
  try {
    return npy_decode(reinterpret_cast<const std::uint8_t*>(buf.data()), buf.size());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(path + ": " + e.what());
  }
}

void write_npy(const std::string& path, const Image& img) {
  const auto bytes = npy_encode(img);
  write_file_atomically(path, bytes.data(), bytes.size());
}

}  // namespace rl
