// The viewer's push protocol: encoding, the incremental parser, and decoding an open message's image.
#include "rl/push_protocol.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <stdexcept>
#include <utility>

#include "rl/limits.hpp"
#include "rl/npy.hpp"

namespace rl::push {

namespace {

constexpr char kMagic[4] = {'R', 'L', 'I', 'M'};
// A .npy header is a few hundred bytes; this leaves room for a padded one.
constexpr std::size_t kMaxNpyHeader = 1 << 16;

template <class T>
T get_le(const std::uint8_t* p) {
  T v{};
  std::memcpy(&v, p, sizeof(T));  // the protocol is little-endian, as every supported host is
  return v;
}
template <class T>
void put_le(std::uint8_t* p, T v) {
  std::memcpy(p, &v, sizeof(T));
}

std::string long_name(std::size_t bytes) {
  return "a name of " + std::to_string(bytes) + " bytes (at most " + std::to_string(kMaxName) + ")";
}

// The code point of the UTF-8 sequence at s[i] and its length, or a length of 0 where s[i] starts no
// valid sequence (a stray continuation byte, a truncated or overlong form, a surrogate, > U+10FFFF).
std::pair<char32_t, std::size_t> decode_utf8(std::string_view s, std::size_t i) {
  const auto b = [&s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return {c, 1};
  const std::size_t n = c >= 0xf8 ? 0 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
  if (n == 0 || i + n > s.size()) return {0, 0};
  char32_t cp = c & (0x7f >> n);
  for (std::size_t k = 1; k < n; ++k) {
    if ((b(i + k) & 0xc0) != 0x80) return {0, 0};
    cp = (cp << 6) | (b(i + k) & 0x3f);
  }
  constexpr char32_t kLeast[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (cp < kLeast[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return {0, 0};
  return {cp, n};
}

}  // namespace

std::string name_error(std::string_view name) {
  if (name.size() > kMaxName) return long_name(name.size());
  for (std::size_t i = 0; i < name.size();) {
    const auto [cp, n] = decode_utf8(name, i);
    if (n == 0) return "the name is not valid UTF-8 (byte " + std::to_string(i + 1) + ")";
    if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) {
      char code[8];
      std::snprintf(code, sizeof code, "U+%04X", static_cast<unsigned>(cp));
      return std::string("a control character (") + code + ") in the name";
    }
    i += n;
  }
  return {};
}

const char* to_string(Role r) {
  switch (r) {
    case Role::Reference: return "reference";
    case Role::Hr: return "hr";
    case Role::Pane: break;
  }
  return "pane";
}

std::optional<Role> parse_role(const std::string& s) {
  for (Role r : {Role::Pane, Role::Reference, Role::Hr})
    if (s == to_string(r)) return r;
  return std::nullopt;
}

std::size_t max_payload() { return kMaxImageElements * 8 + kMaxNpyHeader; }

std::size_t max_payload(std::uint64_t max_pixels) {
  const std::uint64_t most = max_payload();
  if (max_pixels == 0 || max_pixels >= most / 32) return most;
  return static_cast<std::size_t>(max_pixels * 4 * 8 + kMaxNpyHeader);
}

std::vector<std::uint8_t> encode(const Message& m) {
  std::vector<std::uint8_t> out(kHeaderSize + m.name.size() + m.payload.size());
  std::uint8_t* h = out.data();
  std::memcpy(h, kMagic, 4);
  put_le<std::uint16_t>(h + 4, kVersion);
  h[6] = static_cast<std::uint8_t>(m.type);
  h[7] = static_cast<std::uint8_t>(m.role);
  put_le<std::uint16_t>(h + 8, static_cast<std::uint16_t>(m.name.size()));
  put_le<std::uint16_t>(h + 10, m.flags);
  put_le<double>(h + 16, m.scale);
  put_le<std::uint64_t>(h + 24, m.payload.size());
  std::memcpy(h + kHeaderSize, m.name.data(), m.name.size());
  if (!m.payload.empty()) std::memcpy(h + kHeaderSize + m.name.size(), m.payload.data(), m.payload.size());
  return out;
}

Message reply(bool ok, const std::string& text, std::vector<std::uint8_t> payload) {
  Message m;
  m.type = Type::Reply;
  m.flags = ok ? 0 : kReplyError;
  m.name = text.substr(0, kMaxText);
  m.payload = std::move(payload);
  return m;
}

void Parser::check_header() {
  const std::uint8_t* h = header_;
  const auto fail = [this](const std::string& why) { error_ = "malformed message: " + why; };
  if (std::memcmp(h, kMagic, 4) != 0) return fail("bad magic (not a resizelab push message)");
  const auto version = get_le<std::uint16_t>(h + 4);
  if (version != kVersion)
    return fail("protocol version " + std::to_string(version) + ", this viewer speaks " +
                std::to_string(kVersion));
  const std::uint8_t type = h[6], role = h[7];
  if (type != 1 && type != 2 && type != 3 && type != 129) return fail("unknown type " + std::to_string(type));
  if (role > 2) return fail("unknown role " + std::to_string(role));
  name_len_ = get_le<std::uint16_t>(h + 8);
  const auto flags = get_le<std::uint16_t>(h + 10);
  const auto reserved = get_le<std::uint32_t>(h + 12);
  const double scale = get_le<double>(h + 16);
  payload_len_ = get_le<std::uint64_t>(h + 24);
  const Type t = static_cast<Type>(type);
  if (reserved != 0) return fail("reserved bytes not zero");
  if (flags & ~1u) return fail("unknown flags " + std::to_string(flags));
  if (t != Type::Reply && name_len_ > kMaxName) return fail(long_name(name_len_));
  if (!std::isfinite(scale) || scale < 0) return fail("the scale is not a finite number >= 0");
  if ((t == Type::Close || t == Type::Query) && payload_len_ != 0)
    return fail("a close or query carries no payload");
  if (payload_len_ > max_payload_)
    return fail("a payload of " + std::to_string(payload_len_) + " bytes, over the limit of " +
                std::to_string(max_payload_) + " bytes");
  cur_ = Message{};
  cur_.type = t;
  cur_.role = static_cast<Role>(role);
  cur_.flags = flags;
  cur_.scale = scale;
}

void Parser::feed(const std::uint8_t* data, std::size_t size) {
  while (size > 0 && !failed()) {
    if (have_header_ < kHeaderSize) {
      const std::size_t k = std::min(size, kHeaderSize - have_header_);
      std::memcpy(header_ + have_header_, data, k);
      have_header_ += k;
      data += k;
      size -= k;
      if (have_header_ < kHeaderSize) return;
      check_header();
      if (failed()) return;
    }
    if (cur_.name.size() < name_len_) {
      const std::size_t k = std::min(size, name_len_ - cur_.name.size());
      cur_.name.append(reinterpret_cast<const char*>(data), k);
      data += k;
      size -= k;
      if (cur_.name.size() < name_len_) return;
      if (cur_.type != Type::Reply) {
        if (std::string why = name_error(cur_.name); !why.empty()) {
          error_ = "malformed message: " + why;
          return;
        }
      }
    }
    if (cur_.payload.size() < payload_len_) {
      const std::size_t want = static_cast<std::size_t>(payload_len_) - cur_.payload.size();
      const std::size_t k = std::min(size, want);
      // Grown as bytes arrive, so a header alone takes nothing: doubled until an eighth of the payload
      // is in, then the whole at once (at most 1.25 times the payload held while it is copied).
      const auto whole = static_cast<std::size_t>(payload_len_);
      const std::size_t need = cur_.payload.size() + k;
      if (need > cur_.payload.capacity())
        cur_.payload.reserve(need >= whole / 8 ? whole
                                               : std::min(whole, std::max({need, 2 * cur_.payload.capacity(),
                                                                           std::size_t{1} << 16})));
      cur_.payload.insert(cur_.payload.end(), data, data + k);
      data += k;
      size -= k;
      if (cur_.payload.size() < payload_len_) return;
    }
    done_.push_back(std::move(cur_));
    cur_ = Message{};
    have_header_ = 0;
    name_len_ = 0;
    payload_len_ = 0;
  }
}

std::optional<Message> Parser::take() {
  if (done_.empty()) return std::nullopt;
  Message m = std::move(done_.front());
  done_.pop_front();
  return m;
}

std::size_t Parser::pending() const {
  return have_header_ < kHeaderSize ? have_header_ : kHeaderSize + cur_.name.size() + cur_.payload.size();
}

std::size_t Parser::expected() const {
  return have_header_ < kHeaderSize ? kHeaderSize
                                    : kHeaderSize + name_len_ + static_cast<std::size_t>(payload_len_);
}

Image decode_image(const Message& m) {
  if (m.payload.empty()) throw std::runtime_error("the message carries no image");
  Image img = npy_decode(m.payload.data(), m.payload.size());
  const double n = static_cast<double>(img.rows()) * img.cols() * img.channels();
  if (n > static_cast<double>(kMaxImageElements))
    throw std::runtime_error("the image is " + std::to_string(img.rows()) + "x" + std::to_string(img.cols()) +
                             "x" + std::to_string(img.channels()) + ", over the limit of " +
                             std::to_string(kMaxImageElements) + " elements");
  if (img.empty()) throw std::runtime_error("the image is empty");
  return img;
}

}  // namespace rl::push
