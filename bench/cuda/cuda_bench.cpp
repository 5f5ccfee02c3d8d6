// rl_cuda_bench: the CUDA resizer (plain and tuned kernels) on a batch of RGB uint8 images (default
// 16 x 2040x1356, DIV2K-sized) at scale 1/4 and x2, device memory to device memory, next to cudaMemcpy
// device-to-device and NPP's nppiResize measured in the same run. Each row is printed as soon as it is
// measured. Exit status 77 (and one line on stderr) without a usable GPU.
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "rl/cuda_resize.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

#ifdef RL_HAVE_NPP
#include <nppi_geometry_transforms.h>
#endif

namespace {

[[noreturn]] void die(const std::string& what) {
  std::fprintf(stderr, "rl_cuda_bench: %s\n", what.c_str());
  std::exit(1);
}

void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) die(std::string(what) + ": " + cudaGetErrorString(e));
}

void check(const rl::cuda::Status& s, const char* what) {
  if (!s) die(std::string(what) + ": " + s.message);
}

struct DeviceBuffer {
  void* p = nullptr;
  explicit DeviceBuffer(std::size_t bytes) { check(cudaMalloc(&p, bytes), "cudaMalloc"); }
  ~DeviceBuffer() { cudaFree(p); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  unsigned char* bytes() { return static_cast<unsigned char*>(p); }
};

// Milliseconds per call of f on `stream`, after one untimed warm-up call.
double time_ms(cudaStream_t stream, int reps, const std::function<void()>& f) {
  f();
  check(cudaStreamSynchronize(stream), "warm-up");
  cudaEvent_t a, b;
  check(cudaEventCreate(&a), "cudaEventCreate");
  check(cudaEventCreate(&b), "cudaEventCreate");
  check(cudaEventRecord(a, stream), "cudaEventRecord");
  for (int i = 0; i < reps; ++i) f();
  check(cudaEventRecord(b, stream), "cudaEventRecord");
  check(cudaEventSynchronize(b), "timed run");
  float ms = 0;
  check(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
  cudaEventDestroy(a);
  cudaEventDestroy(b);
  return ms / reps;
}

// Smooth gradients with texture, so that comparisons with other resizers see image-like content.
void fill(std::vector<unsigned char>& host, int rows, int cols, int batch) {
  std::uint32_t state = 12345;
  std::size_t i = 0;
  for (int n = 0; n < batch; ++n)
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c)
        for (int k = 0; k < 3; ++k) {
          state = state * 1664525u + 1013904223u;
          const int v =
              (r * (k + 1) / 7 + c * (3 - k) / 11 + n * 13 + static_cast<int>(state >> 28) * 4) & 255;
          host[i++] = static_cast<unsigned char>(v);
        }
}

struct Row {
  std::string scale, path;
  double ms, gbps;
  std::string exact;
};

void print_header() {
  std::printf("%-6s %-42s %10s %9s %10s  %s\n", "scale", "path", "ms/batch", "GB/s", "% of copy",
              "vs MATLAB (CPU core)");
  std::fflush(stdout);
}

void print_row(const Row& r, double copy_gbps) {
  std::printf("%-6s %-42s %10.3f %9.1f %9.0f%%  %s\n", r.scale.c_str(), r.path.c_str(), r.ms, r.gbps,
              100.0 * r.gbps / copy_gbps, r.exact.c_str());
  std::fflush(stdout);
}

std::string compare_with(const rl::Image& want, const unsigned char* got) {
  const auto* w = want.data<std::uint8_t>();
  std::size_t differ = 0;
  int max_abs = 0;
  for (std::size_t i = 0; i < want.elements(); ++i)
    if (w[i] != got[i]) {
      ++differ;
      max_abs = std::max(max_abs, std::abs(static_cast<int>(w[i]) - static_cast<int>(got[i])));
    }
  if (differ == 0) return "exact";
  return std::to_string(differ) + " values differ (max " + std::to_string(max_abs) + ")";
}

}  // namespace

int main(int argc, char** argv) {
  int batch = 16, reps = 5, rows = 1356, cols = 2040;
  bool host_path = true;
  std::vector<rl::cuda::Kernels> kernels{rl::cuda::Kernels::Plain, rl::cuda::Kernels::Tuned};
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    rl::cuda::Kernels one;
    if (a == "--batch" && i + 1 < argc) {
      batch = std::atoi(argv[++i]);
    } else if (a == "--reps" && i + 1 < argc) {
      reps = std::atoi(argv[++i]);
    } else if (a == "--no-host") {
      host_path = false;
    } else if (a == "--kernels" && i + 1 < argc && std::string(argv[i + 1]) == "both") {
      ++i;
    } else if (a == "--kernels" && i + 1 < argc && rl::cuda::parse_kernels(argv[i + 1], one)) {
      kernels = {one};
      ++i;
    } else {
      std::fprintf(stderr,
                   "usage: rl_cuda_bench [--batch N] [--reps N] [--kernels plain|tuned|both] [--no-host]\n");
      return 2;
    }
  }
  if (batch < 1 || reps < 1) die("--batch and --reps must be positive");

  const rl::cuda::Status st = rl::cuda::device_status();
  if (!st) {
    std::fprintf(stderr, "rl_cuda_bench: no usable CUDA device: %s\n", st.message.c_str());
    return 77;
  }
  int runtime = 0, driver = 0;
  cudaRuntimeGetVersion(&runtime);
  cudaDriverGetVersion(&driver);
  std::printf("device: %s, CUDA runtime %d, driver %d\n", rl::cuda::device_name().c_str(), runtime, driver);
  std::printf(
      "batch: %d images of %dx%d RGB uint8 (cols x rows), bicubic, antialiasing on, %d timed reps\n\n", batch,
      cols, rows, reps);
#ifndef RL_HAVE_NPP
  std::printf("(NPP was not linked into this build: no nppiResize rows)\n");
#endif
  std::fflush(stdout);

  const std::size_t img_bytes = static_cast<std::size_t>(rows) * cols * 3;
  const std::size_t in_bytes = img_bytes * batch;
  std::vector<unsigned char> host(in_bytes);
  fill(host, rows, cols, batch);
  DeviceBuffer d_in(in_bytes), d_copy(in_bytes);
  check(cudaMemcpy(d_in.p, host.data(), in_bytes, cudaMemcpyHostToDevice), "upload");
  check(cudaDeviceSynchronize(), "upload");  // the resizer's stream does not wait for the default stream

  rl::cuda::Resizer resizer;
  // The first call creates the stream; the copy is timed on the same stream.
  check(resizer.synchronize(), "starting the resizer");
  auto stream = static_cast<cudaStream_t>(resizer.stream());

  const double copy_ms = time_ms(stream, reps, [&] {
    check(cudaMemcpyAsync(d_copy.p, d_in.p, in_bytes, cudaMemcpyDeviceToDevice, stream), "copy");
  });
  const double copy_gbps = 2.0 * in_bytes / (copy_ms * 1e6);  // bytes read + bytes written

  print_header();
  print_row({"-", "cudaMemcpy D2D (read+write)", copy_ms, copy_gbps, "-"}, copy_gbps);

  struct Case {
    const char* name;
    double scale;
  };
  for (const Case& c : {Case{"1/4", 0.25}, Case{"x2", 2.0}}) {
    const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(c.scale), rows, cols);
    const std::size_t out_img = static_cast<std::size_t>(plan.out_rows) * plan.out_cols * 3;
    const std::size_t out_bytes = out_img * batch;
    const double moved = static_cast<double>(in_bytes + out_bytes);
    DeviceBuffer d_out(out_bytes);

    // MATLAB-exactness of each timed output: first and last image against the CPU core.
    rl::Image first = rl::Image::uninitialized(rows, cols, 3, rl::ElemType::U8), last = first;
    std::memcpy(first.raw(), host.data(), img_bytes);
    std::memcpy(last.raw(), host.data() + (batch - 1) * img_bytes, img_bytes);
    const rl::Image want_first = rl::run(plan, first), want_last = rl::run(plan, last);
    std::vector<unsigned char> got(out_img);
    for (const rl::cuda::Kernels k : kernels) {
      resizer.set_kernels(k);
      check(cudaMemsetAsync(d_out.p, 0, out_bytes, stream), "clearing the output");
      const double ms = time_ms(stream, reps, [&] {
        check(resizer.run_device(plan, rl::ElemType::U8, 3, batch, d_in.p, d_out.p), "run_device");
      });
      check(cudaMemcpy(got.data(), d_out.p, out_img, cudaMemcpyDeviceToHost), "download");
      std::string exact = compare_with(want_first, got.data());
      check(cudaMemcpy(got.data(), d_out.bytes() + (batch - 1) * out_img, out_img, cudaMemcpyDeviceToHost),
            "download");
      const std::string exact_last = compare_with(want_last, got.data());
      if (exact_last != "exact") exact = "last image: " + exact_last;
      print_row({c.name, "ResizeLab CUDA " + rl::cuda::to_string(k) + ", device to device", ms,
                 moved / (ms * 1e6), exact},
                copy_gbps);
    }

#ifdef RL_HAVE_NPP
    {
      int dev = 0;
      cudaDeviceProp p{};
      check(cudaGetDevice(&dev), "cudaGetDevice");
      check(cudaGetDeviceProperties(&p, dev), "cudaGetDeviceProperties");
      NppStreamContext ctx{};
      ctx.hStream = stream;
      ctx.nCudaDeviceId = dev;
      ctx.nMultiProcessorCount = p.multiProcessorCount;
      ctx.nMaxThreadsPerMultiProcessor = p.maxThreadsPerMultiProcessor;
      ctx.nMaxThreadsPerBlock = p.maxThreadsPerBlock;
      ctx.nSharedMemPerBlock = p.sharedMemPerBlock;
      ctx.nCudaDevAttrComputeCapabilityMajor = p.major;
      ctx.nCudaDevAttrComputeCapabilityMinor = p.minor;
      unsigned flags = 0;
      check(cudaStreamGetFlags(stream, &flags), "cudaStreamGetFlags");
      ctx.nStreamFlags = flags;
      struct Interp {
        const char* name;
        int mode;
      };
      std::vector<Interp> modes{{"NPP nppiResize CUBIC", NPPI_INTER_CUBIC}};
      if (c.scale < 1) modes.push_back({"NPP nppiResize SUPER", NPPI_INTER_SUPER});
      for (const Interp& m : modes) {
        const NppiSize src_size{cols, rows}, dst_size{plan.out_cols, plan.out_rows};
        const NppiRect src_roi{0, 0, cols, rows}, dst_roi{0, 0, plan.out_cols, plan.out_rows};
        const double npp_ms = time_ms(stream, reps, [&] {
          for (int n = 0; n < batch; ++n) {
            const NppStatus s = nppiResize_8u_C3R_Ctx(d_in.bytes() + n * img_bytes, cols * 3, src_size,
                                                      src_roi, d_out.bytes() + n * out_img, plan.out_cols * 3,
                                                      dst_size, dst_roi, m.mode, ctx);
            if (s != NPP_SUCCESS) die(std::string(m.name) + " failed with NppStatus " + std::to_string(s));
          }
        });
        check(cudaMemcpy(got.data(), d_out.p, out_img, cudaMemcpyDeviceToHost), "download");
        print_row({c.name, m.name, npp_ms, moved / (npp_ms * 1e6), compare_with(want_first, got.data())},
                  copy_gbps);
      }
    }
#endif

    if (host_path) {
      // Host images in and out: pinned staging, PCIe both ways, packing and unpacking included.
      std::vector<rl::Image> in(static_cast<std::size_t>(batch)), out;
      for (int n = 0; n < batch; ++n) {
        in[static_cast<std::size_t>(n)] = rl::Image::uninitialized(rows, cols, 3, rl::ElemType::U8);
        std::memcpy(in[static_cast<std::size_t>(n)].raw(), host.data() + n * img_bytes, img_bytes);
      }
      check(resizer.run_batch(plan, in, out), "run_batch");  // warm-up: allocates the pinned buffers
      const auto t0 = std::chrono::steady_clock::now();
      check(resizer.run_batch(plan, in, out), "run_batch");
      const double host_ms =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      print_row({c.name, "ResizeLab CUDA " + rl::cuda::to_string(resizer.kernels()) + ", host to host",
                 host_ms, moved / (host_ms * 1e6),
                 compare_with(want_first, static_cast<const unsigned char*>(out.front().raw()))},
                copy_gbps);
    }
  }
  std::printf("\nGB/s = (input + output bytes) / time; the copy counts bytes read + written.\n");
  return 0;
}
