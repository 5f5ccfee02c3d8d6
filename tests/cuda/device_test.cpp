// The CUDA resizer on a real device, compared with the CPU core; skips with the device's status
// message where no usable GPU exists.
#include <gtest/gtest.h>

#include <iterator>

#include "cuda_checks.hpp"
#include "rl/cuda_resize.hpp"

namespace rl::cuda {
namespace {

// The element types the checks run each case for (every row of rl::kElemTypes).
constexpr int kTypes = static_cast<int>(std::size(kElemTypes));

class CudaDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    const Status s = device_status();
    if (!s) GTEST_SKIP() << "no usable CUDA device: " << s.message;
  }
};

TEST_F(CudaDevice, GoldenRowsEqualTheCpuCoreAndMatlab) {
  auto r = check::device_runner();
  const check::Outcome o = check::golden_rows(*r);
  EXPECT_EQ(o.cases, 38);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST_F(CudaDevice, RandomCasesForEveryMethodTypeChannelCountAndBoundary) {
  auto r = check::device_runner();
  for (unsigned seed : {1u, 2u}) {
    const check::Outcome o = check::random_forward(*r, seed);
    EXPECT_EQ(o.cases, 7 * kTypes * 5 * 2);
    EXPECT_TRUE(o.ok()) << o.summary();
  }
}

TEST_F(CudaDevice, BatchesEqualTheCpuCore) {
  auto r = check::device_runner();
  const check::Outcome o = check::batch(*r, 5);
  EXPECT_EQ(o.cases, 2 * kTypes + 1);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST_F(CudaDevice, BackwardEqualsTheCpuAdjoint) {
  auto r = check::device_runner();
  const check::Outcome o = check::backward(*r, 6);
  EXPECT_EQ(o.cases, 7 * 2 * 2 + 1);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST_F(CudaDevice, TunedKernelsGiveTheSameBits) {
  auto r = check::device_runner(Kernels::Tuned);
  const check::Outcome g = check::golden_rows(*r);
  EXPECT_EQ(g.cases, 38);
  EXPECT_TRUE(g.ok()) << g.summary();
  const check::Outcome f = check::random_forward(*r, 1);
  EXPECT_TRUE(f.ok()) << f.summary();
  const check::Outcome s = check::shapes(*r, 9);
  EXPECT_TRUE(s.ok()) << s.summary();
  const check::Outcome b = check::batch(*r, 5);
  EXPECT_TRUE(b.ok()) << b.summary();
}

TEST_F(CudaDevice, OnePixelAxesManyChannelsAndSmallBatches) {
  auto r = check::device_runner();
  const check::Outcome o = check::shapes(*r, 9);
  EXPECT_EQ(o.cases, 4 * 9 * kTypes);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST_F(CudaDevice, TablesAreCachedAndDevicePointersWork) {
  const check::Outcome o = check::device_reuse(7);
  EXPECT_EQ(o.cases, 10);
  EXPECT_TRUE(o.ok()) << o.summary();
}

}  // namespace
}  // namespace rl::cuda
