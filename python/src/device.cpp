// resizelab._core's devices: the device choice (the policy `imresize --device` uses), this thread's
// CUDA Resizer, CUDA batches on torch's stream, and device arrays for the tests.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings.hpp"
#include "rl/device_policy.hpp"

namespace rlpy {

// Device choice: "cpu", "cuda" or "auto" (a usable CUDA device, else the CPU), by the shared device
// policy (rl/device_policy.hpp): the same spellings ("gpu" = cuda), the same auto fallback and the
// same refusal message as `imresize --device`.
namespace {

rl::Device device_of(const std::string& device) {
  const std::optional<rl::Device> d = rl::parse_device(device);
  if (!d)
    throw std::invalid_argument("device must be " + std::string(rl::kDeviceSpellings) + ", got '" + device +
                                "'");
  return *d;
}

}  // namespace

// Whether `device` runs on CUDA now (resizelab.torch asks before it hands over device memory).
bool choose_cuda(const std::string& device) {
  const rl::DeviceChoice c = rl::choose_device(device_of(device));
  if (c.refused) throw DeviceError(c.refusal());
  return c.cuda;
}

// One Resizer per thread (it is not thread-safe), created on first use.
rl::cuda::Resizer& thread_resizer() {
  thread_local rl::cuda::Resizer r;
  return r;
}

// The runner of one call: the policy's choice, this thread's Resizer, and after a CUDA failure
// auto's fallback to the CPU; a refused cuda is rl::DeviceRefused, a RuntimeError.
rl::DeviceRunner runner_for(const std::string& device) {
  return rl::DeviceRunner(device_of(device), rl::DeviceRunner::OnRefusal::Throw,
                          [](const rl::Plan& plan, const rl::Image& in, rl::Image& out) {
                            return thread_resizer().run(plan, in, out);
                          });
}

void check_cuda(const rl::cuda::Status& st, const char* what) {
  if (!st) throw DeviceError(std::string(what) + ": " + st.message);
}

// CUDA device memory, batches as above: pointers from torch (data_ptr) or __cuda_array_interface__, work
// queued on the caller's stream without waiting for it (a stream-ordered call, as torch's own ops are).
void device_planar(const PyPlan& p, const std::string& dtype, int batch, std::uintptr_t src,
                   std::uintptr_t dst, std::uintptr_t stream, bool backward, int channels) {
  const rl::ElemType t = elem_type_of(py::dtype(dtype));
  if (backward) require_float(t, dtype);
  if (batch < 0) throw std::invalid_argument("the batch size must not be negative");
  if (channels < 1) throw std::invalid_argument("the number of channels must be positive");
  if (!rl::cuda::built_with_cuda())
    throw DeviceError("this resizelab was built without CUDA support; CUDA tensors cannot be resized");
  const rl::cuda::Status st = rl::cuda::device_status();
  if (!st) throw DeviceError("no usable CUDA device: " + st.message);
  py::gil_scoped_release nogil;
  rl::cuda::Resizer& r = thread_resizer();
  // torch reports its legacy default stream as 0; the Resizer's null means its own non-blocking stream,
  // which would not be ordered after torch's work, so 0 becomes cudaStreamLegacy (0x1).
  constexpr std::uintptr_t kCudaStreamLegacy = 1;
  void* const want = reinterpret_cast<void*>(stream == 0 ? kCudaStreamLegacy : stream);
  // set_stream waits for work queued on the previous stream: only call it when the stream changes.
  if (r.stream() != want) check_cuda(r.set_stream(want), "CUDA stream");
  const auto* in = reinterpret_cast<const void*>(src);
  auto* out = reinterpret_cast<void*>(dst);
  check_cuda(backward ? r.backward_device(*p.plan, t, channels, batch, in, out)
                      : r.run_device(*p.plan, t, channels, batch, in, out),
             backward ? "CUDA backward failed" : "CUDA resize failed");
}

PyDeviceArray device_upload(const py::array& a) {
  const rl::ElemType t = elem_type_of(a.dtype());
  if (!(a.flags() & py::array::c_style))
    throw std::invalid_argument("device_upload needs a C-contiguous array");
  PyDeviceArray d;
  d.type = t;
  d.shape.assign(a.shape(), a.shape() + a.ndim());
  const auto bytes = static_cast<std::size_t>(a.nbytes());
  check_cuda(d.mem->allocate(bytes), "CUDA allocation failed");
  check_cuda(d.mem->upload(a.data(), bytes), "CUDA upload failed");
  return d;
}

PyDeviceArray device_empty(std::vector<py::ssize_t> shape, const std::string& dtype) {
  PyDeviceArray d;
  d.type = elem_type_of(py::dtype(dtype));
  d.shape = std::move(shape);
  std::size_t n = rl::elem_size(d.type);
  for (py::ssize_t v : d.shape) n *= static_cast<std::size_t>(v);
  check_cuda(d.mem->allocate(n), "CUDA allocation failed");
  return d;
}

}  // namespace rlpy
