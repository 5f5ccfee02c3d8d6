// The viewer's push protocol (docs/VIEWER.md, "Pushing images from Python and scripts"): the messages
// a script sends to a running resizelab over its local socket, and the replies. Plain C++ so the
// parser can be fuzzed without Qt.
//
// A message is a 32-byte header (all integers little-endian), the name, then the payload:
//   0  4  magic "RLIM"           16 8  scale, float64 (0: none)
//   4  2  version (1)            24 8  payload length P
//   6  1  type (1 open, 2 close, 3 query, 129 reply)
//   7  1  role (0 pane, 1 reference, 2 hr)
//   8  2  name length N          32 N  name, UTF-8 (a reply: its message)
//  10  2  flags                  32+N  P payload bytes (open, and a query's reply: a NumPy .npy file)
//  12  4  reserved, 0
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rl/image.hpp"

namespace rl::push {

inline constexpr std::uint16_t kVersion = 1;
inline constexpr std::size_t kHeaderSize = 32;
inline constexpr std::size_t kMaxName = 255;    // a request's name, in bytes
inline constexpr std::size_t kMaxText = 65535;  // a reply's message, in bytes

enum class Type : std::uint8_t { Open = 1, Close = 2, Query = 3, Reply = 129 };
enum class Role : std::uint8_t { Pane = 0, Reference = 1, Hr = 2 };
// Flags: a query's reply carries the pane's pixels; a reply is an error.
inline constexpr std::uint16_t kQueryPixels = 1;
inline constexpr std::uint16_t kReplyError = 1;

struct Message {
  Type type = Type::Open;
  Role role = Role::Pane;
  std::uint16_t flags = 0;
  double scale = 0.0;
  std::string name;  // a reply: its message
  std::vector<std::uint8_t> payload;
};

const char* to_string(Role r);  // "pane", "reference", "hr"
std::optional<Role> parse_role(const std::string& s);

// The most payload bytes a message may announce: kMaxImageElements float64 elements and a .npy header.
std::size_t max_payload();
// The most payload bytes an image of at most max_pixels pixels can need: max_pixels x 4 channels x
// 8 bytes (float64) and a .npy header, and never more than max_payload(); 0 pixels: no pixel limit.
std::size_t max_payload(std::uint64_t max_pixels);

// Why `name` cannot be a request's name, in one line; "" when it can. A name is at most kMaxName
// bytes of UTF-8 (shortest forms, no surrogates, nothing above U+10FFFF) with no control character
// (U+0000..U+001F, U+007F..U+009F). The parser and the Python client (resizelab.show) ask this.
std::string name_error(std::string_view name);

// The header, the name and the payload in one buffer (no checks: the parser checks what it reads).
std::vector<std::uint8_t> encode(const Message& m);
Message reply(bool ok, const std::string& text, std::vector<std::uint8_t> payload = {});

// Reads messages from a byte stream in pieces as they arrive. A header is checked as soon as its 32
// bytes are in (magic, version, type, role, flags, reserved bytes, name length, scale, and the payload
// length against `max_payload_bytes` and the type), so nothing larger than that is ever buffered; the
// buffer grows with the bytes that arrive (a header alone reserves nothing; the whole payload is
// reserved once an eighth of it is in), and an allocation that fails throws std::bad_alloc out of
// feed(). A request's name is checked by name_error once it is in.
// After a malformed message it stops: error() says why in one line, and later bytes are ignored (a
// stream cannot be resynchronised).
class Parser {
 public:
  explicit Parser(std::size_t max_payload_bytes = max_payload()) : max_payload_(max_payload_bytes) {}
  void feed(const std::uint8_t* data, std::size_t size);
  std::optional<Message> take();  // the oldest complete message
  const std::string& error() const { return error_; }
  bool failed() const { return !error_.empty(); }
  // Bytes of a message begun and not yet complete (0 between messages).
  std::size_t pending() const;
  std::size_t expected() const;  // the whole of that message, once its header is in

 private:
  void check_header();
  std::size_t max_payload_;
  std::uint8_t header_[kHeaderSize] = {};
  std::size_t have_header_ = 0, name_len_ = 0;
  std::uint64_t payload_len_ = 0;
  Message cur_;
  std::deque<Message> done_;
  std::string error_;
};

// An open message's image: the .npy payload decoded (rl::npy_decode) and held to kMaxImageElements.
// Throws std::runtime_error with one line.
Image decode_image(const Message& m);

}  // namespace rl::push
