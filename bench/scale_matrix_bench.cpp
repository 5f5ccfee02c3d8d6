// The scale matrix: every method of ours at the scales users pick (0.3, 0.5, 0.66, 0.75, 0.9, 1.1, 1.5,
// 2, 3.3, and a size whose row and column scales differ) for uint8, uint16 and float32, beside
// OpenCV's nearest equivalent in the same run (INTER_NEAREST, INTER_LINEAR, INTER_CUBIC, INTER_AREA,
// INTER_LANCZOS4) at the same output size. The picture is a photograph, Set5's baby (the golden data),
// enlarged with our bicubic to the DIV2K size 2040x1356: how often an 8-bit sum lands near a rounding
// tie, and so how often the certified kernels recompute in float64, depends on the content (noise has
// other statistics than photographs). Time is wall time per image on the default threads of each
// library, and beside it the CPU time of the whole process (every thread's): on a shared machine under
// load the wall time measures the neighbours as much as the resize, the CPU time far less.
// bench/scale_matrix_table.py turns the JSON into the tables of docs/PERFORMANCE.md.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>
#include <string>
#include <vector>

#include "resize_dispatch.hpp"
#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "run_benchmarks.hpp"

namespace {

constexpr int kRows = 1356, kCols = 2040;

struct Scale {
  const char* name;
  double s;        // a scale for both axes, or 0 for a size
  int rows, cols;  // the size, when s == 0
};
const Scale kScales[] = {{"0.3", 0.3, 0, 0},
                         {"0.5", 0.5, 0, 0},
                         {"0.66", 0.66, 0, 0},
                         {"0.75", 0.75, 0, 0},
                         {"0.9", 0.9, 0, 0},
                         {"1.1", 1.1, 0, 0},
                         {"1.5", 1.5, 0, 0},
                         {"2", 2.0, 0, 0},
                         {"3.3", 3.3, 0, 0},
                         // rows x0.737, columns x1.471: MATLAB runs the rows first (the smaller scale)
                         {"1000x3000", 0, 1000, 3000}};

rl::ResizeSpec spec_of(const Scale& sc, rl::Method m) {
  return sc.s > 0 ? rl::ResizeSpec::with_scale(sc.s, m) : rl::ResizeSpec::with_size(sc.rows, sc.cols, m);
}

const char* type_name(rl::ElemType t) {
  return t == rl::ElemType::U8 ? "u8" : t == rl::ElemType::U16 ? "u16" : "f32";
}

// The photograph in each type: uint8, uint16 as im2uint16 (x * 257), float32 as im2single (x / 255).
const rl::Image& picture(rl::ElemType type) {
  static std::map<rl::ElemType, std::unique_ptr<rl::Image>> cache;
  auto& slot = cache[type];
  if (slot) return *slot;
  static const rl::Image u8 = [] {
    const rl::Image small = rl::io::load(RL_GOLDEN_DIR "/legacy-set5/baby_HR_x2.png");
    return rl::resize(small, rl::ResizeSpec::with_size(kRows, kCols, rl::Method::Bicubic));
  }();
  rl::Image im(kRows, kCols, u8.channels(), type);
  const std::uint8_t* p = u8.data<std::uint8_t>();
  for (std::size_t i = 0; i < u8.elements(); ++i) {
    if (type == rl::ElemType::U8)
      im.data<std::uint8_t>()[i] = p[i];
    else if (type == rl::ElemType::U16)
      im.data<std::uint16_t>()[i] = static_cast<std::uint16_t>(p[i] * 257);
    else
      im.data<float>()[i] = static_cast<float>(p[i] / 255.0);
  }
  slot = std::make_unique<rl::Image>(std::move(im));
  return *slot;
}

cv::Mat as_mat(const rl::Image& im) {
  const int depth = im.type() == rl::ElemType::U8 ? CV_8U : im.type() == rl::ElemType::U16 ? CV_16U : CV_32F;
  return cv::Mat(im.rows(), im.cols(), CV_MAKETYPE(depth, im.channels()), const_cast<void*>(im.raw()));
}

void bench_ours(benchmark::State& st, rl::ElemType type, rl::Method m, Scale sc) {
  const rl::Image& in = picture(type);
  const rl::Plan plan = rl::make_plan(spec_of(sc, m), in.rows(), in.cols());
  rl::Image out(plan.out_rows, plan.out_cols, in.channels(), in.type());  // pages mapped before timing
  const unsigned long long redone0 = rl::detail::cert_redone();
  for (auto _ : st) {
    rl::run_into(plan, in, out);
    benchmark::DoNotOptimize(out.raw());
    benchmark::ClobberMemory();
  }
  // Lanes of the certified 8-bit kernels recomputed in float64, per cent of both passes' outputs.
  const double outputs =
      static_cast<double>(st.iterations()) * in.channels() *
      (plan.order[0] == rl::Axis::Rows ? static_cast<double>(plan.out_rows) * (in.cols() + plan.out_cols)
                                       : static_cast<double>(plan.out_cols) * (in.rows() + plan.out_rows));
  st.counters["redone_pct"] = 100.0 * static_cast<double>(rl::detail::cert_redone() - redone0) / outputs;
  st.counters["out_MP"] = static_cast<double>(plan.out_rows) * plan.out_cols / 1e6;
}

// OpenCV at the same output size as ours (MATLAB's ceil(scale * size), or the size).
void bench_opencv(benchmark::State& st, rl::ElemType type, int interp, Scale sc) {
  const rl::Image& in = picture(type);
  const rl::Plan plan = rl::make_plan(spec_of(sc, rl::Method::Nearest), in.rows(), in.cols());
  const cv::Mat src = as_mat(in);
  cv::Mat dst = cv::Mat::zeros(plan.out_rows, plan.out_cols, src.type());
  for (auto _ : st) {
    cv::resize(src, dst, dst.size(), 0, 0, interp);
    benchmark::DoNotOptimize(dst.data);
    benchmark::ClobberMemory();
  }
  st.counters["out_MP"] = static_cast<double>(plan.out_rows) * plan.out_cols / 1e6;
}

void register_all() {
  const std::pair<int, const char*> cv_methods[] = {{cv::INTER_NEAREST, "nearest"},
                                                    {cv::INTER_LINEAR, "linear"},
                                                    {cv::INTER_CUBIC, "cubic"},
                                                    {cv::INTER_AREA, "area"},
                                                    {cv::INTER_LANCZOS4, "lanczos4"}};
  for (const rl::ElemType type : {rl::ElemType::U8, rl::ElemType::U16, rl::ElemType::F32})
    for (const Scale& sc : kScales) {
      const std::string suffix = std::string("/") + type_name(type) + "/" + sc.name;
      for (const rl::Method m : rl::builtin_methods())
        benchmark::RegisterBenchmark(("ours/" + rl::to_string(m) + suffix).c_str(), bench_ours, type, m, sc)
            ->Unit(benchmark::kMillisecond)
            ->MeasureProcessCPUTime()
            ->UseRealTime();
      for (const auto& [interp, name] : cv_methods)
        benchmark::RegisterBenchmark((std::string("opencv/") + name + suffix).c_str(), bench_opencv, type,
                                     interp, sc)
            ->Unit(benchmark::kMillisecond)
            ->MeasureProcessCPUTime()
            ->UseRealTime();
    }
}

}  // namespace

int main(int argc, char** argv) { return rl::bench::run_benchmarks(argc, argv, register_all); }
