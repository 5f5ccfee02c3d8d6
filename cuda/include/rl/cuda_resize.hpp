// The CUDA resizer: reads the core's Plan and produces the same bits as the CPU core.
// Errors are values (Status), never crashes: a machine without a usable GPU gets a clear message.
// This header has no CUDA includes, so any target can use it; without nvcc the library is built from
// a stub whose every call reports that CUDA support was not compiled in.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::cuda {

struct Status {
  bool ok = true;
  std::string message;  // one line a user can act on; empty when ok
  explicit operator bool() const { return ok; }
  static Status success() { return {}; }
  static Status error(std::string m) { return {false, std::move(m)}; }
};

bool built_with_cuda();
// Whether a CUDA device can be used now; the message says why not (no device, driver too old, ...).
Status device_status();
// E.g. "NVIDIA H200 (sm_90, 139 GiB)"; empty when no device is usable.
std::string device_name();

// Holds a stream, device buffers reused across calls, and the contribution tables of the plans it has
// seen (uploaded once per plan). Not thread-safe: one Resizer per thread.
class Resizer {
 public:
  Resizer();
  ~Resizer();
  Resizer(const Resizer&) = delete;
  Resizer& operator=(const Resizer&) = delete;

  // Host image in, host image out (out is allocated with the plan's output shape).
  Status run(const Plan& plan, const Image& in, Image& out);
  // N images of the plan's input shape, one type and channel count: one launch per pass.
  Status run_batch(const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out);
  // Adjoint (backward) pass for float32/float64: grad_in = A^T grad_out.
  Status backward(const Plan& plan, const Image& grad_out, Image& grad_in);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rl::cuda
