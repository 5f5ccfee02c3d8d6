// `imresize --like LIBRARY`: every option that has no meaning for the library chosen exits 2 with one
// line and writes nothing; the accepted combinations route to the library (hand-worked 1x4 examples).
#include <gtest/gtest.h>

#include <map>

#include "cli_support.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"

namespace rl {
namespace {

using test::ScratchDir;
namespace fs = std::filesystem;

class CliLike : public ::testing::Test {
 protected:
  void SetUp() override {
    std::vector<std::uint16_t> rgb(8 * 6 * 3);
    for (std::size_t i = 0; i < rgb.size(); ++i) rgb[i] = static_cast<std::uint16_t>((i * 37) % 256);
    test::write_bytes(dir.path() / "in.png", test::make_png(8, 6, 2, 8, rgb));
    test::write_bytes(dir.path() / "existing.png", test::make_png(3, 2, 0, 8, {1, 2, 3, 4, 5, 6}));
    test::write_bytes(dir.path() / "ramp.png", test::make_png(4, 1, 0, 8, {0, 10, 20, 30}));
    Image f(1, 4, 1, ElemType::F32);
    for (int c = 0; c < 4; ++c) f.set(0, c, 0, 10.0 * c);
    test::write_bytes(dir.path() / "ramp.npy", npy_encode(f));
    Image f6(6, 8, 3, ElemType::F32);
    for (int r = 0; r < 6; ++r)
      for (int c = 0; c < 8; ++c)
        for (int ch = 0; ch < 3; ++ch) f6.set(r, c, ch, 0.01 * ((r * 8 + c) * 3 + ch));
    test::write_bytes(dir.path() / "in.npy", npy_encode(f6));
  }

  // `imresize INPUT OUTPUT args...` to a new OUTPUT and over an existing one: exit 2, one stderr line
  // "imresize: ..." containing `message_part`, nothing on stdout, no file created or changed.
  void expect_usage(const std::string& input, const std::vector<std::string>& args,
                    const std::string& message_part, const std::string& ext = ".png") {
    for (const std::string& out : {"new" + ext, std::string("existing.png")}) {
      std::vector<std::string> all{dir / input, dir / out};
      all.insert(all.end(), args.begin(), args.end());
      test::expect_refused(dir.path(), all, message_part, 2);
    }
  }

  // Runs a resize that must succeed and returns the result.
  Image resize_ok(const std::string& input, const std::string& output, const std::vector<std::string>& args,
                  std::string* out_text = nullptr) {
    std::vector<std::string> all{dir / input, dir / output};
    all.insert(all.end(), args.begin(), args.end());
    const test::CmdResult r = test::run_imresize(all, dir.path());
    EXPECT_EQ(r.code, 0) << r.err;
    EXPECT_EQ(r.err, "");
    if (out_text) *out_text = r.out;
    return r.code == 0 ? io::load(dir / output) : Image();
  }

  ScratchDir dir;
};

std::vector<double> row(const Image& im) {
  std::vector<double> v;
  for (int c = 0; c < im.cols(); ++c) v.push_back(im.at(0, c));
  return v;
}

// ---- Options a library has no use for ----------------------------------------------------------

TEST_F(CliLike, BoundaryIsMatlabOnly) {
  expect_usage("in.png", {"--scale", "2", "--like", "pillow", "--method", "bicubic", "--boundary", "legacy"},
               "--boundary");
  expect_usage("in.png", {"--like", "opencv", "--boundary", "modern", "--method", "cubic", "--scale", "2"},
               "--boundary");
  expect_usage("in.npy", {"--scale", "2", "--like", "torch", "--method", "bicubic", "--boundary=legacy"},
               "--boundary");
}

TEST_F(CliLike, AlignCornersOutsideTorchBilinearBicubic) {
  expect_usage("in.png", {"--scale", "2", "--align-corners"}, "--align-corners");
  expect_usage("in.png", {"--scale", "2", "--like", "matlab", "--method", "bilinear", "--align-corners"},
               "--align-corners");
  expect_usage("in.png", {"--scale", "2", "--like", "pillow", "--method", "bicubic", "--align-corners"},
               "align_corners");
  expect_usage("in.png", {"--scale", "2", "--like", "opencv", "--method", "linear", "--align-corners"},
               "align_corners");
  expect_usage("in.npy", {"--scale", "2", "--like", "torch", "--method", "nearest", "--align-corners"},
               "align_corners");
  expect_usage("in.npy", {"--scale", "2", "--like", "torch", "--method", "bicubic", "--align-corners=yes"},
               "takes no value");
  expect_usage(
      "in.npy",
      {"--scale", "2", "--like", "torch", "--method", "bicubic", "--align-corners", "--align-corners"},
      "more than once");
}

TEST_F(CliLike, AsIsMatlabOnly) {
  expect_usage("in.png", {"--scale", "2", "--like", "pillow", "--method", "bicubic", "--as", "double"},
               "--as");
  expect_usage("in.png", {"--scale", "2", "--like", "torch", "--method", "bicubic", "--as", "single"},
               "--as");
  expect_usage("in.png", {"--scale", "2", "--like", "opencv", "--method", "cubic", "--as", "keep"}, "--as");
}

TEST_F(CliLike, CudaIsMatlabOnly) {
  expect_usage("in.png", {"--scale", "2", "--like", "opencv", "--method", "cubic", "--device", "cuda"},
               "--device cuda");
  expect_usage("in.png", {"--scale", "2", "--like", "pillow", "--method", "box", "--device", "gpu"},
               "--device cuda");
  expect_usage("in.npy", {"--scale", "2", "--like", "torch", "--method", "bilinear", "--device=cuda"},
               "--device cuda");
}

TEST_F(CliLike, AntialiasingOnlyWhereTheLibraryHasTheChoice) {
  expect_usage("in.png", {"--scale", "0.5", "--like", "opencv", "--method", "cubic", "--antialiasing", "on"},
               "no antialiasing");
  expect_usage("in.png",
               {"--scale", "0.5", "--like", "pillow", "--method", "bicubic", "--antialiasing", "off"},
               "always antialiases");
  expect_usage("in.npy", {"--scale", "0.5", "--like", "torch", "--method", "nearest", "--antialiasing", "on"},
               "no antialiasing");
  expect_usage("in.npy",
               {"--scale", "0.5", "--like", "torch", "--method", "bicubic", "--antialiasing", "yes"},
               "on or off");
}

TEST_F(CliLike, MethodsAreTheLibrarysOwnNames) {
  expect_usage("in.png", {"--scale", "2", "--like", "pillow", "--method", "cubic"},
               "pillow has no method 'cubic'");
  expect_usage("in.png", {"--scale", "2", "--like", "opencv", "--method", "bicubic"},
               "opencv has no method 'bicubic'");
  expect_usage("in.npy", {"--scale", "2", "--like", "torch", "--method", "lanczos"},
               "torch has no method 'lanczos'");
  expect_usage("in.png", {"--scale", "2", "--like", "matlab", "--method", "lanczos4"},
               "unknown method 'lanczos4'");
  expect_usage("in.png", {"--scale", "2", "--method", "area"}, "unknown method 'area'");
  expect_usage("in.png", {"--scale", "2", "--like", "pillow"}, "--like pillow needs --method");
  expect_usage("in.png", {"--scale", "2", "--like", "pillow", "--method="}, "--method needs a method name");
}

TEST_F(CliLike, UnknownOrRepeatedLibrary) {
  expect_usage("in.png", {"--scale", "2", "--like", "skimage", "--method", "cubic"},
               "--like must be matlab, pillow, opencv or torch, got 'skimage'");
  expect_usage("in.png", {"--scale", "2", "--like", "opencv", "--like", "pillow", "--method", "cubic"},
               "--like given more than once");
  expect_usage("in.png", {"--scale", "2", "--method", "cubic", "--like"}, "--like needs a value");
}

TEST_F(CliLike, TypeTheLibraryDoesNotTake) {
  expect_usage("in.png", {"--scale", "2", "--like", "torch", "--method", "bicubic"},
               "does not take 6x8x3 uint8");
  std::vector<std::uint16_t> deep(4 * 3);
  for (std::size_t i = 0; i < deep.size(); ++i) deep[i] = static_cast<std::uint16_t>(i * 5000);
  test::write_bytes(dir.path() / "deep.png", test::make_png(4, 3, 0, 16, deep));
  expect_usage("deep.png", {"--scale", "2", "--like", "opencv", "--method", "cubic"},
               "does not take 3x4x1 uint16");
  expect_usage("deep.png", {"--scale", "2", "--like", "pillow", "--method", "bicubic"},
               "does not take 3x4x1 uint16");
  Image five(3, 3, 5, ElemType::U8);
  test::write_bytes(dir.path() / "five.npy", npy_encode(five));
  expect_usage("five.npy", {"--scale", "2", "--like", "pillow", "--method", "bicubic"},
               "does not take 3x3x5 uint8", ".npy");
}

TEST_F(CliLike, SizesTheLibraryCannotMake) {
  expect_usage("in.png", {"--size", "4,NaN", "--like", "pillow", "--method", "bicubic"}, "NaN");
  // torch's floor(0.1 * 6) = 0 rows; Pillow's round(0.05 * 8) = 0 columns
  expect_usage("in.npy", {"--scale", "0.1", "--like", "torch", "--method", "bilinear"},
               "torch: the result would be empty");
  expect_usage("in.png", {"--scale", "0.05", "--like", "pillow", "--method", "box"},
               "pillow: the result would be empty");
}

TEST_F(CliLike, BatchDoesNotTakeLike) {
  fs::create_directories(dir.path() / "src");
  const test::CmdResult r = test::run_imresize(
      {"batch", dir / "src", dir / "dst", "--scales", "2", "--like", "opencv"}, dir.path());
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("unknown option '--like'"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(dir.path() / "dst"));
}

// ---- Accepted combinations: the library's own rule, worked by hand on the row 0 10 20 30 -------------

TEST_F(CliLike, NearestPicksEachLibrarysSample) {
  // 4 -> 2 columns, step 2. OpenCV INTER_NEAREST and torch nearest: floor(o * 2) = 0, 2.
  // Pillow NEAREST and torch nearest-exact: floor((o + 0.5) * 2) = 1, 3. OpenCV NEAREST_EXACT in 16.16
  // fixed point, step = 2 * 65536: (o * step + step / 2 - 1) >> 16 = 0, 2 (a centre on a pixel boundary
  // goes to the left pixel); on 6 -> 2 it gives (3 * 65536 / 2 - 1) >> 16 = 1 and 4, as Pillow does.
  const std::vector<double> left{0, 20}, centre{10, 30};
  EXPECT_EQ(row(resize_ok("ramp.png", "a.png", {"--size", "1,2", "--like", "opencv", "--method", "nearest"})),
            left);
  EXPECT_EQ(row(resize_ok("ramp.png", "b.png", {"--size", "1,2", "--like", "pillow", "--method", "nearest"})),
            centre);
  EXPECT_EQ(
      row(resize_ok("ramp.png", "c.png", {"--size", "1,2", "--like", "opencv", "--method", "nearest-exact"})),
      left);
  test::write_bytes(dir.path() / "six.png", test::make_png(6, 1, 0, 8, {0, 10, 20, 30, 40, 50}));
  EXPECT_EQ(
      row(resize_ok("six.png", "f.png", {"--size", "1,2", "--like", "opencv", "--method", "nearest-exact"})),
      (std::vector<double>{10, 40}));
  EXPECT_EQ(row(resize_ok("six.png", "g.png", {"--size", "1,2", "--like", "pillow", "--method", "nearest"})),
            (std::vector<double>{10, 40}));
  EXPECT_EQ(row(resize_ok("ramp.npy", "d.npy", {"--size", "1,2", "--like", "torch", "--method", "nearest"})),
            left);
  EXPECT_EQ(
      row(resize_ok("ramp.npy", "e.npy", {"--size", "1,2", "--like", "torch", "--method", "nearest-exact"})),
      centre);
}

TEST_F(CliLike, LinearAndAlignCorners) {
  // Without align_corners the sources are (o + 0.5) * 2 - 0.5 = 0.5, 2.5: 5 and 25. With it,
  // o * (4 - 1) / (2 - 1) = 0, 3: 0 and 30. Pillow BOX averages each pair: 5 and 25.
  const std::vector<double> mid{5, 25}, ends{0, 30};
  EXPECT_EQ(row(resize_ok("ramp.npy", "a.npy", {"--size", "1,2", "--like", "torch", "--method", "bilinear"})),
            mid);
  EXPECT_EQ(row(resize_ok("ramp.npy", "b.npy",
                          {"--size", "1,2", "--like", "torch", "--method", "bilinear", "--align-corners"})),
            ends);
  EXPECT_EQ(row(resize_ok("ramp.png", "c.png", {"--size", "1,2", "--like", "opencv", "--method", "linear"})),
            mid);
  EXPECT_EQ(row(resize_ok("ramp.png", "d.png", {"--size", "1,2", "--like", "pillow", "--method", "box"})),
            mid);
  EXPECT_EQ(row(resize_ok("ramp.png", "e.png", {"--size", "1,2", "--like", "opencv", "--method", "area"})),
            mid);
}

TEST_F(CliLike, ScaleUsesTheLibrarysSizeRule) {
  // 6x8 at 0.3125: MATLAB ceil -> 2x3; Pillow round-half-even(1.875, 2.5) -> 2x2; OpenCV cvRound -> 2x2;
  // torch floor -> 1x2.
  EXPECT_EQ(resize_ok("in.png", "m.png", {"--scale", "0.3125"}).cols(), 3);
  const Image p =
      resize_ok("in.png", "p.png", {"--scale", "0.3125", "--like", "pillow", "--method", "bilinear"});
  EXPECT_EQ(p.rows(), 2);
  EXPECT_EQ(p.cols(), 2);
  const Image o =
      resize_ok("in.png", "o.png", {"--scale", "0.3125", "--like", "opencv", "--method", "linear"});
  EXPECT_EQ(o.rows(), 2);
  EXPECT_EQ(o.cols(), 2);
  const Image t =
      resize_ok("in.npy", "t.npy", {"--scale", "0.3125", "--like", "torch", "--method", "bilinear"});
  EXPECT_EQ(t.rows(), 1);
  EXPECT_EQ(t.cols(), 2);
  EXPECT_EQ(t.type(), ElemType::F32);
  EXPECT_EQ(t.channels(), 3);
}

TEST_F(CliLike, VerboseNamesTheLibraryAndMethod) {
  std::string text;
  resize_ok("in.png", "v.png", {"--size", "3,4", "--like", "opencv", "--method", "cubic", "--verbose"},
            &text);
  EXPECT_NE(text.find("like: opencv, method cubic (OpenCV INTER_CUBIC, opencv-cubic): 6x8 -> 3x4"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("device: cpu"), std::string::npos) << text;
  resize_ok("in.npy", "v.npy",
            {"--size", "3,4", "--like", "torch", "--method", "bicubic", "--antialiasing", "on", "--verbose",
             "--device", "cpu"},
            &text);
  EXPECT_NE(text.find("like: torch, method bicubic ("), std::string::npos) << text;
  EXPECT_NE(text.find("torch-bicubic-aa"), std::string::npos) << text;
  resize_ok("in.png", "m.png", {"--size", "3,4", "--like", "matlab", "--verbose"}, &text);
  EXPECT_NE(text.find("plan: 6x8 -> 3x4"), std::string::npos) << text;
  EXPECT_EQ(text.find("like:"), std::string::npos) << text;
}

TEST_F(CliLike, LikeMatlabIsTheDefault) {
  const Image a = resize_ok("in.png", "a.png", {"--scale", "0.7", "--method", "lanczos3"});
  const Image b =
      resize_ok("in.png", "b.png", {"--like", "matlab", "--scale", "0.7", "--method", "lanczos3"});
  EXPECT_EQ(test::read_bytes(dir.path() / "a.png"), test::read_bytes(dir.path() / "b.png"));
  EXPECT_EQ(a.rows(), 5);  // ceil(0.7 * 6)
}

TEST_F(CliLike, HelpDocumentsLike) {
  const test::CmdResult r = test::run_imresize({"--help"}, dir.path());
  EXPECT_EQ(r.code, 0);
  for (const char* part : {"--like matlab|pillow|opencv|torch", "--align-corners",
                           "pillow: nearest box bilinear", "opencv: nearest", "torch: nearest"})
    EXPECT_NE(r.out.find(part), std::string::npos) << part;
}

}  // namespace
}  // namespace rl
