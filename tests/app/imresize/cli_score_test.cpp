// `imresize score`: the published plain-bicubic Set5 baselines through --bicubic, the pairing rule,
// and every bad input as one line with no CSV written.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <sstream>

#include "cli_support.hpp"
#include "golden.hpp"
#include "score.hpp"

namespace rl::test {
namespace {

const std::string kSet5 = golden_dir() + "/legacy-set5/original";

// The plain-bicubic row of the SR tables for Set5, as every paper prints it: x2 33.66 / 0.9299,
// x3 30.39 / 0.8682, x4 28.42 / 0.8104 (Kim et al., VDSR, CVPR 2016, Table 3; the same row in
// Lai et al., LapSRN, CVPR 2017 is 3-digit; Lim et al., EDSR, CVPRW 2017, Table 3; Zhang et al.,
// RCAN, ECCV 2018, Table 3). PSNR per image at x3 from Dong et al., SRCNN, ECCV 2014, Table 1
// (bicubic: baby 33.91, bird 32.58, butterfly 24.04, head 32.88, woman 28.56). Those tables come
// from SRCNN's demo_SR.m protocol on LR images made by pre-R2015b MATLAB (legacy boundary).
TEST(ScoreCli, BicubicSet5ReproducesThePublishedBaselines) {
  ScratchDir dir;
  const std::map<int, std::pair<std::string, std::string>> published = {
      {2, {"33.66", "0.9299"}}, {3, {"30.39", "0.8682"}}, {4, {"28.42", "0.8104"}}};
  for (const auto& [scale, mean] : published) {
    const CmdResult r = run_imresize({"score", "--bicubic", kSet5, "--scale", std::to_string(scale),
                                      "--protocol", "srcnn", "--boundary", "legacy"},
                                     dir.path());
    ASSERT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    const auto rows = table_rows(r.out);
    ASSERT_TRUE(rows.count("mean")) << r.out;
    EXPECT_EQ(rows.at("mean"), mean) << "x" << scale << "\n" << r.out;
    if (scale == 3) {
      EXPECT_EQ(rows.at("baby").first, "33.91");
      EXPECT_EQ(rows.at("bird").first, "32.58");
      EXPECT_EQ(rows.at("butterfly").first, "24.04");
      EXPECT_EQ(rows.at("head").first, "32.88");
      EXPECT_EQ(rows.at("woman").first, "28.56");
    }
  }
}

// The Bicubic row of LapSRN's tables for Set5 (Lai et al., "Fast and Accurate Image Super-Resolution
// with Deep Laplacian Pyramid Networks", TPAMI 2018, arXiv 1710.01992, the Bicubic row of its
// benchmark table): x2 33.69 / 0.931, x4 28.43 / 0.811, x8 24.40 / 0.658. LapSRN's own scripts make
// it (phoenix104104/LapSRN evaluate_MSLapSRN_dataset.m, utils/evaluate_SR.m): the LR by imresize of
// im2double(HR) in double, never rounded to uint8, the bicubic image by imresize back in double,
// im2uint8 of it scored; MATLAB R2017a, so the modern boundary. Rounding the LR to uint8 first (as the
// LR files of every other benchmark are) gives 33.67 / 0.930 at x2.
TEST(ScoreCli, BicubicSet5ReproducesLapsrnsRow) {
  ScratchDir dir;
  const std::map<int, std::pair<std::string, std::string>> published = {
      {2, {"33.69", "0.931"}}, {4, {"28.43", "0.811"}}, {8, {"24.40", "0.658"}}};
  for (const auto& [scale, mean] : published) {
    const CmdResult r = run_imresize(
        {"score", "--bicubic", kSet5, "--scale", std::to_string(scale), "--protocol", "lapsrn"}, dir.path());
    ASSERT_EQ(r.code, 0) << r.err;
    const auto rows = table_rows(r.out);
    ASSERT_TRUE(rows.count("mean")) << r.out;
    EXPECT_EQ(rows.at("mean").first, mean.first) << "x" << scale << "\n" << r.out;
    char ssim3[16];
    std::snprintf(ssim3, sizeof ssim3, "%.3f", std::stod(rows.at("mean").second));
    EXPECT_EQ(ssim3, mean.second) << "x" << scale << "\n" << r.out;
  }
}

// A wiring test: every protocol's columns and the files; the values of rcan, basicsr, basicsr-rgb, ntire
// and lapsrn are checked against their scripts reimplemented outside the code in
// tests/python/test_metrics.py (whose test_score_equals_the_command_to_the_last_bit shows the module and
// this command print the same bits), their SSIMs in tests/core/ssim_test.cpp. The published bicubic row
// anchors srcnn only: under rcan's Evaluate_PSNR_SSIM.m steps the same LR files score 33.67 / 30.40 /
// 28.43 dB (docs/METRICS.md), not the 33.66 / 30.39 / 28.42 that EDSR's and RCAN's tables print.
TEST(ScoreCli, AllProtocolsSideBySideAndFilesWritten) {
  ScratchDir dir;
  const CmdResult r = run_imresize({"score", "--bicubic", kSet5, "--scale", "4", "--protocol", "all",
                                    "--boundary", "legacy", "--csv", dir / "s.csv", "--json", dir / "s.json"},
                                   dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  for (const char* p : {"srcnn", "rcan", "basicsr", "basicsr-rgb", "ntire", "lapsrn"})
    EXPECT_NE(r.out.find(std::string(p) + " PSNR"), std::string::npos) << p;
  const std::string csv = read_text(dir.path() / "s.csv");
  EXPECT_EQ(
      csv.substr(0, csv.find('\n')),
      "image,sr,hr,srcnn_psnr,srcnn_ssim,rcan_psnr,rcan_ssim,basicsr_psnr,basicsr_ssim,basicsr-rgb_psnr,"
      "basicsr-rgb_ssim,ntire_psnr,ntire_ssim,lapsrn_psnr,lapsrn_ssim");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 7);  // header, 5 images, mean
  EXPECT_NE(csv.find("\nmean,,,28.42"), std::string::npos);
  EXPECT_NE(read_text(dir.path() / "s.json").find("\"srcnn\": {\"psnr\": 28.42"), std::string::npos);
}

// The documented pairing rule: the longest HR name that is a prefix, followed by nothing, x<scale>,
// or a separator.
TEST(ScoreCli, PairingRule) {
  const std::vector<std::string> hr = {"0001", "0010", "baby", "img_1"};
  EXPECT_EQ(app::pair_sr_name("0001", hr, 4), 0u);
  EXPECT_EQ(app::pair_sr_name("0001x4", hr, 4), 0u);
  EXPECT_EQ(app::pair_sr_name("0010x4", hr, 4), 1u);
  EXPECT_EQ(app::pair_sr_name("baby_SRx4", hr, 4), 2u);
  EXPECT_EQ(app::pair_sr_name("baby-edsr", hr, 4), 2u);
  EXPECT_EQ(app::pair_sr_name("img_10x4", hr, 4), std::nullopt);  // "0x4" after img_1: no rule
  EXPECT_EQ(app::pair_sr_name("0001x3", hr, 4), std::nullopt);    // another scale
  EXPECT_EQ(app::pair_sr_name("babyface", hr, 4), std::nullopt);
}

std::vector<std::uint16_t> pattern(int rows, int cols, int ch, int seed) {
  std::vector<std::uint16_t> v;
  for (int i = 0; i < rows * cols * ch; ++i)
    v.push_back(static_cast<std::uint16_t>((i * 37 + seed * 11) % 256));
  return v;
}

// Folders SR and HR under dir holding one RGB pair (sr_name, hr_name), 8- or 16-bit, and the
// output of `imresize score SR HR --scale 2 --protocol protocol`.
CmdResult score_one_pair(const ScratchDir& dir, const std::string& tag, const std::string& sr_name,
                         const std::vector<std::uint16_t>& sr, const std::string& hr_name,
                         const std::vector<std::uint16_t>& hr, int rows, int cols, int bits,
                         const char* protocol) {
  const fs::path sr_dir = dir.path() / ("sr" + tag), hr_dir = dir.path() / ("hr" + tag);
  fs::create_directories(sr_dir);
  fs::create_directories(hr_dir);
  write_bytes(sr_dir / sr_name, make_png(cols, rows, 2, bits, sr));
  write_bytes(hr_dir / hr_name, make_png(cols, rows, 2, bits, hr));
  return run_imresize({"score", sr_dir.string(), hr_dir.string(), "--scale", "2", "--protocol", protocol},
                      dir.path());
}

TEST(ScoreCli, IdenticalPairsAndTheInfiniteMean) {
  ScratchDir dir;
  const CmdResult r = score_one_pair(dir, "", "a_SRx2.png", pattern(20, 24, 3, 1), "a.png",
                                     pattern(20, 24, 3, 1), 20, 24, 8, "srcnn");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("inf"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("left out of the mean"), std::string::npos) << r.out;
}

// 16-bit files are scored as im2uint8 of them, said in one line: v * 257 reads back as v.
TEST(ScoreCli, SixteenBitScoredAsIm2uint8) {
  ScratchDir dir;
  std::vector<std::uint16_t> hr16 = pattern(24, 24, 3, 1), sr16 = pattern(24, 24, 3, 2);
  for (auto* v : {&hr16, &sr16})
    for (std::uint16_t& x : *v) x = static_cast<std::uint16_t>(x * 257);
  const CmdResult r16 = score_one_pair(dir, "16", "ax2.png", sr16, "a.png", hr16, 24, 24, 16, "rcan");
  const CmdResult r8 = score_one_pair(dir, "8", "ax2.png", pattern(24, 24, 3, 2), "a.png",
                                      pattern(24, 24, 3, 1), 24, 24, 8, "rcan");
  ASSERT_EQ(r16.code, 0) << r16.err;
  ASSERT_EQ(r8.code, 0) << r8.err;
  EXPECT_EQ(std::count(r16.out.begin(), r16.out.end(), '\n'), 5);  // 2 notes, header, row, mean
  EXPECT_NE(r16.out.find("is 16-bit: scored as im2uint8"), std::string::npos) << r16.out;
  EXPECT_EQ(r16.out.substr(r16.out.rfind("\na ")), r8.out.substr(r8.out.rfind("\na ")));  // row and mean
}

// Each bad input: one line on stderr, the right exit code, no CSV (an existing one untouched).
TEST(ScoreCli, BadInputsOneLineEachAndNoPartialCsv) {
  ScratchDir dir;
  const fs::path sr = dir.path() / "sr", hr = dir.path() / "hr", empty = dir.path() / "empty";
  for (const fs::path& p : {sr, hr, empty}) fs::create_directories(p);
  write_text(dir.path() / "old.csv", "keep me\n");
  const auto score = [&](std::vector<std::string> extra) {
    std::vector<std::string> a = {"score",      sr.string(), hr.string(), "--scale",      "2",
                                  "--protocol", "rcan",      "--csv",     dir / "old.csv"};
    a.insert(a.end(), extra.begin(), extra.end());
    return run_imresize(a, dir.path());
  };
  // A failed image: exit 1, its line and the "no CSV/JSON written" line, the old CSV untouched.
  const auto expect_failed = [&](const std::string& line) {
    const CmdResult f = score({});
    EXPECT_EQ(f.code, 1);
    EXPECT_EQ(f.err_lines(), 2) << f.err;
    EXPECT_NE(f.err.find(line), std::string::npos) << f.err;
    EXPECT_EQ(read_text(dir.path() / "old.csv"), "keep me\n");
  };
  // Empty folder: nothing to do.
  CmdResult r =
      run_imresize({"score", "--bicubic", empty.string(), "--scale", "2", "--protocol", "srcnn"}, dir.path());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("no images in"), std::string::npos) << r.err;
  // A good pair, plus an unpaired SR file.
  write_bytes(hr / "good.png", make_png(24, 24, 2, 8, pattern(24, 24, 3, 1)));
  write_bytes(sr / "goodx2.png", make_png(24, 24, 2, 8, pattern(24, 24, 3, 2)));
  write_bytes(sr / "stray.png", make_png(24, 24, 2, 8, pattern(24, 24, 3, 2)));
  expect_failed("skipped stray.png: no HR image");
  fs::remove(sr / "stray.png");
  // Size mismatch.
  write_bytes(hr / "big.png", make_png(32, 24, 2, 8, pattern(24, 32, 3, 1)));
  write_bytes(sr / "big_SRx2.png", make_png(24, 24, 2, 8, pattern(24, 24, 3, 1)));
  expect_failed("failed big_SRx2.png vs big.png: sizes differ");
  fs::remove(sr / "big_SRx2.png");
  fs::remove(hr / "big.png");
  // Corrupt file.
  write_text(hr / "bad.png", "not a png");
  write_bytes(sr / "bad.png", make_png(24, 24, 2, 8, pattern(24, 24, 3, 1)));
  expect_failed("failed bad.png vs bad.png:");
  fs::remove(sr / "bad.png");
  fs::remove(hr / "bad.png");
  // Grey against RGB under an RGB protocol.
  write_bytes(sr / "good.png", make_png(24, 24, 0, 8, pattern(24, 24, 1, 1)));
  fs::remove(sr / "goodx2.png");
  r = run_imresize({"score", sr.string(), hr.string(), "--scale", "2", "--protocol", "ntire"}, dir.path());
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err_lines(), 2) << r.err;  // the failure and "no image could be scored"
  EXPECT_NE(r.err.find("ntire scores every channel"), std::string::npos) << r.err;
  // The good pair alone: scored, CSV replaced atomically.
  fs::remove(sr / "good.png");
  write_bytes(sr / "goodx2.png", make_png(24, 24, 2, 8, pattern(24, 24, 3, 2)));
  r = score({});
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_text(dir.path() / "old.csv").substr(0, 11), "image,sr,hr");
  // Usage errors.
  for (const std::vector<std::string>& a : std::vector<std::vector<std::string>>{
           {"score", sr.string(), hr.string(), "--protocol", "srcnn"},
           {"score", sr.string(), hr.string(), "--scale", "2", "--protocol", "matlab"},
           {"score", sr.string(), hr.string(), "--scale", "0", "--protocol", "srcnn"},
           {"score", sr.string(), "--scale", "2", "--protocol", "srcnn"}}) {
    r = run_imresize(a, dir.path());
    EXPECT_EQ(r.code, 2);
    EXPECT_EQ(r.err_lines(), 1) << r.err;
  }
}

}  // namespace
}  // namespace rl::test
