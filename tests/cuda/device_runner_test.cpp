// The device runner: which device each resize runs on, the fallback after a CUDA failure and its one
// message, with fake CUDA resizes (one that works, one that fails) so that every path runs on a
// machine without a GPU; and the real no-device path where there is none.
#include "rl/device_runner.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace rl {
namespace {

const cuda::Status kUsable = cuda::Status::success();
const cuda::Status kUnusable = cuda::Status::error("no NVIDIA driver is loaded");

// A 2x3 uint8 image enlarged to 4x6: small enough that the CPU result is cheap to compare.
struct Case {
  Image in{2, 3, 1, ElemType::U8};
  Plan plan = make_plan(ResizeSpec::with_scale(2, Method::Bilinear), 2, 3);
  Case() {
    const std::uint8_t v[] = {0, 100, 200, 50, 150, 250};
    for (int i = 0; i < 6; ++i) in.data<std::uint8_t>()[i] = v[i];
  }
  Image on_cpu() const { return rl::run(plan, in); }
};

// A CUDA resize that counts its calls and either fails with `why` or returns an image of 7s, which no
// CPU resize of Case's input gives (its first output is 0).
struct FakeCuda {
  std::atomic<int> calls{0};
  std::string why;
  DeviceRunner::CudaResize fn() {
    return [this](const Plan& plan, const Image& in, Image& out) {
      ++calls;
      if (!why.empty()) return cuda::Status::error(why);
      out = Image(plan.out_rows, plan.out_cols, in.channels(), in.type());
      for (std::size_t i = 0; i < out.elements(); ++i) out.data<std::uint8_t>()[i] = 7;
      return cuda::Status::success();
    };
  }
};

// A runner whose device status is usable ("Card"), with `fake` as its CUDA resize.
DeviceRunner on_usable_device(Device d, FakeCuda& fake,
                              DeviceRunner::OnRefusal on_refusal = DeviceRunner::OnRefusal::Throw) {
  return DeviceRunner(d, choose_device(d, kUsable, "Card"), on_refusal, fake.fn());
}

bool same(const Image& a, const Image& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() && a.type() == b.type() &&
         std::equal(a.data<std::uint8_t>(), a.data<std::uint8_t>() + a.bytes(), b.data<std::uint8_t>());
}

TEST(DeviceRunner, UsableDeviceRunsOnCuda) {
  const Case c;
  FakeCuda fake;
  DeviceRunner r = on_usable_device(Device::Auto, fake);
  const Image out = r.run(c.plan, c.in);
  EXPECT_EQ(fake.calls, 1);
  EXPECT_EQ(out.data<std::uint8_t>()[0], 7);
  EXPECT_TRUE(r.using_cuda());
  EXPECT_EQ(r.describe(), "CUDA (Card)");
}

TEST(DeviceRunner, CpuNeverCallsCuda) {
  const Case c;
  FakeCuda fake;
  DeviceRunner r = on_usable_device(Device::Cpu, fake);
  EXPECT_TRUE(same(r.run(c.plan, c.in), c.on_cpu()));
  EXPECT_EQ(fake.calls, 0);
  EXPECT_EQ(r.describe(), "CPU");
}

TEST(DeviceRunner, AutoFallsBackToTheCpuForGoodAfterAFailureAndSaysSoOnce) {
  const Case c;
  FakeCuda fake;
  fake.why = "out of memory";
  DeviceRunner r = on_usable_device(Device::Auto, fake);
  std::vector<std::string> heard;
  r.on_fall_back([&](const DeviceChoice& now) { heard.push_back(now.describe()); });
  EXPECT_TRUE(same(r.run(c.plan, c.in), c.on_cpu()));
  EXPECT_TRUE(same(r.run(c.plan, c.in), c.on_cpu()));
  EXPECT_EQ(fake.calls, 1);  // the second run goes straight to the CPU
  EXPECT_FALSE(r.using_cuda());
  EXPECT_EQ(r.describe(), "CPU (the CUDA resize failed: out of memory)");
  EXPECT_EQ(heard, std::vector<std::string>{"CPU (the CUDA resize failed: out of memory)"});
}

TEST(DeviceRunner, CudaFailureIsRefusedAndTheDeviceIsTriedAgain) {
  const Case c;
  FakeCuda fake;
  fake.why = "launch failed";
  DeviceRunner r = on_usable_device(Device::Cuda, fake);
  bool heard = false;
  r.on_fall_back([&](const DeviceChoice&) { heard = true; });
  for (int i = 0; i < 2; ++i) {
    try {
      r.run(c.plan, c.in);
      ADD_FAILURE() << "--device cuda ran on after a CUDA failure";
    } catch (const DeviceRefused& e) {
      EXPECT_STREQ(e.what(), "--device cuda: the CUDA resize failed: launch failed");
    }
  }
  EXPECT_EQ(fake.calls, 2);
  EXPECT_TRUE(r.using_cuda());
  EXPECT_FALSE(heard);
}

TEST(DeviceRunner, TheViewerRunsARefusedCudaRequestOnTheCpu) {
  const Case c;
  FakeCuda fake;
  fake.why = "launch failed";
  DeviceRunner r = on_usable_device(Device::Cuda, fake, DeviceRunner::OnRefusal::RunOnCpu);
  EXPECT_TRUE(same(r.run(c.plan, c.in), c.on_cpu()));
  EXPECT_EQ(r.describe(), "CPU (the CUDA resize failed: launch failed)");
  EXPECT_TRUE(r.choice().refused);
  // No device at all: refused from the start, on the CPU, the fake never called.
  FakeCuda unused;
  DeviceRunner none(Device::Cuda, choose_device(Device::Cuda, kUnusable, ""),
                    DeviceRunner::OnRefusal::RunOnCpu, unused.fn());
  EXPECT_TRUE(same(none.run(c.plan, c.in), c.on_cpu()));
  EXPECT_EQ(unused.calls, 0);
  EXPECT_EQ(none.describe(), "CPU (no usable CUDA device: no NVIDIA driver is loaded)");
}

TEST(DeviceRunner, ARefusalStopsBeforeAnyWork) {
  FakeCuda fake;
  try {
    DeviceRunner r(Device::Cuda, choose_device(Device::Cuda, kUnusable, ""), DeviceRunner::OnRefusal::Throw,
                   fake.fn());
    ADD_FAILURE() << "a refused choice made a runner";
  } catch (const DeviceRefused& e) {
    EXPECT_STREQ(e.what(), "--device cuda: no usable CUDA device: no NVIDIA driver is loaded");
  }
  EXPECT_EQ(fake.calls, 0);
}

TEST(DeviceRunner, OneFallbackWhenManyThreadsFailTogether) {
  const Case c;
  const Image want = c.on_cpu();
  FakeCuda fake;
  fake.why = "device lost";
  DeviceRunner r = on_usable_device(Device::Auto, fake);
  std::atomic<int> heard{0};
  r.on_fall_back([&](const DeviceChoice&) { ++heard; });
  std::atomic<int> wrong{0};
  std::vector<std::thread> pool;
  for (int t = 0; t < 8; ++t)
    pool.emplace_back([&] {
      for (int i = 0; i < 20; ++i)
        if (!same(r.run(c.plan, c.in), want)) ++wrong;
    });
  for (auto& t : pool) t.join();
  EXPECT_EQ(wrong, 0);
  EXPECT_EQ(heard, 1);
  EXPECT_GE(fake.calls, 1);
  EXPECT_LE(fake.calls, 8);  // at most one failed CUDA call per thread, then the CPU
}

TEST(DeviceRunner, RunWithAppliesTheSameRuleToAnyCudaCall) {
  FakeCuda unused;  // run_with's own CUDA call stands in for the resize
  DeviceRunner r = on_usable_device(Device::Auto, unused);
  int cuda_calls = 0;
  const Image cpu(1, 1, 1, ElemType::F64);
  const Image out = r.run_with(
      [&](Image&) {
        ++cuda_calls;
        return cuda::Status::error("backward failed");
      },
      [&] { return cpu; });
  EXPECT_EQ(cuda_calls, 1);
  EXPECT_EQ(out.type(), ElemType::F64);
  EXPECT_EQ(r.describe(), "CPU (the CUDA resize failed: backward failed)");
  EXPECT_EQ(unused.calls, 0);
}

// The real device status: with none usable here, auto runs on the CPU and cuda is refused.
TEST(DeviceRunner, WithoutAUsableDeviceAutoRunsOnTheCpu) {
  const cuda::Status st = cuda::device_status();
  if (st.ok) GTEST_SKIP() << "a usable CUDA device is present; this test covers machines without one";
  const Case c;
  DeviceRunner r(Device::Auto);
  EXPECT_TRUE(same(r.run(c.plan, c.in), c.on_cpu()));
  EXPECT_EQ(r.describe(), "CPU (no usable CUDA device: " + st.message + ")");
  EXPECT_THROW(DeviceRunner{Device::Cuda}, DeviceRefused);
}

// A real Resizer that fails on a usable device: RL_CUDA_KERNELS with a bad value makes every call of a
// Resizer made meanwhile fail with a message (the runner makes its own on first use).
TEST(DeviceRunner, ARealCudaFailureFallsBackOnTheDevice) {
  if (!cuda::device_status().ok)
    GTEST_SKIP() << "needs a usable CUDA device: " << cuda::device_status().message;
  const Case c;
  ::setenv("RL_CUDA_KERNELS", "bogus", 1);
  DeviceRunner r(Device::Auto);
  const Image out = r.run(c.plan, c.in);
  ::unsetenv("RL_CUDA_KERNELS");
  EXPECT_TRUE(same(out, c.on_cpu()));
  EXPECT_FALSE(r.using_cuda());
  EXPECT_EQ(r.describe().rfind("CPU (the CUDA resize failed: RL_CUDA_KERNELS", 0), 0u) << r.describe();
  // Without the bad value the device runs it, with the CPU's bits.
  DeviceRunner fine(Device::Cuda);
  EXPECT_TRUE(same(fine.run(c.plan, c.in), c.on_cpu()));
  EXPECT_TRUE(fine.using_cuda());
}

}  // namespace
}  // namespace rl
