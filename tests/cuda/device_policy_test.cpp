// The device policy: every accepted spelling, the refusals, and the auto fallback with its one message,
// for a usable and an unusable device status given by hand.
#include "rl/device_policy.hpp"

#include <gtest/gtest.h>

namespace rl {
namespace {

TEST(DevicePolicy, ParsesEverySpellingCaseInsensitively) {
  EXPECT_EQ(parse_device("auto"), Device::Auto);
  EXPECT_EQ(parse_device("cpu"), Device::Cpu);
  EXPECT_EQ(parse_device("cuda"), Device::Cuda);
  EXPECT_EQ(parse_device("gpu"), Device::Cuda);
  EXPECT_EQ(parse_device("GPU"), Device::Cuda);
  EXPECT_EQ(parse_device("Cpu"), Device::Cpu);
  EXPECT_EQ(parse_device("AUTO"), Device::Auto);
}

TEST(DevicePolicy, RejectsOtherSpellings) {
  for (const char* s : {"", "tpu", "cuda0", " cpu", "cpu ", "gpus", "au to", "c"})
    EXPECT_EQ(parse_device(s), std::nullopt) << "'" << s << "'";
}

TEST(DevicePolicy, NamesRoundTrip) {
  for (Device d : {Device::Auto, Device::Cpu, Device::Cuda}) EXPECT_EQ(parse_device(to_string(d)), d);
  EXPECT_EQ(to_string(Device::Cuda), "cuda");
  EXPECT_NE(kDeviceSpellings.find("gpu"), std::string_view::npos);
}

const cuda::Status kUsable = cuda::Status::success();
const cuda::Status kUnusable = cuda::Status::error("no NVIDIA driver\nis loaded ");

TEST(DevicePolicy, CpuNeverAsksForTheDevice) {
  for (const cuda::Status& st : {kUsable, kUnusable}) {
    const DeviceChoice c = choose_device(Device::Cpu, st, "Card");
    EXPECT_FALSE(c.cuda);
    EXPECT_FALSE(c.refused);
    EXPECT_EQ(c.describe(), "CPU");
  }
}

TEST(DevicePolicy, UsableDeviceIsTakenByAutoAndCuda) {
  for (Device d : {Device::Auto, Device::Cuda}) {
    const DeviceChoice c = choose_device(d, kUsable, "Card X");
    EXPECT_TRUE(c.cuda);
    EXPECT_FALSE(c.refused);
    EXPECT_EQ(c.note, "");
    EXPECT_EQ(c.describe(), "CUDA (Card X)");
  }
  EXPECT_EQ(choose_device(Device::Auto, kUsable, "").describe(), "CUDA");
}

TEST(DevicePolicy, AutoFallsBackToTheCpuWithOneLine) {
  const DeviceChoice c = choose_device(Device::Auto, kUnusable, "");
  EXPECT_FALSE(c.cuda);
  EXPECT_FALSE(c.refused);
  EXPECT_EQ(c.note, "no usable CUDA device: no NVIDIA driver is loaded");
  EXPECT_EQ(c.describe(), "CPU (no usable CUDA device: no NVIDIA driver is loaded)");
}

TEST(DevicePolicy, CudaWithoutADeviceIsRefused) {
  const DeviceChoice c = choose_device(Device::Cuda, kUnusable, "");
  EXPECT_FALSE(c.cuda);
  EXPECT_TRUE(c.refused);
  EXPECT_EQ(c.refusal(), "--device cuda: no usable CUDA device: no NVIDIA driver is loaded");
}

TEST(DevicePolicy, FailureMidRunFallsBackOnlyForAuto) {
  const DeviceChoice a = after_cuda_failure(Device::Auto, "out of memory\n");
  EXPECT_FALSE(a.cuda);
  EXPECT_FALSE(a.refused);
  EXPECT_EQ(a.describe(), "CPU (the CUDA resize failed: out of memory)");
  const DeviceChoice c = after_cuda_failure(Device::Cuda, "out of memory");
  EXPECT_TRUE(c.refused);
  EXPECT_EQ(c.refusal(), "--device cuda: the CUDA resize failed: out of memory");
}

TEST(DevicePolicy, TheSelfAskingChoiceAgreesWithTheStatus) {
  const cuda::Status st = cuda::device_status();
  const DeviceChoice c = choose_device(Device::Auto);
  EXPECT_EQ(c.cuda, st.ok);
  if (!st.ok) {
    EXPECT_NE(c.note.find(st.message.substr(0, 20)), std::string::npos) << c.note;
  }
}

}  // namespace
}  // namespace rl
