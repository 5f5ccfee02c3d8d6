// The CUDA kernel bodies run over the full index space on the host, compared bit for bit with the CPU
// core on the golden rows and on random cases for every method, type, channel count and boundary.
#include <gtest/gtest.h>

#include <iterator>

#include "cuda_checks.hpp"
#include "rl/cuda_host_loop.hpp"
#include "rl/resize.hpp"

namespace rl::cuda {
namespace {

// The element types the checks run each case for (every row of rl::kElemTypes).
constexpr int kTypes = static_cast<int>(std::size(kElemTypes));

TEST(CudaHostLoop, GoldenRowsEqualTheCpuCoreAndMatlab) {
  auto r = check::host_loop_runner();
  const check::Outcome o = check::golden_rows(*r);
  EXPECT_EQ(o.cases, 38);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST(CudaHostLoop, RandomCasesForEveryMethodTypeChannelCountAndBoundary) {
  auto r = check::host_loop_runner();
  for (unsigned seed : {1u, 2u}) {
    const check::Outcome o = check::random_forward(*r, seed);
    EXPECT_EQ(o.cases, 7 * kTypes * 5 * 2);
    EXPECT_TRUE(o.ok()) << o.summary();
  }
}

TEST(CudaHostLoop, BatchesRunAsOneIndexSpace) {
  auto r = check::host_loop_runner();
  const check::Outcome o = check::batch(*r, 5);
  EXPECT_EQ(o.cases, 2 * kTypes + 1);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST(CudaHostLoop, BackwardEqualsTheCpuAdjoint) {
  auto r = check::host_loop_runner();
  const check::Outcome o = check::backward(*r, 6);
  EXPECT_EQ(o.cases, 7 * 2 * 2 + 1);
  EXPECT_TRUE(o.ok()) << o.summary();
}

// A hand-worked case through the kernel bodies: 1x2 -> 1x4 bilinear is [[1,0],[.75,.25],[.25,.75],[0,1]]
// on the columns, so [10, 20] becomes [10, 12.5, 17.5, 20] and the uint8 result rounds 12.5 up to 13.
TEST(CudaHostLoop, HandWorkedBilinearEnlargement) {
  const Plan plan = make_plan(ResizeSpec::with_scale(1.0, 2.0, Method::Bilinear), 1, 2);
  Image in(1, 2, 1, ElemType::F64);
  in.set(0, 0, 0, 10.0);
  in.set(0, 1, 0, 20.0);
  const Image out = host_loop::run(plan, in);
  ASSERT_EQ(out.cols(), 4);
  EXPECT_EQ(out.at(0, 0), 10.0);
  EXPECT_EQ(out.at(0, 1), 12.5);
  EXPECT_EQ(out.at(0, 2), 17.5);
  EXPECT_EQ(out.at(0, 3), 20.0);
  Image in8(1, 2, 1, ElemType::U8);
  in8.set(0, 0, 0, 10);
  in8.set(0, 1, 0, 20);
  const Image out8 = host_loop::run(plan, in8);
  EXPECT_EQ(out8.at(0, 1), 13.0);
  EXPECT_EQ(out8.at(0, 2), 18.0);
}

TEST(CudaHostLoop, RejectsMismatchedShapesWithAMessage) {
  const Plan plan = make_plan(ResizeSpec::with_scale(0.5), 8, 8);
  EXPECT_THROW(host_loop::run(plan, Image(8, 9, 1, ElemType::U8)), std::invalid_argument);
  EXPECT_THROW(host_loop::run_batch(plan, {Image(8, 8, 1, ElemType::U8), Image(8, 8, 2, ElemType::U8)}),
               std::invalid_argument);
  EXPECT_THROW(host_loop::backward(plan, Image(4, 4, 1, ElemType::U16)), std::invalid_argument);
}

TEST(CudaChecks, CompareExactReportsTheFirstDifference) {
  Image a(2, 3, 2, ElemType::F32), b(2, 3, 2, ElemType::F32);
  EXPECT_EQ(check::compare_exact(a, b), "");
  b.set(1, 2, 1, 1e-30);
  EXPECT_NE(check::compare_exact(a, b).find("1 elements differ; first at (1,2,1)"), std::string::npos)
      << check::compare_exact(a, b);
  EXPECT_NE(check::compare_exact(a, Image(2, 3, 2, ElemType::F64)), "");
}

}  // namespace
}  // namespace rl::cuda
