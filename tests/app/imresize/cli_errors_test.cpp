// Every failure of `imresize` (bad files, bad options, limits): an exit code in 1..125, exactly one
// stderr line "imresize: ...", no file created, every existing file (an existing OUTPUT included)
// byte-identical afterwards.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstring>
#include <map>

#include "cli_support.hpp"
#include "npy_bytes.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"

namespace rl {
namespace {

using test::npy_bytes;
using test::ScratchDir;
namespace fs = std::filesystem;

std::vector<std::uint16_t> ramp(int n, int mul = 37) {
  std::vector<std::uint16_t> v(n);
  for (int i = 0; i < n; ++i) v[i] = static_cast<std::uint16_t>((i * mul) % 256);
  return v;
}

class CliErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    test::write_bytes(dir.path() / "in.png", test::make_png(8, 6, 2, 8, ramp(8 * 6 * 3)));
    test::write_bytes(dir.path() / "existing.png", test::make_png(3, 2, 0, 8, ramp(6, 91)));
    test::write_bytes(dir.path() / "existing.npy", npy_encode(Image(2, 3, 1, ElemType::F64)));
  }

  // Runs `imresize INPUT OUTPUT args...` twice, once to a new OUTPUT and once over an existing one,
  // and checks the failure contract both times.
  void expect_failure(const std::string& input, const std::vector<std::string>& args,
                      const std::string& message_part, int code = 0, const std::string& ext = ".png") {
    for (const std::string& out : {"new" + ext, "existing" + ext}) {
      std::vector<std::string> all{input.find('/') == std::string::npos ? dir / input : input, dir / out};
      all.insert(all.end(), args.begin(), args.end());
      expect_failure_raw(all, message_part, code);
    }
  }

  void expect_failure_raw(const std::vector<std::string>& args, const std::string& message_part,
                          int code = 0) {
    test::expect_refused(dir.path(), args, message_part, code);
  }

  ScratchDir dir;
};

// ---- Input files -------------------------------------------------------------------------------

TEST_F(CliErrors, ZeroByteFile) {
  test::write_bytes(dir.path() / "zero.png", {});
  expect_failure("zero.png", {"--scale", "2"}, "empty", 1);
}

TEST_F(CliErrors, TruncatedPng) {
  auto png = test::make_png(40, 30, 2, 8, ramp(40 * 30 * 3));
  png.resize(png.size() / 2);
  test::write_bytes(dir.path() / "trunc.png", png);
  expect_failure("trunc.png", {"--scale", "2"}, "truncated PNG", 1);
}

TEST_F(CliErrors, PngWithBadChecksum) {
  auto png = test::make_png(8, 8, 0, 8, ramp(64));
  png[60] ^= 0x55;  // inside the IDAT data
  test::write_bytes(dir.path() / "crc.png", png);
  expect_failure("crc.png", {"--scale", "2"}, "corrupt PNG", 1);
}

TEST_F(CliErrors, TruncatedJpeg) {
  Image img(48, 64, 3, ElemType::U8);
  for (int r = 0; r < 48; ++r)
    for (int c = 0; c < 64; ++c)
      for (int ch = 0; ch < 3; ++ch) img.set(r, c, ch, (r * 5 + c * 3 + ch * 70) % 256);
  io::save(dir / "full.jpg", img);
  auto bytes = test::read_bytes(dir.path() / "full.jpg");
  ASSERT_GT(bytes.size(), 400u);
  fs::remove(dir.path() / "full.jpg");
  bytes.resize(bytes.size() * 2 / 3);
  test::write_bytes(dir.path() / "trunc.jpg", bytes);
  expect_failure("trunc.jpg", {"--scale", "2"}, "truncated JPEG", 1);
}

TEST_F(CliErrors, TextFileNamedPng) {
  test::write_text(dir.path() / "text.png", "this is not an image\n");
  expect_failure("text.png", {"--scale", "2"}, "not a readable image", 1);
}

TEST_F(CliErrors, PngHeaderClaimsHugeSize) {
  // A valid, tiny file whose IHDR says 100000 x 100000: refused from the header, before decoding.
  test::write_bytes(dir.path() / "bomb.png", test::make_png(100000, 100000, 2, 8, {}, 2, 4));
  expect_failure("bomb.png", {"--scale", "1/2"}, "100000x100000", 1);
}

TEST_F(CliErrors, MissingInput) { expect_failure("missing.png", {"--scale", "2"}, "no such file", 1); }

TEST_F(CliErrors, InputIsAFolder) {
  fs::create_directory(dir.path() / "folder.png");
  expect_failure("folder.png", {"--scale", "2"}, "folder", 1);
}

// ---- Output --------------------------------------------------------------------------------------

TEST_F(CliErrors, OutputFolderMissing) {
  expect_failure_raw({dir / "in.png", dir / "nofolder/out.png", "--scale", "2"}, "does not exist", 1);
  EXPECT_FALSE(fs::exists(dir.path() / "nofolder"));
}

TEST_F(CliErrors, OutputFolderNotWritable) {
  if (::geteuid() == 0) {
    // Permission bits do not stop root; /proc/self refuses new files even to root.
    expect_failure_raw({dir / "in.png", "/proc/self/out.png", "--scale", "2"}, "not writable", 1);
    EXPECT_FALSE(fs::exists("/proc/self/out.png"));
    return;
  }
  fs::create_directory(dir.path() / "ro");
  test::write_bytes(dir.path() / "ro" / "existing.png", test::read_bytes(dir.path() / "existing.png"));
  fs::permissions(dir.path() / "ro", fs::perms::owner_read | fs::perms::owner_exec);
  const auto before = test::list_dir(dir.path() / "ro");
  expect_failure_raw({dir / "in.png", dir / "ro/out.png", "--scale", "2"}, "not writable", 1);
  expect_failure_raw({dir / "in.png", dir / "ro/existing.png", "--scale", "2"}, "not writable", 1);
  EXPECT_EQ(test::list_dir(dir.path() / "ro"), before);
  EXPECT_EQ(test::read_bytes(dir.path() / "ro" / "existing.png"),
            test::read_bytes(dir.path() / "existing.png"));
  fs::permissions(dir.path() / "ro", fs::perms::owner_all);
}

TEST_F(CliErrors, OutputIsAFolder) {
  fs::create_directory(dir.path() / "outdir.png");
  expect_failure_raw({dir / "in.png", dir / "outdir.png", "--scale", "2"}, "folder", 1);
}

TEST_F(CliErrors, OutputFormatUnsupported) {
  expect_failure("in.png", {"--scale", "2"}, "unsupported format", 2, ".xyz");
  expect_failure_raw({dir / "in.png", dir / "noext", "--scale", "2"}, "no file extension", 2);
}

TEST_F(CliErrors, OutputFormatCannotHoldChannels) {
  test::write_bytes(dir.path() / "five.npy", npy_encode(Image(4, 4, 5, ElemType::U8)));
  expect_failure("five.npy", {"--scale", "2"}, "5", 1, ".png");
  expect_failure("five.npy", {"--scale", "2"}, "5", 1, ".jpg");
}

TEST_F(CliErrors, OutputEqualsInputIsUntouchedOnFailure) {
  // Same file as INPUT and OUTPUT, and the resize fails: the file keeps its bytes.
  expect_failure_raw({dir / "existing.png", dir / "existing.png", "--scale", "1e9"}, "too large", 1);
  expect_failure_raw({dir / "existing.npy", dir / "existing.npy", "--scale", "-1"}, "positive", 2);
}

TEST_F(CliErrors, OutputEqualsInputIsReplacedByRename) {
  const fs::path p = dir.path() / "same.png";
  test::write_bytes(p, test::make_png(8, 6, 2, 8, ramp(8 * 6 * 3)));
  // A second name for the same inode: an in-place overwrite would change it, a rename does not.
  fs::create_hard_link(p, dir.path() / "link.png");
  const auto old_bytes = test::read_bytes(p);
  const auto r = test::run_imresize({p.string(), p.string(), "--scale", "2"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(test::read_bytes(dir.path() / "link.png"), old_bytes);
  const Image out = io::load(p.string());
  EXPECT_EQ(out.rows(), 12);
  EXPECT_EQ(out.cols(), 16);
  EXPECT_EQ(test::list_dir(dir.path()),
            (std::set<std::string>{"existing.npy", "existing.png", "in.png", "link.png", "same.png"}));
}

// ---- .npy ----------------------------------------------------------------------------------------

TEST_F(CliErrors, NpyBadMagic) {
  auto b = npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", 32);
  b[1] = 'X';
  test::write_bytes(dir.path() / "magic.npy", b);
  expect_failure("magic.npy", {"--scale", "2"}, "bad magic", 1, ".npy");
}

TEST_F(CliErrors, NpyZeroBytesAndTruncatedHeader) {
  test::write_bytes(dir.path() / "zero.npy", {});
  expect_failure("zero.npy", {"--scale", "2"}, "invalid .npy", 1, ".npy");
  auto b = npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }", 32);
  b.resize(40);
  test::write_bytes(dir.path() / "short.npy", b);
  expect_failure("short.npy", {"--scale", "2"}, "truncated header", 1, ".npy");
}

TEST_F(CliErrors, NpyUnsupportedDtypes) {
  const std::pair<const char*, const char*> cases[] = {
      {"<c16", "unsupported .npy dtype '<c16'"},  // complex
      {"|O", "unsupported .npy dtype '|O'"},      // object
      {">f8", "big-endian"},
      {"<i8", "unsupported .npy dtype '<i8'"}};  // int64: no MATLAB imresize class
  for (const auto& [descr, msg] : cases) {
    SCOPED_TRACE(descr);
    test::write_bytes(
        dir.path() / "dtype.npy",
        npy_bytes(std::string("{'descr': '") + descr + "', 'fortran_order': False, 'shape': (2, 2), }", 64));
    expect_failure("dtype.npy", {"--scale", "2"}, msg, 1, ".npy");
  }
}

TEST_F(CliErrors, NpyFortranOrder) {
  test::write_bytes(dir.path() / "f.npy",
                    npy_bytes("{'descr': '<f8', 'fortran_order': True, 'shape': (2, 3), }", 48));
  expect_failure("f.npy", {"--scale", "2"}, "Fortran", 1, ".npy");
}

TEST_F(CliErrors, NpyShapeDoesNotMatchData) {
  test::write_bytes(dir.path() / "short.npy",
                    npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4, 4), }", 15 * 8));
  expect_failure("short.npy", {"--scale", "2"}, "the shape needs 128", 1, ".npy");
  test::write_bytes(dir.path() / "long.npy",
                    npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (4, 4), }", 17));
  // A longer file is refused before its data is read (the reader's bound, not the decoder's).
  expect_failure("long.npy", {"--scale", "2"}, "more than a 4x4x1 uint8 .npy image holds", 1, ".npy");
}

TEST_F(CliErrors, NpyShapeProductOverflows) {
  test::write_bytes(
      dir.path() / "ovf.npy",
      npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2147483647, 2147483647, 2147483647), }",
                8));
  expect_failure("ovf.npy", {"--scale", "2"}, "overflows", 1, ".npy");
  // Each side fits, the byte count of float64 does not (2^62 elements x 8 bytes).
  test::write_bytes(
      dir.path() / "ovf2.npy",
      npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2147483647, 2147483647, 2), }", 8));
  expect_failure("ovf2.npy", {"--scale", "2"}, "invalid .npy", 1, ".npy");
}

TEST_F(CliErrors, NpyWrongDimensions) {
  test::write_bytes(dir.path() / "d1.npy",
                    npy_bytes("{'descr': '<f8', 'fortran_order': False, 'shape': (4,), }", 32));
  expect_failure("d1.npy", {"--scale", "2"}, "1-D", 1, ".npy");
  test::write_bytes(dir.path() / "d4.npy",
                    npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (1, 2, 2, 2), }", 8));
  expect_failure("d4.npy", {"--scale", "2"}, "4-D", 1, ".npy");
  test::write_bytes(dir.path() / "empty.npy",
                    npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (0, 3), }", 0));
  expect_failure("empty.npy", {"--scale", "2"}, "empty", 1, ".npy");
}

// ---- Scales, sizes, options ---------------------------------------------------------------------

TEST_F(CliErrors, BadScales) {
  const std::pair<const char*, const char*> cases[] = {
      {"0", "positive finite"},     {"-1", "positive finite"},  {"-0.5", "positive finite"},
      {"NaN", "positive finite"},   {"inf", "positive finite"}, {"-inf", "positive finite"},
      {"1/0", "divides by zero"},   {"0/0", "divides by zero"}, {"abc", "not a number"},
      {"", "not a number"},         {"1/3/4", "not a number"},  {"2,3,4", "one value or two"},
      {"1e999", "positive finite"}, {"2,0", "positive finite"}, {"0x10", "not a number"}};
  for (const auto& [s, msg] : cases) {
    SCOPED_TRACE(s);
    expect_failure("in.png", {"--scale", s}, msg, 2);
  }
}

TEST_F(CliErrors, ScaleTooLargeForTheResult) {
  // ceil(1e9 * 6) rows cannot be an image at all.
  expect_failure("in.png", {"--scale", "1e9"}, "too large", 1);
  // Fits an int, but 6e6 x 8e6 pixels are over the memory limit; the message gives size and limit.
  expect_failure("in.png", {"--scale", "1e6"}, "6000000x8000000x3 uint8", 1);
  expect_failure("in.png", {"--scale", "1e6"}, "over the limit of", 1);
  // An extreme aspect ratio: the image fits, its contribution table would not.
  expect_failure("in.png", {"--size", "600000000,1"}, "contribution table", 1);
  // A scale so small that sample positions leave the integer range (no antialiasing to widen).
  expect_failure("in.png", {"--scale", "1e-300", "--antialiasing", "off"}, "too extreme", 1);
}

TEST_F(CliErrors, MaxPixels) {
  // 6x8 in, 12x16 = 192 pixels out: over a limit of 100, named with the size and the limit.
  expect_failure("in.png", {"--scale", "2", "--max-pixels", "100"}, "12x16x3 uint8", 1);
  expect_failure("in.png", {"--scale", "2", "--max-pixels", "100"}, "over the limit of 100 pixels", 1);
  // The input itself over the limit: refused from the header.
  expect_failure("in.png", {"--scale", "1/2", "--max-pixels", "40"}, "over the limit of 40 pixels", 1);
  const auto r =
      test::run_imresize({dir / "in.png", dir / "ok.png", "--scale", "2", "--max-pixels", "192"}, dir.path());
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* bad : {"0", "-5", "abc", "1.5"})
    expect_failure("in.png", {"--scale", "2", "--max-pixels", bad}, "--max-pixels", 2);
}

TEST_F(CliErrors, BadSizes) {
  const std::pair<const char*, const char*> cases[] = {
      {"0,5", "positive integers"},         {"5,0", "positive integers"}, {"-3,5", "positive integers"},
      {"NaN,NaN", "both be NaN"},           {"5", "ROWS,COLS"},           {"1.5,3", "positive integers"},
      {"abc,3", "positive integers"},       {"3,4,5", "ROWS,COLS"},       {"inf,3", "positive integers"},
      {"3000000000,2", "positive integers"}};
  for (const auto& [s, msg] : cases) {
    SCOPED_TRACE(s);
    expect_failure("in.png", {"--size", s}, msg, 2);
  }
}

TEST_F(CliErrors, ScaleAndSizeTogetherOrNeither) {
  expect_failure("in.png", {"--scale", "2", "--size", "3,4"}, "not both", 2);
  expect_failure("in.png", {"--size", "3,4", "--scale", "2"}, "not both", 2);
  expect_failure("in.png", {}, "give --scale", 2);
  expect_failure("in.png", {"--method", "bilinear"}, "give --scale", 2);
}

TEST_F(CliErrors, UnknownNamesAndOptions) {
  expect_failure("in.png", {"--scale", "2", "--method", "bicubicc"}, "unknown method 'bicubicc'", 2);
  expect_failure("in.png", {"--scale", "2", "--method", "custom"}, "unknown method", 2);
  expect_failure("in.png", {"--scale", "2", "--boundary", "mirror"}, "unknown boundary 'mirror'", 2);
  expect_failure("in.png", {"--scale", "2", "--frobnicate"}, "unknown option '--frobnicate'", 2);
  expect_failure("in.png", {"--scale", "2", "-x"}, "unknown option '-x'", 2);
  expect_failure("in.png", {"--scale", "2", "--antialiasing", "maybe"}, "on or off", 2);
  expect_failure("in.png", {"--scale", "2", "--as", "int8"}, "keep, double or single", 2);
  expect_failure("in.png", {"--scale", "2", "--device", "tpu"}, "auto, cpu or cuda", 2);
  expect_failure("in.png", {"--scale", "2", "--benchmark", "0"}, "--benchmark", 2);
  expect_failure("in.png", {"--scale", "2", "--scale", "3"}, "more than once", 2);
  expect_failure("in.png", {"--scale"}, "needs a value", 2);
  expect_failure("in.png", {"--scale", "2", "--verbose=yes"}, "takes no value", 2);
  expect_failure("in.png", {"--scale", "2", "extra.png"}, "too many arguments", 2);
  expect_failure_raw({}, "missing INPUT", 2);
  // Found by fuzz_options: an empty OUTPUT used to mean "no output", so nothing was written and 0 returned.
  expect_failure_raw({dir / "in.png", "", "--scale", "2"}, "OUTPUT is an empty file name", 2);
  expect_failure_raw({"", dir / "new.png", "--scale", "2"}, "INPUT is an empty file name", 2);
  expect_failure_raw({dir / "in.png", "--scale", "2"}, "missing OUTPUT", 2);
}

TEST_F(CliErrors, DeviceCudaWithoutUsableDevice) {
  const cuda::Status st = cuda::device_status();
  if (st.ok) GTEST_SKIP() << "a CUDA device is usable here; the CUDA success path is tested in CliMisc";
  expect_failure("in.png", {"--scale", "2", "--device", "cuda"}, st.message, 3);
  // "gpu" is the same as "cuda", in every spelling the device policy accepts.
  expect_failure("in.png", {"--scale", "2", "--device", "GPU"}, st.message, 3);
}

}  // namespace
}  // namespace rl
