// Links the installed ResizeLab::cuda (built only when the package has it): the library must be the
// real CUDA resizer, and device_status() must answer (a usable device, or one line saying why not).
#include <cstdio>

#include "rl/cuda_resize.hpp"
#include "rl/version.hpp"

int main() {
  if (!rl::cuda::built_with_cuda() || !rl::kBuiltWithCuda) {
    std::printf("FAIL: ResizeLab::cuda reports that CUDA was not compiled in\n");
    return 1;
  }
  const rl::cuda::Status s = rl::cuda::device_status();
  if (!s && s.message.empty()) {
    std::printf("FAIL: no usable device and no reason given\n");
    return 1;
  }
  std::printf("ok: ResizeLab::cuda linked; device: %s\n",
              s ? rl::cuda::device_name().c_str() : s.message.c_str());
  return 0;
}
