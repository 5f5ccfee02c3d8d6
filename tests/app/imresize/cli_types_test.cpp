// `imresize in.npy out.npy --scale 0.37` for int8, int16, int32, uint32 and logical: the result must be
// MATLAB's, rebuilt here from the float64 passes and a cast written in this test (integers), or from
// the uint8 passes and `> 128` (logical, as imresize.m does). Also what the image formats do with them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "cli_support.hpp"
#include "random_image.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace rl {
namespace {

using test::ScratchDir;

// Round half away from zero, saturate, NaN -> 0 (MATLAB's cast from double), independent of the core.
double matlab_cast(double v, double lo, double hi) {
  if (std::isnan(v)) return 0.0;
  double r = v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5);
  if (std::fabs(v) == 0.49999999999999994) r = 0.0;  // where floor(x + 0.5) itself misrounds
  return std::min(std::max(r, lo), hi);
}

Image random_image(ElemType t, int rows, int cols, int ch, unsigned seed) {
  return rl::test::random_image(rows, cols, ch, t, seed, {.at_each_end = 0.125});
}

// MATLAB's result for scale 0.37, bicubic, antialiasing on, rebuilt pass by pass.
Image expected(const Image& in) {
  const Plan plan = make_plan(ResizeSpec::with_scale(0.37), in.rows(), in.cols());
  const bool logical = in.type() == ElemType::Logical;
  const double lo = logical ? 0.0 : info(in.type()).min, hi = logical ? 255.0 : info(in.type()).max;
  Image x(in.rows(), in.cols(), in.channels(), ElemType::F64);
  for (int r = 0; r < in.rows(); ++r)
    for (int c = 0; c < in.cols(); ++c)
      for (int k = 0; k < in.channels(); ++k) x.set(r, c, k, (logical ? 255.0 : 1.0) * in.at(r, c, k));
  for (Axis a : plan.order) {
    x = resize_pass(plan.table(a), a, x);
    for (std::size_t e = 0; e < x.elements(); ++e)
      x.data<double>()[e] = matlab_cast(x.data<double>()[e], lo, hi);
  }
  Image out(x.rows(), x.cols(), x.channels(), in.type());
  for (int r = 0; r < x.rows(); ++r)
    for (int c = 0; c < x.cols(); ++c)
      for (int k = 0; k < x.channels(); ++k)
        out.set(r, c, k, logical ? (x.at(r, c, k) > 128 ? 1 : 0) : x.at(r, c, k));
  return out;
}

TEST(CliTypes, NpyAtScale037IsMatlabsResultForEachNewType) {
  ScratchDir dir;
  int k = 0;
  for (ElemType t : {ElemType::I8, ElemType::I16, ElemType::I32, ElemType::U32, ElemType::Logical})
    for (int ch : {1, 3}) {
      SCOPED_TRACE(to_string(t) + " channels " + std::to_string(ch));
      const Image in = random_image(t, 41 + k, 57 - k, ch, 100u + static_cast<unsigned>(k));
      ++k;
      test::write_bytes(dir.path() / "in.npy", npy_encode(in));
      const auto r = test::run_imresize({dir / "in.npy", dir / "out.npy", "--scale", "0.37"}, dir.path());
      ASSERT_EQ(r.code, 0) << r.err;
      const Image got = read_npy(dir / "out.npy");
      ASSERT_EQ(got.type(), t);
      const Image want = expected(in);
      ASSERT_TRUE(got.same_shape(want));
      EXPECT_TRUE(identical(got, want));
    }
}

TEST(CliTypes, ImageFormatsKeepConvertOrRefuse) {
  ScratchDir dir;
  // int16, one channel: .tif holds it as int16.
  const Image s16 = random_image(ElemType::I16, 20, 30, 1, 7);
  test::write_bytes(dir.path() / "s.npy", npy_encode(s16));
  auto r = test::run_imresize({dir / "s.npy", dir / "s.tif", "--scale", "0.37"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const Image tif = io::load(dir / "s.tif");
  EXPECT_EQ(tif.type(), ElemType::I16);
  EXPECT_TRUE(identical(tif, expected(s16)));
  // int32 and int8 too.
  for (ElemType t : {ElemType::I8, ElemType::I32}) {
    const Image s = random_image(t, 9, 8, 1, 3);
    io::save(dir / "t.tif", s);
    EXPECT_TRUE(identical(io::load(dir / "t.tif"), s)) << to_string(t);
  }
  // int16 to PNG converts as im2uint16: x + 32768.
  r = test::run_imresize({dir / "s.npy", dir / "s.png", "--scale", "0.37"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const Image png = io::load(dir / "s.png");
  EXPECT_EQ(png.type(), ElemType::U16);
  const Image want = expected(s16);
  ASSERT_TRUE(png.same_shape(want));
  EXPECT_EQ(png.at(3, 4), want.at(3, 4) + 32768);
  // logical to PNG converts as im2uint8: 0 / 255.
  Image mask(6, 6, 1, ElemType::Logical);
  for (int i = 0; i < 6; ++i) mask.set(i, i, 0, 1);
  test::write_bytes(dir.path() / "m.npy", npy_encode(mask));
  r = test::run_imresize({dir / "m.npy", dir / "m.png", "--scale", "1", "--method", "nearest"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const Image mp = io::load(dir / "m.png");
  EXPECT_EQ(mp.type(), ElemType::U8);
  EXPECT_EQ(mp.at(2, 2), 255);
  EXPECT_EQ(mp.at(2, 3), 0);
  // uint32 has no im2* conversion and no OpenCV depth: refused in one line, nothing written.
  test::write_bytes(dir.path() / "u.npy", npy_encode(random_image(ElemType::U32, 5, 5, 1, 1)));
  r = test::run_imresize({dir / "u.npy", dir / "u.png", "--scale", "0.5"}, dir.path());
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("uint32"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "u.png"));
  // int16 with 3 channels: OpenCV's TIFF writer cannot, libtiff can; kept as int16.
  const Image c16 = random_image(ElemType::I16, 5, 5, 3, 2);
  test::write_bytes(dir.path() / "c.npy", npy_encode(c16));
  r = test::run_imresize({dir / "c.npy", dir / "c.tif", "--scale", "0.5"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  const Image ctif = io::load(dir / "c.tif");
  EXPECT_EQ(ctif.type(), ElemType::I16);
  EXPECT_TRUE(identical(ctif, resize(c16, ResizeSpec::with_scale(0.5))));
  // --as double: int16 as im2double; int32 refused as MATLAB's im2double refuses it.
  r = test::run_imresize({dir / "s.npy", dir / "d.npy", "--scale", "1", "--as", "double"}, dir.path());
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(read_npy(dir / "d.npy").at(0, 0), (s16.at(0, 0) + 32768.0) / 65535.0);
  test::write_bytes(dir.path() / "i.npy", npy_encode(random_image(ElemType::I32, 5, 5, 1, 4)));
  r = test::run_imresize({dir / "i.npy", dir / "d2.npy", "--scale", "1", "--as", "double"}, dir.path());
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.err_lines(), 1) << r.err;
  EXPECT_NE(r.err.find("int32"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace rl
