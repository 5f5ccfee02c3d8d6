// The CUDA resizer: reads the core's Plan and produces the same bits as the CPU core.
// Errors are values (Status), never crashes: a machine without a usable GPU gets a clear message.
// This header has no CUDA includes, so any target can use it; without nvcc the library is built from
// a stub whose every call reports that CUDA support was not compiled in.
#pragma once

#include <cstddef>
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
// Whether a CUDA device can be used now; the message says why not (no driver, no device, driver too
// old, or an earlier error that left the process's GPU context unusable until it restarts).
Status device_status();
// E.g. "NVIDIA H200 (sm_90, 139 GiB)"; empty when no device is usable.
std::string device_name();

// Which kernels run the forward passes. Plain: one output per thread. Tuned: several outputs per
// thread, each table entry loaded once, vector loads and stores, a tap-major column table. Both give
// the same bits; the backward pass always runs the plain kernels.
enum class Kernels { Plain, Tuned };
std::string to_string(Kernels k);
// "plain" or "tuned"; anything else is an error with a message.
Status parse_kernels(const std::string& text, Kernels& k);

// Device memory for the run_device / backward_device entry points, for callers without CUDA headers.
// upload() has finished when it returns; download() does not wait for a Resizer's stream, so call
// Resizer::synchronize() first. allocate() and the destructor wait for all queued device work before
// freeing, since a Resizer's kernels may still read the old buffer.
class DeviceMemory {
 public:
  DeviceMemory() = default;
  ~DeviceMemory();
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;
  Status allocate(std::size_t bytes);  // drops the previous contents
  Status upload(const void* host, std::size_t bytes);
  Status download(void* host, std::size_t bytes) const;
  void* data() { return ptr_; }
  const void* data() const { return ptr_; }
  std::size_t size() const { return bytes_; }

 private:
  void* ptr_ = nullptr;
  std::size_t bytes_ = 0;
};

// Holds a stream, device buffers and pinned host staging reused across calls, and the contribution
// tables of the plans it has seen (uploaded once per distinct table, found again by content).
// Not thread-safe: one Resizer per thread. Every call returns a Status; none throws for device errors.
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
  // Adjoint (backward) pass for float32/float64: grad_in = A^T grad_out (the same bits as
  // rl::resize_backward: transposed tables, no atomics).
  Status backward(const Plan& plan, const Image& grad_out, Image& grad_in);

  // Device memory in and out: `batch` images of the plan's input shape (backward: output shape),
  // `channels` interleaved channels of `type`, packed one after the other in d_in; the results are
  // packed the same way in d_out. The work is queued on stream() and these calls return without
  // waiting (call synchronize() before the host reads d_out); d_in and d_out must not overlap, and
  // both must be aligned to the element size (a pointer that is not is refused with a message).
  Status run_device(const Plan& plan, ElemType type, int channels, int batch, const void* d_in, void* d_out);
  Status backward_device(const Plan& plan, ElemType type, int channels, int batch, const void* d_grad_out,
                         void* d_grad_in);
  // Waits for everything queued on stream(); reports errors of work already queued.
  Status synchronize();
  // The cudaStream_t all work runs on (void* so that this header needs no CUDA include); null until
  // the first successful call, and always null without CUDA.
  void* stream() const;
  // Queues all later work on the caller's cudaStream_t (e.g. torch's current stream) instead of the
  // Resizer's own; nullptr goes back to its own. Work already queued is waited for first. The
  // Resizer never destroys a caller's stream, and the caller keeps it alive while it is set.
  Status set_stream(void* stream);
  // How many contribution tables have been uploaded (each distinct table once, then cached).
  std::size_t tables_uploaded() const;
  // The forward kernels; the default comes from the environment variable RL_CUDA_KERNELS
  // (plain|tuned, plain when unset; another value makes every call fail with a message).
  void set_kernels(Kernels k);
  Kernels kernels() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace rl::cuda
