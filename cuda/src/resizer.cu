// The CUDA resizer: the plan's two 1-D passes as kernels whose threads each run rl::cuda::pass_element
// once (the same body the host-loop tests run), tables cached on the device, buffers reused, and
// every CUDA failure turned into a Status with a message a user can act on.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <string>

#include "rl/cuda_pass.hpp"
#include "rl/cuda_resize.hpp"
#include "steps.hpp"

namespace rl::cuda {

namespace {

std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

std::string mib(std::size_t bytes) { return std::to_string((bytes + (1u << 20) - 1) >> 20) + " MiB"; }

// One line per failure; the CUDA wording is kept so that it can be searched for.
Status cuda_error(cudaError_t e, const std::string& what) {
  cudaGetLastError();  // clear a non-sticky error so later calls are not blamed for it
  const std::string text = cudaGetErrorString(e);
  switch (e) {
    case cudaErrorInsufficientDriver: {
      int runtime = 0;
      cudaRuntimeGetVersion(&runtime);
      return Status::error(text + " (the NVIDIA driver is older than the CUDA " + version_string(runtime) +
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

#define RL_CUDA_TRY(call, what)                               \
  do {                                                        \
    const cudaError_t rl_e_ = (call);                         \
    if (rl_e_ != cudaSuccess) return cuda_error(rl_e_, what); \
  } while (0)

__global__ void probe_kernel(int* p) { *p = 0x5EED; }

template <class T>
__global__ void pass_kernel(PassShape s, TableView t, const T* __restrict__ src, T* __restrict__ dst,
                            int line0, int n0) {
  const int j = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int line = line0 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int n = n0 + static_cast<int>(blockIdx.z);
  if (j >= s.line_length() || line >= s.lines() || n >= s.batch) return;
  pass_element<T>(s, t, src, dst, n, line, j);
}

// One launch per pass: x runs along the contiguous line, y over lines, z over the batch. Only lines
// or batches beyond the grid limit of 65535 blocks split a pass into several launches.
template <class T>
Status launch_pass(const PassShape& s, const TableView& t, const T* src, T* dst, cudaStream_t stream) {
  const int len = s.line_length();
  int bx = 32;
  while (bx < len && bx < 256) bx *= 2;
  const int by = 256 / bx;
  const unsigned gx = static_cast<unsigned>((len + bx - 1) / bx);
  const int lines_per_launch = 65535 * by;
  for (int n0 = 0; n0 < s.batch; n0 += 65535)
    for (int l0 = 0; l0 < s.lines(); l0 += lines_per_launch) {
      const int nl = std::min(lines_per_launch, s.lines() - l0);
      const int nb = std::min(65535, s.batch - n0);
      const dim3 grid(gx, static_cast<unsigned>((nl + by - 1) / by), static_cast<unsigned>(nb));
      const dim3 block(static_cast<unsigned>(bx), static_cast<unsigned>(by));
      pass_kernel<T><<<grid, block, 0, stream>>>(s, t, src, dst, l0, n0);
      RL_CUDA_TRY(cudaGetLastError(), "launching a resize pass");
    }
  return Status::success();
}

struct DeviceState {
  Status status;
  std::string name;
};

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

// Grows and never shrinks, so repeated calls with one shape allocate nothing.
struct DeviceBuffer {
  void* p = nullptr;
  std::size_t cap = 0;
  DeviceBuffer() = default;
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { release(); }
  void release() {
    if (p) cudaFree(p);
    p = nullptr;
    cap = 0;
  }
  Status reserve(std::size_t bytes, const char* what) {
    if (bytes <= cap) return Status::success();
    release();
    const cudaError_t e = cudaMalloc(&p, bytes);
    if (e != cudaSuccess) {
      p = nullptr;
      return cuda_error(e, std::string("allocating ") + mib(bytes) + " of device memory for " + what);
    }
    cap = bytes;
    return Status::success();
  }
};

struct PinnedBuffer {
  void* p = nullptr;
  std::size_t cap = 0;
  PinnedBuffer() = default;
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  ~PinnedBuffer() { release(); }
  void release() {
    if (p) cudaFreeHost(p);
    p = nullptr;
    cap = 0;
  }
  Status reserve(std::size_t bytes, const char* what) {
    if (bytes <= cap) return Status::success();
    release();
    const cudaError_t e = cudaMallocHost(&p, bytes);
    if (e != cudaSuccess) {
      p = nullptr;
      return cuda_error(e, std::string("allocating ") + mib(bytes) + " of pinned host memory for " + what);
    }
    cap = bytes;
    return Status::success();
  }
};

// A device copy of one axis table (forward, or transposed for the backward pass), found again by the
// forward table's full contents: equal tables share one upload whichever Plan object holds them.
struct CachedTable {
  bool transposed = false;
  int in_size = 0, out_size = 0, taps = 0;
  std::uint64_t hash = 0;
  std::vector<double> key_weights;
  std::vector<std::int32_t> key_index;
  DeviceBuffer weights, index, offsets;
  TableView view;
  std::uint64_t last_use = 0;

  bool matches(const AxisTable& t, bool tr, std::uint64_t h) const {
    return hash == h && transposed == tr && in_size == t.in_size && out_size == t.out_size &&
           taps == t.taps && key_weights.size() == t.weights.size() && key_index.size() == t.index.size() &&
           std::memcmp(key_weights.data(), t.weights.data(), t.weights.size() * sizeof(double)) == 0 &&
           std::memcmp(key_index.data(), t.index.data(), t.index.size() * sizeof(std::int32_t)) == 0;
  }
};

std::uint64_t fnv1a(const void* data, std::size_t n, std::uint64_t h) {
  const auto* b = static_cast<const unsigned char*>(data);
  for (std::size_t i = 0; i < n; ++i) h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

std::uint64_t table_hash(const AxisTable& t, bool transposed) {
  std::uint64_t h = 14695981039346656037ull;
  const int head[4] = {t.in_size, t.out_size, t.taps, transposed ? 1 : 0};
  h = fnv1a(head, sizeof head, h);
  h = fnv1a(t.weights.data(), t.weights.size() * sizeof(double), h);
  return fnv1a(t.index.data(), t.index.size() * sizeof(std::int32_t), h);
}

constexpr std::size_t kMaxCachedTables = 32;

}  // namespace

struct Resizer::Impl {
  cudaStream_t stream = nullptr;  // where work is queued: own_stream or a caller's (set_stream)
  cudaStream_t own_stream = nullptr;
  DeviceBuffer d_in, d_mid, d_out;
  PinnedBuffer h_in, h_out;
  std::vector<std::unique_ptr<CachedTable>> tables;
  std::uint64_t clock = 0;
  std::size_t uploads = 0;

  ~Impl() {
    if (stream) cudaStreamSynchronize(stream);
    tables.clear();
    d_in.release();
    d_mid.release();
    d_out.release();
    h_in.release();
    h_out.release();
    if (own_stream) cudaStreamDestroy(own_stream);
  }

  Status ready() {
    if (stream) return Status::success();
    const DeviceState& s = device_state();
    if (!s.status) return s.status;
    if (!own_stream)
      RL_CUDA_TRY(cudaStreamCreateWithFlags(&own_stream, cudaStreamNonBlocking), "creating a CUDA stream");
    stream = own_stream;
    return Status::success();
  }

  Status table(const AxisTable& t, bool transposed, TableView& view) {
    const std::uint64_t h = table_hash(t, transposed);
    for (auto& c : tables)
      if (c->matches(t, transposed, h)) {
        c->last_use = ++clock;
        view = c->view;
        return Status::success();
      }
    if (tables.size() >= kMaxCachedTables) {
      // Work still queued may read the least recently used table: wait before freeing it.
      RL_CUDA_TRY(cudaStreamSynchronize(stream), "waiting for queued work");
      auto lru = std::min_element(tables.begin(), tables.end(),
                                  [](const auto& a, const auto& b) { return a->last_use < b->last_use; });
      tables.erase(lru);
    }
    auto c = std::make_unique<CachedTable>();
    c->transposed = transposed;
    c->in_size = t.in_size;
    c->out_size = t.out_size;
    c->taps = t.taps;
    c->hash = h;
    c->key_weights = t.weights;
    c->key_index = t.index;
    const TransposedTable tt = transposed ? transpose_table(t) : TransposedTable{};
    const std::vector<double>& w = transposed ? tt.weights : t.weights;
    const std::vector<std::int32_t>& ix = transposed ? tt.out_index : t.index;
    Status s =
        c->weights.reserve(std::max<std::size_t>(1, w.size() * sizeof(double)), "a contribution table");
    if (s)
      s = c->index.reserve(std::max<std::size_t>(1, ix.size() * sizeof(std::int32_t)),
                           "a contribution table");
    if (s && transposed)
      s = c->offsets.reserve(tt.offsets.size() * sizeof(std::int32_t), "a contribution table");
    if (!s) return s;
    // Copies on this stream, then a wait: the host vectors may go away after this call, and the
    // legacy default stream would not order a copy before kernels on a non-blocking stream.
    RL_CUDA_TRY(
        cudaMemcpyAsync(c->weights.p, w.data(), w.size() * sizeof(double), cudaMemcpyHostToDevice, stream),
        "uploading a contribution table");
    RL_CUDA_TRY(cudaMemcpyAsync(c->index.p, ix.data(), ix.size() * sizeof(std::int32_t),
                                cudaMemcpyHostToDevice, stream),
                "uploading a contribution table");
    c->view.weights = static_cast<const double*>(c->weights.p);
    c->view.index = static_cast<const std::int32_t*>(c->index.p);
    if (transposed) {
      RL_CUDA_TRY(cudaMemcpyAsync(c->offsets.p, tt.offsets.data(), tt.offsets.size() * sizeof(std::int32_t),
                                  cudaMemcpyHostToDevice, stream),
                  "uploading a contribution table");
      c->view.offsets = static_cast<const std::int32_t*>(c->offsets.p);
    } else {
      c->view.taps = t.taps;
    }
    RL_CUDA_TRY(cudaStreamSynchronize(stream), "uploading a contribution table");
    c->last_use = ++clock;
    view = c->view;
    tables.push_back(std::move(c));
    ++uploads;
    return Status::success();
  }

  template <class T>
  Status passes(const std::vector<PassStep>& steps, const TableView (&views)[2], const void* in, void* out) {
    T* mid = static_cast<T*>(d_mid.p);
    Status s = launch_pass<T>(steps[0].shape, views[0], static_cast<const T*>(in), mid, stream);
    if (s) s = launch_pass<T>(steps[1].shape, views[1], mid, static_cast<T*>(out), stream);
    return s;
  }

  Status device(const Plan& plan, ElemType type, int channels, int batch, const void* in, void* out,
                bool backward) {
    Status s = ready();
    if (!s) return s;
    const std::string err = detail::check_type_and_shape(type, channels, batch, backward);
    if (!err.empty()) return Status::error(err);
    if (batch == 0) return Status::success();
    if (!in || !out) return Status::error("a device pointer is null");
    const auto steps = plan_steps(plan, channels, batch, backward);
    TableView views[2];
    for (int i = 0; i < 2; ++i)
      if (!(s = table(plan.table(steps[static_cast<std::size_t>(i)].axis), backward, views[i]))) return s;
    const std::size_t mid_bytes = static_cast<std::size_t>(steps[0].shape.out_elements()) * elem_size(type);
    if (!(s = d_mid.reserve(mid_bytes, "the intermediate image"))) return s;
    switch (type) {
      case ElemType::U8: return passes<std::uint8_t>(steps, views, in, out);
      case ElemType::U16: return passes<std::uint16_t>(steps, views, in, out);
      case ElemType::F32: return passes<float>(steps, views, in, out);
      case ElemType::F64: return passes<double>(steps, views, in, out);
      case ElemType::I8: return passes<std::int8_t>(steps, views, in, out);
      case ElemType::I16: return passes<std::int16_t>(steps, views, in, out);
      case ElemType::I32: return passes<std::int32_t>(steps, views, in, out);
      case ElemType::U32: return passes<std::uint32_t>(steps, views, in, out);
      case ElemType::Logical: break;  // refused by check_type_and_shape; host() converts it
    }
    return Status::error("unknown element type");
  }

  // Host images through pinned staging: pack, one upload, the passes, one download, unpack.
  Status host(const Plan& plan, const std::vector<const Image*>& in, std::vector<Image>& out, bool backward) {
    if (!backward && detail::is_logical(in)) {  // as uint8 0 / 255, then > 128 (MATLAB's imresize)
      const std::vector<Image> u8 = detail::as_uint8(in);
      std::vector<const Image*> ptrs;
      for (const Image& im : u8) ptrs.push_back(&im);
      const Status s = host(plan, ptrs, out, false);
      if (s) detail::to_logical(out);
      return s;
    }
    const std::string err = detail::check_batch(plan, in, backward);
    if (!err.empty()) return Status::error(err);
    out.clear();
    if (in.empty()) return Status::success();
    Status s = ready();
    if (!s) return s;
    const ElemType type = in.front()->type();
    const int ch = in.front()->channels();
    const int batch = static_cast<int>(in.size());
    const auto steps = plan_steps(plan, ch, batch, backward);
    const std::size_t es = elem_size(type);
    const std::size_t in_bytes = static_cast<std::size_t>(steps[0].shape.in_elements()) * es;
    const std::size_t out_bytes = static_cast<std::size_t>(steps[1].shape.out_elements()) * es;
    if (!(s = h_in.reserve(in_bytes, "staging the input")) ||
        !(s = h_out.reserve(out_bytes, "staging the output")) || !(s = d_in.reserve(in_bytes, "the input")) ||
        !(s = d_out.reserve(out_bytes, "the output")))
      return s;
    detail::pack(in, h_in.p);
    RL_CUDA_TRY(cudaMemcpyAsync(d_in.p, h_in.p, in_bytes, cudaMemcpyHostToDevice, stream),
                "uploading the input");
    if (!(s = device(plan, type, ch, batch, d_in.p, d_out.p, backward))) return s;
    RL_CUDA_TRY(cudaMemcpyAsync(h_out.p, d_out.p, out_bytes, cudaMemcpyDeviceToHost, stream),
                "downloading the result");
    RL_CUDA_TRY(cudaStreamSynchronize(stream), "running the resize passes");
    const PassShape& last = steps[1].shape;
    out.reserve(in.size());
    std::vector<Image*> ptrs;
    for (std::size_t i = 0; i < in.size(); ++i)
      out.push_back(Image::uninitialized(last.out_rows(), last.out_cols(), ch, type));
    for (auto& im : out) ptrs.push_back(&im);
    detail::unpack(h_out.p, ptrs);
    return Status::success();
  }
};

namespace {

// The public entry points promise Status values, never exceptions (e.g. std::bad_alloc on the host).
template <class F>
Status guarded(F&& f) {
  try {
    return f();
  } catch (const std::exception& e) {
    return Status::error(e.what());
  }
}

}  // namespace

bool built_with_cuda() { return true; }
Status device_status() { return device_state().status; }
std::string device_name() { return device_state().status ? device_state().name : std::string(); }

Resizer::Resizer() : impl_(std::make_unique<Impl>()) {}
Resizer::~Resizer() = default;

Status Resizer::run(const Plan& plan, const Image& in, Image& out) {
  return guarded([&] {
    std::vector<Image> res;
    Status s = impl_->host(plan, {&in}, res, false);
    if (s) out = std::move(res.front());
    return s;
  });
}

Status Resizer::run_batch(const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) {
  return guarded([&] {
    std::vector<const Image*> ptrs;
    for (const auto& im : in) ptrs.push_back(&im);
    return impl_->host(plan, ptrs, out, false);
  });
}

Status Resizer::backward(const Plan& plan, const Image& grad_out, Image& grad_in) {
  return guarded([&] {
    std::vector<Image> res;
    Status s = impl_->host(plan, {&grad_out}, res, true);
    if (s) grad_in = std::move(res.front());
    return s;
  });
}

Status Resizer::run_device(const Plan& plan, ElemType type, int channels, int batch, const void* d_in,
                           void* d_out) {
  return guarded([&] { return impl_->device(plan, type, channels, batch, d_in, d_out, false); });
}

Status Resizer::backward_device(const Plan& plan, ElemType type, int channels, int batch,
                                const void* d_grad_out, void* d_grad_in) {
  return guarded([&] { return impl_->device(plan, type, channels, batch, d_grad_out, d_grad_in, true); });
}

Status Resizer::synchronize() {
  Status s = impl_->ready();
  if (!s) return s;
  RL_CUDA_TRY(cudaStreamSynchronize(impl_->stream), "waiting for queued work");
  return Status::success();
}

DeviceMemory::~DeviceMemory() {
  if (ptr_) cudaFree(ptr_);
}

Status DeviceMemory::allocate(std::size_t bytes) {
  if (ptr_) cudaFree(ptr_);
  ptr_ = nullptr;
  bytes_ = 0;
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

void* Resizer::stream() const { return impl_->stream; }

Status Resizer::set_stream(void* stream) {
  Status s = impl_->ready();
  if (!s) return s;
  // Buffers and cached tables may still be read by work queued on the old stream.
  RL_CUDA_TRY(cudaStreamSynchronize(impl_->stream), "waiting for queued work");
  impl_->stream = stream ? static_cast<cudaStream_t>(stream) : impl_->own_stream;
  return Status::success();
}
std::size_t Resizer::tables_uploaded() const { return impl_->uploads; }

}  // namespace rl::cuda
