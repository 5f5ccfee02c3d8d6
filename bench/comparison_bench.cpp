// The viewer's comparison pipeline (rl::ui::compute_comparison: four panes' resizes, their difference
// maps, statistics and display images) beside the core's resizes alone, at 2.8, 24 and 48 MP: what the
// pipeline costs beyond the resizes. Run: build/bench/rl_comparison_bench --benchmark_repetitions=3
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "rl/image_io.hpp"
#include "rl/metrics.hpp"
#include "rl/resize.hpp"
#include "rl/ui/comparison.hpp"

namespace {

// rows x cols RGB uint8 with structure everywhere (no resize path can shortcut flat regions).
rl::Image photo(int rows, int cols) {
  rl::Image img(rows, cols, 3, rl::ElemType::U8);
  auto* d = img.data<std::uint8_t>();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      auto* p = d + (static_cast<std::size_t>(r) * cols + c) * 3;
      p[0] = static_cast<std::uint8_t>((r * 7 + c * 3) & 255);
      p[1] = static_cast<std::uint8_t>(((r ^ c) * 5) & 255);
      p[2] = static_cast<std::uint8_t>((c / 16 % 2) * 200 + (r % 13));
    }
  return img;
}

// 2.8 MP (DIV2K's 2040x1356), 24 MP (6000x4000), 48 MP (8000x6000).
const std::pair<int, int> kSizes[] = {{1356, 2040}, {4000, 6000}, {6000, 8000}};

const rl::Image& source(int which) {
  static rl::Image images[3];
  if (images[which].empty()) images[which] = photo(kSizes[which].first, kSizes[which].second);
  return images[which];
}

rl::ui::Comparison comparison_of(int which, double scale) {
  rl::ui::Comparison c;
  c.source = std::make_shared<const rl::Image>(source(which));
  c.base = rl::ResizeSpec::with_scale(scale);
  c.panes.assign(rl::ui::kDefaultPanes.begin(), rl::ui::kDefaultPanes.end());
  return c;
}

void set_counters(benchmark::State& state, int which) {
  const double mp = static_cast<double>(kSizes[which].first) * kSizes[which].second / 1e6;
  state.counters["source_MP"] = mp;
}

// The four default panes' resizes (MATLAB's bicubic antialiased, nearest, bilinear, bicubic) alone.
void BM_CoreResizes(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const double scale = static_cast<double>(state.range(1)) / 100.0;
  const rl::Image& src = source(which);
  for (auto _ : state)
    for (const rl::ui::PaneConfig& p : rl::ui::kDefaultPanes) {
      rl::ResizeSpec spec = rl::ResizeSpec::with_scale(scale, p.method);
      spec.antialiasing = p.antialiasing;
      benchmark::DoNotOptimize(rl::resize(src, spec));
    }
  set_counters(state, which);
}

// The same resizes with their results kept until all are made, as the window keeps them to draw
// them: each pays for its output's fresh pages (the loop above frees each result before the next
// resize, which reuses the freed memory). A pane with the same tables as an earlier one (enlarging:
// antialiasing then changes nothing) is not resized again, as in the window.
void BM_CoreResizesKept(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const double scale = static_cast<double>(state.range(1)) / 100.0;
  const rl::Image& src = source(which);
  for (auto _ : state) {
    std::vector<rl::Image> kept;
    std::vector<const rl::ui::PaneConfig*> made;
    for (const rl::ui::PaneConfig& p : rl::ui::kDefaultPanes) {
      const bool same = std::any_of(made.begin(), made.end(), [&](const rl::ui::PaneConfig* q) {
        return q->method == p.method && (scale >= 1.0 || q->antialiasing == p.antialiasing);
      });
      if (same) continue;
      rl::ResizeSpec spec = rl::ResizeSpec::with_scale(scale, p.method);
      spec.antialiasing = p.antialiasing;
      kept.push_back(rl::resize(src, spec));
      made.push_back(&p);
    }
    benchmark::DoNotOptimize(kept.data());
  }
  set_counters(state, which);
}

// The whole model: the same resizes, then every map, statistic and display image, as the window
// opens it (range(2) 0: the maps hidden, its default) or with Show Differences on (1: each map kept
// whole and coloured, with its halvings).
void BM_ComparisonPipeline(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const double scale = static_cast<double>(state.range(1)) / 100.0;
  for (auto _ : state) {
    rl::ui::Comparison c = comparison_of(which, scale);
    c.maps_shown = state.range(2) != 0;
    rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
    benchmark::DoNotOptimize(c.diffs.data());
  }
  set_counters(state, which);
}

// Every pane compared anew on results already made (no resize): what a new reference or region
// costs (the earlier diffs dropped, so nothing is kept; the maps hidden, the window's default).
void BM_CompareOnly(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const double scale = static_cast<double>(state.range(1)) / 100.0;
  rl::ui::Comparison c = comparison_of(which, scale);
  c.maps_shown = false;
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  for (auto _ : state) {
    c.diffs.clear();
    rl::ui::compare(c);
    benchmark::DoNotOptimize(c.diffs.data());
  }
  set_counters(state, which);
}

// One pane's statistics against the reference (rl::diff_stats), the whole image in one pass.
void BM_DiffStats(benchmark::State& state) {
  const int which = static_cast<int>(state.range(0));
  const rl::Image& a = source(which);
  rl::Image b = a;
  b.data<std::uint8_t>()[7] ^= 1;
  for (auto _ : state) benchmark::DoNotOptimize(rl::diff_stats(a, b));
  set_counters(state, which);
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * 2 * a.bytes());
}

// The DIV2K SR comparison as the window opens it (`resizelab HR.png --panes matlab,file:sr1.png,
// file:sr2.png --metrics srcnn`: the reference pane at scale 1, two x4 SR files, the protocol's PSNR and
// SSIM), then one parameter change per iteration and its recompute as the window's job runs it:
// range(0) 0, the map's kind (abs <-> signed: no resize); 1, the reference pane's method (bicubic <->
// lanczos3: that pane resized again, every pane compared with it). A file pane is kept while its
// file's bytes are the same (they are read and hashed on every recompute). range(0) 2: the window's
// SR round trips instead (`--sr-scale 4 --metrics srcnn`: the four default panes x4 down and up,
// compared with the HR), pane 3's method changed (bicubic <-> lanczos3: that pane's round trip and
// scores only).
void BM_Div2kSrChange(benchmark::State& state) {
  const rl::Image& hr = source(0);
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("rl_bench_sr_" + std::to_string(getpid()))).string();
  std::filesystem::create_directories(dir);
  const rl::Image lr = rl::resize(hr, rl::ResizeSpec::with_scale(0.25));
  rl::ResizeSpec up = rl::ResizeSpec::with_size(hr.rows(), hr.cols(), rl::Method::Bilinear);
  rl::io::save(dir + "/sr1.png", rl::resize(lr, up));
  up.method = rl::Method::Lanczos3;
  rl::io::save(dir + "/sr2.png", rl::resize(lr, up));
  rl::ui::Comparison c;
  c.source = std::make_shared<const rl::Image>(hr);
  c.base = rl::ResizeSpec::with_scale(1.0);
  c.panes = {rl::ui::kDefaultPanes[0], rl::ui::file_pane(QString::fromStdString(dir + "/sr1.png")),
             rl::ui::file_pane(QString::fromStdString(dir + "/sr2.png"))};
  c.diff.protocol = rl::SrProtocol::Srcnn;
  if (state.range(0) == 2) {
    c.panes.assign(rl::ui::kDefaultPanes.begin(), rl::ui::kDefaultPanes.end());
    for (rl::ui::PaneConfig& p : c.panes) p.sr_round_trip = 4;
    c.diff.against = rl::ui::DiffAgainst::Source;
  }
  rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
  bool flip = false;
  for (auto _ : state) {
    flip = !flip;
    if (state.range(0) == 0)
      c.diff.mode = flip ? rl::DiffMode::Signed : rl::DiffMode::AbsMaxChannel;
    else
      c.panes[state.range(0) == 1 ? 0 : 3].method = flip ? rl::Method::Lanczos3 : rl::Method::Bicubic;
    rl::ui::compute_comparison(c, rl::ui::run_on_cpu, [] { return false; });
    benchmark::DoNotOptimize(c.diffs.data());
  }
  std::filesystem::remove_all(dir);
  set_counters(state, 0);
}

void Args(benchmark::internal::Benchmark* b) {
  for (int which = 0; which < 3; ++which) b->Args({which, 100});
  b->Args({1, 50});
  b->Args({2, 200});
  b->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();
}

BENCHMARK(BM_CoreResizes)->Apply(Args);
BENCHMARK(BM_CoreResizesKept)
    ->Args({2, 200})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK(BM_ComparisonPipeline)
    ->Args({0, 100, 0})
    ->Args({1, 100, 0})
    ->Args({2, 100, 0})
    ->Args({1, 50, 0})
    ->Args({2, 100, 1})
    ->Args({2, 200, 0})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK(BM_CompareOnly)->Apply(Args);
BENCHMARK(BM_Div2kSrChange)
    ->DenseRange(0, 2)
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime()
    ->MeasureProcessCPUTime();
BENCHMARK(BM_DiffStats)->DenseRange(0, 2)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

BENCHMARK_MAIN();
