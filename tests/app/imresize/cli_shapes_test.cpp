// Odd shapes and values through `imresize`: 1x1, 1xN, Nx1, 2 and 7 channels, 16-bit PNG and TIFF,
// grey+alpha, channel order, NaN/Inf. Inputs are built here (PNG by the test's own encoder), and
// each result must equal the core API's result on the same pixels, plus hand-checked values.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "cli_support.hpp"
#include "rl/convert.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

using test::ScratchDir;
namespace fs = std::filesystem;

Image run_ok(const ScratchDir& dir, const std::vector<std::string>& args, const std::string& output) {
  const auto r = test::run_imresize(args, dir.path());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  if (r.code != 0) return Image();
  return io::load(output);
}

Image from_samples(int rows, int cols, int ch, ElemType t, const std::vector<std::uint16_t>& s) {
  Image im(rows, cols, ch, t);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < ch; ++k) im.set(r, c, k, s[(static_cast<std::size_t>(r) * cols + c) * ch + k]);
  return im;
}

std::vector<std::uint16_t> pattern(std::size_t n, unsigned mul, unsigned mod) {
  std::vector<std::uint16_t> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = static_cast<std::uint16_t>((i * mul + i * i * 7) % mod);
  return v;
}

Image filled(int rows, int cols, int ch, ElemType t, unsigned mul) {
  Image im(rows, cols, ch, t);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int k = 0; k < ch; ++k) {
        const unsigned v = (r * 131u + c * mul + k * 59u + r * c) % 251u;
        im.set(r, c, k,
               t == ElemType::F32 || t == ElemType::F64 ? v / 250.0 - 0.1
               : t == ElemType::U16                     ? v * 257u
                                                        : v);
      }
  return im;
}

TEST(CliShapes, OneByOne) {
  ScratchDir dir;
  test::write_bytes(dir.path() / "p.png", test::make_png(1, 1, 0, 8, {77}));
  const Image out = run_ok(dir, {dir / "p.png", dir / "o.png", "--scale", "3"}, dir / "o.png");
  ASSERT_EQ(out.rows(), 3);
  ASSERT_EQ(out.cols(), 3);
  ASSERT_EQ(out.channels(), 1);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(out.at(r, c), 77);  // a constant image stays constant

  Image one(1, 1, 1, ElemType::F64);
  one.set(0, 0, 0, 0.3);
  test::write_bytes(dir.path() / "p.npy", npy_encode(one));
  const Image o2 =
      run_ok(dir, {dir / "p.npy", dir / "o.npy", "--size", "2,5", "--method", "lanczos3"}, dir / "o.npy");
  ASSERT_EQ(o2.rows(), 2);
  ASSERT_EQ(o2.cols(), 5);
  EXPECT_TRUE(identical(o2, resize(one, ResizeSpec::with_size(2, 5, Method::Lanczos3))));
  for (int c = 0; c < 5; ++c) EXPECT_NEAR(o2.at(1, c), 0.3, 1e-15);
}

TEST(CliShapes, OneRowAndOneColumn) {
  ScratchDir dir;
  const Image row = filled(1, 9, 1, ElemType::U8, 29);
  test::write_bytes(dir.path() / "row.npy", npy_encode(row));
  const Image o1 = run_ok(dir, {dir / "row.npy", dir / "o1.npy", "--scale", "1/2"}, dir / "o1.npy");
  EXPECT_EQ(o1.rows(), 1);
  EXPECT_EQ(o1.cols(), 5);  // ceil(9/2)
  EXPECT_TRUE(identical(o1, resize(row, ResizeSpec::with_scale(0.5))));

  const Image col = filled(9, 1, 1, ElemType::F64, 1);
  test::write_bytes(dir.path() / "col.npy", npy_encode(col));
  const Image o2 = run_ok(dir, {dir / "col.npy", dir / "o2.npy", "--size", "4,NaN"}, dir / "o2.npy");
  EXPECT_EQ(o2.rows(), 4);
  EXPECT_EQ(o2.cols(), 1);  // ceil(4 * 1 / 9)
  EXPECT_TRUE(identical(o2, resize(col, ResizeSpec::with_size(4, kNaN))));

  // A 1xN PNG (8-bit RGB) grown along both axes.
  const auto s = pattern(7 * 3, 41, 256);
  test::write_bytes(dir.path() / "row.png", test::make_png(7, 1, 2, 8, s));
  const Image o3 = run_ok(dir, {dir / "row.png", dir / "o3.png", "--scale", "2.5", "--method", "bilinear"},
                          dir / "o3.png");
  EXPECT_EQ(o3.rows(), 3);
  EXPECT_EQ(o3.cols(), 18);
  EXPECT_TRUE(identical(
      o3, resize(from_samples(1, 7, 3, ElemType::U8, s), ResizeSpec::with_scale(2.5, Method::Bilinear))));
}

TEST(CliShapes, TwoAndSevenChannels) {
  ScratchDir dir;
  const Image two = filled(5, 4, 2, ElemType::U16, 17);
  test::write_bytes(dir.path() / "two.npy", npy_encode(two));
  const Image o1 = run_ok(dir, {dir / "two.npy", dir / "o1.npy", "--scale", "1.5"}, dir / "o1.npy");
  EXPECT_EQ(o1.rows(), 8);
  EXPECT_EQ(o1.cols(), 6);
  EXPECT_EQ(o1.channels(), 2);
  EXPECT_EQ(o1.type(), ElemType::U16);
  EXPECT_TRUE(identical(o1, resize(two, ResizeSpec::with_scale(1.5))));

  const Image seven = filled(4, 6, 7, ElemType::F32, 23);
  test::write_bytes(dir.path() / "seven.npy", npy_encode(seven));
  const Image o2 = run_ok(
      dir,
      {dir / "seven.npy", dir / "o2.npy", "--scale", "2", "--method", "lanczos3", "--boundary", "legacy"},
      dir / "o2.npy");
  EXPECT_EQ(o2.channels(), 7);
  EXPECT_EQ(o2.type(), ElemType::F32);
  ResizeSpec spec = ResizeSpec::with_scale(2, Method::Lanczos3);
  spec.boundary = Boundary::Legacy;
  EXPECT_TRUE(identical(o2, resize(seven, spec)));
}

TEST(CliShapes, SixteenBitPng) {
  ScratchDir dir;
  const auto grey = pattern(5 * 4, 4099, 65536);
  test::write_bytes(dir.path() / "g16.png", test::make_png(5, 4, 0, 16, grey));
  const Image src = from_samples(4, 5, 1, ElemType::U16, grey);
  ASSERT_TRUE(identical(io::load(dir / "g16.png"), src));
  const Image o1 = run_ok(dir, {dir / "g16.png", dir / "o1.png", "--scale", "2"}, dir / "o1.png");
  EXPECT_EQ(o1.type(), ElemType::U16);
  EXPECT_TRUE(identical(o1, resize(src, ResizeSpec::with_scale(2))));

  const auto rgb = pattern(4 * 3 * 3, 7919, 65536);
  test::write_bytes(dir.path() / "c16.png", test::make_png(4, 3, 2, 16, rgb));
  const Image o2 = run_ok(dir, {dir / "c16.png", dir / "o2.npy", "--scale", "1/2", "--method", "bilinear"},
                          dir / "o2.npy");
  EXPECT_EQ(o2.type(), ElemType::U16);
  EXPECT_TRUE(identical(
      o2, resize(from_samples(3, 4, 3, ElemType::U16, rgb), ResizeSpec::with_scale(0.5, Method::Bilinear))));
}

TEST(CliShapes, SixteenBitTiff) {
  ScratchDir dir;
  for (int ch : {1, 3}) {
    SCOPED_TRACE(ch);
    const Image src = filled(6, 5, ch, ElemType::U16, 13);
    io::save(dir / "in.tif", src);
    ASSERT_TRUE(identical(io::load(dir / "in.tif"), src));
    const Image out = run_ok(
        dir, {dir / "in.tif", dir / "out.tiff", "--scale", "3/2", "--method", "lanczos2"}, dir / "out.tiff");
    EXPECT_EQ(out.type(), ElemType::U16);
    EXPECT_EQ(out.channels(), ch);
    EXPECT_TRUE(identical(out, resize(src, ResizeSpec::with_scale(1.5, Method::Lanczos2))));
  }
}

TEST(CliShapes, GreyAlphaPng) {
  ScratchDir dir;
  const auto s = pattern(6 * 4 * 2, 53, 256);
  test::write_bytes(dir.path() / "ga.png", test::make_png(6, 4, 4, 8, s));
  const Image src = from_samples(4, 6, 2, ElemType::U8, s);
  const Image want = resize(src, ResizeSpec::with_scale(2));
  const Image o1 = run_ok(dir, {dir / "ga.png", dir / "o.npy", "--scale", "2"}, dir / "o.npy");
  EXPECT_EQ(o1.channels(), 2);
  EXPECT_TRUE(identical(o1, want));
  // Written to PNG as (g, g, g, a): the encoder has no grey+alpha mode.
  const Image o2 = run_ok(dir, {dir / "ga.png", dir / "o.png", "--scale", "2"}, dir / "o.png");
  ASSERT_EQ(o2.channels(), 4);
  for (int r = 0; r < o2.rows(); ++r)
    for (int c = 0; c < o2.cols(); ++c) {
      for (int k = 0; k < 3; ++k) ASSERT_EQ(o2.at(r, c, k), want.at(r, c, 0));
      ASSERT_EQ(o2.at(r, c, 3), want.at(r, c, 1));
    }
}

TEST(CliShapes, ChannelOrderIsKept) {
  ScratchDir dir;
  // R in 10..29, G in 100..119, B in 200..219: any swap is visible.
  std::vector<std::uint16_t> s;
  for (int i = 0; i < 20; ++i)
    s.insert(s.end(), {static_cast<std::uint16_t>(10 + i), static_cast<std::uint16_t>(100 + i),
                       static_cast<std::uint16_t>(200 + i)});
  test::write_bytes(dir.path() / "rgb.png", test::make_png(5, 4, 2, 8, s));
  const Image same = run_ok(dir, {dir / "rgb.png", dir / "same.npy", "--scale", "1"}, dir / "same.npy");
  ASSERT_EQ(same.channels(), 3);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 5; ++c) {
      const int i = r * 5 + c;
      EXPECT_EQ(same.at(r, c, 0), 10 + i);
      EXPECT_EQ(same.at(r, c, 1), 100 + i);
      EXPECT_EQ(same.at(r, c, 2), 200 + i);
    }
  const Image src = from_samples(4, 5, 3, ElemType::U8, s);
  const Image big = run_ok(dir, {dir / "rgb.png", dir / "big.npy", "--scale", "2"}, dir / "big.npy");
  EXPECT_TRUE(identical(big, resize(src, ResizeSpec::with_scale(2))));
  // PNG -> PNG -> PNG keeps the order as well.
  const Image png = run_ok(dir, {dir / "rgb.png", dir / "big.png", "--scale", "2"}, dir / "big.png");
  EXPECT_TRUE(identical(png, big));
}

TEST(CliShapes, AsDoubleAndSingle) {
  ScratchDir dir;
  const auto s = pattern(6 * 5 * 3, 97, 256);
  test::write_bytes(dir.path() / "in.png", test::make_png(6, 5, 2, 8, s));
  const Image src = from_samples(5, 6, 3, ElemType::U8, s);
  const Image d =
      run_ok(dir, {dir / "in.png", dir / "d.npy", "--scale", "1/3", "--as", "double"}, dir / "d.npy");
  EXPECT_EQ(d.type(), ElemType::F64);
  EXPECT_TRUE(identical(d, resize(im2double(src), ResizeSpec::with_scale(1.0 / 3))));
  const Image f =
      run_ok(dir, {dir / "in.png", dir / "f.npy", "--scale", "1/3", "--as", "single"}, dir / "f.npy");
  EXPECT_EQ(f.type(), ElemType::F32);
  EXPECT_TRUE(identical(f, resize(im2single(src), ResizeSpec::with_scale(1.0 / 3))));
  // Float to PNG: im2uint8 of the float result.
  const Image p =
      run_ok(dir, {dir / "in.png", dir / "d.png", "--scale", "1/3", "--as", "double"}, dir / "d.png");
  EXPECT_TRUE(identical(p, im2uint8(d)));
}

// Which outputs of one axis read input index `bad` (with any weight, zero included: 0 * NaN is NaN).
std::vector<bool> touches(const AxisTable& t, int bad) {
  std::vector<bool> hit(t.out_size, false);
  for (int o = 0; o < t.out_size; ++o)
    for (int k = 0; k < t.taps; ++k) hit[o] = hit[o] || t.index_of(o)[k] == bad;
  return hit;
}

TEST(CliShapes, NanPropagates) {
  ScratchDir dir;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (ElemType t : {ElemType::F64, ElemType::F32}) {
    Image src = filled(7, 6, 1, t, 11);
    src.set(2, 3, 0, nan);
    test::write_bytes(dir.path() / "nan.npy", npy_encode(src));
    for (const auto& [arg, spec] :
         {std::pair{"1/2", ResizeSpec::with_scale(0.5)}, std::pair{"2", ResizeSpec::with_scale(2)},
          std::pair{"1.7", ResizeSpec::with_scale(1.7, Method::Nearest)}}) {
      SCOPED_TRACE(std::string(to_string(t)) + " scale " + arg);
      const Image out =
          run_ok(dir, {dir / "nan.npy", dir / "o.npy", "--scale", arg, "--method", to_string(spec.method)},
                 dir / "o.npy");
      ASSERT_EQ(out.type(), t);
      EXPECT_TRUE(identical(out, resize(src, spec)));
      const Plan plan = make_plan(spec, 7, 6);
      const auto hr = touches(plan.rows, 2), hc = touches(plan.cols, 3);
      int nans = 0;
      for (int r = 0; r < out.rows(); ++r)
        for (int c = 0; c < out.cols(); ++c) {
          const bool want_nan = hr[r] && hc[c];
          EXPECT_EQ(std::isnan(out.at(r, c)), want_nan) << r << "," << c;
          nans += want_nan;
        }
      EXPECT_GT(nans, 0);
    }
  }
  // To an 8-bit file: NaN becomes 0 (im2uint8), a constant 0.5 becomes floor(127.5 + 0.5) = 128.
  Image half(6, 6, 1, ElemType::F64);
  for (int r = 0; r < 6; ++r)
    for (int c = 0; c < 6; ++c) half.set(r, c, 0, 0.5);
  half.set(1, 1, 0, nan);
  test::write_bytes(dir.path() / "half.npy", npy_encode(half));
  const Image png = run_ok(dir, {dir / "half.npy", dir / "half.png", "--scale", "2", "--method", "bilinear"},
                           dir / "half.png");
  const Image ref = resize(half, ResizeSpec::with_scale(2, Method::Bilinear));
  int zeros = 0;
  for (int r = 0; r < 12; ++r)
    for (int c = 0; c < 12; ++c) {
      EXPECT_EQ(png.at(r, c), std::isnan(ref.at(r, c)) ? 0 : 128) << r << "," << c;
      zeros += std::isnan(ref.at(r, c));
    }
  EXPECT_GT(zeros, 0);
}

TEST(CliShapes, InfinityPropagates) {
  ScratchDir dir;
  Image src = filled(6, 7, 2, ElemType::F64, 19);
  src.set(3, 2, 1, std::numeric_limits<double>::infinity());
  src.set(0, 6, 0, -std::numeric_limits<double>::infinity());
  test::write_bytes(dir.path() / "inf.npy", npy_encode(src));
  const Image out = run_ok(dir, {dir / "inf.npy", dir / "o.npy", "--scale", "3/4"}, dir / "o.npy");
  const Image ref = resize(src, ResizeSpec::with_scale(0.75));
  EXPECT_TRUE(identical(out, ref));
  const Plan plan = make_plan(ResizeSpec::with_scale(0.75), 6, 7);
  const auto hr1 = touches(plan.rows, 3), hc1 = touches(plan.cols, 2);
  const auto hr0 = touches(plan.rows, 0), hc0 = touches(plan.cols, 6);
  for (int r = 0; r < out.rows(); ++r)
    for (int c = 0; c < out.cols(); ++c) {
      EXPECT_EQ(std::isfinite(out.at(r, c, 1)), !(hr1[r] && hc1[c])) << r << "," << c;
      EXPECT_EQ(std::isfinite(out.at(r, c, 0)), !(hr0[r] && hc0[c])) << r << "," << c;
    }
}

}  // namespace
}  // namespace rl
