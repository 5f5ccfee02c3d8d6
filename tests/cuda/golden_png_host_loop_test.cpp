// The PNG golden rows (real MATLAB files, read through OpenCV) through the CUDA kernel bodies in a host
// loop: equal to the CPU core and to MATLAB's output, every value.
#include <gtest/gtest.h>

#include "cuda_checks.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image_io.hpp"

namespace rl::cuda {
namespace {

TEST(CudaHostLoopPng, GoldenRowsFromTheFilesEqualMatlab) {
  auto r = check::host_loop_runner();
  const check::Outcome o = check::golden_rows(*r, [](const std::string& p) { return io::load(p); });
  EXPECT_EQ(o.cases, 38);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST(CudaDevicePng, GoldenRowsFromTheFilesEqualMatlab) {
  const Status s = device_status();
  if (!s) GTEST_SKIP() << "no usable CUDA device: " << s.message;
  auto r = check::device_runner();
  const check::Outcome o = check::golden_rows(*r, [](const std::string& p) { return io::load(p); });
  EXPECT_EQ(o.cases, 38);
  EXPECT_TRUE(o.ok()) << o.summary();
}

}  // namespace
}  // namespace rl::cuda
