// .npy round trips for every type and shape, and rejection of malformed files.
#include "rl/npy.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>

#include "npy_bytes.hpp"

namespace rl {
namespace {

std::vector<std::uint8_t> with_header(const std::string& dict, std::size_t data_bytes) {
  return test::npy_bytes(dict, data_bytes, 7);
}

TEST(Npy, RoundTripsEveryTypeAndShape) {
  for (const ElemInfo& e : kElemTypes)
    for (auto [r, c, ch] :
         {std::tuple{1, 1, 1}, {3, 5, 1}, {4, 2, 2}, {2, 3, 3}, {5, 1, 4}, {2, 2, 7}, {1, 9, 5}}) {
      const ElemType t = e.type;
      Image im(r, c, ch, t);
      for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j)
          for (int k = 0; k < ch; ++k) {
            const int v = (i * 31 + j * 7 + k * 3) % 120;
            im.set(i, j, k,
                   t == ElemType::Logical
                       ? v % 2
                       : v - (e.is_signed && is_integer(t) ? 60 : 0) + (is_floating(t) ? 0.25 : 0));
          }
      const auto bytes = npy_encode(im);
      EXPECT_EQ((bytes[8] + 10) % 64, 0);
      const Image back = npy_decode(bytes.data(), bytes.size());
      EXPECT_TRUE(identical(im, back)) << to_string(t) << " " << r << "x" << c << "x" << ch;
    }
}

// Bytes as numpy writes them (little-endian, two's complement), decoded to MATLAB's classes.
TEST(Npy, DecodesTheNewDescrs) {
  const auto decode = [](const std::string& descr, std::vector<std::uint8_t> data, int cols) {
    auto b = with_header(
        "{'descr': '" + descr + "', 'fortran_order': False, 'shape': (1, " + std::to_string(cols) + "), }",
        data.size());
    std::memcpy(b.data() + b.size() - data.size(), data.data(), data.size());
    return npy_decode(b.data(), b.size());
  };
  const Image i8 = decode("|i1", {0x80, 0x7F}, 2);
  EXPECT_EQ(i8.type(), ElemType::I8);
  EXPECT_EQ(i8.at(0, 0), -128);
  EXPECT_EQ(i8.at(0, 1), 127);
  const Image i16 = decode("<i2", {0xFE, 0xFF}, 1);
  EXPECT_EQ(i16.type(), ElemType::I16);
  EXPECT_EQ(i16.at(0, 0), -2);
  const Image i32 = decode("<i4", {0, 0, 0, 0x80}, 1);
  EXPECT_EQ(i32.type(), ElemType::I32);
  EXPECT_EQ(i32.at(0, 0), -2147483648.0);
  const Image u32 = decode("<u4", {0xFF, 0xFF, 0xFF, 0xFF}, 1);
  EXPECT_EQ(u32.type(), ElemType::U32);
  EXPECT_EQ(u32.at(0, 0), 4294967295.0);
  const Image b1 = decode("|b1", {0, 1, 2, 0}, 4);  // a nonzero byte is true, stored as 1
  EXPECT_EQ(b1.type(), ElemType::Logical);
  EXPECT_EQ(b1.at(0, 2), 1.0);
  EXPECT_EQ(static_cast<const std::uint8_t*>(b1.raw())[2], 1);
  EXPECT_EQ(b1.at(0, 3), 0.0);
  EXPECT_THROW(decode(">i2", {0, 1}, 1), std::runtime_error);
  EXPECT_THROW(decode("<i8", std::vector<std::uint8_t>(8), 1), std::runtime_error);
  EXPECT_THROW(decode("|i2", {0, 1}, 1), std::runtime_error);  // a 2-byte type needs a byte order
}

TEST(Npy, WritesNumpysDescrs) {
  const auto descr = [](ElemType t) {
    const auto b = npy_encode(Image(1, 1, 1, t));
    return std::string(b.begin() + 10, b.end()).substr(0, 24);
  };
  EXPECT_NE(descr(ElemType::Logical).find("'|b1'"), std::string::npos);
  EXPECT_NE(descr(ElemType::I8).find("'|i1'"), std::string::npos);
  EXPECT_NE(descr(ElemType::I16).find("'<i2'"), std::string::npos);
  EXPECT_NE(descr(ElemType::I32).find("'<i4'"), std::string::npos);
  EXPECT_NE(descr(ElemType::U32).find("'<u4'"), std::string::npos);
}

TEST(Npy, ReadsTheGoldenFloat64Files) {
  const Image im = read_npy(std::string(RL_GOLDEN_DIR) + "/r2019b-cases/in_butterfly_double.npy");
  EXPECT_EQ(im.rows(), 256);
  EXPECT_EQ(im.cols(), 256);
  EXPECT_EQ(im.channels(), 3);
  EXPECT_EQ(im.type(), ElemType::F64);
}

TEST(Npy, FileRoundTripIsAtomicAndLeavesNoTemporaries) {
  const auto dir = std::filesystem::temp_directory_path() / ("rl_npy_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  Image im(3, 4, 2, ElemType::U16);
  im.set(2, 3, 1, 65535);
  write_npy((dir / "a.npy").string(), im);
  EXPECT_TRUE(identical(read_npy((dir / "a.npy").string()), im));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir), {}), 1);
  EXPECT_THROW(write_npy((dir / "missing" / "b.npy").string(), im), std::runtime_error);
  std::filesystem::remove_all(dir);
}

TEST(Npy, RejectsMalformedInput) {
  auto expect_reject = [](const std::vector<std::uint8_t>& b, const std::string& needle) {
    try {
      npy_decode(b.data(), b.size());
      ADD_FAILURE() << "accepted, expected: " << needle;
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_reject({'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0, 0}, "magic");
  expect_reject(with_header("{'descr': '<c16', 'fortran_order': False, 'shape': (2, 2), }", 64), "dtype");
  expect_reject(with_header("{'descr': '|O', 'fortran_order': False, 'shape': (2, 2), }", 16), "dtype");
  expect_reject(with_header("{'descr': '>f8', 'fortran_order': False, 'shape': (2, 2), }", 32), "big-endian");
  expect_reject(with_header("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }", 32), "Fortran");
  expect_reject(with_header("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }", 32), "bytes");
  expect_reject(
      with_header("{'descr': '<u1', 'fortran_order': False, 'shape': (4294967296, 4294967296, 4294967296), }",
                  8),
      "too large");
  expect_reject(with_header("{'descr': '<u1', 'fortran_order': False, 'shape': (5,), }", 5), "2-D");
  auto truncated = with_header("{'descr': '<u1', 'fortran_order': False, 'shape': (2, 2), }", 4);
  truncated.resize(20);
  expect_reject(truncated, "truncated");
}

}  // namespace
}  // namespace rl
