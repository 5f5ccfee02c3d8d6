// The SR degradations from the command: the published Bicubic row of the BD table through
// `imresize score --bicubic --degradation bd`, the same LR bits from `imresize degrade`, `imresize
// batch` and the core, DN against its published row, and every bad option as one line, exit 2,
// nothing written.
#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "cli_support.hpp"
#include "golden.hpp"
#include "rl/degrade.hpp"
#include "rl/image_io.hpp"

namespace rl::test {
namespace {

const std::string kSet5 = golden_dir() + "/legacy-set5/original";

// The Bicubic row of the BD table at x3 on Set5: 28.78 / 0.8308 (Zhang et al., RDN, CVPR 2018,
// Table 3, and Zhang et al., RCAN, ECCV 2018, the BD table; LR made by imresize_BD of
// RCAN_TestCode/Prepare_TestData_HR_LR.m). Reproduced with the srcnn protocol (uint8 Y, shave =
// scale); the rcan protocol's single-precision Y gives 28.79 / 0.8319 instead.
TEST(DegradeCli, BdSet5BicubicRowAsPublished) {
  ScratchDir dir;
  for (const char* boundary : {"modern", "legacy"}) {
    const CmdResult r = run_imresize({"score", "--bicubic", kSet5, "--scale", "3", "--protocol", "srcnn",
                                      "--degradation", "bd", "--boundary", boundary},
                                     dir.path());
    ASSERT_EQ(r.code, 0) << r.err;
    const auto rows = table_rows(r.out);
    ASSERT_TRUE(rows.count("mean")) << r.out;
    EXPECT_EQ(rows.at("mean"), (std::pair<std::string, std::string>{"28.78", "0.8308"})) << boundary << r.out;
  }
}

// DN's Bicubic row at x3 on Set5 is 24.01 / 0.5369 (RDN, CVPR 2018, Table 3). Our noise is not
// MATLAB's randn('seed',0) draw, so the row can only be close: with seeds 0..2 it is 23.96 .. 24.12
// dB and 0.533 .. 0.544; the test allows 0.25 dB and 0.015 (a draw of sigma-30 noise over Set5's LR
// pixels moves the mean PSNR by about 0.1 dB).
TEST(DegradeCli, DnSet5BicubicRowIsCloseToThePublishedOne) {
  ScratchDir dir;
  const CmdResult r = run_imresize(
      {"score", "--bicubic", kSet5, "--scale", "3", "--protocol", "srcnn", "--degradation", "dn"},
      dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const auto mean = table_rows(r.out).at("mean");
  EXPECT_NEAR(std::stod(mean.first), 24.01, 0.25) << r.out;
  EXPECT_NEAR(std::stod(mean.second), 0.5369, 0.015) << r.out;
}

// The BD LR images of Set5 at x2, x3 and x4: `imresize batch --modcrop --degradation bd`,
// `imresize degrade` and the core's degrade() give the same pixels.
TEST(DegradeCli, BatchDegradeAndCoreAgree) {
  ScratchDir dir;
  const CmdResult b = run_imresize(
      {"batch", kSet5, dir / "out", "--scales", "2,3,4", "--modcrop", "--degradation", "bd"}, dir.path());
  ASSERT_EQ(b.code, 0) << b.err;
  for (const char* name : {"baby", "bird", "butterfly", "head", "woman"})
    for (int s : {2, 3, 4}) {
      const std::string hr = kSet5 + "/" + name + ".bmp", lr = dir / "lr.png";
      const std::string x = std::to_string(s);
      const CmdResult d = run_imresize({"degrade", hr, lr, "--scale", x, "--degradation", "bd"}, dir.path());
      ASSERT_EQ(d.code, 0) << d.err;
      DegradeOptions o;
      o.model = Degradation::Bd;
      o.scale = s;
      const Image core = degrade(io::load(hr), o);
      fs::path batch_file = dir.path() / "out";
      batch_file /= "X" + x;
      batch_file /= name;
      batch_file += "x" + x + ".png";
      const Image from_batch = io::load(batch_file.string());
      EXPECT_TRUE(identical(io::load(lr), core)) << name << " x" << s;
      EXPECT_TRUE(identical(from_batch, core)) << name << " x" << s;
    }
}

// Bad options: one line, exit 2, no output (and an existing output untouched).
TEST(DegradeCli, BadOptionsOneLineNothingWritten) {
  ScratchDir dir;
  const std::string in = kSet5 + "/baby.bmp", out = dir / "lr.png";
  write_text(out, "keep me");
  const std::vector<std::vector<std::string>> bad = {
      {"degrade", in, out, "--scale", "2.5", "--degradation", "bd"},
      {"degrade", in, out, "--scale", "3", "--degradation", "bd", "--sigma", "0"},
      {"degrade", in, out, "--scale", "3", "--degradation", "bd", "--sigma", "-1.6"},
      {"degrade", in, out, "--scale", "3", "--degradation", "bd", "--sigma", "1e9"},
      {"degrade", in, out, "--scale", "3", "--degradation", "dn", "--noise", "0"},
      {"degrade", in, out, "--scale", "3", "--degradation", "dn", "--noise", "nan"},
      {"degrade", in, out, "--scale", "3", "--degradation", "bd-vsr"},
      {"degrade", in, out, "--scale", "3", "--degradation", "bd", "--noise", "5"},
      {"degrade", in, out, "--scale", "3", "--degradation", "bd", "--seed", "1"},
      {"degrade", in, out, "--scale", "3", "--degradation", "blur"},
      {"degrade", in, out, "--scale", "3"},
      {"batch", kSet5, dir / "b", "--scales", "2,3", "--degradation", "bd-vsr"},
      {"batch", kSet5, dir / "b", "--scales", "3", "--degradation", "bd", "--sigma", "0"},
      {"batch", kSet5, dir / "b", "--scales", "3", "--degradation", "bd", "--method", "lanczos3"},
      {"score", "--bicubic", kSet5, "--scale", "3", "--protocol", "srcnn", "--degradation", "dn", "--noise",
       "-30"},
      {"score", kSet5, kSet5, "--scale", "3", "--protocol", "srcnn", "--degradation", "bd"},
  };
  for (const auto& args : bad) {
    const CmdResult r = run_imresize(args, dir.path());
    std::string line;
    for (const auto& a : args) line += a + " ";
    EXPECT_EQ(r.code, 2) << line << r.err;
    EXPECT_EQ(r.err_lines(), 1) << line << r.err;
    EXPECT_EQ(read_text(out), "keep me") << line;
    EXPECT_FALSE(fs::exists(dir.path() / "b")) << line;
  }
}

// A kernel larger than the image works (replicate padding), BD-VSR at x4 and DN at x2 run.
TEST(DegradeCli, TinyImageAndOtherModels) {
  ScratchDir dir;
  Image tiny(4, 4, 3, ElemType::U8);
  for (std::size_t i = 0; i < tiny.elements(); ++i)
    tiny.data<std::uint8_t>()[i] = static_cast<std::uint8_t>(i * 37);
  io::save(dir / "tiny.png", tiny);
  for (const auto& [model, scale] : std::vector<std::pair<std::string, std::string>>{
           {"bd", "3"}, {"bd", "4"}, {"bd-vsr", "4"}, {"dn", "2"}, {"bi", "2"}}) {
    const CmdResult r = run_imresize(
        {"degrade", dir / "tiny.png", dir / "lr.png", "--scale", scale, "--degradation", model}, dir.path());
    ASSERT_EQ(r.code, 0) << model << r.err;
    const Image lr = io::load(dir / "lr.png");
    const int n = 4 / std::stoi(scale);
    EXPECT_EQ(lr.rows(), n) << model;
    EXPECT_EQ(lr.cols(), n) << model;
  }
}

}  // namespace
}  // namespace rl::test
