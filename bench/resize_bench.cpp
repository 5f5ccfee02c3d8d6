// CPU resize benchmarks with their peers in the same run: our core for every method against OpenCV's
// cv::resize (nearest, linear, cubic, area) and libvips's vips_resize (linear, cubic, lanczos3, where
// libvips is found) at the same output sizes, plus the viewer's four default results on a
// 12-megapixel image, and the machine's floors for each case (a memcpy of the same bytes, the measured
// FMA rate and clock). Time is wall time per image; bytes/s counts the input image.
#include <benchmark/benchmark.h>
#include <immintrin.h>
#include <sys/mman.h>
#include <sys/resource.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <initializer_list>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "resize_dispatch.hpp"
#include "resize_shortcuts.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "run_benchmarks.hpp"
#include "thread_pool.hpp"

#ifdef RL_HAVE_VIPS
#include <vips/vips.h>
#endif

namespace {

// A deterministic test picture: smooth gradients plus a fine pattern, so neither peer sees constant
// data (the arithmetic does not depend on the values, but the cache traffic of real images does not
// either; any content would do).
rl::Image make_image(int rows, int cols, rl::ElemType type) {
  rl::Image im = rl::Image::uninitialized(rows, cols, 3, type);
  std::uint32_t seed = 12345;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < 3; ++k) {
        seed = seed * 1664525u + 1013904223u;
        const double v =
            0.45 * (r + 2.0 * c * (k + 1)) / (rows + 2.0 * cols * 3) + 0.5 * ((seed >> 24) / 255.0);
        if (rl::is_floating(type))
          im.set(r, c, k, v);
        else if (type == rl::ElemType::Logical)
          im.set(r, c, k, v > 0.5 ? 1.0 : 0.0);
        else  // integers: the same picture over the class's whole range
          im.set(r, c, k, std::round(rl::info(type).min + (rl::info(type).max - rl::info(type).min) * v));
      }
  return im;
}

const rl::Image& image(int rows, int cols, rl::ElemType type) {
  static std::map<std::tuple<int, int, rl::ElemType>, std::unique_ptr<rl::Image>> cache;
  auto& slot = cache[{rows, cols, type}];
  if (!slot) slot = std::make_unique<rl::Image>(make_image(rows, cols, type));
  return *slot;
}

cv::Mat as_mat(const rl::Image& im) {
  const int depth = im.type() == rl::ElemType::U8 ? CV_8U : im.type() == rl::ElemType::F32 ? CV_32F : CV_64F;
  return cv::Mat(im.rows(), im.cols(), CV_MAKETYPE(depth, im.channels()), const_cast<void*>(im.raw()));
}

struct Shape {
  int rows, cols;
  const char* name;
};
const Shape kDiv2k{1356, 2040, "2040x1356"};
const Shape k4k{2160, 3840, "3840x2160"};
const double kScales[] = {0.25, 0.5, 0.37, 2.0, 3.0};

std::string scale_name(double s) {
  if (s == 0.25) return "1/4";
  if (s == 0.5) return "1/2";
  if (s == 0.37) return "0.37";
  std::string r = "x";
  r += std::to_string(static_cast<int>(s));
  return r;
}

// Appends the parts (GCC 12 warns falsely about `"literal" + std::string` at -O3).
std::string join(std::initializer_list<std::string_view> parts) {
  std::string r;
  for (std::string_view p : parts) r += p;
  return r;
}
const char* type_name(rl::ElemType t) {
  return t == rl::ElemType::U8 ? "u8" : t == rl::ElemType::F32 ? "f32" : "f64";
}

// Multiply-adds of the two passes in MATLAB's order (each output element of a pass: taps of them).
double multiply_adds(const rl::Plan& p, int channels) {
  double rows = p.rows.in_size, cols = p.cols.in_size, total = 0;
  for (rl::Axis a : p.order) {
    const rl::AxisTable& t = p.table(a);
    (a == rl::Axis::Rows ? rows : cols) = t.out_size;
    total += rows * cols * channels * t.taps;
  }
  return total;
}

void set_counters(benchmark::State& st, const rl::Image& in, const rl::Plan& plan) {
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(in.bytes()));
  st.counters["out_MP"] = static_cast<double>(plan.out_rows) * plan.out_cols / 1e6;
  st.counters["madds_M"] = multiply_adds(plan, in.channels()) / 1e6;
  st.counters["io_MB"] =
      static_cast<double>(in.bytes() + static_cast<std::size_t>(plan.out_rows) * plan.out_cols *
                                           in.channels() * rl::info(in.type()).size) /
      1e6;
}

// CPU time of the whole process (every thread: our pool's, OpenCV's, libvips's workers) in ms; per
// call it is the work a library spends, which a loaded machine inflates far less than wall time.
double process_cpu_ms() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}
void set_process_cpu(benchmark::State& st, double cpu0) {
  st.counters["cpu_all_ms"] =
      (process_cpu_ms() - cpu0) / static_cast<double>(std::max<std::int64_t>(1, st.iterations()));
}

// Minor page faults of this process so far (first touches of fresh memory).
double page_faults() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_minflt);
}

// Our core: plan made once, output preallocated; run_into allocates only the intermediate.
void bench_ours(benchmark::State& st, Shape shape, rl::ElemType type, rl::Method method, double scale,
                int threads) {
  const rl::Image& in = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale, method), in.rows(), in.cols());
  // Zero-filled, so its pages are mapped before timing (first-touch faults are not the resize's).
  rl::Image out(plan.out_rows, plan.out_cols, in.channels(), in.type());
  const rl::RunOptions opt{threads};
  const double faults0 = page_faults(), cpu0 = process_cpu_ms();
  for (auto _ : st) {
    rl::run_into(plan, in, out, opt);
    benchmark::DoNotOptimize(out.raw());
    benchmark::ClobberMemory();
  }
  set_process_cpu(st, cpu0);
  st.counters["faults"] = (page_faults() - faults0) / static_cast<double>(st.iterations());
  set_counters(st, in, plan);
  st.counters["extra_MiB"] =
      static_cast<double>(rl::run_extra_bytes(plan, in.channels(), in.type(), opt)) / (1 << 20);
  st.counters["taps"] = plan.table(plan.order[0]).taps;
}

// Memory on 4 KiB pages only (MADV_NOHUGEPAGE), touched before use: what a host without transparent
// huge pages (or too fragmented to give them) hands out.
struct SmallPages {
  explicit SmallPages(std::size_t n) : bytes(std::max<std::size_t>(n, 1)) {
    void* m = mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    p = m == MAP_FAILED ? nullptr : static_cast<unsigned char*>(m);
    if (p) {
      madvise(p, bytes, MADV_NOHUGEPAGE);
      std::memset(p, 0, bytes);
    }
  }
  ~SmallPages() {
    if (p) munmap(p, bytes);
  }
  SmallPages(const SmallPages&) = delete;
  SmallPages& operator=(const SmallPages&) = delete;
  std::size_t bytes;
  unsigned char* p = nullptr;
};

// Our core as bench_ours, with the input and output on 4 KiB pages (ours_small_pages/): the cost of
// the TLB misses when a block's dozens of input rows each lie on pages of their own.
void bench_small_pages(benchmark::State& st, Shape shape, rl::ElemType type, rl::Method method,
                       double scale) {
  const rl::Image& src = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale, method), src.rows(), src.cols());
  const std::size_t out_bytes =
      static_cast<std::size_t>(plan.out_rows) * plan.out_cols * src.channels() * rl::info(type).size;
  SmallPages in_mem(src.bytes()), out_mem(out_bytes);
  if (!in_mem.p || !out_mem.p) {
    st.SkipWithError("mmap failed");
    return;
  }
  std::memcpy(in_mem.p, src.raw(), src.bytes());
  const rl::Image in = rl::Image::borrow(in_mem.p, src.rows(), src.cols(), src.channels(), type);
  rl::Image out = rl::Image::borrow(out_mem.p, plan.out_rows, plan.out_cols, src.channels(), type);
  for (auto _ : st) {
    rl::run_into(plan, in, out);
    benchmark::DoNotOptimize(out.raw());
    benchmark::ClobberMemory();
  }
  set_counters(st, in, plan);
}

// Our core writing a fresh image on every call (rl::run), as a caller without run_into does: the
// difference to ours/ is the allocation and its page faults, counted per call in faults.
void bench_ours_fresh(benchmark::State& st, Shape shape, rl::ElemType type, rl::Method method, double scale) {
  const rl::Image& in = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale, method), in.rows(), in.cols());
  const double faults0 = page_faults();
  for (auto _ : st) {
    rl::Image out = rl::run(plan, in);
    benchmark::DoNotOptimize(out.raw());
    benchmark::ClobberMemory();
  }
  st.counters["faults"] = (page_faults() - faults0) / static_cast<double>(st.iterations());
  set_counters(st, in, plan);
}

// Our core at a forced CPU level on one thread (avx2 against avx512 in one process, interleaved with
// the rest; on a loaded machine the CPU time of the one thread is the steadier figure).
void bench_level(benchmark::State& st, rl::detail::CpuLevel level, Shape shape, rl::ElemType type,
                 rl::Method method, double scale) {
  if (!rl::detail::level_available(level)) {
    st.SkipWithError("this CPU lacks the level");
    return;
  }
  rl::detail::force_level(&level);
  bench_ours(st, shape, type, method, scale, 1);  // one thread: its CPU time is the kernels' own
  rl::detail::force_level(nullptr);
}

// Our bicubic with the rows-first widening also prefetching `strips` strips ahead (the test hook
// force_prefetch_strips; 0 = the default): how far ahead the row streams must be fetched on a host.
void bench_prefetch(benchmark::State& st, int strips, Shape shape, rl::ElemType type, double scale,
                    int threads) {
  rl::detail::force_prefetch_strips(strips);
  bench_ours(st, shape, type, rl::Method::Bicubic, scale, threads);
  rl::detail::force_prefetch_strips(0);
}

// Our core with the gather's output always through ordinary (cached) stores, so the non-temporal
// stores of large outputs (streams_output) are measured against them in the same run.
void bench_cached_stores(benchmark::State& st, Shape shape, rl::ElemType type, rl::Method method,
                         double scale) {
  rl::detail::force_streaming(0);
  bench_ours(st, shape, type, method, scale, 0);
  rl::detail::force_streaming(-1);
}

// The memory floor of a case: one memcpy of (input + output) / 2 bytes, so as many bytes are read and
// written as the resize must read and write at the least, split over the same threads (the resizer's
// pool, caller included); both buffers are touched before timing.
void bench_memcpy_floor(benchmark::State& st, Shape shape, rl::ElemType type, double scale) {
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale), shape.rows, shape.cols);
  const std::size_t elem = rl::info(type).size,
                    io = (static_cast<std::size_t>(shape.rows) * shape.cols +
                          static_cast<std::size_t>(plan.out_rows) * plan.out_cols) *
                         3 * elem,
                    half = io / 2;
  std::vector<unsigned char> src(half, 1), dst(half, 0);
  const int threads = rl::detail::thread_count(0);
  for (auto _ : st) {
    rl::detail::parallel_for(threads, threads, 1, [&](long long b, long long e) {
      const std::size_t lo = half * static_cast<std::size_t>(b) / threads,
                        hi = half * static_cast<std::size_t>(e) / threads;
      std::memcpy(dst.data() + lo, src.data() + lo, hi - lo);
    });
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  st.counters["io_MB"] = static_cast<double>(2 * half) / 1e6;
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(2 * half));
}

// The write floor of a case: its output's bytes written once with non-temporal stores on the same
// threads (what an enlargement must at least write; a memcpy of (in + out) / 2 reads half of it, and
// its destination may stay in cache between calls, which an output larger than the cache cannot).
void bench_write_floor(benchmark::State& st, Shape shape, rl::ElemType type, double scale) {
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale), shape.rows, shape.cols);
  const std::size_t bytes = static_cast<std::size_t>(plan.out_rows) * plan.out_cols * 3 * rl::info(type).size;
  std::vector<unsigned char> dst(bytes, 0), line(8192, 1);
  const int threads = rl::detail::thread_count(0);
  for (auto _ : st) {
    rl::detail::parallel_for(threads, threads, 1, [&](long long b, long long e) {
      const std::size_t lo = bytes * static_cast<std::size_t>(b) / threads,
                        hi = bytes * static_cast<std::size_t>(e) / threads;
      for (std::size_t at = lo; at < hi; at += line.size())
        rl::detail::stream_copy(dst.data() + at, line.data(), std::min(line.size(), hi - at));
      rl::detail::stream_fence();
    });
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
  }
  st.counters["out_MB"] = static_cast<double>(bytes) / 1e6;
}

// The compute ceiling: 12 independent chains of fused multiply-adds on every thread of the pool, in
// the widest vectors the CPU has (AVX-512 where present, else AVX2), float32 or float64; items/s =
// lane multiply-adds/s. Written in assembly so that no compiler flag or target attribute is needed
// (the registers hold zeros: no denormal slows them).
#define RL_FMA_CHAINS(OP, REG)                                                                               \
  asm volatile(                                                                                              \
      ".irp r,0,4,5,6,7,8,9,10,11,12,13,14,15\n\tvxorps %%xmm\\r, %%xmm\\r, %%xmm\\r\n\t.endr\n"             \
      "1:\n\t.irp r,4,5,6,7,8,9,10,11,12,13,14,15\n\t"                                                       \
      "vfmadd231" OP " %%" REG "0, %%" REG "0, %%" REG                                                       \
      "\\r\n\t.endr\n\t"                                                                                     \
      "dec %0\n\tjnz 1b"                                                                                     \
      : "+r"(n)                                                                                              \
      :                                                                                                      \
      : "xmm0", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", \
        "xmm15", "cc")

void fma_chains(bool wide, bool f64, long long n) {
  if (wide && f64)
    RL_FMA_CHAINS("pd", "zmm");
  else if (wide)
    RL_FMA_CHAINS("ps", "zmm");
  else if (f64)
    RL_FMA_CHAINS("pd", "ymm");
  else
    RL_FMA_CHAINS("ps", "ymm");
}

void bench_fma_peak(benchmark::State& st, bool f64) {
  const bool wide = __builtin_cpu_supports("avx512f");
  const int lanes = (wide ? 16 : 8) / (f64 ? 2 : 1);
  constexpr long long kIter = 1 << 16;
  const int threads = rl::detail::thread_count(0);
  for (auto _ : st)
    rl::detail::parallel_for(threads, threads, 1,
                             [&](long long, long long) { fma_chains(wide, f64, kIter); });
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()) * threads * kIter * 12 * lanes);
  st.counters["lanes"] = lanes;
  st.counters["threads"] = threads;
}

// The clock: a chain of dependent integer adds (one per cycle on every x86-64 core), one thread;
// items/s = cycles/s.
void bench_clock(benchmark::State& st) {
  constexpr long long kIter = 1 << 16;
  for (auto _ : st) {
    long long x = 0, n = kIter;
    asm volatile(
        "1:\n\t"
        ".rept 100\n\t"
        "add $1, %0\n\t"
        ".endr\n\t"
        "dec %1\n\t"
        "jnz 1b"
        : "+r"(x), "+r"(n));
    benchmark::DoNotOptimize(x);
  }
  st.SetItemsProcessed(static_cast<std::int64_t>(st.iterations()) * kIter * 100);
}

// OpenCV at the same output size (MATLAB's ceil(scale * size)).
void bench_opencv(benchmark::State& st, Shape shape, rl::ElemType type, int interp, double scale) {
  const rl::Image& in = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale), in.rows(), in.cols());
  const cv::Mat src = as_mat(in);
  cv::Mat dst = cv::Mat::zeros(plan.out_rows, plan.out_cols, src.type());  // pages mapped before timing
  const double cpu0 = process_cpu_ms();
  for (auto _ : st) {
    cv::resize(src, dst, dst.size(), 0, 0, interp);
    benchmark::DoNotOptimize(dst.data);
    benchmark::ClobberMemory();
  }
  set_process_cpu(st, cpu0);
  set_counters(st, in, plan);
}

#ifdef RL_HAVE_VIPS
// libvips's vips_resize from an image in memory to memory, on as many threads as ours (set in main),
// its operation cache off so that every call computes. libvips is lazy: vips_resize only builds a
// pipeline; vips_image_write runs it over every output pixel into a memory image wrapping a buffer
// allocated once (what vips_image_write_to_memory does into a fresh buffer), as ours writes into a
// preallocated image. The first call's pixels are checked against vips_image_write_to_memory's.
// gap < 0 keeps vips_resize's default (gap 2: an integer box shrink first, then the kernel over the
// remaining factor); gap 0 is the kernel alone over the whole factor.
void bench_vips(benchmark::State& st, Shape shape, rl::ElemType type, VipsKernel kernel, double scale,
                double gap) {
  const rl::Image& in = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale), in.rows(), in.cols());
  const VipsBandFormat format = type == rl::ElemType::U8 ? VIPS_FORMAT_UCHAR : VIPS_FORMAT_FLOAT;
  VipsImage* src =
      vips_image_new_from_memory(in.raw(), in.bytes(), in.cols(), in.rows(), in.channels(), format);
  auto resize = [&](VipsImage** out) {
    return gap < 0 ? vips_resize(src, out, scale, "kernel", kernel, nullptr)
                   : vips_resize(src, out, scale, "kernel", kernel, "gap", gap, nullptr);
  };
  // Zero-filled, so its pages are mapped before timing.
  std::vector<unsigned char> dst(static_cast<std::size_t>(plan.out_rows) * plan.out_cols * in.channels() *
                                 rl::info(type).size);
  auto write = [&](VipsImage* out) {
    VipsImage* mem = vips_image_new_from_memory(dst.data(), dst.size(), plan.out_cols, plan.out_rows,
                                                in.channels(), format);
    const int failed = !mem || vips_image_write(out, mem);
    if (mem) g_object_unref(mem);
    return failed;
  };
  {  // one call checked: the size, and the bytes vips_image_write_to_memory gives
    VipsImage* out = nullptr;
    std::size_t bytes = 0;
    void* fresh = nullptr;
    const char* error = nullptr;
    if (!src || resize(&out))
      error = vips_error_buffer();
    else if (out->Xsize != plan.out_cols || out->Ysize != plan.out_rows)
      error = "vips_resize gave another output size";
    else if (!(fresh = vips_image_write_to_memory(out, &bytes)) || write(out))
      error = vips_error_buffer();
    else if (bytes != dst.size() || std::memcmp(fresh, dst.data(), bytes) != 0)
      error = "vips_image_write into the buffer differs from vips_image_write_to_memory";
    g_free(fresh);
    if (out) g_object_unref(out);
    if (error) {
      st.SkipWithError(error);
      if (src) g_object_unref(src);
      return;
    }
  }
  const double cpu0 = process_cpu_ms();
  for (auto _ : st) {
    VipsImage* out = nullptr;
    if (resize(&out) || write(out)) {
      st.SkipWithError(vips_error_buffer());
      if (out) g_object_unref(out);
      break;
    }
    benchmark::DoNotOptimize(dst.data());
    benchmark::ClobberMemory();
    g_object_unref(out);
  }
  set_process_cpu(st, cpu0);
  g_object_unref(src);
  set_counters(st, in, plan);
}
#endif

// The viewer's four default results: MATLAB bicubic (antialiased), nearest, bilinear without
// antialiasing, bicubic without antialiasing; a spec change rebuilds the plans, so they are timed.
void bench_viewer_four(benchmark::State& st, int threads) {
  const rl::Image& in = image(3000, 4000, rl::ElemType::U8);
  std::vector<rl::ResizeSpec> specs = {rl::ResizeSpec::with_scale(0.25, rl::Method::Bicubic),
                                       rl::ResizeSpec::with_scale(0.25, rl::Method::Nearest),
                                       rl::ResizeSpec::with_scale(0.25, rl::Method::Bilinear),
                                       rl::ResizeSpec::with_scale(0.25, rl::Method::Bicubic)};
  specs[2].antialiasing = false;
  specs[3].antialiasing = false;
  const rl::RunOptions opt{threads};
  std::size_t extra = 0;
  for (auto _ : st) {
    for (const rl::ResizeSpec& spec : specs) {
      const rl::Plan plan = rl::make_plan(spec, in.rows(), in.cols());
      rl::Image out = rl::run(plan, in, opt);
      benchmark::DoNotOptimize(out.raw());
      extra = std::max(extra, rl::run_extra_bytes(plan, in.channels(), in.type(), opt));
    }
    benchmark::ClobberMemory();
  }
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(in.bytes()) *
                       4);
  st.counters["extra_MiB"] = static_cast<double>(extra) / (1 << 20);
}

void register_all() {
  const std::pair<int, const char*> cv_methods[] = {{cv::INTER_NEAREST, "nearest"},
                                                    {cv::INTER_LINEAR, "linear"},
                                                    {cv::INTER_CUBIC, "cubic"},
                                                    {cv::INTER_AREA, "area"}};
  for (const Shape& shape : {kDiv2k, k4k})
    for (rl::ElemType type : {rl::ElemType::U8, rl::ElemType::F32, rl::ElemType::F64})
      for (double s : kScales) {
        if (type == rl::ElemType::F64 && shape.rows != kDiv2k.rows) continue;  // float64 on one size
        const std::string suffix = join({"/", shape.name, "/", type_name(type), "/", scale_name(s)});
        for (rl::Method m : rl::builtin_methods())
          benchmark::RegisterBenchmark(join({"ours/", rl::to_string(m), suffix}).c_str(), bench_ours, shape,
                                       type, m, s, 0)
              ->Unit(benchmark::kMillisecond)
              ->UseRealTime();
        // Single-threaded, for a like-for-like comparison with Pillow (which uses one thread).
        benchmark::RegisterBenchmark(join({"ours_1thread/bicubic", suffix}).c_str(), bench_ours, shape, type,
                                     rl::Method::Bicubic, s, 1)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        for (const auto& [interp, name] : cv_methods)
          benchmark::RegisterBenchmark(join({"opencv/", name, suffix}).c_str(), bench_opencv, shape, type,
                                       interp, s)
              ->Unit(benchmark::kMillisecond)
              ->UseRealTime();
      }
  // Every element type through the same kernels (int16 must run as fast as uint16: same loads and
  // stores but for the sign): types/<method>/<shape>/<type>/<scale>, all threads and one thread.
  for (const rl::ElemInfo& e : rl::kElemTypes)
    for (double s : {0.25, 0.5, 2.0})
      for (rl::Method m : {rl::Method::Bicubic, rl::Method::Bilinear})
        for (int threads : {0, 1})
          benchmark::RegisterBenchmark(join({threads ? "types_1thread/" : "types/", rl::to_string(m), "/",
                                             kDiv2k.name, "/", e.name, "/", scale_name(s)})
                                           .c_str(),
                                       bench_ours, kDiv2k, e.type, m, s, threads)
              ->Unit(benchmark::kMillisecond)
              ->UseRealTime();
  // The machine's floors for the roofline table (bench/roofline.py): a memcpy of each case's bytes,
  // the FMA peak (float32 for the certified 8-bit kernels, float64 for the others) and the clock; and
  // bicubic forced to each SIMD level, so that avx2 and avx512 are compared in one process.
  for (rl::ElemType type : {rl::ElemType::U8, rl::ElemType::F32, rl::ElemType::F64})
    for (double s : kScales) {
      const std::string suffix = join({"/", kDiv2k.name, "/", type_name(type), "/", scale_name(s)});
      benchmark::RegisterBenchmark(join({"floor/memcpy", suffix}).c_str(), bench_memcpy_floor, kDiv2k, type,
                                   s)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark(join({"floor/write", suffix}).c_str(), bench_write_floor, kDiv2k, type, s)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      benchmark::RegisterBenchmark(join({"ours_cached_stores/nearest", suffix}).c_str(), bench_cached_stores,
                                   kDiv2k, type, rl::Method::Nearest, s)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
      for (rl::detail::CpuLevel level : {rl::detail::CpuLevel::Avx2, rl::detail::CpuLevel::Avx512})
        for (rl::Method m : {rl::Method::Bicubic, rl::Method::Nearest})
          benchmark::RegisterBenchmark(
              join({"level/", rl::detail::level_name(level), "/", rl::to_string(m), suffix}).c_str(),
              bench_level, level, kDiv2k, type, m, s)
              ->Unit(benchmark::kMillisecond)
              ->UseRealTime();
    }
  for (int strips : {0, 2, 4, 8})
    for (int threads : {0, 1})
      for (double s : {0.25, 0.5})
        benchmark::RegisterBenchmark(join({"prefetch", threads ? "_1thread/" : "/", std::to_string(strips),
                                           "/bicubic/", kDiv2k.name, "/f32/", scale_name(s)})
                                         .c_str(),
                                     bench_prefetch, strips, kDiv2k, rl::ElemType::F32, s, threads)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
  for (rl::ElemType type : {rl::ElemType::U8, rl::ElemType::F32})
    for (double s : {0.25, 0.5})
      benchmark::RegisterBenchmark(
          join({"ours_small_pages/bicubic/", kDiv2k.name, "/", type_name(type), "/", scale_name(s)}).c_str(),
          bench_small_pages, kDiv2k, type, rl::Method::Bicubic, s)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
  for (double s : kScales)
    for (rl::Method m : {rl::Method::Bicubic, rl::Method::Nearest})
      benchmark::RegisterBenchmark(
          join({"ours_fresh/", rl::to_string(m), "/", kDiv2k.name, "/u8/", scale_name(s)}).c_str(),
          bench_ours_fresh, kDiv2k, rl::ElemType::U8, m, s)
          ->Unit(benchmark::kMillisecond)
          ->UseRealTime();
#ifdef RL_HAVE_VIPS
  // libvips against ours (bench/run_roofline.sh): vips/<kernel>/<shape>/<type>/<scale>, and
  // vips_gap0/ (no box shrink first) for cubic.
  const std::pair<VipsKernel, const char*> vips_kernels[] = {
      {VIPS_KERNEL_LINEAR, "linear"}, {VIPS_KERNEL_CUBIC, "cubic"}, {VIPS_KERNEL_LANCZOS3, "lanczos3"}};
  for (rl::ElemType type : {rl::ElemType::U8, rl::ElemType::F32})
    for (double s : {0.25, 0.5, 2.0}) {
      const std::string suffix = join({"/", kDiv2k.name, "/", type_name(type), "/", scale_name(s)});
      for (const auto& [kernel, name] : vips_kernels) {
        benchmark::RegisterBenchmark(join({"vips/", name, suffix}).c_str(), bench_vips, kDiv2k, type, kernel,
                                     s, -1.0)
            ->Unit(benchmark::kMillisecond)
            ->UseRealTime();
        if (kernel == VIPS_KERNEL_CUBIC && s < 1)
          benchmark::RegisterBenchmark(join({"vips_gap0/", name, suffix}).c_str(), bench_vips, kDiv2k, type,
                                       kernel, s, 0.0)
              ->Unit(benchmark::kMillisecond)
              ->UseRealTime();
      }
    }
#endif
  benchmark::RegisterBenchmark("floor/fma/f32", bench_fma_peak, false)->UseRealTime();
  benchmark::RegisterBenchmark("floor/fma/f64", bench_fma_peak, true)->UseRealTime();
  benchmark::RegisterBenchmark("floor/clock", bench_clock)->UseRealTime();
  benchmark::RegisterBenchmark("viewer_four/4000x3000/u8/1/4", bench_viewer_four, 0)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("viewer_four_1thread/4000x3000/u8/1/4", bench_viewer_four, 1)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

}  // namespace

int main(int argc, char** argv) {
#ifdef RL_HAVE_VIPS
  if (VIPS_INIT(argv[0])) {
    std::fprintf(stderr, "rl_resize_bench: libvips failed to start: %s\n", vips_error_buffer());
    return 1;
  }
  vips_cache_set_max(0);
  vips_concurrency_set(rl::detail::thread_count(0));
#endif
  return rl::bench::run_benchmarks(argc, argv, register_all);
}
