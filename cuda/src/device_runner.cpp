// The device runner (see device_runner.hpp): the policy's choice applied to each resize, with the
// fallback after a CUDA failure decided in one place.
#include "rl/device_runner.hpp"

#include <utility>

namespace rl {

DeviceRunner::DeviceRunner(Device requested, OnRefusal on_refusal, CudaResize cuda)
    : DeviceRunner(requested, choose_device(requested), on_refusal, std::move(cuda)) {}

DeviceRunner::DeviceRunner(Device requested, DeviceChoice choice, OnRefusal on_refusal, CudaResize cuda)
    : requested_(requested), on_refusal_(on_refusal), cuda_(std::move(cuda)), choice_(std::move(choice)) {
  if (choice_.refused && on_refusal_ == OnRefusal::Throw) throw DeviceRefused(choice_.refusal());
  if (!cuda_)
    cuda_ = [this](const Plan& plan, const Image& in, Image& out) {
      std::lock_guard<std::mutex> lock(resizer_mutex_);
      if (!resizer_) resizer_ = std::make_unique<cuda::Resizer>();
      return resizer_->run(plan, in, out);
    };
}

DeviceRunner::~DeviceRunner() = default;

void DeviceRunner::on_fall_back(std::function<void(const DeviceChoice&)> f) {
  std::lock_guard<std::mutex> lock(mutex_);
  on_fall_back_ = std::move(f);
}

DeviceChoice DeviceRunner::choice() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return choice_;
}

Image DeviceRunner::run(const Plan& plan, const Image& in, const RunOptions& cpu) {
  return run_with([&](Image& out) { return cuda_(plan, in, out); }, [&] { return rl::run(plan, in, cpu); });
}

Image DeviceRunner::run_with(const std::function<cuda::Status(Image& out)>& on_cuda,
                             const std::function<Image()>& on_cpu) {
  if (using_cuda()) {
    Image out;
    const cuda::Status st = on_cuda(out);
    if (st.ok) return out;
    const DeviceChoice now = after_cuda_failure(requested_, st.message);
    if (now.refused && on_refusal_ == OnRefusal::Throw) throw DeviceRefused(now.refusal());
    std::function<void(const DeviceChoice&)> tell;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      if (choice_.cuda) {  // the first failure: later ones (other threads) find the CPU chosen already
        choice_ = now;
        tell = on_fall_back_;
      }
    }
    if (tell) tell(now);
  }
  return on_cpu();
}

}  // namespace rl
