// The CUDA resizer: the plan's two 1-D passes as kernels whose threads each run one of the
// __host__ __device__ bodies the host-loop tests run (plain or tuned), tables cached on the device,
// buffers reused, and every CUDA failure turned into a Status (cuda_device.hpp) a user can act on.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <memory>
#include <string>
#include <type_traits>

#include "cuda_device.hpp"
#include "pass_steps.hpp"
#include "rl/cuda_pass.hpp"
#include "rl/cuda_pass_tuned.hpp"
#include "rl/cuda_resize.hpp"

namespace rl::cuda {

namespace {

using detail::cuda_error;
using detail::device_state;
using detail::DeviceBuffer;
using detail::DeviceState;
using detail::PinnedBuffer;
using detail::sticky;
using detail::wait_for;

template <class T>
__global__ void pass_kernel(PassShape s, TableView t, const T* __restrict__ src, T* __restrict__ dst,
                            int line0, int n0) {
  const int j = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int line = line0 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int n = n0 + static_cast<int>(blockIdx.z);
  if (j >= s.line_length() || line >= s.lines() || n >= s.batch) return;
  pass_element<T>(s, t, src, dst, n, line, j);
}

template <class T, bool Vector>
__global__ void rows_tuned_kernel(PassShape s, TableView t, const T* __restrict__ src, T* __restrict__ dst,
                                  int line0, int n0) {
  const int q = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int line = line0 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int n = n0 + static_cast<int>(blockIdx.z);
  if (q >= rows_groups<T>(s) || line >= s.lines() || n >= s.batch) return;
  rows_tuned<T, Vector>(s, t, src, dst, n, line, q);
}

template <class T>
__global__ void cols_tuned_kernel(PassShape s, TapMajorView t, const T* __restrict__ src, T* __restrict__ dst,
                                  int g0, int n0) {
  const int o = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int g = g0 + static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  const int n = n0 + static_cast<int>(blockIdx.z);
  if (o >= s.out_size || g >= cols_groups(s) || n >= s.batch) return;
  cols_tuned<T>(s, t, src, dst, n, g, o);
}

// Covers an nx x ny x nz index space with 256-thread blocks: x runs along the contiguous direction,
// y over lines, z over the batch. Only y or z beyond the grid limit of 65535 blocks split it into
// several launches; launch(grid, block, y0, z0) queues one.
template <class Launch>
Status launch_grid(int nx, int ny, int nz, Launch&& launch) {
  if (nx <= 0 || ny <= 0 || nz <= 0) return Status::success();
  int bx = 32;
  while (bx < nx && bx < 256) bx *= 2;
  const int by = 256 / bx;
  const unsigned gx = static_cast<unsigned>((nx + bx - 1) / bx);
  const int y_per_launch = 65535 * by;
  for (int z0 = 0; z0 < nz; z0 += 65535)
    for (int y0 = 0; y0 < ny; y0 += y_per_launch) {
      const int n_y = std::min(y_per_launch, ny - y0);
      const int n_z = std::min(65535, nz - z0);
      const dim3 grid(gx, static_cast<unsigned>((n_y + by - 1) / by), static_cast<unsigned>(n_z));
      const dim3 block(static_cast<unsigned>(bx), static_cast<unsigned>(by));
      launch(grid, block, y0, z0);
      RL_CUDA_TRY(cudaGetLastError(), "launching a resize pass");
    }
  return Status::success();
}

template <class T>
Status launch_pass(const PassShape& s, const TableView& t, const TapMajorView& tm, Kernels kernels,
                   const T* src, T* dst, cudaStream_t stream) {
  if (kernels == Kernels::Plain || t.offsets)
    return launch_grid(s.line_length(), s.lines(), s.batch, [&](dim3 g, dim3 b, int y0, int z0) {
      pass_kernel<T><<<g, b, 0, stream>>>(s, t, src, dst, y0, z0);
    });
  if (s.axis == Axis::Cols)
    return launch_grid(s.out_size, cols_groups(s), s.batch, [&](dim3 g, dim3 b, int y0, int z0) {
      cols_tuned_kernel<T><<<g, b, 0, stream>>>(s, tm, src, dst, y0, z0);
    });
  const bool vector = rows_vectorizable<T>(s, src, dst);
  return launch_grid(rows_groups<T>(s), s.lines(), s.batch, [&](dim3 g, dim3 b, int y0, int z0) {
    if (vector)
      rows_tuned_kernel<T, true><<<g, b, 0, stream>>>(s, t, src, dst, y0, z0);
    else
      rows_tuned_kernel<T, false><<<g, b, 0, stream>>>(s, t, src, dst, y0, z0);
  });
}

// The device copy of one axis table: what the plain kernels (and the backward pass, transposed) read,
// and for a forward table also the tap-major copy the tuned column pass reads.
struct DeviceTable {
  DeviceBuffer weights, index, offsets, tm_weights, tm_index;
  TableView view;
  TapMajorView tap_major;
};

template <class V>
Status upload(DeviceBuffer& buf, const std::vector<V>& v, cudaStream_t stream) {
  Status s = buf.reserve(std::max<std::size_t>(1, v.size() * sizeof(V)), "a contribution table", stream);
  if (s && !v.empty())
    RL_CUDA_TRY(cudaMemcpyAsync(buf.p, v.data(), v.size() * sizeof(V), cudaMemcpyHostToDevice, stream),
                "uploading a contribution table");
  return s;
}

constexpr std::size_t kMaxCachedTables = 32;

// visit_elem_type for the device passes: f is called with a value of the C++ element type; logical has
// no device pass of its own.
template <class F>
Status with_elem_type(ElemType type, F&& f) {
  return visit_elem_type(type, [&](auto zero) {
    if constexpr (std::is_same_v<decltype(zero), bool>)  // refused before any launch; host() converts it
      return Status::error("logical images run on the device as uint8");
    else
      return f(zero);
  });
}

Kernels kernels_from_environment(Status& error) {
  Kernels k = Kernels::Plain;
  if (const char* e = std::getenv("RL_CUDA_KERNELS"); e && *e) {
    error = parse_kernels(e, k);
    if (!error) error.message = "RL_CUDA_KERNELS: " + error.message;
  }
  return k;
}

}  // namespace

struct Resizer::Impl {
  cudaStream_t stream = nullptr;  // where work is queued: own_stream or a caller's (set_stream)
  cudaStream_t own_stream = nullptr;
  DeviceBuffer d_in, d_mid, d_out;
  PinnedBuffer h_in, h_out;
  detail::TableCache<DeviceTable> tables{kMaxCachedTables};
  std::size_t uploads = 0;
  Status env_error;
  Kernels kernels = kernels_from_environment(env_error);

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
    if (!env_error) return env_error;
    if (Status s = sticky(); !s) return s;
    if (stream) return Status::success();
    const DeviceState& d = device_state();
    if (!d.status) return d.status;
    if (!own_stream)
      RL_CUDA_TRY(cudaStreamCreateWithFlags(&own_stream, cudaStreamNonBlocking), "creating a CUDA stream");
    stream = own_stream;
    return Status::success();
  }

  // After a failure, work queued before it may still read or write buffers and host memory the
  // caller is about to reuse or free: wait for it (its own error, if any, is already in s or sticky).
  Status failed(Status s) {
    if (stream && cudaStreamSynchronize(stream) != cudaSuccess) cudaGetLastError();
    return s;
  }

  Status table(const AxisTable& t, bool transposed, const DeviceTable*& out) {
    if ((out = tables.find(t, transposed))) return Status::success();
    // Work still queued may read the least recently used table: wait before it is dropped.
    if (tables.full()) {
      const Status s = wait_for(stream, "waiting for queued work");
      if (!s) return s;
    }
    auto c = std::make_unique<DeviceTable>();
    Status s;
    if (transposed) {
      const TransposedTable tt = transpose_table(t);
      if ((s = upload(c->weights, tt.weights, stream)) && (s = upload(c->index, tt.out_index, stream)))
        s = upload(c->offsets, tt.offsets, stream);
      c->view.offsets = static_cast<const std::int32_t*>(c->offsets.p);
      // The host vectors (and on failure the device buffers) go away at the end of this block: the
      // copies queued from and to them must be done by then.
      s = s ? wait_for(stream, "uploading a contribution table") : failed(s);
    } else {
      const TapMajorTable tm = tap_major(t);
      if ((s = upload(c->weights, t.weights, stream)) && (s = upload(c->index, t.index, stream)) &&
          (s = upload(c->tm_weights, tm.weights, stream)))
        s = upload(c->tm_index, tm.index, stream);
      c->view.taps = t.taps;
      c->tap_major.taps = tm.taps;
      c->tap_major.out_size = tm.out_size;
      c->tap_major.weights = static_cast<const double*>(c->tm_weights.p);
      c->tap_major.index = static_cast<const std::int32_t*>(c->tm_index.p);
      s = s ? wait_for(stream, "uploading a contribution table") : failed(s);
    }
    if (!s) return s;
    c->view.weights = static_cast<const double*>(c->weights.p);
    c->view.index = static_cast<const std::int32_t*>(c->index.p);
    out = &tables.insert(t, transposed, std::move(c));
    ++uploads;
    return Status::success();
  }

  Status device(const Plan& plan, ElemType type, int channels, int batch, const void* in, void* out,
                bool backward) {
    Status s = ready();
    if (!s) return s;
    const std::string err = detail::check_type_and_shape(type, channels, batch, backward);
    if (!err.empty()) return Status::error(err);
    if (batch == 0) return Status::success();
    if (!in || !out) return Status::error("a device pointer is null");
    const std::size_t es = elem_size(type);
    for (const void* p : {in, static_cast<const void*>(out)})
      if (reinterpret_cast<std::uintptr_t>(p) % es != 0)
        return Status::error(std::string(p == in ? "the input" : "the output") +
                             " device pointer is not aligned to the " + std::to_string(es) + "-byte " +
                             to_string(type) + " element size");
    const auto steps = plan_steps(plan, channels, batch, backward);
    const DeviceTable* t[2] = {nullptr, nullptr};
    for (int i = 0; i < 2; ++i)
      if (!(s = table(plan.table(steps[static_cast<std::size_t>(i)].axis), backward, t[i]))) return failed(s);
    const std::size_t mid_bytes = static_cast<std::size_t>(steps[0].shape.out_elements()) * es;
    if (!(s = d_mid.reserve(mid_bytes, "the intermediate image", stream))) return failed(s);
    s = with_elem_type(type, [&](auto zero) {
      using T = decltype(zero);
      T* mid = static_cast<T*>(d_mid.p);
      Status r = launch_pass<T>(steps[0].shape, t[0]->view, t[0]->tap_major, kernels,
                                static_cast<const T*>(in), mid, stream);
      if (r)
        r = launch_pass<T>(steps[1].shape, t[1]->view, t[1]->tap_major, kernels, mid, static_cast<T*>(out),
                           stream);
      return r;
    });
    return s ? s : failed(s);
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
    if (!(s = h_in.reserve(in_bytes, "staging the input", stream)) ||
        !(s = h_out.reserve(out_bytes, "staging the output", stream)) ||
        !(s = d_in.reserve(in_bytes, "the input", stream)) ||
        !(s = d_out.reserve(out_bytes, "the output", stream)))
      return failed(s);
    detail::pack(in, h_in.p);
    if (const cudaError_t e = cudaMemcpyAsync(d_in.p, h_in.p, in_bytes, cudaMemcpyHostToDevice, stream);
        e != cudaSuccess)
      return failed(cuda_error(e, "uploading the input"));
    if (!(s = device(plan, type, ch, batch, d_in.p, d_out.p, backward))) return failed(s);
    if (const cudaError_t e = cudaMemcpyAsync(h_out.p, d_out.p, out_bytes, cudaMemcpyDeviceToHost, stream);
        e != cudaSuccess)
      return failed(cuda_error(e, "downloading the result"));
    if (const cudaError_t e = cudaStreamSynchronize(stream); e != cudaSuccess)
      return failed(cuda_error(e, "running the resize passes"));
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
void Resizer::set_kernels(Kernels k) { impl_->kernels = k; }
Kernels Resizer::kernels() const { return impl_->kernels; }

}  // namespace rl::cuda
