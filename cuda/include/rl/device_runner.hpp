// Runs plans on the device the shared policy (device_policy.hpp) chooses: the choice, a CUDA Resizer,
// the fallback to the CPU after a CUDA failure and its one message, for `imresize`, `imresize batch`,
// the viewer and the Python binding alike.
#pragma once

#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "rl/cuda_resize.hpp"
#include "rl/device_policy.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace rl {

// Device::Cuda asked for and not to be had; what() is the policy's refusal line ("--device cuda: ...").
class DeviceRefused : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class DeviceRunner {
 public:
  // A CUDA resize of one image. By default the runner's own Resizer, created on first use;
  // `imresize batch` passes one that groups its workers' images into one launch, tests one that fails.
  using CudaResize = std::function<cuda::Status(const Plan& plan, const Image& in, Image& out)>;
  // A refused choice: command lines and Python stop (DeviceRefused); the viewer, which cannot stop,
  // runs on the CPU and shows the reason like auto's fallback.
  enum class OnRefusal { Throw, RunOnCpu };

  // Decides with rl::choose_device(requested); with Throw, a refusal throws DeviceRefused here,
  // before any work.
  explicit DeviceRunner(Device requested, OnRefusal on_refusal = OnRefusal::Throw, CudaResize cuda = {});
  // With the decision already made (a caller that reported it, or a test's status given by hand).
  DeviceRunner(Device requested, DeviceChoice choice, OnRefusal on_refusal, CudaResize cuda = {});
  ~DeviceRunner();
  DeviceRunner(const DeviceRunner&) = delete;
  DeviceRunner& operator=(const DeviceRunner&) = delete;

  // The plan on the chosen device (`cpu` options for the CPU). After a CUDA failure the policy rules
  // (after_cuda_failure): auto, and cuda under RunOnCpu, go on on the CPU for the rest of the runner's
  // life, the note says why and on_fall_back hears it once; cuda under Throw throws DeviceRefused and
  // stays on CUDA, so a later call tries the device again. Safe to call from several threads (the
  // runner's own Resizer is used by one at a time).
  Image run(const Plan& plan, const Image& in, const RunOptions& cpu = {});
  // The same rule around any CUDA call: `on_cuda` (writing its result) while the choice is CUDA,
  // `on_cpu` otherwise or after a fallback (e.g. the adjoint: Resizer::backward or resize_backward).
  Image run_with(const std::function<cuda::Status(Image& out)>& on_cuda,
                 const std::function<Image()>& on_cpu);

  // Called once, on the thread whose CUDA call failed, with the choice the runner falls back to.
  void on_fall_back(std::function<void(const DeviceChoice&)> f);
  // The choice now (it changes only by a fallback), and the parts callers show.
  DeviceChoice choice() const;
  bool using_cuda() const { return choice().cuda; }
  std::string describe() const { return choice().describe(); }  // "CPU (the CUDA resize failed: ...)"

 private:
  Device requested_;
  OnRefusal on_refusal_;
  CudaResize cuda_;
  std::function<void(const DeviceChoice&)> on_fall_back_;
  mutable std::mutex mutex_;  // guards choice_ and on_fall_back_
  DeviceChoice choice_;
  std::unique_ptr<cuda::Resizer> resizer_;  // the default CudaResize's, created on first use
  std::mutex resizer_mutex_;                // a Resizer is not thread-safe
};

}  // namespace rl
