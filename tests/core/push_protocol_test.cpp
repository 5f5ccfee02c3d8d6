// The viewer's push protocol: messages survive encoding and piecewise parsing; malformed, oversized
// and hostile headers are refused as soon as the header is in, with one line.
#include "rl/push_protocol.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

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
  EXPECT_EQ(p.error(), "malformed message: a control character in the name");
  EXPECT_FALSE(p.take());
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
