// Images per second of `imresize batch` on generated DIV2K-size PNGs, next to a one-thread loop of
// decode, modcrop, resize and encode over the same files in the same run (the plain script's way).
//   rl_batch_bench [--images N] [--rows R] [--cols C] [--jobs J] [--scales 2,3,4] [--work DIR]
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "batch.hpp"
#include "rl/image.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

// A photo-like picture: smooth colour gradients, a few edges and mild noise, so PNG compresses it
// about as much as a real photograph (pure noise would make decoding and encoding unrealistically slow).
rl::Image make_picture(int rows, int cols, unsigned seed) {
  rl::Image im = rl::Image::uninitialized(rows, cols, 3, rl::ElemType::U8);
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> noise(-6, 6);
  const double fx = 0.003 + 0.001 * (seed % 5), fy = 0.002 + 0.0015 * (seed % 3);
  auto* p = im.data<std::uint8_t>();
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < 3; ++k) {
        double v = 128 + 90 * std::sin(fx * c * (k + 1) + fy * r) * std::cos(fy * r * 0.7 - 0.5 * k);
        if (((r / 97) + (c / 131)) % 7 == 0) v = 255 - v;  // hard edges
        v += noise(rng);
        *p++ = static_cast<std::uint8_t>(std::min(255.0, std::max(0.0, std::round(v))));
      }
  return im;
}

std::vector<int> parse_list(const std::string& s) {
  std::vector<int> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t comma = s.find(',', start);
    out.push_back(std::stoi(s.substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return out;
}

// "X" + std::to_string(s) trips GCC 12's false -Wrestrict at -O3; append does not.
std::string xdir(int s) { return std::string("X").append(std::to_string(s)); }
std::string lr_name(const std::string& stem, int s) {
  return std::string(stem).append("x").append(std::to_string(s)).append(".png");
}

std::string join(const std::vector<int>& v) {
  std::string s;
  for (int x : v) s.append(s.empty() ? "" : ",").append(std::to_string(x));
  return s;
}

// CPU seconds (user + system, all threads) of this process so far: on a shared machine the wall
// time depends on the other load, the CPU time per image much less.
double cpu_seconds() {
  struct rusage ru {};
  ::getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec);
}

struct Timing {
  double wall, cpu;
};

// The baseline: one thread, one image after the other, a plan per image, no overlap.
Timing one_thread_loop(const std::vector<fs::path>& files, const std::vector<int>& scales,
                       const fs::path& dst) {
  const auto t0 = Clock::now();
  const double c0 = cpu_seconds();
  rl::RunOptions one;
  one.threads = 1;
  for (const fs::path& f : files) {
    const rl::Image hr = rl::io::load(f.string());
    for (int s : scales) {
      const int rows = hr.rows() - hr.rows() % s, cols = hr.cols() - hr.cols() % s;
      rl::Image crop = rl::Image::uninitialized(rows, cols, hr.channels(), hr.type());
      for (int r = 0; r < rows; ++r)
        std::memcpy(crop.data<std::uint8_t>() + static_cast<std::size_t>(r) * crop.row_stride(),
                    hr.data<std::uint8_t>() + static_cast<std::size_t>(r) * hr.row_stride(),
                    crop.row_stride());
      const rl::Image lr = rl::resize(crop, rl::ResizeSpec::with_scale(1.0 / s), one);
      const fs::path out = dst / xdir(s) / lr_name(f.stem().string(), s);
      fs::create_directories(out.parent_path());
      rl::io::save(out.string(), lr);
    }
  }
  return {std::chrono::duration<double>(Clock::now() - t0).count(), cpu_seconds() - c0};
}

// `imresize batch SRC DST --modcrop --scales ... --jobs J`, its own output silenced.
Timing batch_command(const fs::path& src, const fs::path& dst, const std::vector<int>& scales, int jobs) {
  std::vector<std::string> args{"batch",      src.string(), dst.string(), "--modcrop", "--scales",
                                join(scales), "--device",   "cpu",        "--jobs",    std::to_string(jobs)};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  const int devnull = ::open("/dev/null", O_WRONLY);
  ::dup2(devnull, STDOUT_FILENO);
  const auto t0 = Clock::now();
  const double c0 = cpu_seconds();
  const int rc = rl::app::batch_main(static_cast<int>(args.size()), argv.data());
  const Timing t{std::chrono::duration<double>(Clock::now() - t0).count(), cpu_seconds() - c0};
  std::fflush(stdout);
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  ::close(devnull);
  if (rc != 0) throw std::runtime_error("imresize batch exited with " + std::to_string(rc));
  return t;
}

}  // namespace

int main(int argc, char** argv) {
  int images = 100, rows = 1356, cols = 2040;
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  std::string scales_arg = "2,3,4";
  fs::path work = fs::temp_directory_path() / "rl-batch-bench";
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i], v = argv[i + 1];
    if (a == "--images")
      images = std::stoi(v);
    else if (a == "--rows")
      rows = std::stoi(v);
    else if (a == "--cols")
      cols = std::stoi(v);
    else if (a == "--jobs")
      jobs = std::stoi(v);
    else if (a == "--scales")
      scales_arg = v;
    else if (a == "--work")
      work = v;
    else {
      std::fprintf(stderr, "rl_batch_bench: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  try {
    const std::vector<int> scales = parse_list(scales_arg);
    fs::remove_all(work);
    const fs::path src = work / "src";
    fs::create_directories(src);
    // Eight distinct pictures, copied to N files: every file is still decoded on its own.
    const auto g0 = Clock::now();
    std::vector<fs::path> files;
    for (int i = 0; i < images; ++i) {
      char name[32];
      std::snprintf(name, sizeof name, "%04d.png", i + 1);
      files.push_back(src / name);
      if (i < 8)
        rl::io::save(files.back().string(), make_picture(rows, cols, static_cast<unsigned>(i)));
      else
        fs::copy_file(files[static_cast<std::size_t>(i % 8)], files.back());
    }
    std::uintmax_t bytes = 0;
    for (const auto& f : files) bytes += fs::file_size(f);
    std::printf(
        "rl_batch_bench: %d images %dx%d RGB uint8 PNG (%.1f MB on disk, generated in %.1f s), "
        "bicubic, modern boundary, --modcrop; %u hardware threads, batch --jobs %d\n",
        images, cols, rows, static_cast<double>(bytes) / 1e6,
        std::chrono::duration<double>(Clock::now() - g0).count(), std::thread::hardware_concurrency(), jobs);
    std::printf("%-8s %-28s %10s %10s %8s %14s\n", "scales", "run", "seconds", "images/s", "speedup",
                "CPU s/image");
    std::vector<std::vector<int>> sets;
    for (int s : scales) sets.push_back({s});
    if (scales.size() > 1) sets.push_back(scales);
    for (const auto& set : sets) {
      const std::string tag = join(set);
      const Timing loop = one_thread_loop(files, set, work / ("loop-" + tag));
      const Timing batch = batch_command(src, work / ("batch-" + tag), set, jobs);
      std::printf("%-8s %-28s %10.2f %10.2f %8s %14.3f\n", tag.c_str(), "one-thread loop", loop.wall,
                  images / loop.wall, "1.00", loop.cpu / images);
      char speed[16];
      std::snprintf(speed, sizeof speed, "%.2f", loop.wall / batch.wall);
      std::printf("%-8s %-28s %10.2f %10.2f %8s %14.3f\n", tag.c_str(),
                  ("imresize batch --jobs " + std::to_string(jobs)).c_str(), batch.wall, images / batch.wall,
                  speed, batch.cpu / images);
      std::fflush(stdout);
      for (int s : set) {  // both ways must have produced the same pixels
        const std::string rel = xdir(s).append("/").append(lr_name("0001", s));
        if (!rl::identical(rl::io::load((work / ("loop-" + tag) / rel).string()),
                           rl::io::load((work / ("batch-" + tag) / rel).string())))
          throw std::runtime_error(rel + ": the batch and the loop differ");
      }
      fs::remove_all(work / ("loop-" + tag));
      fs::remove_all(work / ("batch-" + tag));
    }
    fs::remove_all(work);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "rl_batch_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
