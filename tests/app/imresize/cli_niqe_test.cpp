// `imresize score --metric niqe DIR`: the table, the files, the model options and every bad input as
// one line with no file written. The values themselves are checked in tests/core/niqe_test.cpp (a
// second implementation) and tests/python/test_niqe.py (a published MATLAB value, and the module
// against this command to the last bit).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "cli_support.hpp"
#include "golden.hpp"
#include "rl/npy.hpp"

namespace rl::test {
namespace {

const std::string kBaboon = golden_dir() + "/modern-baboon/baboon.png";

// image -> the NIQE column of the table.
std::map<std::string, std::string> niqe_rows(const std::string& out) {
  std::map<std::string, std::string> rows;
  std::istringstream in(out);
  for (std::string line; std::getline(in, line);) {
    std::istringstream l(line);
    std::string name, value, rest;
    if (l >> name >> value && !(l >> rest)) rows[name] = value;
  }
  return rows;
}

TEST(ScoreNiqeCli, TableFilesAndProtocols) {
  ScratchDir dir;
  const fs::path imgs = dir.path() / "imgs";
  fs::create_directories(imgs);
  fs::copy_file(kBaboon, imgs / "baboon.png");
  const CmdResult r = run_imresize(
      {"score", "--metric", "niqe", imgs.string(), "--csv", dir / "n.csv", "--json", dir / "n.json"},
      dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto rows = niqe_rows(r.out);
  ASSERT_TRUE(rows.count("baboon") && rows.count("mean")) << r.out;
  EXPECT_EQ(rows.at("baboon"), rows.at("mean"));
  // baboon has flat 7x7 windows (13 of them at full size, 1 at half size): said in one line.
  EXPECT_NE(r.out.find("baboon.png: 14 pixels in flat 7x7 windows"), std::string::npos) << r.out;
  const std::string csv = read_text(dir.path() / "n.csv");
  EXPECT_EQ(csv.substr(0, csv.find('\n')), "image,file,niqe");
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 3);
  const std::string value = csv.substr(
      csv.find("baboon.png,") + 11, csv.find('\n', csv.find("baboon.png,")) - csv.find("baboon.png,") - 11);
  char four[32];
  std::snprintf(four, sizeof four, "%.4f", std::stod(value));
  EXPECT_EQ(four, rows.at("baboon"));
  EXPECT_NE(read_text(dir.path() / "n.json").find("\"niqe\": " + value), std::string::npos);
  EXPECT_NE(read_text(dir.path() / "n.json").find("\"protocol\": \"release\""), std::string::npos);
  const CmdResult p =
      run_imresize({"score", "--metric", "niqe", imgs.string(), "--protocol", "pirm"}, dir.path());
  ASSERT_EQ(p.code, 0) << p.err;
  EXPECT_NE(niqe_rows(p.out).at("baboon"), rows.at("baboon"));
}

TEST(ScoreNiqeCli, BadInputsOneLineEachAndNoFileWritten) {
  ScratchDir dir;
  const fs::path imgs = dir.path() / "imgs", empty = dir.path() / "empty";
  fs::create_directories(imgs);
  fs::create_directories(empty);
  fs::copy_file(kBaboon, imgs / "baboon.png");
  std::vector<std::uint16_t> small(60 * 60 * 3, 100);
  write_bytes(imgs / "small.png", make_png(60, 60, 2, 8, small));
  write_text(dir.path() / "old.csv", "keep me\n");
  const auto one_line = [&](std::vector<std::string> args, int code, const std::string& what) {
    const CmdResult r = run_imresize(args, dir.path());
    EXPECT_EQ(r.code, code) << what << "\n" << r.err;
    EXPECT_NE(r.err.find(what), std::string::npos) << r.err;
    EXPECT_EQ(read_text(dir.path() / "old.csv"), "keep me\n");
  };
  const std::string csv = (dir.path() / "old.csv").string();
  one_line({"score", "--metric", "niqe", imgs.string(), "--csv", csv}, 1,
           "failed small.png: NIQE needs at least one 96x96 block");
  one_line({"score", "--metric", "psnr", imgs.string()}, 2, "--metric takes niqe");
  one_line({"score", "--metric", "niqe", imgs.string(), "--protocol", "srcnn"}, 2,
           "--protocol takes release, pirm");
  one_line({"score", "--metric", "niqe"}, 2, "takes one folder");
  one_line({"score", "--metric", "niqe", empty.string()}, 2, "no images in");
  one_line({"score", "--metric", "niqe", imgs.string(), "--model-mean", "m.npy"}, 2, "go together");
  one_line({"score", "--metric", "niqe", imgs.string(), "--model-mean", "m.npy", "--model-cov", "c.npy",
            "--csv", csv},
           2, "NIQE model mean m.npy");  // a model that cannot be read is a bad value
  one_line({"score", "--metric", "niqe", (dir.path() / "none").string()}, 1, "is not a folder");
  const CmdResult help = run_imresize({"score", "--metric", "niqe", "--help"}, dir.path());
  EXPECT_EQ(help.code, 0);
  EXPECT_NE(help.out.find("PIRM 2018 challenge calc_scores.m"), std::string::npos);
}

// A model whose mean is out of range (1e300 everywhere, with a fine covariance) is refused by that
// cause, through the same core check as Python's model=; not blamed on the covariance.
TEST(ScoreNiqeCli, AModelOutOfRangeIsNamed) {
  ScratchDir dir;
  const fs::path imgs = dir.path() / "imgs";
  fs::create_directories(imgs);
  fs::copy_file(kBaboon, imgs / "baboon.png");
  Image mean(1, 36, 1, ElemType::F64), cov(36, 36, 1, ElemType::F64);
  for (int i = 0; i < 36; ++i) {
    mean.data<double>()[i] = 1e300;
    cov.data<double>()[i * 36 + i] = 1.0;
  }
  write_npy((dir.path() / "m.npy").string(), mean);
  write_npy((dir.path() / "c.npy").string(), cov);
  const CmdResult r = run_imresize({"score", "--metric", "niqe", imgs.string(), "--model-mean", dir / "m.npy",
                                    "--model-cov", dir / "c.npy"},
                                   dir.path());
  EXPECT_EQ(r.code, 1) << r.err;
  // inf or NaN (inf - inf) by the order of the sums: either way an overflow.
  EXPECT_NE(r.err.find("failed baboon.png: the NIQE distance is not a finite non-negative number ("),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("): the model's mean is out of range, d * inv(cov) * d' overflows (the model's mean "
                       "minus the image's mean features: 1e+300 at feature 1)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.err.find("semi-definite"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rl::test
