// .npy round trips for every type and shape, and rejection of malformed files.
#include "rl/npy.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <string>

namespace rl {
namespace {

std::vector<std::uint8_t> with_header(const std::string& dict, std::size_t data_bytes) {
  std::string h = dict;
  while ((10 + h.size() + 1) % 64) h += ' ';
  h += '\n';
  std::vector<std::uint8_t> b(10 + h.size() + data_bytes, 7);
  const std::uint8_t prefix[10] = {0x93,
                                   'N',
                                   'U',
                                   'M',
                                   'P',
                                   'Y',
                                   1,
                                   0,
                                   static_cast<std::uint8_t>(h.size() & 0xff),
                                   static_cast<std::uint8_t>(h.size() >> 8)};
  std::memcpy(b.data(), prefix, 10);
  std::memcpy(b.data() + 10, h.data(), h.size());
  return b;
}

TEST(Npy, RoundTripsEveryTypeAndShape) {
  for (ElemType t : {ElemType::U8, ElemType::U16, ElemType::F32, ElemType::F64})
    for (auto [r, c, ch] :
         {std::tuple{1, 1, 1}, {3, 5, 1}, {4, 2, 2}, {2, 3, 3}, {5, 1, 4}, {2, 2, 7}, {1, 9, 5}}) {
      Image im(r, c, ch, t);
      for (int i = 0; i < r; ++i)
        for (int j = 0; j < c; ++j)
          for (int k = 0; k < ch; ++k)
            im.set(i, j, k, (i * 31 + j * 7 + k * 3) % 250 + (is_integer(t) ? 0 : 0.25));
      const auto bytes = npy_encode(im);
      EXPECT_EQ((bytes[8] + 10) % 64, 0);
      const Image back = npy_decode(bytes.data(), bytes.size());
      EXPECT_TRUE(identical(im, back)) << to_string(t) << " " << r << "x" << c << "x" << ch;
    }
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
