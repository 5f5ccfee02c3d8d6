// `imresize` behaviour besides resizing: --help, --benchmark, --verbose, --device, defaults, `--`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <regex>

#include "cli_support.hpp"
#include "golden.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

using test::ScratchDir;
namespace fs = std::filesystem;

std::vector<std::uint16_t> ramp(int n) {
  std::vector<std::uint16_t> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<std::uint16_t>((i * 53 + i * i) % 256);
  return v;
}

TEST(CliMisc, HelpDocumentsTheWholeContract) {
  ScratchDir dir;
  for (const char* flag : {"--help", "-h"}) {
    const auto r = test::run_imresize({flag}, dir.path());
    EXPECT_EQ(r.code, 0);
    EXPECT_EQ(r.err, "");
    for (const char* word : {"imresize INPUT OUTPUT",
                             "--scale S[,S2]",
                             "--size R,C",
                             "p/q",
                             "NaN",
                             "--method",
                             "nearest",
                             "bilinear",
                             "bicubic",
                             "box",
                             "triangle",
                             "lanczos2",
                             "lanczos3",
                             "--antialiasing on|off",
                             "--boundary modern|legacy",
                             "--as keep|double|single",
                             "--device auto|cpu|cuda",
                             "--verbose",
                             "--max-pixels",
                             "--benchmark",
                             "median_ms=",
                             ".npy",
                             ".png",
                             ".tif",
                             ".jpg",
                             ".ppm",
                             "im2uint8",
                             "Exit status",
                             "temporary file"})
      EXPECT_NE(r.out.find(word), std::string::npos) << word;
  }
  // --help wins over other arguments.
  const auto r = test::run_imresize({"in.png", "--bogus", "--help"}, dir.path());
  EXPECT_EQ(r.code, 0);
}

TEST(CliMisc, BenchmarkPrintsTheMedianAndWritesOnlyWhenAsked) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "in.png", test::make_png(40, 30, 2, 8, ramp(40 * 30 * 3)));
  const auto before = test::list_dir(dir.path());
  const auto r = test::run_imresize({dir / "in.png", "--scale", "2", "--benchmark", "3"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  std::smatch m;
  ASSERT_TRUE(std::regex_match(r.out, m, std::regex("median_ms=([0-9]+\\.[0-9]+)\n"))) << r.out;
  EXPECT_GT(std::stod(m[1]), 0.0);
  EXPECT_EQ(test::list_dir(dir.path()), before);

  const auto r2 =
      test::run_imresize({dir / "in.png", dir / "b.png", "--scale", "2", "--benchmark", "2"}, dir.path());
  ASSERT_EQ(r2.code, 0) << r2.err;
  const auto r3 = test::run_imresize({dir / "in.png", dir / "n.png", "--scale", "2"}, dir.path());
  ASSERT_EQ(r3.code, 0) << r3.err;
  EXPECT_TRUE(identical(io::load(dir / "b.png"), io::load(dir / "n.png")));
}

TEST(CliMisc, VerboseNamesTheDevice) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "in.png", test::make_png(8, 6, 0, 8, ramp(48)));
  const auto r = test::run_imresize(
      {dir / "in.png", dir / "o.png", "--scale", "2", "--verbose", "--device", "cpu"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("device: CPU\n"), std::string::npos) << r.out;
  // And which CPU kernels ran: the fastest level this CPU has, or RL_CPU_LEVEL's.
  const char* forced = std::getenv("RL_CPU_LEVEL");
  // The PNG is 8-bit: it takes the certified float32 kernels wherever this process would.
  EXPECT_NE(r.out.find(std::string("cpu kernels: ") + (forced && *forced ? forced : rl::cpu_level()) +
                       (rl::cpu_certified_8bit() ? " (8-bit classes: certified float32)" : "") + "\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("6x8 -> 12x16"), std::string::npos) << r.out;
  const auto a = test::run_imresize({dir / "in.png", dir / "a.png", "--scale", "2", "--verbose"}, dir.path());
  ASSERT_EQ(a.code, 0) << a.err;
  if (cuda::device_status().ok)
    EXPECT_NE(a.out.find("device: CUDA"), std::string::npos) << a.out;
  else
    EXPECT_NE(a.out.find("device: CPU (no usable CUDA device: " + cuda::device_status().message + ")"),
              std::string::npos)
        << a.out;
  EXPECT_TRUE(identical(io::load(dir / "o.png"), io::load(dir / "a.png")));
}

TEST(CliMisc, CudaMatchesCpuWhenADeviceIsUsable) {
  if (!cuda::device_status().ok) GTEST_SKIP() << "no usable CUDA device: " << cuda::device_status().message;
  ScratchDir dir;
  const std::string in = test::golden_path("modern-lena/lena_512x512.png");
  for (const char* as : {"keep", "double"}) {
    SCOPED_TRACE(as);
    const auto g = test::run_imresize(
        {in, dir / "g.npy", "--size", "123,234", "--device", "cuda", "--as", as}, dir.path());
    ASSERT_EQ(g.code, 0) << g.err;
    const auto c = test::run_imresize({in, dir / "c.npy", "--size", "123,234", "--device", "cpu", "--as", as},
                                      dir.path());
    ASSERT_EQ(c.code, 0) << c.err;
    EXPECT_TRUE(identical(io::load(dir / "g.npy"), io::load(dir / "c.npy")));
  }
}

TEST(CliMisc, DefaultsAreBicubicModernAntialiased) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "in.png", test::make_png(9, 7, 2, 8, ramp(9 * 7 * 3)));
  ASSERT_EQ(test::run_imresize({dir / "in.png", dir / "d.npy", "--scale", "0.6"}, dir.path()).code, 0);
  ASSERT_EQ(test::run_imresize({dir / "in.png", dir / "e.npy", "--scale", "0.6", "--method", "bicubic",
                                "--antialiasing=on", "--boundary=modern", "--device=auto", "--as=keep"},
                               dir.path())
                .code,
            0);
  EXPECT_TRUE(identical(io::load(dir / "d.npy"), io::load(dir / "e.npy")));
  const Image src = io::load(dir / "in.png");
  EXPECT_TRUE(identical(io::load(dir / "d.npy"), resize(src, ResizeSpec::with_scale(0.6))));
}

TEST(CliMisc, PerAxisScaleAndFractions) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "in.png", test::make_png(9, 7, 0, 8, ramp(63)));
  const auto r = test::run_imresize(
      {dir / "in.png", dir / "o.npy", "--scale", "1/3,2.5", "--method", "triangle"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const Image out = io::load(dir / "o.npy");
  EXPECT_EQ(out.rows(), 3);   // ceil(7/3)
  EXPECT_EQ(out.cols(), 23);  // ceil(9*2.5)
  EXPECT_TRUE(identical(
      out, resize(io::load(dir / "in.png"), ResizeSpec::with_scale(1.0 / 3, 2.5, Method::Triangle))));
}

TEST(CliMisc, DoubleDashAllowsFileNamesStartingWithADash) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "-in.png", test::make_png(4, 4, 0, 8, ramp(16)));
  const auto cwd = fs::current_path();
  fs::current_path(dir.path());
  const auto r = test::run_imresize({"--scale", "2", "--", "-in.png", "-out.png"}, dir.path());
  fs::current_path(cwd);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(io::load(dir / "-out.png").rows(), 8);
}

}  // namespace
}  // namespace rl
