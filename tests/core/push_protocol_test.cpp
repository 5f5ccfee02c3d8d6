// The viewer's push protocol: messages survive encoding and piecewise parsing; malformed, oversized
// and hostile headers are refused as soon as the header is in, with one line.
#include "rl/push_protocol.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <utility>

#include "rl/limits.hpp"
#include "rl/npy.hpp"

namespace rl::push {
namespace {

Message open_message(const Image& img, const std::string& name, Role role) {
  Message m;
  m.type = Type::Open;
  m.role = role;
  m.name = name;
  m.payload = npy_encode(img);
  return m;
}

Image float_image() {
  Image img = Image::uninitialized(3, 5, 3, ElemType::F32);
  auto* p = static_cast<std::uint32_t*>(img.raw());
  for (std::size_t i = 0; i < 45; ++i) p[i] = 0x3f800000u + static_cast<std::uint32_t>(i) * 977u;
  p[7] = 0x7fc01234u;  // a NaN with a payload: its bits must survive too
  return img;
}

TEST(PushProtocol, RoundTripFedByteByByte) {
  const Image img = float_image();
  Message a = open_message(img, "sr step 10", Role::Pane);
  a.scale = 4;
  Message b;
  b.type = Type::Query;
  b.flags = kQueryPixels;
  b.name = "sr step 10";
  auto bytes = encode(a);
  const auto more = encode(b);
  bytes.insert(bytes.end(), more.begin(), more.end());
  Parser p;
  for (std::uint8_t c : bytes) p.feed(&c, 1);
  ASSERT_FALSE(p.failed()) << p.error();
  auto m = p.take();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->type, Type::Open);
  EXPECT_EQ(m->name, "sr step 10");
  EXPECT_EQ(m->scale, 4.0);
  const Image back = decode_image(*m);
  ASSERT_EQ(back.bytes(), img.bytes());
  EXPECT_EQ(std::memcmp(back.raw(), img.raw(), img.bytes()), 0);
  m = p.take();
  ASSERT_TRUE(m);
  EXPECT_EQ(m->type, Type::Query);
  EXPECT_EQ(m->flags, kQueryPixels);
  EXPECT_FALSE(p.take());
  EXPECT_EQ(p.pending(), 0u);
}

TEST(PushProtocol, EveryClassArrivesAsSent) {
  for (ElemType t : {ElemType::U8, ElemType::U16, ElemType::I8, ElemType::I16, ElemType::I32, ElemType::U32,
                     ElemType::F64, ElemType::Logical}) {
    Image img = Image::uninitialized(2, 3, 1, t);
    auto* b = static_cast<std::uint8_t*>(img.raw());
    for (std::size_t i = 0; i < img.bytes(); ++i)
      b[i] = t == ElemType::Logical ? i % 2 : (i * 37 + 11) & 0xff;
    const auto bytes = encode(open_message(img, "x", Role::Reference));
    Parser p;
    p.feed(bytes.data(), bytes.size());
    const Image back = decode_image(*p.take());
    EXPECT_EQ(back.type(), t);
    EXPECT_TRUE(identical(back, img));
  }
}

std::string header_error(const std::function<void(std::uint8_t*)>& spoil, std::size_t max = max_payload()) {
  Message m = open_message(float_image(), "a", Role::Pane);
  auto bytes = encode(m);
  spoil(bytes.data());
  Parser p(max);
  p.feed(bytes.data(), kHeaderSize);  // the header alone: refused before any payload arrives
  EXPECT_FALSE(p.take());
  return p.error();
}

TEST(PushProtocol, MalformedHeadersAreRefusedAtOnce) {
  EXPECT_EQ(header_error([](std::uint8_t*) {}), "");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[0] = 'X'; }),
            "malformed message: bad magic (not a resizelab push message)");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[4] = 2; }),
            "malformed message: protocol version 2, this viewer speaks 1");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[6] = 7; }), "malformed message: unknown type 7");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[7] = 3; }), "malformed message: unknown role 3");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[10] = 2; }), "malformed message: unknown flags 2");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[13] = 1; }), "malformed message: reserved bytes not zero");
  EXPECT_EQ(header_error([](std::uint8_t* h) {
              h[8] = 0;
              h[9] = 1;
            }),
            "malformed message: a name of 256 bytes (at most 255)");
  EXPECT_EQ(header_error([](std::uint8_t* h) {
              const double nan = std::numeric_limits<double>::quiet_NaN();
              std::memcpy(h + 16, &nan, 8);
            }),
            "malformed message: the scale is not a finite number >= 0");
  EXPECT_EQ(header_error([](std::uint8_t* h) { h[6] = 2; }),
            "malformed message: a close or query carries no payload");
}

TEST(PushProtocol, OversizedPayloadRefusedBeforeBuffering) {
  // 2^63 bytes announced: refused from the header, nothing allocated.
  EXPECT_EQ(header_error([](std::uint8_t* h) {
              const std::uint64_t n = std::uint64_t{1} << 63;
              std::memcpy(h + 24, &n, 8);
            }),
            "malformed message: a payload of 9223372036854775808 bytes, over the limit of " +
                std::to_string(max_payload()) + " bytes");
  // The default limit is the files' element limit at 8 bytes each, plus room for the .npy header.
  EXPECT_EQ(max_payload(), kMaxImageElements * 8 + 65536);
  EXPECT_NE(header_error([](std::uint8_t*) {}, 100), "");
}

TEST(PushProtocol, PayloadBoundFollowsThePixelLimit) {
  // 1000 pixels: at most 4 float64 channels (32000 bytes) and a 64 KiB .npy header; 0: no pixel limit.
  EXPECT_EQ(max_payload(1000), std::size_t{32000 + 65536});
  EXPECT_EQ(max_payload(0), max_payload());
  EXPECT_EQ(max_payload(std::uint64_t{1} << 62), max_payload());  // never above the element limit
  const auto announce = [](std::uint64_t n) { return [n](std::uint8_t* h) { std::memcpy(h + 24, &n, 8); }; };
  EXPECT_EQ(header_error(announce(97537), max_payload(1000)),
            "malformed message: a payload of 97537 bytes, over the limit of 97536 bytes");
  EXPECT_EQ(header_error(announce(97536), max_payload(1000)), "");
}

TEST(PushProtocol, ControlCharacterInNameRefused) {
  Message m = open_message(float_image(), "a\nb", Role::Pane);
  const auto bytes = encode(m);
  Parser p;
  p.feed(bytes.data(), bytes.size());
  EXPECT_EQ(p.error(), "malformed message: a control character (U+000A) in the name");
  EXPECT_FALSE(p.take());
}

// One rule for every request's name (the parser's, and resizelab.show's before it sends): UTF-8 in its
// shortest forms, no C0 or C1 control character, at most 255 bytes.
TEST(PushProtocol, NamesAreUtf8WithoutControlCharacters) {
  for (const char* ok : {"sr step 10", "caf\xc3\xa9", "\xe6\x97\xa5\xe6\x9c\xac", "\xf0\x9f\x98\x80",
                         "\xc2\xa0nbsp", "\xef\xbf\xbf", "\xf4\x8f\xbf\xbf", ""})
    EXPECT_EQ(name_error(ok), "") << ok;
  const std::pair<std::string, std::string> bad[] = {
      {"a\tb", "a control character (U+0009) in the name"},
      {"x\x7f", "a control character (U+007F) in the name"},
      {"x\xc2\x85", "a control character (U+0085) in the name"},     // NEL
      {"\xc2\x9b[31m", "a control character (U+009B) in the name"},  // CSI
      {std::string("a\0b", 3), "a control character (U+0000) in the name"},
      {"ab\xff", "the name is not valid UTF-8 (byte 3)"},
      {"\xc0\xaf", "the name is not valid UTF-8 (byte 1)"},          // overlong '/'
      {"\xe0\x80\xaf", "the name is not valid UTF-8 (byte 1)"},      // overlong
      {"\xed\xa0\x80", "the name is not valid UTF-8 (byte 1)"},      // a surrogate (Python's surrogatepass)
      {"\xf4\x90\x80\x80", "the name is not valid UTF-8 (byte 1)"},  // above U+10FFFF
      {"\xf9\x80\x80\x80", "the name is not valid UTF-8 (byte 1)"},  // no such lead byte
      {"x\xe2\x82", "the name is not valid UTF-8 (byte 2)"},         // truncated
      {"\x80", "the name is not valid UTF-8 (byte 1)"},
      {std::string(256, 'a'), "a name of 256 bytes (at most 255)"},
  };
  for (const auto& [name, why] : bad) {
    EXPECT_EQ(name_error(name), why);
    if (name.size() > kMaxName)
      continue;  // refused from the header (PushProtocol.MalformedHeadersAreRefusedAtOnce)
    Parser p;
    const auto bytes = encode(open_message(float_image(), name, Role::Pane));
    p.feed(bytes.data(), bytes.size());
    EXPECT_EQ(p.error(), "malformed message: " + why);
  }
  // A reply's message is the viewer's own text: not held to a name's rule.
  const auto reply_bytes = encode(reply(false, "line\twith a tab"));
  Parser p;
  p.feed(reply_bytes.data(), reply_bytes.size());
  EXPECT_FALSE(p.failed());
}

TEST(PushProtocol, TruncatedMessageStaysPending) {
  const auto bytes = encode(open_message(float_image(), "a", Role::Pane));
  Parser p;
  p.feed(bytes.data(), bytes.size() - 1);
  EXPECT_FALSE(p.take());
  EXPECT_FALSE(p.failed());
  EXPECT_EQ(p.pending(), bytes.size() - 1);
  EXPECT_EQ(p.expected(), bytes.size());
}

TEST(PushProtocol, BadImagePayloadsThrowOneLine) {
  Message m;
  m.payload = {1, 2, 3};
  EXPECT_THROW(decode_image(m), std::runtime_error);
  m.payload.clear();
  EXPECT_THROW(decode_image(m), std::runtime_error);
  m.payload = npy_encode(Image::uninitialized(0, 4, 1, ElemType::U8));
  EXPECT_THROW(decode_image(m), std::runtime_error);
}

TEST(PushProtocol, Roles) {
  EXPECT_EQ(parse_role("hr"), Role::Hr);
  EXPECT_EQ(parse_role("reference"), Role::Reference);
  EXPECT_EQ(parse_role("pane"), Role::Pane);
  EXPECT_FALSE(parse_role("Pane"));
}

}  // namespace
}  // namespace rl::push
