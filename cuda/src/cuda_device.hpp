// The GPU as this process reaches it, shared by the resizer and DeviceMemory: CUDA failures as Status
// values with a message a user can act on (and the errors after which the process cannot use the GPU
// again), the one-time probe of the device, and device and pinned buffers that grow and never shrink.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>
#include <string>

#include "rl/cuda_resize.hpp"

namespace rl::cuda::detail {

std::string mib(std::size_t bytes);

// The first sticky error of this process (see cuda_error), reported by device_status() from then on.
Status sticky();

// One line per failure; the CUDA wording is kept so that it can be searched for.
Status cuda_error(cudaError_t e, const std::string& what);

#define RL_CUDA_TRY(call, what)                                                   \
  do {                                                                            \
    const cudaError_t rl_e_ = (call);                                             \
    if (rl_e_ != cudaSuccess) return ::rl::cuda::detail::cuda_error(rl_e_, what); \
  } while (0)

struct DeviceState {
  Status status;
  std::string name;
};

// The device this process uses, probed once: its name, or why it cannot be used.
const DeviceState& device_state();

// Waits for the work queued on `stream` before memory it may use is freed or reused.
Status wait_for(cudaStream_t stream, const char* why);

// Grows and never shrinks, so repeated calls with one shape allocate nothing. Growing frees the old
// allocation, which kernels or copies still queued on `stream` may read: they are waited for first.
template <bool Pinned>
struct Buffer {
  void* p = nullptr;
  std::size_t cap = 0;
  Buffer() = default;
  Buffer(const Buffer&) = delete;
  Buffer& operator=(const Buffer&) = delete;
  ~Buffer() { release(); }
  void release() {
    if (p) {
      if constexpr (Pinned)
        cudaFreeHost(p);
      else
        cudaFree(p);
    }
    p = nullptr;
    cap = 0;
  }
  Status reserve(std::size_t bytes, const char* what, cudaStream_t stream) {
    if (bytes <= cap) return Status::success();
    if (p) {
      const Status s = wait_for(stream, "waiting for queued work before growing a buffer");
      if (!s) return s;
    }
    release();
    const cudaError_t e = Pinned ? cudaMallocHost(&p, bytes) : cudaMalloc(&p, bytes);
    if (e != cudaSuccess) {
      p = nullptr;
      return cuda_error(e, std::string("allocating ") + mib(bytes) +
                               (Pinned ? " of pinned host" : " of device") + " memory for " + what);
    }
    cap = bytes;
    return Status::success();
  }
};
using DeviceBuffer = Buffer<false>;
using PinnedBuffer = Buffer<true>;

}  // namespace rl::cuda::detail
