// CPU resize benchmarks with their peers in the same run: our core for every method against OpenCV's
// cv::resize (nearest, linear, cubic, area) at the same output sizes, plus the viewer's four default
// results on a 12-megapixel image. Time is wall time per image; bytes/s counts the input image.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "rl/plan.hpp"
#include "rl/resize.hpp"

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
  const int depth = im.type() == rl::ElemType::U8 ? CV_8U : CV_32F;
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
const char* type_name(rl::ElemType t) { return t == rl::ElemType::U8 ? "u8" : "f32"; }

void set_counters(benchmark::State& st, const rl::Image& in, const rl::Plan& plan) {
  st.SetBytesProcessed(static_cast<std::int64_t>(st.iterations()) * static_cast<std::int64_t>(in.bytes()));
  st.counters["out_MP"] = static_cast<double>(plan.out_rows) * plan.out_cols / 1e6;
}

// Our core: plan made once, output preallocated; run_into allocates only the intermediate.
void bench_ours(benchmark::State& st, Shape shape, rl::ElemType type, rl::Method method, double scale,
                int threads) {
  const rl::Image& in = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale, method), in.rows(), in.cols());
  // Zero-filled, so its pages are mapped before timing (first-touch faults are not the resize's).
  rl::Image out(plan.out_rows, plan.out_cols, in.channels(), in.type());
  const rl::RunOptions opt{threads};
  for (auto _ : st) {
    rl::run_into(plan, in, out, opt);
    benchmark::DoNotOptimize(out.raw());
    benchmark::ClobberMemory();
  }
  set_counters(st, in, plan);
  st.counters["extra_MiB"] =
      static_cast<double>(rl::run_extra_bytes(plan, in.channels(), in.type(), opt)) / (1 << 20);
  st.counters["taps"] = plan.table(plan.order[0]).taps;
}

// OpenCV at the same output size (MATLAB's ceil(scale * size)).
void bench_opencv(benchmark::State& st, Shape shape, rl::ElemType type, int interp, double scale) {
  const rl::Image& in = image(shape.rows, shape.cols, type);
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(scale), in.rows(), in.cols());
  const cv::Mat src = as_mat(in);
  cv::Mat dst = cv::Mat::zeros(plan.out_rows, plan.out_cols, src.type());  // pages mapped before timing
  for (auto _ : st) {
    cv::resize(src, dst, dst.size(), 0, 0, interp);
    benchmark::DoNotOptimize(dst.data);
    benchmark::ClobberMemory();
  }
  set_counters(st, in, plan);
}

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
    for (rl::ElemType type : {rl::ElemType::U8, rl::ElemType::F32})
      for (double s : kScales) {
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
  benchmark::RegisterBenchmark("viewer_four/4000x3000/u8/1/4", bench_viewer_four, 0)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
  benchmark::RegisterBenchmark("viewer_four_1thread/4000x3000/u8/1/4", bench_viewer_four, 1)
      ->Unit(benchmark::kMillisecond)
      ->UseRealTime();
}

}  // namespace

int main(int argc, char** argv) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
