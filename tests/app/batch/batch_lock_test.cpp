// Runs of `imresize batch` into one folder at the same time: other settings are refused (exit 2, one
// line naming the folder and the setting) and never mixed, the same settings (shards) work together.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <thread>

#include "batch_support.hpp"
#include "rl/image_io.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

// 'PATH', as messages quote a folder (appended: GCC 12 misreports "'" + s + "'" under -Wrestrict).
std::string quoted(const fs::path& p) { return std::string(1, '\'').append(p.string()).append(1, '\''); }

bool same_pixels(const Image& a, const Image& b) {
  return a.same_shape(b) && a.type() == b.type() && std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

std::vector<Image> save_inputs(const fs::path& src, int n, int rows, int cols) {
  fs::create_directories(src);
  std::vector<Image> in;
  for (int i = 0; i < n; ++i) {
    in.push_back(noise_image(rows, cols, 3, ElemType::U8, 900u + static_cast<unsigned>(i)));
    io::save((src / ("im" + std::to_string(10 + i) + ".png")).string(), in.back());
  }
  return in;
}

// The X2 outputs under dst, each checked against imresize(in, 0.5) by `method`; the count that match.
std::size_t outputs_made_with(const fs::path& dst, const std::vector<Image>& inputs, Method method) {
  ResizeSpec spec = ResizeSpec::with_scale(0.5);
  spec.method = method;
  std::size_t n = 0;
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    const fs::path p = dst / xdir(2) / ("im" + std::to_string(10 + i) + "x2.png");
    if (fs::exists(p)) n += same_pixels(io::load(p.string()), resize(inputs[i], spec));
  }
  return n;
}

// Waits for `c`, killing it after `seconds`; its code then is -SIGKILL.
Result finish(const Child& c, int seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  pid_t got = 0;
  while ((got = ::waitpid(c.pid, &status, WNOHANG)) == 0 && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (got == 0) ::kill(c.pid, SIGKILL);
  Result r;
  r.code = got == 0 ? wait_child(c) : WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
  r.out = read_text(c.out);
  r.err = read_text(c.err);
  return r;
}

TEST(BatchLock, TwoRunsStartedTogetherWithOtherSettingsNeverMix) {
  TempDir t;
  const fs::path src = t.path() / "src";
  const std::vector<Image> inputs = save_inputs(src, 25, 48, 64);
  // Several rounds: which run checks first varies; the outcome may not.
  for (int round = 0; round < 6; ++round) {
    const fs::path dst = t.path() / ("dst" + std::to_string(round));
    const std::array<Child, 2> runs{
        start_batch({src.string(), dst.string(), "--scales", "2", "--method", "bicubic"}, t.path()),
        start_batch({src.string(), dst.string(), "--scales", "2", "--method", "nearest"}, t.path())};
    const std::array<Result, 2> r{finish(runs[0], 120), finish(runs[1], 120)};
    ASSERT_TRUE((r[0].code == 0 && r[1].code == 2) || (r[0].code == 2 && r[1].code == 0))
        << "round " << round << ": exit " << r[0].code << " and " << r[1].code << "\n"
        << r[0].err << r[1].err;
    const bool bicubic_won = r[0].code == 0;
    const Result& refused = r[bicubic_won ? 1 : 0];
    EXPECT_EQ(count_lines(refused.err), 1) << refused.err;
    EXPECT_NE(refused.err.find(quoted(dst)), std::string::npos) << refused.err;
    EXPECT_NE(refused.err.find(bicubic_won ? "--method bicubic (this run: nearest)"
                                           : "--method nearest (this run: bicubic)"),
              std::string::npos)
        << refused.err;
    // Every output is the winner's, and the record names it.
    EXPECT_EQ(files_under(dst).size(), inputs.size()) << "round " << round;
    EXPECT_EQ(outputs_made_with(dst, inputs, bicubic_won ? Method::Bicubic : Method::Nearest), inputs.size())
        << "round " << round;
    EXPECT_NE(read_text(dst / ".imresize-batch-settings")
                  .find(bicubic_won ? "\n--method bicubic\n" : "\n--method nearest\n"),
              std::string::npos);
  }
}

TEST(BatchLock, OtherSettingsAreRefusedWhileARunWritesEvenWithOverwrite) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  const std::vector<Image> inputs = save_inputs(src, 12, 48, 64);
  // Every fsync of the first run takes 200 ms (slow_fsync.cpp): it writes for seconds.
  const Child a = start_batch(
      {src.string(), dst.string(), "--scales", "2", "--jobs", "1", "--method", "bicubic"}, t.path(), {},
      {std::string("LD_PRELOAD=") + RL_SLOW_FSYNC_LIB, "RL_TEST_FSYNC_DELAY_MS=200",
       "ASAN_OPTIONS=verify_asan_link_order=0"});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(120);
  while (files_under(dst).empty() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_FALSE(files_under(dst).empty()) << "no output appeared within 120 s";
  for (const char* override_option : {"--overwrite", "--mixed-settings"}) {
    const auto t0 = std::chrono::steady_clock::now();
    const Result b = run_batch(
        {src.string(), dst.string(), "--scales", "2", "--method", "nearest", override_option}, t.path());
    EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(20));
    EXPECT_EQ(b.code, 2) << override_option << "\n" << b.out << b.err;
    EXPECT_EQ(count_lines(b.err), 1) << b.err;
    for (const std::string& part : {quoted(dst).append(" is being written by another imresize batch"),
                                    std::string("--method bicubic (this run: nearest)")})
      EXPECT_NE(b.err.find(part), std::string::npos) << b.err;
  }
  // The same settings join the run in progress (as the shards of one job do).
  const Result same =
      run_batch({src.string(), dst.string(), "--scales", "2", "--method", "bicubic"}, t.path());
  EXPECT_EQ(same.code, 0) << same.out << same.err;
  const Result first = finish(a, 300);
  EXPECT_EQ(first.code, 0) << first.out << first.err;
  EXPECT_EQ(files_under(dst).size(), inputs.size());
  EXPECT_EQ(outputs_made_with(dst, inputs, Method::Bicubic), inputs.size());
  EXPECT_FALSE(has_temp_files(dst));
  EXPECT_NE(read_text(dst / ".imresize-batch-settings").find("\n--method bicubic\n"), std::string::npos);
  // Once it has ended, --overwrite redoes the folder with other settings, as before.
  const Result redo = run_batch(
      {src.string(), dst.string(), "--scales", "2", "--method", "nearest", "--overwrite"}, t.path());
  EXPECT_EQ(redo.code, 0) << redo.out << redo.err;
  EXPECT_EQ(outputs_made_with(dst, inputs, Method::Nearest), inputs.size());
}

TEST(BatchLock, ShardsStartedTogetherShareTheFolder) {
  TempDir t;
  const fs::path src = t.path() / "src", dst = t.path() / "dst";
  const std::vector<Image> inputs = save_inputs(src, 25, 48, 64);
  std::vector<Child> shards;
  for (int i = 0; i < 3; ++i)
    shards.push_back(start_batch(
        {src.string(), dst.string(), "--scales", "2", "--shard", std::to_string(i) + "/3", "--jobs", "1"},
        t.path()));
  for (const Child& c : shards) {
    const Result r = finish(c, 120);
    EXPECT_EQ(r.code, 0) << r.out << r.err;
  }
  EXPECT_EQ(outputs_made_with(dst, inputs, Method::Bicubic), inputs.size());
}

}  // namespace
}  // namespace rl
