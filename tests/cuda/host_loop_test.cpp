// The CUDA kernel bodies (plain and tuned) run over the full index space on the host, compared bit for
// bit with the CPU core on the golden rows and on random cases for every method, type, channel count
// and boundary.
#include <gtest/gtest.h>

#include <iterator>
#include <random>

#include "cuda_checks.hpp"
#include "rl/cuda_host_loop.hpp"
#include "rl/cuda_pass_tuned.hpp"
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

TEST(CudaHostLoop, OnePixelAxesManyChannelsAndSmallBatches) {
  for (Kernels k : {Kernels::Plain, Kernels::Tuned}) {
    auto r = check::host_loop_runner(k);
    const check::Outcome o = check::shapes(*r, 9);
    EXPECT_EQ(o.cases, 4 * 9 * kTypes);
    EXPECT_TRUE(o.ok()) << o.summary();
  }
}

TEST(CudaHostLoopTuned, GoldenRowsEqualTheCpuCoreAndMatlab) {
  auto r = check::host_loop_runner(Kernels::Tuned);
  const check::Outcome o = check::golden_rows(*r);
  EXPECT_EQ(o.cases, 38);
  EXPECT_TRUE(o.ok()) << o.summary();
}

TEST(CudaHostLoopTuned, RandomCasesForEveryMethodTypeChannelCountAndBoundary) {
  auto r = check::host_loop_runner(Kernels::Tuned);
  for (unsigned seed : {1u, 2u, 3u}) {
    const check::Outcome o = check::random_forward(*r, seed);
    EXPECT_EQ(o.cases, 7 * kTypes * 5 * 2);
    EXPECT_TRUE(o.ok()) << o.summary();
  }
}

TEST(CudaHostLoopTuned, BatchesRunAsOneIndexSpace) {
  auto r = check::host_loop_runner(Kernels::Tuned);
  const check::Outcome o = check::batch(*r, 5);
  EXPECT_EQ(o.cases, 2 * kTypes + 1);
  EXPECT_TRUE(o.ok()) << o.summary();
}

// The rows pass uses vector loads exactly when every line starts on a vector boundary: 4 elements for
// 1-, 2- and 4-byte types, 2 for float64. Both forms must give the CPU core's bits.
TEST(CudaHostLoopTuned, VectorLoadsOnlyWhereLinesAreAligned) {
  alignas(16) static unsigned char buf[64];
  PassShape s;
  s.axis = Axis::Rows;
  s.in_rows = 3;
  s.in_cols = 4;
  s.channels = 1;
  s.out_size = 2;
  EXPECT_TRUE(rows_vectorizable<std::uint8_t>(s, buf, buf));
  EXPECT_FALSE(rows_vectorizable<std::uint8_t>(s, buf + 1, buf));
  EXPECT_FALSE(rows_vectorizable<float>(s, buf, buf + 4));
  s.in_cols = 3;
  EXPECT_FALSE(rows_vectorizable<std::uint16_t>(s, buf, buf));
  s.in_cols = 1;
  s.channels = 2;
  EXPECT_TRUE(rows_vectorizable<double>(s, buf, buf));
  EXPECT_FALSE(rows_vectorizable<float>(s, buf, buf));

  std::mt19937 rng(11);
  std::uniform_int_distribution<int> u8(0, 255);
  for (int cols : {8, 7}) {  // 8 x 3 channels: lines of 24 (vector); 7 x 3: lines of 21 (scalar)
    Image in(9, cols, 3, ElemType::U8);
    for (std::size_t i = 0; i < in.elements(); ++i)
      in.data<std::uint8_t>()[i] = static_cast<std::uint8_t>(u8(rng));
    const Plan plan = make_plan(ResizeSpec::with_size(5, 2 * cols), 9, cols);
    EXPECT_EQ(check::compare_exact(host_loop::run(plan, in, Kernels::Tuned), rl::run(plan, in)), "") << cols;
  }
}

// A hand-worked case through the kernel bodies: 1x2 -> 1x4 bilinear is [[1,0],[.75,.25],[.25,.75],[0,1]]
// on the columns, so [10, 20] becomes [10, 12.5, 17.5, 20] and the uint8 result rounds 12.5 up to 13.
TEST(CudaHostLoop, HandWorkedBilinearEnlargement) {
  const Plan plan = make_plan(ResizeSpec::with_scale(1.0, 2.0, Method::Bilinear), 1, 2);
  for (Kernels k : {Kernels::Plain, Kernels::Tuned}) {
    SCOPED_TRACE(to_string(k));
    Image in(1, 2, 1, ElemType::F64);
    in.set(0, 0, 0, 10.0);
    in.set(0, 1, 0, 20.0);
    const Image out = host_loop::run(plan, in, k);
    ASSERT_EQ(out.cols(), 4);
    EXPECT_EQ(out.at(0, 0), 10.0);
    EXPECT_EQ(out.at(0, 1), 12.5);
    EXPECT_EQ(out.at(0, 2), 17.5);
    EXPECT_EQ(out.at(0, 3), 20.0);
    Image in8(1, 2, 1, ElemType::U8);
    in8.set(0, 0, 0, 10);
    in8.set(0, 1, 0, 20);
    const Image out8 = host_loop::run(plan, in8, k);
    EXPECT_EQ(out8.at(0, 1), 13.0);
    EXPECT_EQ(out8.at(0, 2), 18.0);
  }
}

// The tap-major table holds entry k of output o at k * out_size + o.
TEST(CudaHostLoopTuned, TapMajorTableIsTheTransposeOfTheRowMajorOne) {
  const Plan plan = make_plan(ResizeSpec::with_size(3, 5), 10, 4);
  const AxisTable& t = plan.rows;
  const TapMajorTable m = tap_major(t);
  ASSERT_EQ(m.out_size, 3);
  ASSERT_EQ(m.taps, t.taps);
  for (int o = 0; o < t.out_size; ++o)
    for (int k = 0; k < t.taps; ++k) {
      EXPECT_EQ(m.weights[static_cast<std::size_t>(k * 3 + o)], t.weights_of(o)[k]);
      EXPECT_EQ(m.index[static_cast<std::size_t>(k * 3 + o)], t.index_of(o)[k]);
    }
}

TEST(CudaKernels, ParseAndPrint) {
  Kernels k = Kernels::Plain;
  EXPECT_TRUE(parse_kernels("tuned", k).ok);
  EXPECT_EQ(k, Kernels::Tuned);
  EXPECT_TRUE(parse_kernels("plain", k).ok);
  EXPECT_EQ(k, Kernels::Plain);
  const Status bad = parse_kernels("fast", k);
  EXPECT_FALSE(bad.ok);
  EXPECT_EQ(bad.message, "the CUDA kernels must be plain or tuned, got 'fast'");
  EXPECT_EQ(to_string(Kernels::Tuned), "tuned");
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
