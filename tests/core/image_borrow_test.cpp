// rl::Image::borrow: an image over the caller's memory, read and written in place, never freed by the
// Image, while copies own their data.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "rl/image.hpp"
#include "rl/resize.hpp"

namespace {

TEST(ImageBorrow, ReadsAndWritesTheCallersMemory) {
  std::vector<std::uint16_t> buf{1, 2, 3, 4, 5, 6};
  rl::Image im = rl::Image::borrow(buf.data(), 2, 3, 1, rl::ElemType::U16);
  EXPECT_EQ(im.raw(), buf.data());
  EXPECT_EQ(im.at(1, 2), 6.0);
  im.set(0, 1, 0, 42);
  EXPECT_EQ(buf[1], 42);
}

TEST(ImageBorrow, CopiesOwnTheirData) {
  std::vector<double> buf{1.5, 2.5};
  rl::Image copy;
  {
    const rl::Image im = rl::Image::borrow(buf.data(), 1, 2, 1, rl::ElemType::F64);
    copy = im;
  }  // the borrowed Image is gone; buf was not freed (the vector frees it at the end of the test)
  EXPECT_NE(copy.raw(), buf.data());
  buf[0] = 0;
  EXPECT_EQ(copy.at(0, 0), 1.5);
}

TEST(ImageBorrow, ResizesIntoABorrowedOutput) {
  // A constant image stays constant: MATLAB's weights are normalised to sum 1.
  std::vector<std::uint8_t> in(6 * 4 * 2, 7), out(3 * 2 * 2, 0);
  const rl::Image src = rl::Image::borrow(in.data(), 6, 4, 2, rl::ElemType::U8);
  rl::Image dst = rl::Image::borrow(out.data(), 3, 2, 2, rl::ElemType::U8);
  rl::run_into(rl::make_plan(rl::ResizeSpec::with_scale(0.5), 6, 4), src, dst);
  for (std::uint8_t v : out) EXPECT_EQ(v, 7);
}

TEST(ImageBorrow, NullMemoryIsRefused) {
  EXPECT_THROW(rl::Image::borrow(nullptr, 2, 2, 1, rl::ElemType::U8), std::invalid_argument);
  EXPECT_NO_THROW(rl::Image::borrow(nullptr, 0, 2, 1, rl::ElemType::U8));
}

}  // namespace
