// The GPU as this process reaches it (see cuda_device.hpp), and the public calls that ask about it:
// built_with_cuda, device_status, device_name and DeviceMemory.
#include <algorithm>
#include <mutex>
#include <string>

#include "cuda_device.hpp"

namespace rl::cuda {

namespace detail {

namespace {

std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

// Errors after which every later CUDA call in this process fails too (the runtime documents each as
// leaving "the process in an inconsistent state"); 226 (contained) and 911 (external device) by
// number, as older toolkits lack their names.
bool is_sticky(cudaError_t e) {
  switch (e) {
    case cudaErrorIllegalAddress:
    case cudaErrorLaunchTimeout:
    case cudaErrorHardwareStackError:
    case cudaErrorIllegalInstruction:
    case cudaErrorMisalignedAddress:
    case cudaErrorInvalidAddressSpace:
    case cudaErrorInvalidPc:
    case cudaErrorLaunchFailure:
    case cudaErrorAssert:
    case cudaErrorECCUncorrectable: return true;
    default: return static_cast<int>(e) == 226 || static_cast<int>(e) == 911;
  }
}

// What sticky() reports: the first sticky error cuda_error met, or success.
std::mutex sticky_mutex;
Status sticky_status;

__global__ void probe_kernel(int* p) { *p = 0x5EED; }

}  // namespace

std::string mib(std::size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

Status sticky() {
  std::lock_guard<std::mutex> lock(sticky_mutex);
  return sticky_status;
}

Status cuda_error(cudaError_t e, const std::string& what) {
  cudaGetLastError();  // clear a non-sticky error so later calls are not blamed for it
  const std::string text = cudaGetErrorString(e);
  if (is_sticky(e)) {
    const Status s =
        Status::error("CUDA error while " + what + ": " + text + " (" + cudaGetErrorName(e) +
                      "); the GPU cannot be used again by this process: restart it, or use the CPU");
    std::lock_guard<std::mutex> lock(sticky_mutex);
    if (sticky_status) sticky_status = s;
    return sticky_status;
  }
  switch (e) {
    case cudaErrorInsufficientDriver: {
      int runtime = 0, driver = 0;
      cudaRuntimeGetVersion(&runtime);
      cudaDriverGetVersion(&driver);
      // With no driver at all the runtime reports the same error, and the driver version reads 0.
      if (driver == 0)
        return Status::error(text +
                             " (no NVIDIA driver was found on this machine: install one to use a GPU, "
                             "or use the CPU)");
      return Status::error(text + " (the NVIDIA driver supports CUDA " + version_string(driver) +
                           ", older than the CUDA " + version_string(runtime) +
                           " runtime of this build: update the driver, or use the CPU)");
    }
    case cudaErrorNoDevice:
      return Status::error(text + " (no NVIDIA GPU is visible to this process; use the CPU)");
    case cudaErrorMemoryAllocation:
      return Status::error("out of GPU memory while " + what + " (" + text +
                           "): use smaller images or batches, or the CPU");
    case cudaErrorNoKernelImageForDevice:
      return Status::error(text +
                           " (this build has no code for this GPU: rebuild with its architecture in "
                           "CMAKE_CUDA_ARCHITECTURES, or use the CPU)");
    default:
      return Status::error("CUDA error while " + what + ": " + text + " (" + cudaGetErrorName(e) + ")");
  }
}

const DeviceState& device_state() {
  static DeviceState state;
  static std::once_flag once;
  std::call_once(once, [] {
    int count = 0;
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
      state.status = cuda_error(e, "looking for a CUDA device");
      return;
    }
    if (count == 0) {
      state.status = Status::error("no CUDA-capable device is detected (use the CPU)");
      return;
    }
    int dev = 0;
    cudaDeviceProp p{};
    if ((e = cudaGetDevice(&dev)) != cudaSuccess || (e = cudaGetDeviceProperties(&p, dev)) != cudaSuccess) {
      state.status = cuda_error(e, "reading the device properties");
      return;
    }
    // A tiny launch proves that this build carries code the device can run.
    int* d = nullptr;
    int h = 0;
    if ((e = cudaMalloc(&d, sizeof(int))) != cudaSuccess) {
      state.status = cuda_error(e, "allocating a probe buffer");
      return;
    }
    probe_kernel<<<1, 1>>>(d);
    e = cudaGetLastError();
    if (e == cudaSuccess) e = cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    cudaFree(d);
    if (e != cudaSuccess) {
      state.status = cuda_error(e, "running a probe kernel on " + std::string(p.name));
      return;
    }
    if (h != 0x5EED) {
      state.status = Status::error("the probe kernel on " + std::string(p.name) + " returned a wrong value");
      return;
    }
    state.name = std::string(p.name) + " (sm_" + std::to_string(p.major) + std::to_string(p.minor) + ", " +
                 std::to_string(static_cast<long long>(p.totalGlobalMem >> 30)) + " GiB)";
  });
  return state;
}

Status wait_for(cudaStream_t stream, const char* why) {
  if (!stream) return Status::success();
  RL_CUDA_TRY(cudaStreamSynchronize(stream), why);
  return Status::success();
}

}  // namespace detail

using detail::cuda_error;
using detail::device_state;
using detail::mib;
using detail::sticky;

bool built_with_cuda() { return true; }
Status device_status() {
  const Status s = sticky();
  return s ? device_state().status : s;
}
std::string device_name() { return device_status() ? device_state().name : std::string(); }

// This memory may be read or written by kernels queued on any Resizer's stream: all of them are
// waited for before it is freed.
DeviceMemory::~DeviceMemory() {
  if (ptr_) {
    if (cudaDeviceSynchronize() != cudaSuccess) cudaGetLastError();
    cudaFree(ptr_);
  }
}

Status DeviceMemory::allocate(std::size_t bytes) {
  Status waited;
  if (ptr_) {
    if (const cudaError_t e = cudaDeviceSynchronize(); e != cudaSuccess)
      waited = cuda_error(e, "waiting for queued work before freeing device memory");
    cudaFree(ptr_);
  }
  ptr_ = nullptr;
  bytes_ = 0;
  if (!waited) return waited;
  const Status s = device_status();
  if (!s) return s;
  RL_CUDA_TRY(cudaMalloc(&ptr_, std::max<std::size_t>(1, bytes)),
              "allocating " + mib(bytes) + " of device memory");
  bytes_ = bytes;
  return Status::success();
}

Status DeviceMemory::upload(const void* host, std::size_t bytes) {
  if (bytes > bytes_)
    return Status::error("upload of " + std::to_string(bytes) + " bytes into a smaller device buffer");
  RL_CUDA_TRY(cudaMemcpy(ptr_, host, bytes, cudaMemcpyHostToDevice), "copying to the device");
  // A copy from pageable memory may still be in flight when cudaMemcpy returns, and kernels on a
  // Resizer's non-blocking stream are not ordered after the default stream: wait for it here.
  RL_CUDA_TRY(cudaDeviceSynchronize(), "copying to the device");
  return Status::success();
}

Status DeviceMemory::download(void* host, std::size_t bytes) const {
  if (bytes > bytes_)
    return Status::error("download of " + std::to_string(bytes) + " bytes from a smaller device buffer");
  RL_CUDA_TRY(cudaMemcpy(host, ptr_, bytes, cudaMemcpyDeviceToHost), "copying from the device");
  return Status::success();
}

}  // namespace rl::cuda
