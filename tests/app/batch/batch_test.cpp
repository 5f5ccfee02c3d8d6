// `imresize batch` run as a child process: the golden legacy Set5 LR/HR sets reproduced bit for bit,
// corrupt inputs reported and skipped, resume, clean interruption, options and progress output.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "batch_support.hpp"
#include "golden.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

const std::vector<std::string> kSet5 = {"baby", "bird", "butterfly", "head", "woman"};

fs::path golden(const std::string& rel) { return fs::path(test::golden_path("legacy-set5")) / rel; }

void copy_set5(const fs::path& src) {
  fs::create_directories(src);
  for (const auto& n : kSet5) fs::copy_file(golden("original/" + n + ".bmp"), src / (n + ".bmp"));
}

void expect_same_pixels(const fs::path& got_path, const fs::path& want_path) {
  ASSERT_TRUE(fs::exists(got_path)) << got_path;
  const Image got = io::load(got_path.string());
  const Image want = io::load(want_path.string());
  ASSERT_EQ(got.type(), want.type()) << got_path;
  ASSERT_TRUE(got.same_shape(want)) << got_path << ": " << got.rows() << "x" << got.cols() << "x"
                                    << got.channels() << " vs " << want.rows() << "x" << want.cols() << "x"
                                    << want.channels();
  EXPECT_TRUE(identical(got, want)) << got_path << " differs from " << want_path;
}

// The DIV2K naming {name}x{s}.png / HR/X{s}/{name}.png mapped onto the golden NAME_LR_xS / NAME_HR_xS.
void expect_set5_outputs(const fs::path& dst) {
  for (const auto& n : kSet5)
    for (int s : {2, 3, 4}) {
      const std::string xs = std::to_string(s);
      expect_same_pixels(dst / xdir(s) / (n + "x" + xs + ".png"), golden(n + "_LR_x" + xs + ".png"));
      expect_same_pixels(dst / "HR" / xdir(s) / (n + ".png"), golden(n + "_HR_x" + xs + ".png"));
    }
}

TEST(Batch, LegacySet5ReproducesMatlabLrAndHrExactlyAndResumes) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  copy_set5(src);
  const std::vector<std::string> args{src.string(), dst.string(), "--modcrop", "--boundary", "legacy",
                                      "--scales",   "2,3,4",      "--save-hr", "--jobs",     "2"};
  const Result r = run_batch(args, t.path());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("5 done, 0 skipped (outputs exist), 0 failed"), std::string::npos) << r.out;
  expect_set5_outputs(dst);
  EXPECT_EQ(files_under(dst).size(), 30u);  // 5 images x 3 scales x (LR + HR), nothing else

  // A second run finds every output and writes nothing.
  std::vector<fs::file_time_type> before;
  for (const auto& p : files_under(dst)) before.push_back(fs::last_write_time(p));
  const Result again = run_batch(args, t.path());
  ASSERT_EQ(again.code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("0 done, 5 skipped (outputs exist), 0 failed; 0 files written"), std::string::npos)
      << again.out;
  std::vector<fs::file_time_type> after;
  for (const auto& p : files_under(dst)) after.push_back(fs::last_write_time(p));
  EXPECT_EQ(before, after);

  // A missing output is redone alone; --overwrite redoes everything.
  fs::remove(dst / "X3" / "birdx3.png");
  const Result one = run_batch(args, t.path());
  ASSERT_EQ(one.code, 0) << one.out << one.err;
  EXPECT_NE(one.out.find("1 done, 4 skipped (outputs exist), 0 failed; 1 files written"), std::string::npos)
      << one.out;
  auto over = args;
  over.push_back("--overwrite");
  const Result all = run_batch(over, t.path());
  ASSERT_EQ(all.code, 0) << all.out << all.err;
  EXPECT_NE(all.out.find("5 done, 0 skipped (outputs exist), 0 failed; 30 files written"), std::string::npos)
      << all.out;
  expect_set5_outputs(dst);
}

TEST(Batch, CorruptFilesAreReportedAndSkipped) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  copy_set5(src);
  {
    std::ofstream(src / "garbage.png", std::ios::binary) << "this is not a PNG file at all";
    const std::string bmp = read_text(src / "bird.bmp");
    std::ofstream(src / "truncated.bmp", std::ios::binary) << bmp.substr(0, 40);
    std::ofstream(src / "empty.jpg", std::ios::binary);
    std::ofstream(src / "notes.txt") << "not an image extension: ignored";
  }
  const std::vector<std::string> args{src.string(), dst.string(), "--modcrop", "--boundary",
                                      "legacy",     "--scales",   "2,3,4",     "--save-hr"};
  const Result r = run_batch(args, t.path());
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  for (const char* bad : {"garbage.png", "truncated.bmp", "empty.jpg"}) {
    EXPECT_NE(r.err.find(std::string("failed ") + bad + ": "), std::string::npos) << bad << "\n" << r.err;
    EXPECT_NE(r.out.find(std::string("  failed ") + bad + ": "), std::string::npos) << bad << "\n" << r.out;
  }
  EXPECT_EQ(r.err.find("notes.txt"), std::string::npos);
  EXPECT_NE(r.out.find("5 done, 0 skipped (outputs exist), 3 failed"), std::string::npos) << r.out;
  expect_set5_outputs(dst);
  EXPECT_EQ(files_under(dst).size(), 30u);
  for (const auto& p : files_under(dst))
    EXPECT_EQ(p.filename().string().find("garbage"), std::string::npos) << p;

  // Resuming skips the good images and reports the bad ones again.
  const Result again = run_batch(args, t.path());
  EXPECT_EQ(again.code, 1);
  EXPECT_NE(again.out.find("0 done, 5 skipped (outputs exist), 3 failed"), std::string::npos) << again.out;
}

Image modcrop(const Image& in, int s) {
  const int rows = in.rows() - in.rows() % s, cols = in.cols() - in.cols() % s;
  Image out(rows, cols, in.channels(), in.type());
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int ch = 0; ch < in.channels(); ++ch) out.set(r, c, ch, in.at(r, c, ch));
  return out;
}

class BatchSignal : public ::testing::TestWithParam<int> {};

TEST_P(BatchSignal, InterruptedRunLeavesOnlyCompleteFilesAndResumes) {
  const int sig = GetParam();
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src / "sub");
  constexpr int kImages = 40;
  std::vector<Image> inputs;
  for (int i = 0; i < kImages; ++i) {
    inputs.push_back(noise_image(480, 643, 3, ElemType::U8, 100u + static_cast<unsigned>(i)));
    io::save((src / (i % 2 ? "sub" : "") / ("img" + std::to_string(100 + i) + ".png")).string(),
             inputs.back());
  }
  const std::vector<std::string> args{src.string(), dst.string(), "--modcrop", "--scales",
                                      "2,3,4",      "--save-hr",  "--jobs",    "2"};
  const Child c = start_batch(args, t.path());
  // Wait for the first complete output, then interrupt.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  bool started = false;
  while (std::chrono::steady_clock::now() < deadline) {
    for (const auto& p : files_under(dst))
      if (p.extension() == ".png" && p.filename().string()[0] != '.') started = true;
    if (started) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_TRUE(started) << "no output appeared within 120 s";
  ASSERT_EQ(::kill(c.pid, sig), 0);
  const int code = wait_child(c);
  const std::string out = read_text(c.out);
  ASSERT_EQ(code, 4) << out << read_text(c.err);
  EXPECT_NE(out.find("interrupted in"), std::string::npos) << out;
  EXPECT_FALSE(has_temp_files(dst));

  // Every file present is complete and right; the run really stopped early.
  const auto expected_lr = [&](int i, int s) {
    return resize(modcrop(inputs[static_cast<std::size_t>(i)], s), ResizeSpec::with_scale(1.0 / s));
  };
  std::size_t present = 0;
  for (int i = 0; i < kImages; ++i)
    for (int s : {2, 3, 4}) {
      const fs::path sub = i % 2 ? "sub" : "";
      const std::string name = "img" + std::to_string(100 + i);
      const fs::path lr = dst / xdir(s) / sub / (name + "x" + std::to_string(s) + ".png");
      const fs::path hr = dst / "HR" / xdir(s) / sub / (name + ".png");
      if (fs::exists(lr)) {
        ++present;
        EXPECT_TRUE(identical(io::load(lr.string()), expected_lr(i, s))) << lr;
      }
      if (fs::exists(hr)) {
        ++present;
        EXPECT_TRUE(identical(io::load(hr.string()), modcrop(inputs[static_cast<std::size_t>(i)], s))) << hr;
      }
    }
  EXPECT_EQ(present, files_under(dst).size());
  EXPECT_GT(present, 0u);
  EXPECT_LT(present, static_cast<std::size_t>(kImages * 6)) << "the run finished before the signal arrived";

  // Running again completes the set.
  const Result again = run_batch(args, t.path());
  ASSERT_EQ(again.code, 0) << again.out << again.err;
  EXPECT_EQ(files_under(dst).size(), static_cast<std::size_t>(kImages * 6));
  EXPECT_FALSE(has_temp_files(dst));
  for (int i : {0, kImages - 1})
    for (int s : {2, 3, 4}) {
      const fs::path sub = i % 2 ? "sub" : "";
      const fs::path lr =
          dst / xdir(s) / sub / ("img" + std::to_string(100 + i) + "x" + std::to_string(s) + ".png");
      EXPECT_TRUE(identical(io::load(lr.string()), expected_lr(i, s))) << lr;
    }
}

INSTANTIATE_TEST_SUITE_P(
    Signals, BatchSignal, ::testing::Values(SIGINT, SIGTERM, SIGHUP), [](const auto& info) {
      return std::string(info.param == SIGINT ? "SIGINT" : info.param == SIGTERM ? "SIGTERM" : "SIGHUP");
    });

TEST(Batch, StaleTempFilesOfDeadRunsAreRemoved) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  copy_set5(src);
  fs::create_directories(dst / "X2");
  // pid 2^22 + 1 is above Linux's pid_max limit, so no such process can exist.
  const fs::path stale = dst / "X2" / ".babyx2.rl-tmp-4194305-0.png";
  std::ofstream(stale) << "half a file";
  const fs::path foreign = dst / "X2" / "keep-me.txt";
  std::ofstream(foreign) << "not ours";
  const Result r = run_batch({src.string(), dst.string(), "--scales", "2"}, t.path());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(foreign));
}

TEST(Batch, KeepsSubfoldersTypeAndChannelsAndReportsNameClashes) {
  TempDir t;
  const fs::path src = t.path() / "src";
  const fs::path dst = src / "out";  // inside the source: must not be read back as input
  fs::create_directories(src / "a" / "b");
  const Image grey16 = noise_image(101, 77, 1, ElemType::U16, 7);
  const Image rgba = noise_image(64, 90, 4, ElemType::U8, 8);
  io::save((src / "a" / "b" / "p.png").string(), grey16);
  io::save((src / "a" / "b" / "p.tif").string(), grey16);  // same stem: would overwrite p's outputs
  io::save((src / "q.png").string(), rgba);
  const std::vector<std::string> args{src.string(), dst.string(), "--scales", "3,2,3",
                                      "--method",   "lanczos3",   "--jobs",   "3"};
  const Result r = run_batch(args, t.path());
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("failed a/b/p.tif: its outputs would have the same names as those of 'a/b/p.png'"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.out.find("3 images under"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("scales 3,2,"), std::string::npos) << r.out;  // duplicates dropped
  EXPECT_NE(r.out.find("2 done, 0 skipped (outputs exist), 1 failed; 4 files written"), std::string::npos)
      << r.out;
  for (int s : {2, 3}) {
    ResizeSpec spec = ResizeSpec::with_scale(1.0 / s, Method::Lanczos3);
    const std::string xs = std::to_string(s);
    const Image p = io::load((dst / xdir(s) / "a" / "b" / ("px" + xs + ".png")).string());
    EXPECT_EQ(p.type(), ElemType::U16);
    EXPECT_TRUE(identical(p, resize(grey16, spec)));  // no modcrop: ceil(101/s) x ceil(77/s)
    EXPECT_EQ(p.rows(), (101 + s - 1) / s);
    const Image q = io::load((dst / xdir(s) / ("qx" + xs + ".png")).string());
    EXPECT_EQ(q.channels(), 4);
    EXPECT_TRUE(identical(q, resize(rgba, spec)));
  }
  // The second run sees the same three sources, not the outputs under src/out.
  const Result again = run_batch(args, t.path());
  EXPECT_EQ(again.code, 1);
  EXPECT_NE(again.out.find("3 images under"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("0 done, 2 skipped (outputs exist), 1 failed; 0 files written"), std::string::npos)
      << again.out;
}

TEST(Batch, OutputsInTheSourceFolderAreNotReadBack) {
  TempDir t;
  const fs::path dir = t.path() / "data";
  fs::create_directories(dir);
  io::save((dir / "a.png").string(), noise_image(20, 30, 3, ElemType::U8, 3));
  const std::vector<std::string> args{dir.string(), dir.string(), "--scales", "2,3", "--save-hr"};
  const Result r = run_batch(args, t.path());
  ASSERT_EQ(r.code, 0) << r.out << r.err;
  const Result again = run_batch(args, t.path());
  ASSERT_EQ(again.code, 0) << again.out << again.err;
  EXPECT_NE(again.out.find("1 images under"), std::string::npos) << again.out;
  EXPECT_NE(again.out.find("0 done, 1 skipped"), std::string::npos) << again.out;
  EXPECT_EQ(files_under(dir).size(), 5u);  // a.png, X2/ax2.png, X3/ax3.png, HR/X2/a.png, HR/X3/a.png
  // Another scale later: the X2, X3 and HR folders of the first run are still not inputs.
  const Result x4 = run_batch({dir.string(), dir.string(), "--scales", "4"}, t.path());
  ASSERT_EQ(x4.code, 0) << x4.out << x4.err;
  EXPECT_NE(x4.out.find("1 images under"), std::string::npos) << x4.out;
  EXPECT_EQ(files_under(dir).size(), 6u);
}

TEST(Batch, ImageSmallerThanTheScaleFailsAloneWithModcrop) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  fs::create_directories(src);
  io::save((src / "tiny.png").string(), noise_image(3, 9, 3, ElemType::U8, 1));
  io::save((src / "ok.png").string(), noise_image(9, 9, 3, ElemType::U8, 2));
  const Result r = run_batch({src.string(), dst.string(), "--scales", "2,4", "--modcrop"}, t.path());
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.err.find("failed tiny.png: x4: the image is 3x9, smaller than the scale 4"), std::string::npos)
      << r.err;
  EXPECT_TRUE(fs::exists(dst / "X4" / "okx4.png"));
  EXPECT_EQ(io::load((dst / "X4" / "okx4.png").string()).rows(), 2);  // modcrop 9 -> 8, then 8/4
}

struct BadArgs {
  std::string name;
  std::vector<std::string> args;  // SRC and DST are prepended unless the case is about them
  std::string message;
  bool with_dirs = true;
};

void PrintTo(const BadArgs& b, std::ostream* os) { *os << b.name; }

class BatchOptions : public ::testing::TestWithParam<BadArgs> {};

TEST_P(BatchOptions, BadOptionExitsWithOneLine) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  copy_set5(src);
  std::vector<std::string> args;
  if (GetParam().with_dirs) args = {src.string(), dst.string()};
  for (const auto& a : GetParam().args)
    args.push_back(a == "@SRC" ? src.string() : a == "@DST" ? dst.string() : a);
  const Result r = run_batch(args, t.path());
  EXPECT_GE(r.code, 1);
  EXPECT_LE(r.code, 125);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find(GetParam().message), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_FALSE(fs::exists(dst));
}

INSTANTIATE_TEST_SUITE_P(
    Cases, BatchOptions,
    ::testing::Values(
        BadArgs{"NoScales", {}, "--scales is required"},
        BadArgs{"ZeroScale", {"--scales", "2,0"}, "--scales must be a whole number from 1 to 1000, got '0'"},
        BadArgs{"FractionScale",
                {"--scales", "2.5"},
                "--scales must be a whole number from 1 to 1000, got '2.5'"},
        BadArgs{"EmptyScale", {"--scales", "2,,3"}, "--scales must be a whole number from 1 to 1000, got ''"},
        BadArgs{"RepeatedScales", {"--scales", "2", "--scales", "3"}, "--scales given more than once"},
        BadArgs{"UnknownOption", {"--scales", "2", "--frobnicate"}, "unknown option '--frobnicate'"},
        BadArgs{"BadMethod", {"--scales", "2", "--method", "cubic"}, "unknown method 'cubic'"},
        BadArgs{"BadBoundary", {"--scales", "2", "--boundary", "mirror"}, "unknown boundary 'mirror'"},
        BadArgs{"BadDevice",
                {"--scales", "2", "--device", "tpu"},
                "--device must be auto, cpu or cuda (gpu is the same as cuda), got 'tpu'"},
        BadArgs{"BadJobs",
                {"--scales", "2", "--jobs", "0"},
                "--jobs must be a whole number from 1 to 1024, got '0'"},
        BadArgs{"MissingValue", {"--scales"}, "--scales needs a value"},
        BadArgs{"FlagWithValue", {"--scales", "2", "--modcrop=yes"}, "--modcrop takes no value"},
        BadArgs{"OneFolder", {"@SRC", "--scales", "2"}, "expected SRC_DIR and DST_DIR", false},
        BadArgs{
            "ThreeFolders", {"@SRC", "@DST", "extra", "--scales", "2"}, "unexpected argument 'extra'", false},
        BadArgs{"MissingSource",
                {"/nonexistent/rl-batch-src", "@DST", "--scales", "2"},
                "source folder '/nonexistent/rl-batch-src' does not exist",
                false}),
    [](const auto& info) { return info.param.name; });

TEST(Batch, EmptySourceFolderIsAnError) {
  TempDir t;
  fs::create_directories(t.path() / "src");
  const Result r =
      run_batch({(t.path() / "src").string(), (t.path() / "dst").string(), "--scales", "2"}, t.path());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(count_lines(r.err), 1) << r.err;
  EXPECT_NE(r.err.find("no images"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(t.path() / "dst"));
}

TEST(Batch, DeviceChoiceIsReportedOnce) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  copy_set5(src);
  const cuda::Status st = cuda::device_status();
  const Result cuda_run =
      run_batch({src.string(), dst.string(), "--scales", "2", "--device", "cuda"}, t.path());
  const Result auto_run =
      run_batch({src.string(), (t.path() / "dst-auto").string(), "--scales", "2"}, t.path());
  ASSERT_EQ(auto_run.code, 0) << auto_run.err;
  if (st) {
    EXPECT_EQ(cuda_run.code, 0) << cuda_run.err;
    EXPECT_NE(auto_run.out.find(", CUDA"), std::string::npos) << auto_run.out;
  } else {
    // No usable device: --device cuda refuses with the reason; auto falls back and says so once.
    EXPECT_EQ(cuda_run.code, 3);
    EXPECT_EQ(cuda_run.err, "imresize batch: --device cuda: no usable CUDA device: " + st.message + "\n");
    EXPECT_FALSE(fs::exists(dst));  // refused before anything was created
    const std::string note = "CPU (no usable CUDA device: " + st.message + ")";
    const auto at = auto_run.out.find(note);
    EXPECT_NE(at, std::string::npos) << auto_run.out;
    EXPECT_EQ(auto_run.out.find("CUDA", at + note.size()), std::string::npos) << auto_run.out;
  }
}

TEST(Batch, HelpGoesToStdout) {
  TempDir t;
  const Result r = run_batch({"--help"}, t.path());
  EXPECT_EQ(r.code, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_NE(r.out.find("usage: imresize batch SRC_DIR DST_DIR --scales"), std::string::npos);
}

// On a terminal the progress is one line redrawn with a carriage return and ends with the summary.
TEST(Batch, ProgressBarOnATerminal) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  copy_set5(src);
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(RL_BATCH_EXE, RL_BATCH_EXE, "batch", src.c_str(), dst.c_str(), "--scales", "2,3", "--jobs", "1",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::string text;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO once the child has exited and closed the terminal
    text.append(buf, static_cast<std::size_t>(n));
  }
  ::close(master);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << text;
  EXPECT_NE(text.find("\r\033[K["), std::string::npos) << text;
  EXPECT_NE(text.find("5/5 images (100%)"), std::string::npos) << text;
  EXPECT_NE(text.find("ETA"), std::string::npos) << text;
  EXPECT_NE(text.find("images/s"), std::string::npos) << text;
  EXPECT_NE(text.find("finished in"), std::string::npos) << text;
}

}  // namespace
}  // namespace rl
