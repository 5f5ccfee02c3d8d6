// device_status() is a value, never a crash: on a machine without an NVIDIA device node it must say
// why no GPU can be used; where a /dev/nvidiaN node exists (a GPU machine) it must be ok.
#include <dlfcn.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "rl/cuda_resize.hpp"
#include "rl/resize.hpp"

namespace rl::cuda {
namespace {

bool machine_has_nvidia_device() {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/dev", ec)) {
    const std::string n = e.path().filename().string();
    if (n.size() > 6 && n.rfind("nvidia", 0) == 0 &&
        n.find_first_not_of("0123456789", 6) == std::string::npos)
      return true;
  }
  return false;
}

TEST(CudaDeviceStatus, MatchesWhetherThisMachineHasAGpu) {
  const Status s = device_status();
  if (machine_has_nvidia_device() && built_with_cuda()) {
    EXPECT_TRUE(s.ok) << s.message;
    EXPECT_TRUE(s.message.empty());
    EXPECT_FALSE(device_name().empty());
  } else {
    EXPECT_FALSE(s.ok);
    EXPECT_FALSE(s.message.empty());
    EXPECT_TRUE(device_name().empty());
    EXPECT_EQ(device_status().message, s.message);  // asked again: the same answer
  }
}

// With no NVIDIA driver installed at all, the runtime reports "insufficient driver"; the message must
// say that no driver was found, not that it is too old.
TEST(CudaDeviceStatus, NoDriverAtAllIsNotCalledAnOldDriver) {
  if (!built_with_cuda()) GTEST_SKIP() << "built without CUDA";
  if (void* h = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL)) {
    dlclose(h);
    GTEST_SKIP() << "an NVIDIA driver (libcuda.so.1) is installed here";
  }
  const Status s = device_status();
  EXPECT_FALSE(s.ok);
  EXPECT_NE(s.message.find("no NVIDIA driver was found"), std::string::npos) << s.message;
  EXPECT_EQ(s.message.find("older"), std::string::npos) << s.message;
}

TEST(CudaDeviceStatus, EveryCallWithoutADeviceReturnsThatStatus) {
  const Status s = device_status();
  if (s.ok) GTEST_SKIP() << "this machine has a usable CUDA device (" << device_name() << ")";
  Resizer r;
  const Plan plan = make_plan(ResizeSpec::with_scale(0.5), 8, 8);
  Image out, grad;
  const Status a = r.run(plan, Image(8, 8, 3, ElemType::U8), out);
  EXPECT_FALSE(a.ok);
  EXPECT_EQ(a.message, s.message);
  std::vector<Image> outs;
  EXPECT_EQ(r.run_batch(plan, {Image(8, 8, 1, ElemType::F32)}, outs).message, s.message);
  EXPECT_EQ(r.backward(plan, Image(4, 4, 1, ElemType::F64), grad).message, s.message);
  EXPECT_FALSE(r.synchronize().ok);
  EXPECT_EQ(r.stream(), nullptr);
  EXPECT_EQ(r.tables_uploaded(), 0u);
  DeviceMemory m;
  EXPECT_FALSE(m.allocate(16).ok);
  EXPECT_EQ(m.data(), nullptr);
}

}  // namespace
}  // namespace rl::cuda
