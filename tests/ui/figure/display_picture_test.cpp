// A pane's Picture of a large result: its halvings made without the full-resolution image are the
// ones made from it, and the full-resolution pixels it makes on demand for a part are to_qimage's,
// for every conversion rule (uint8 as is, uint16 /257, floating point through a range with NaN and
// +-inf, two channels as grey and alpha). Expected values: to_qimage and Mipmap::of of the whole.
#include <gtest/gtest.h>

#include <random>

#include "pane_sources.hpp"
#include "random_image.hpp"
#include "rl/plan.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/mipmap.hpp"
#include "rl/ui/picture.hpp"

namespace {

using rl::ElemType;
using rl::Image;
using rl::ui::Picture;

bool same_pixels(const QImage& a, const QImage& b) {
  if (a.size() != b.size() || a.format() != b.format()) return false;
  for (int y = 0; y < a.height(); ++y)
    for (int x = 0; x < a.width(); ++x)
      if (a.pixel(x, y) != b.pixel(x, y)) return false;
  return true;
}

struct Case {
  const char* name;
  ElemType type;
  int channels;
};

class DisplayPicture : public ::testing::TestWithParam<Case> {};

TEST_P(DisplayPicture, HalvingsAndPartsAreThoseOfTheWholeImage) {
  const Case& k = GetParam();
  // Above Picture::kWholeUpTo pixels, odd sides: every level ends on an odd row or column somewhere.
  const int rows = 1451, cols = 2897;
  ASSERT_GT(static_cast<long long>(rows) * cols, Picture::kWholeUpTo);
  rl::test::RandomValues values;
  values.float_lo = -0.5;
  values.float_hi = 1.5;
  values.each_special = 0.001;
  const auto img =
      std::make_shared<const Image>(rl::test::random_image(rows, cols, k.channels, k.type, 3u, values));
  const rl::ui::DisplayRange range{-0.25, 1.25, false};
  const QImage whole = rl::ui::to_qimage(*img, range);
  const auto want = rl::ui::Mipmap::of(whole);
  const auto pic = Picture::of(img, range);
  ASSERT_TRUE(pic);
  EXPECT_TRUE(pic->on_demand());
  EXPECT_EQ(pic->size(), whole.size());
  ASSERT_EQ(pic->levels().levels(), want->levels());
  for (int l = 1; l <= want->levels(); ++l)
    EXPECT_TRUE(same_pixels(pic->levels().level(l), want->level(l))) << l;
  for (const QRect& r :
       {QRect(0, 0, 300, 200), QRect(2800, 1400, 400, 400), QRect(1200, 700, 1, 1), QRect(-10, 50, 40, 30)}) {
    const Picture::Part part = pic->full(r);
    const QRect in = r.intersected(QRect(0, 0, cols, rows));
    ASSERT_TRUE(QRect(part.origin, part.image.size()).contains(in));
    EXPECT_TRUE(same_pixels(part.image, whole.copy(QRect(part.origin, part.image.size()))))
        << r.x() << "," << r.y();
    // A part inside the one made last is that one, not made again.
    const Picture::Part again = pic->full(in.adjusted(0, 0, -in.width() / 2, -in.height() / 2));
    EXPECT_EQ(again.image.cacheKey(), part.image.cacheKey());
  }
  EXPECT_EQ(pic->pixel(1234, 567), whole.pixel(1234, 567));
}

INSTANTIATE_TEST_SUITE_P(Rules, DisplayPicture,
                         ::testing::Values(Case{"uint8_rgb", ElemType::U8, 3},
                                           Case{"uint8_grey", ElemType::U8, 1},
                                           Case{"uint8_grey_alpha", ElemType::U8, 2},
                                           Case{"uint8_rgba", ElemType::U8, 4},
                                           Case{"uint16_grey", ElemType::U16, 1},
                                           Case{"double_rgb_with_non_finite", ElemType::F64, 3},
                                           Case{"single_grey_alpha", ElemType::F32, 2}),
                         [](const ::testing::TestParamInfo<Case>& i) { return std::string(i.param.name); });

// An 8-bit image's halvings made straight from its bytes are Mipmap::of of its to_qimage, for 1 to 4
// channels and the shapes whose edges are odd (one row, one column, odd sides); a uint8 image shown
// through a range (a fixed display range) gives that range's halvings.
TEST(DisplayPicture, EightBitHalvingsFromTheBytesAreThoseOfTheConvertedImage) {
  unsigned seed = 40;
  for (int ch = 1; ch <= 4; ++ch)
    for (const QSize size :
         {QSize(600, 1), QSize(1, 600), QSize(259, 257), QSize(1031, 2), QSize(514, 300)}) {
      SCOPED_TRACE(std::to_string(ch) + " channels, " + std::to_string(size.width()) + "x" +
                   std::to_string(size.height()));
      const Image img = rl::test::random_image(size.height(), size.width(), ch, ElemType::U8, ++seed);
      const auto want = rl::ui::Mipmap::of(rl::ui::to_qimage(img));
      const auto got = rl::ui::Mipmap::of_u8(img.data<std::uint8_t>(), img.cols(), img.rows(), ch);
      ASSERT_GT(want->levels(), 0);
      ASSERT_EQ(got->levels(), want->levels());
      for (int l = 1; l <= want->levels(); ++l) EXPECT_TRUE(same_pixels(got->level(l), want->level(l))) << l;
    }
  const auto img = std::make_shared<const Image>(rl::test::random_image(1500, 2900, 3, ElemType::U8, 7u));
  rl::ui::DisplayRange fixed{40.0, 200.0, false, true};
  const auto want = rl::ui::Mipmap::of(rl::ui::to_qimage(*img, fixed));
  const auto pic = Picture::of(img, fixed);
  ASSERT_EQ(pic->levels().levels(), want->levels());
  EXPECT_TRUE(same_pixels(pic->levels().level(1), want->level(1)));
  fixed.u8 = false;
  fixed.channel = rl::ui::ViewChannel::G;
  const auto green = Picture::of(img, fixed);
  EXPECT_TRUE(
      same_pixels(green->levels().level(1), rl::ui::Mipmap::of(rl::ui::to_qimage(*img, fixed))->level(1)));
}

// Exposure and offset reach an 8-bit image's halvings too: only an image shown as it is halves from
// its bytes, so a 4.3 MP uint8 picture under a tone has the halvings of its converted pixels
// (to_qimage's rule, then Mipmap::of), differs from the neutral one, and does not stand for a picture
// under another tone (Picture::shows, which keeps the reference's picture between recomputes).
TEST(DisplayPicture, AToneReachesTheHalvingsOfAnEightBitImage) {
  const auto img = std::make_shared<const Image>(rl::test::random_image(1500, 2900, 3, ElemType::U8, 8u));
  const auto neutral = Picture::of(img, {});
  ASSERT_TRUE(neutral->on_demand());
  for (const rl::ui::Tone tone :
       {rl::ui::Tone{0.0, 25.5}, rl::ui::Tone{0.5, 0.0}, rl::ui::Tone{-1.0, -10.0}}) {
    SCOPED_TRACE("exposure " + std::to_string(tone.exposure) + ", offset " + std::to_string(tone.offset));
    rl::ui::DisplayRange range;
    range.tone = tone;
    const auto pic = Picture::of(img, range);
    const auto want = rl::ui::Mipmap::of(rl::ui::to_qimage(*img, range));
    ASSERT_EQ(pic->levels().levels(), want->levels());
    for (int l = 1; l <= want->levels(); ++l)
      EXPECT_TRUE(same_pixels(pic->levels().level(l), want->level(l))) << l;
    EXPECT_FALSE(same_pixels(pic->levels().level(1), neutral->levels().level(1)));
    EXPECT_TRUE(pic->shows(img, range));
    EXPECT_FALSE(pic->shows(img, rl::ui::DisplayRange{}));
    EXPECT_FALSE(neutral->shows(img, range));
  }
}

// A nearest x2 pane (each source pixel doubled) takes the source's pixels as its first halving: its
// levels are Mipmap::of of its whole display image, for an 8-bit image as it is and a float one with
// non-finite values through a range. Only such a plan doubles each pixel: not nearest x3, not
// bilinear x2, not nearest at 2 x 3.
TEST(DisplayPicture, ANearestX2PaneHalvesToItsSource) {
  rl::test::RandomValues values;
  values.each_special = 0.001;
  for (const ElemType t : {ElemType::U8, ElemType::F32}) {
    SCOPED_TRACE(rl::to_string(t));
    const Image src = rl::test::random_image(1031, 1100, 3, t, 11u, values);
    const rl::ui::DisplayRange range{0.1, 0.9, false};
    const rl::ui::PaneResult r = rl::ui::compute_pane(
        src, rl::ResizeSpec::with_scale(2.0), {rl::Method::Nearest, false}, range, rl::ui::run_on_cpu);
    ASSERT_TRUE(r.image && r.display && r.plan) << r.error.toStdString();
    EXPECT_TRUE(rl::ui::detail::doubles_each_pixel(*r.plan));
    ASSERT_TRUE(r.display->on_demand());
    const auto want = rl::ui::Mipmap::of(rl::ui::to_qimage(*r.image, range));
    ASSERT_EQ(r.display->levels().levels(), want->levels());
    for (int l = 1; l <= want->levels(); ++l)
      EXPECT_TRUE(same_pixels(r.display->levels().level(l), want->level(l))) << l;
  }
  const auto plan = [](double sy, double sx, rl::Method m) {
    rl::ResizeSpec spec;
    spec.scale = {{sy, sx}};
    spec.method = m;
    return rl::make_plan(spec, 40, 50, {});
  };
  EXPECT_TRUE(rl::ui::detail::doubles_each_pixel(plan(2, 2, rl::Method::Nearest)));
  EXPECT_FALSE(rl::ui::detail::doubles_each_pixel(plan(3, 3, rl::Method::Nearest)));
  EXPECT_FALSE(rl::ui::detail::doubles_each_pixel(plan(2, 2, rl::Method::Bilinear)));
  EXPECT_FALSE(rl::ui::detail::doubles_each_pixel(plan(2, 3, rl::Method::Nearest)));
}

// Small images are made whole at once: nothing to make when a pane zooms in.
TEST(DisplayPicture, SmallImagesAreMadeWhole) {
  const auto img = std::make_shared<const Image>(rl::test::random_image(300, 400, 3, ElemType::U8, 4u));
  const auto pic = Picture::of(img, {});
  ASSERT_TRUE(pic);
  EXPECT_FALSE(pic->on_demand());
  EXPECT_TRUE(same_pixels(pic->whole(), rl::ui::to_qimage(*img)));
  EXPECT_EQ(pic->levels().levels(), 1);  // 200x150, below 256
  EXPECT_FALSE(Picture::of(std::make_shared<const Image>(), {}));
}

}  // namespace
