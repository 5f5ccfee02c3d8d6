// Reading stays within bounds: only regular files, every format's header checked against the pixel
// limit before decoding, no more of a file read than its image can need, under an address-space cap
// (prlimit --as) and a timeout; TIFF layouts OpenCV cannot read or write; one-line errors; an output
// format that cannot hold the result refused before the resize.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdlib>

#include "cli_support.hpp"
#include "image_bytes.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"

namespace rl {
namespace {

using test::ScratchDir;
namespace fs = std::filesystem;

constexpr std::uint64_t kCap = std::uint64_t{512} << 20;  // the address-space cap: 512 MiB

// `imresize ARGS` with its address space capped at `as_bytes` (0: none), killed by SIGALRM after
// `seconds`, with `env` ("NAME=value") added to its environment.
test::CmdResult run_capped(const std::vector<std::string>& args, const fs::path& dir, std::uint64_t as_bytes,
                           unsigned seconds = 60, const std::vector<std::string>& env = {}) {
  const fs::path out_file = dir / ".cmd-stdout", err_file = dir / ".cmd-stderr";
  std::vector<std::string> all{RL_IMRESIZE_EXE};
  all.insert(all.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : all) argv.push_back(a.data());
  argv.push_back(nullptr);
  std::vector<std::string> env_copy = env;
  const pid_t pid = ::fork();
  if (pid == 0) {
    const int o = ::open(out_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    const int e = ::open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (o < 0 || e < 0) ::_exit(126);
    ::dup2(o, 1);
    ::dup2(e, 2);
    for (auto& kv : env_copy) ::putenv(kv.data());
    if (as_bytes && test::kAddressSpaceCapApplies) {
      const rlimit lim{as_bytes, as_bytes};
      if (::setrlimit(RLIMIT_AS, &lim) != 0) ::_exit(125);
    }
    ::alarm(seconds);  // kept across exec: a hang ends as SIGALRM (status 128 + 14)
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  test::CmdResult r;
  int status = 0;
  if (pid < 0 || ::waitpid(pid, &status, 0) != pid) return r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = test::read_text(out_file);
  r.err = test::read_text(err_file);
  fs::remove(out_file);
  fs::remove(err_file);
  return r;
}

// A refusal: exit 1, one stderr line "imresize: ..." containing `part`, no output file.
void expect_one_line_failure(const test::CmdResult& r, const std::string& part, const fs::path& output) {
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_EQ(r.err.rfind("imresize: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find(part), std::string::npos) << "stderr: " << r.err << "expected: " << part;
  EXPECT_FALSE(fs::exists(output));
}

std::vector<std::uint16_t> ramp(int n) {
  std::vector<std::uint16_t> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = static_cast<std::uint16_t>((i * 37) % 256);
  return v;
}

class CliInputBounds : public ::testing::Test {
 protected:
  ScratchDir dir;
};

TEST_F(CliInputBounds, DevZeroIsRefusedAtOnceUnderAMemoryCap) {
  const auto r = run_capped({"/dev/zero", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(r, "/dev/zero: is a character device; images are read from regular files only",
                          dir.path() / "o.png");
}

TEST_F(CliInputBounds, FifoIsRefusedWithoutWaitingForAWriter) {
  ASSERT_EQ(::mkfifo((dir / "pipe.png").c_str(), 0600), 0);
  const auto r = run_capped({dir / "pipe.png", dir / "o.png", "--scale", "0.5"}, dir.path(), 0, 20);
  expect_one_line_failure(r, "is a FIFO", dir.path() / "o.png");
}

// A NIQE model named by --model-mean or --model-cov is read as images are: a FIFO, /dev/zero, a link to
// it or a file over 1 MiB is a bad value (exit 2, one line), at once and under the memory cap.
TEST_F(CliInputBounds, NiqeModelThatIsAFifoADeviceOrTooLargeIsRefusedAtOnce) {
  fs::create_directories(dir.path() / "imgs");
  test::write_bytes(dir.path() / "imgs/a.png", test::make_png(96, 96, 0, 8, ramp(96 * 96)));
  // A good mean: 36 zeros as float64, in numpy's .npy v1.0 layout (a 118-byte header, so 128 in all).
  std::string header = "{'descr': '<f8', 'fortran_order': False, 'shape': (36,), }";
  header.append(117 - header.size(), ' ').push_back('\n');
  test::write_text(dir.path() / "mean.npy",
                   std::string("\x93NUMPY\x01\x00\x76\x00", 10) + header + std::string(36 * 8, '\0'));
  ASSERT_EQ(::mkfifo((dir / "model.fifo").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", dir.path() / "zero.npy");
  test::write_text(dir.path() / "big.npy", "\x93NUMPY");
  fs::resize_file(dir.path() / "big.npy", (1u << 20) + 1);
  for (const auto& [model, why] : std::vector<std::pair<std::string, std::string>>{
           {dir / "model.fifo", ": is a FIFO; NIQE models are read from regular files only"},
           {"/dev/zero", ": is a character device; NIQE models are read from regular files only"},
           {dir / "zero.npy", ": is a character device; NIQE models are read from regular files only"},
           {dir / "big.npy", ": larger than the 1048576-byte limit for NIQE models"}}) {
    for (const bool as_cov : {false, true}) {
      const auto t0 = std::chrono::steady_clock::now();
      const auto r =
          run_capped({"score", "--metric", "niqe", dir / "imgs", "--model-mean",
                      as_cov ? dir / "mean.npy" : model, "--model-cov", as_cov ? model : dir / "mean.npy"},
                     dir.path(), kCap, 20);
      EXPECT_LT(std::chrono::steady_clock::now() - t0, std::chrono::seconds(10)) << model;
      EXPECT_EQ(r.code, 2) << model << "\n" << r.err;
      EXPECT_EQ(r.err_lines(), 1) << r.err;
      const std::string want = std::string("imresize score: NIQE model ") +
                               (as_cov ? "covariance " : "mean ") + model + why + "\n";
      EXPECT_EQ(r.err, want);
    }
  }
}

TEST_F(CliInputBounds, TiffHeaderClaimingAGigapixelIsRefusedBeforeDecoding) {
  // 8 MB that says 32768 x 32768 (1 GiB of pixels): the header alone refuses it.
  test::write_bytes(dir.path() / "lie.tif",
                    test::make_tiff(32768, 32768, 1, 8, 1, std::vector<std::uint8_t>(8u << 20, 7)));
  const auto r = run_capped({dir / "lie.tif", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(r, "32768x32768 (1073741824 pixels), over the limit of 178956970 pixels",
                          dir.path() / "o.png");
  // With the limit raised, the cap still ends it as one line, not a crash.
  const auto raised = run_capped(
      {dir / "lie.tif", dir / "o.png", "--scale", "0.5", "--max-pixels", "2000000000"}, dir.path(), kCap);
  expect_one_line_failure(raised, "lie.tif", dir.path() / "o.png");
}

TEST_F(CliInputBounds, Float64TiffOverTheLimitIsRefusedFromItsHeader) {
  // 20000 x 20000 float64 RGB would need 9.6 GB decoded; the file holds 3 MB.
  test::write_bytes(dir.path() / "f.tif",
                    test::make_tiff(20000, 20000, 3, 64, 3, std::vector<std::uint8_t>(3u << 20, 0)));
  const auto r = run_capped({dir / "f.tif", dir / "o.tif", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(r, "over the limit of", dir.path() / "o.tif");
}

TEST_F(CliInputBounds, BmpHeaderClaimingMoreThanTheFileHoldsIsRefused) {
  test::write_bytes(dir.path() / "lie.bmp", test::make_bmp(30000, 30000, 1u << 20));
  const auto r = run_capped({dir / "lie.bmp", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(r, "truncated BMP file (1048630 bytes, the header asks for 2700000054)",
                          dir.path() / "o.png");
  // Cut in the middle of its pixels: one line too (OpenCV printed its own several lines).
  test::write_bytes(dir.path() / "cut.bmp", test::make_bmp(40, 30, 40 * 30 * 3 / 2));
  const auto cut = run_capped({dir / "cut.bmp", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(cut, "truncated BMP file", dir.path() / "o.png");
}

TEST_F(CliInputBounds, PngPaddedToAGigabyteIsReadOnlyToItsEnd) {
  const auto png = test::make_png(64, 80, 2, 8, ramp(64 * 80 * 3));
  test::write_bytes(dir.path() / "small.png", png);
  test::write_bytes(dir.path() / "padded.png", png);
  fs::resize_file(dir.path() / "padded.png", std::uint64_t{1} << 30);  // sparse: no disk used
  const auto r = run_capped({dir / "padded.png", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  const auto plain = run_capped({dir / "small.png", dir / "p.png", "--scale", "0.5"}, dir.path(), kCap);
  ASSERT_EQ(plain.code, 0) << plain.err;
  EXPECT_EQ(test::read_bytes(dir.path() / "o.png"), test::read_bytes(dir.path() / "p.png"));
}

TEST_F(CliInputBounds, TiffPaddedFarPastItsImageIsRefusedUnread) {
  const std::vector<std::uint8_t> px(8 * 6, 9);
  test::write_bytes(dir.path() / "pad.tif", test::make_tiff(8, 6, 1, 8, 1, px));
  fs::resize_file(dir.path() / "pad.tif", std::uint64_t{1} << 30);
  const auto r = run_capped({dir / "pad.tif", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(r, "more than a 6x8 TIFF image can need", dir.path() / "o.png");
}

TEST_F(CliInputBounds, PixelLimitIsTheDefaultOrTheEnvironmentOrTheOption) {
  test::write_bytes(dir.path() / "in.png", test::make_png(100, 100, 0, 8, ramp(100 * 100)));
  const std::vector<std::string> args{dir / "in.png", dir / "o.png", "--scale", "0.5"};
  const auto env = run_capped(args, dir.path(), kCap, 60, {"RL_MAX_PIXELS=9999"});
  expect_one_line_failure(env,
                          "(10000 pixels), over the limit of 9999 pixels (raise it with --max-pixels N or "
                          "RL_MAX_PIXELS=N)",
                          dir.path() / "o.png");
  std::vector<std::string> with_option = args;
  with_option.insert(with_option.end(), {"--max-pixels", "10000"});
  EXPECT_EQ(run_capped(with_option, dir.path(), kCap, 60, {"RL_MAX_PIXELS=9999"}).code, 0);
  fs::remove(dir.path() / "o.png");
  EXPECT_EQ(run_capped(args, dir.path(), kCap, 60, {"RL_MAX_PIXELS=0"}).code, 0);  // 0: no limit
  fs::remove(dir.path() / "o.png");
  const auto junk = run_capped(args, dir.path(), kCap, 60, {"RL_MAX_PIXELS=lots"});
  expect_one_line_failure(junk, "RL_MAX_PIXELS must be a whole number of pixels", dir.path() / "o.png");
  // The default: Pillow's 178,956,970 (2 x 89,478,485). 13380^2 is over it, 13370^2 under it (that
  // file then fails for its missing pixels, not for the limit).
  test::write_bytes(dir.path() / "over.png", test::make_png(13380, 13380, 0, 8, {}, 1, 1));
  test::write_bytes(dir.path() / "under.png", test::make_png(13370, 13370, 0, 8, {}, 1, 1));
  expect_one_line_failure(run_capped({dir / "over.png", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap),
                          "over the limit of 178956970 pixels", dir.path() / "o.png");
  const auto under = run_capped({dir / "under.png", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  EXPECT_EQ(under.err.find("over the limit"), std::string::npos) << under.err;
  EXPECT_EQ(under.err_lines(), 1) << under.err;
}

TEST_F(CliInputBounds, PngTwoToThe31WideIsOneLine) {
  test::write_bytes(dir.path() / "wide.png", test::make_png(0x80000000u, 1, 0, 8, {}, 1, 1));
  const auto r = run_capped({dir / "wide.png", dir / "o.png", "--scale", "0.5"}, dir.path(), kCap);
  expect_one_line_failure(r, "1x2147483648", dir.path() / "o.png");
}

TEST_F(CliInputBounds, Uint32AndFloat64RgbTiffsAreRead) {
  // Made byte by byte: 5 x 4 RGB, float64 i/7 and uint32 i * 1e6 + 7.
  std::vector<double> f(60);
  std::vector<std::uint32_t> u(60);
  for (int i = 0; i < 60; ++i) {
    f[static_cast<std::size_t>(i)] = i / 7.0;
    u[static_cast<std::size_t>(i)] = static_cast<std::uint32_t>(i) * 1000000u + 7u;
  }
  test::write_bytes(dir.path() / "f.tif", test::make_tiff(5, 4, 3, 64, 3, test::bytes_of(f)));
  test::write_bytes(dir.path() / "u.tif", test::make_tiff(5, 4, 3, 32, 1, test::bytes_of(u)));
  const auto r = run_capped({dir / "f.tif", dir / "f.npy", "--scale", "1"}, dir.path(), kCap);
  ASSERT_EQ(r.code, 0) << r.err;
  const Image back = read_npy(dir / "f.npy");
  ASSERT_EQ(back.type(), ElemType::F64);
  ASSERT_EQ(back.channels(), 3);
  for (int i = 0; i < 60; ++i) EXPECT_EQ(back.data<double>()[i], i / 7.0) << i;
  const Image uimg = io::load(dir / "u.tif");
  ASSERT_EQ(uimg.type(), ElemType::U32);
  for (int i = 0; i < 60; ++i) EXPECT_EQ(uimg.data<std::uint32_t>()[i], u[static_cast<std::size_t>(i)]) << i;
  // The command: whatever it does with uint32, it says so in one line.
  const auto ur = run_capped({dir / "u.tif", dir / "u.png", "--scale", "0.5"}, dir.path(), kCap);
  EXPECT_LE(ur.err_lines(), 1) << ur.err;
}

TEST_F(CliInputBounds, DoubleAndTwoChannelTiffOutputsKeepEveryValue) {
  Image rgb(7, 9, 3, ElemType::F64), two(7, 9, 2, ElemType::U16);
  for (int i = 0; i < 7 * 9 * 3; ++i) rgb.data<double>()[i] = std::sin(i) * 1e-3 + 0.5;
  for (int i = 0; i < 7 * 9 * 2; ++i) two.data<std::uint16_t>()[i] = static_cast<std::uint16_t>(i * 997);
  write_npy(dir / "rgb.npy", rgb);
  write_npy(dir / "two.npy", two);
  for (const std::string name : {"rgb", "two"}) {
    const auto t =
        run_capped({dir / (name + ".npy"), dir / (name + ".tif"), "--scale", "0.5"}, dir.path(), kCap);
    ASSERT_EQ(t.code, 0) << t.err;
    const auto n =
        run_capped({dir / (name + ".npy"), dir / (name + "2.npy"), "--scale", "0.5"}, dir.path(), kCap);
    ASSERT_EQ(n.code, 0) << n.err;
    const Image a = io::load(dir / (name + ".tif")), b = read_npy(dir / (name + "2.npy"));
    ASSERT_EQ(a.type(), b.type()) << name;
    ASSERT_EQ(a.channels(), b.channels()) << name;
    EXPECT_EQ(std::memcmp(a.raw(), b.raw(), a.bytes()), 0) << name;
  }
  // --as double from an 8-bit PNG to .tif: float64 in the file.
  test::write_bytes(dir.path() / "in.png", test::make_png(8, 6, 2, 8, ramp(8 * 6 * 3)));
  const auto d =
      run_capped({dir / "in.png", dir / "d.tif", "--scale", "0.5", "--as", "double"}, dir.path(), kCap);
  ASSERT_EQ(d.code, 0) << d.err;
  EXPECT_EQ(io::load(dir / "d.tif").type(), ElemType::F64);
}

TEST_F(CliInputBounds, OutputThatCannotHoldTheResultIsRefusedBeforeTheResize) {
  // A 2-channel image to .jpg at a scale whose result would be over every memory limit: the format
  // is refused first (before, the resize's limit spoke, or the encoder after the work).
  write_npy(dir / "two.npy", Image(7, 9, 2, ElemType::U8));
  const auto r = run_capped({dir / "two.npy", dir / "o.jpg", "--scale", "100000"}, dir.path(), kCap);
  expect_one_line_failure(r, ".jpg holds 1 or 3 channels, the image has 2", dir.path() / "o.jpg");
  write_npy(dir / "i32.npy", Image(7, 9, 1, ElemType::I32));
  const auto i = run_capped({dir / "i32.npy", dir / "o.png", "--scale", "100000"}, dir.path(), kCap);
  expect_one_line_failure(i, ".png cannot hold int32 (use .tif or .npy)", dir.path() / "o.png");
}

TEST_F(CliInputBounds, ScoreTakesTheSameLimit) {
  fs::create_directories(dir.path() / "hr");
  test::write_bytes(dir.path() / "hr" / "a.png", test::make_png(64, 80, 2, 8, ramp(64 * 80 * 3)));
  const std::vector<std::string> args{"score", "--bicubic",  dir / "hr", "--scale",
                                      "2",     "--protocol", "srcnn"};
  std::vector<std::string> limited = args;
  limited.insert(limited.end(), {"--max-pixels", "100"});
  const auto r = run_capped(limited, dir.path(), kCap);
  EXPECT_EQ(r.code, 1) << r.err;
  EXPECT_NE(r.err.find("failed a.png: " + (dir / "hr") +
                       "/a.png: the image is 80x64 (5120 pixels), over the limit of 100"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(run_capped(args, dir.path(), kCap, 60, {"RL_MAX_PIXELS=100"}).code, 1);
  EXPECT_EQ(run_capped(args, dir.path(), kCap).code, 0);
}

}  // namespace
}  // namespace rl
