// rl::ui image conversion, colormaps and axis ticks: hand-computed values.
#include <gtest/gtest.h>

#include <QPainter>
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <random>
#include <vector>

#include "qt_pixels.hpp"
#include "rl/ui/axis_ticks.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/mipmap.hpp"
#include "rl/ui/release.hpp"

namespace {

TEST(ImageConvert, IntegerTypesAndChannels) {
  rl::Image g16(1, 2, 1, rl::ElemType::U16);
  g16.set(0, 0, 0, 65535);
  g16.set(0, 1, 0, 257 * 100 + 128);  // 100.498 -> 100
  const QImage q16 = rl::ui::to_qimage(g16);
  EXPECT_EQ(q16.pixel(0, 0), qRgb(255, 255, 255));
  EXPECT_EQ(q16.pixel(1, 0), qRgb(100, 100, 100));
  // Through the viewer's display range: 0..4095 (12-bit data) -> 0..255, clamped above.
  rl::Image d16(1, 3, 1, rl::ElemType::U16);
  d16.set(0, 0, 0, 1000);
  d16.set(0, 1, 0, 4095);
  d16.set(0, 2, 0, 60000);
  const QImage r16 = rl::ui::to_qimage(d16, rl::ui::DisplayRange{0, 4095, true});
  EXPECT_EQ(r16.pixel(0, 0), qRgb(62, 62, 62));  // 1000 / 4095 * 255 = 62.27
  EXPECT_EQ(r16.pixel(1, 0), qRgb(255, 255, 255));
  EXPECT_EQ(r16.pixel(2, 0), qRgb(255, 255, 255));
  EXPECT_EQ(rl::ui::to_qimage(d16, rl::ui::DisplayRange{0, 4095}).pixel(1, 0), qRgb(16, 16, 16));  // 4095/257

  rl::Image ga(1, 1, 2, rl::ElemType::U8);  // grey + alpha
  ga.set(0, 0, 0, 40);
  ga.set(0, 0, 1, 128);
  const QImage qa = rl::ui::to_qimage(ga);
  EXPECT_TRUE(qa.hasAlphaChannel());
  EXPECT_EQ(qRed(qa.pixel(0, 0)), 40);
  EXPECT_EQ(qAlpha(qa.pixel(0, 0)), 128);

  rl::Image five(1, 1, 5, rl::ElemType::U8);  // more than four channels: the first three
  for (int c = 0; c < 5; ++c) five.set(0, 0, c, 10 * (c + 1));
  EXPECT_EQ(rl::ui::to_qimage(five).pixel(0, 0), qRgb(10, 20, 30));
}

TEST(ImageConvert, FloatRangeClamps) {
  rl::Image f(1, 3, 1, rl::ElemType::F64);
  f.set(0, 0, 0, -0.5);
  f.set(0, 1, 0, 0.5);
  f.set(0, 2, 0, 7.0);
  const QImage q = rl::ui::to_qimage(f, {0.0, 1.0});
  EXPECT_EQ(qRed(q.pixel(0, 0)), 0);
  EXPECT_EQ(qRed(q.pixel(1, 0)), 128);  // 127.5 rounds up
  EXPECT_EQ(qRed(q.pixel(2, 0)), 255);
  const QImage wide = rl::ui::to_qimage(f, {-1.0, 9.0});
  EXPECT_EQ(qRed(wide.pixel(2, 0)), 204);  // (7 + 1) / 10 * 255 = 204
}

TEST(ImageConvert, RoundTripRgb) {
  rl::Image rgb(2, 3, 3, rl::ElemType::U8);
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 3; ++c)
      for (int k = 0; k < 3; ++k) rgb.set(r, c, k, (r * 3 + c) * 20 + k * 7);
  const rl::Image back = rl::ui::from_qimage(rl::ui::to_qimage(rgb));
  EXPECT_TRUE(rl::identical(back, rgb));
}

TEST(Colormap, EndpointsAndDiverging) {
  using rl::ui::Colormap;
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Viridis, 0.0), qRgb(0x44, 0x01, 0x54));
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Viridis, 1.0), qRgb(0xFD, 0xE7, 0x25));
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Inferno, -3.0), qRgb(0x00, 0x00, 0x04));
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Inferno, 1.0), qRgb(0xFC, 0xFF, 0xA4));
  const QRgb mid = rl::ui::colormap_lookup(Colormap::Diverging, 0.5);
  EXPECT_GT(qRed(mid), 240);
  EXPECT_GT(qBlue(mid), 240);
  EXPECT_GT(qBlue(rl::ui::colormap_lookup(Colormap::Diverging, 0.0)), 150);  // blue end
  EXPECT_GT(qRed(rl::ui::colormap_lookup(Colormap::Diverging, 1.0)), 150);   // red end
  // Viridis gets lighter monotonically (its defining property).
  double last = -1;
  for (int i = 0; i <= 100; ++i) {
    const QRgb c = rl::ui::colormap_lookup(Colormap::Viridis, i / 100.0);
    const double lum = 0.2126 * qRed(c) + 0.7152 * qGreen(c) + 0.0722 * qBlue(c);
    EXPECT_GT(lum, last) << i;
    last = lum;
  }
}

TEST(Colormap, FullTablesAtTheirEntries) {
  // Entry i of matplotlib's 256-entry tables at t = i / 255 (channels rounded to 8 bits), values
  // read from matplotlib 3.6's _cm_listed.py.
  using rl::ui::Colormap;
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Viridis, 51 / 255.0), qRgb(65, 68, 135));
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Viridis, 128 / 255.0), qRgb(33, 145, 140));
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Inferno, 64 / 255.0), qRgb(87, 16, 110));
  EXPECT_EQ(rl::ui::colormap_lookup(Colormap::Inferno, 200 / 255.0), qRgb(251, 157, 7));
}

TEST(Colormap, ColorizeAndBar) {
  rl::Image m(1, 3, 1, rl::ElemType::F64);
  m.set(0, 0, 0, 0.0);
  m.set(0, 1, 0, 5.0);
  m.set(0, 2, 0, 10.0);
  const QImage q = rl::ui::colorize(m, rl::ui::Colormap::Viridis, 0.0, 10.0);
  EXPECT_EQ(q.pixel(0, 0), rl::ui::colormap_lookup(rl::ui::Colormap::Viridis, 0.0));
  EXPECT_EQ(q.pixel(1, 0), rl::ui::colormap_lookup(rl::ui::Colormap::Viridis, 0.5));
  EXPECT_EQ(q.pixel(2, 0), rl::ui::colormap_lookup(rl::ui::Colormap::Viridis, 1.0));

  QImage bar(120, 300, QImage::Format_RGB32);
  bar.fill(Qt::white);
  QPainter p(&bar);
  rl::ui::paint_colorbar(p, QRectF(5, 5, 110, 290), rl::ui::Colormap::Inferno, 0, 40, "|a - b|");
  p.end();
  // The bar's top is the hi colour and its bottom the lo colour.
  const QRgb top = bar.pixel(12, 40), bottom = bar.pixel(12, 265);
  EXPECT_GT(qRed(top) + qGreen(top), 400);
  EXPECT_LT(qRed(bottom) + qGreen(bottom) + qBlue(bottom), 150);
}

// Non-finite values' colours, as the README's "Non-finite values" documents them.
using rl::ui::Colormap;
constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

int rgb_distance(QRgb a, QRgb b) {  // the metric of rl_test::count_near
  return std::abs(qRed(a) - qRed(b)) + std::abs(qGreen(a) - qGreen(b)) + std::abs(qBlue(a) - qBlue(b));
}

TEST(NonFinite, ColoursAreTheDocumentedOnesAndFarFromEveryScaleColour) {
  EXPECT_EQ(rl::ui::kNanColor, qRgb(255, 0, 255));
  EXPECT_EQ(rl::ui::kPosInfColor, qRgb(0, 255, 0));
  EXPECT_EQ(rl::ui::kNegInfColor, qRgb(0, 255, 255));
  const QRgb specials[] = {rl::ui::kNanColor, rl::ui::kPosInfColor, rl::ui::kNegInfColor};
  for (const QRgb a : specials)
    for (const QRgb b : specials)
      if (a != b) {
        EXPECT_GE(rgb_distance(a, b), 255);
      }
  // Every colour a scale can give: the three colormaps (finely sampled) and the greys of to_qimage.
  int nearest = 3 * 255;
  for (const QRgb c : specials) {
    for (const Colormap m : {Colormap::Viridis, Colormap::Inferno, Colormap::Diverging})
      for (int i = 0; i <= 1024; ++i)
        nearest = std::min(nearest, rgb_distance(c, rl::ui::colormap_lookup(m, i / 1024.0)));
    for (int g = 0; g < 256; ++g) nearest = std::min(nearest, rgb_distance(c, qRgb(g, g, g)));
  }
  // Saturated primaries against the nearest scale colour (cyan vs the diverging map's 0x92C5DE is
  // 146 + 58 + 33 = 237 and the greys are at least 255 away; colormap interpolation comes a bit nearer).
  EXPECT_GE(nearest, 150);
}

TEST(NonFinite, DifferenceMapsDrawEachKindInItsColour) {
  rl::Image m(1, 4, 1, rl::ElemType::F64);
  m.set(0, 0, 0, kNan);
  m.set(0, 1, 0, kInf);
  m.set(0, 2, 0, -kInf);
  m.set(0, 3, 0, 10.0);
  const QImage q = rl::ui::colorize(m, Colormap::Inferno, 0.0, 10.0);
  EXPECT_EQ(q.pixel(0, 0), rl::ui::kNanColor);
  EXPECT_EQ(q.pixel(1, 0), rl::ui::kPosInfColor);
  EXPECT_EQ(q.pixel(2, 0), rl::ui::kNegInfColor);
  EXPECT_EQ(q.pixel(3, 0), rl::ui::colormap_lookup(Colormap::Inferno, 1.0));
}

TEST(NonFinite, ResultPanesDrawEachKindInItsColourNotAsBlackOrWhite) {
  // Grey float64: NaN was black and +inf white before they had colours of their own.
  rl::Image g(1, 4, 1, rl::ElemType::F64);
  g.set(0, 0, 0, kNan);
  g.set(0, 1, 0, kInf);
  g.set(0, 2, 0, -kInf);
  g.set(0, 3, 0, 0.5);
  const QImage q = rl::ui::to_qimage(g, {0.0, 1.0});
  EXPECT_EQ(q.pixel(0, 0), rl::ui::kNanColor);
  EXPECT_EQ(q.pixel(1, 0), rl::ui::kPosInfColor);
  EXPECT_EQ(q.pixel(2, 0), rl::ui::kNegInfColor);
  EXPECT_EQ(q.pixel(3, 0), qRgb(128, 128, 128));  // 0.5 * 255 = 127.5 rounds to 128
  // RGB float32: one non-finite channel colours the pixel, NaN before inf.
  rl::Image rgb(1, 2, 3, rl::ElemType::F32);
  const double values[] = {0.0, kInf, kNan, 1.0, 0.0, -kInf};
  for (int i = 0; i < 6; ++i) rgb.set(0, i / 3, i % 3, values[i]);
  const QImage qc = rl::ui::to_qimage(rgb, {0.0, 1.0});
  EXPECT_EQ(qc.pixel(0, 0), rl::ui::kNanColor);
  EXPECT_EQ(qc.pixel(1, 0), rl::ui::kNegInfColor);
}

TEST(NonFinite, ColourBarLegendShowsOnlyTheKindsPresent) {
  auto draw = [](const rl::NonFiniteCount& shown) {
    QImage bar(120, 300, QImage::Format_RGB32);
    bar.fill(Qt::white);
    QPainter p(&bar);
    rl::ui::paint_colorbar(p, QRectF(5, 5, 110, 290), Colormap::Inferno, 0, 40, "|a - b|", shown);
    return bar;
  };
  const QImage none = draw({});
  for (const QRgb c : {rl::ui::kNanColor, rl::ui::kPosInfColor, rl::ui::kNegInfColor})
    EXPECT_EQ(rl_test::count_near(none, QColor::fromRgb(c), 30), 0);
  rl::NonFiniteCount nan_and_inf;
  nan_and_inf.nan = 1;
  nan_and_inf.pos_inf = 2;
  const QImage legend = draw(nan_and_inf);
  // A swatch is the bar's width (0.3 of 110 = 33, clamped to 28) by 0.8 of a text line: well over 50 px.
  EXPECT_GT(rl_test::count_near(legend, QColor::fromRgb(rl::ui::kNanColor), 30), 50);
  EXPECT_GT(rl_test::count_near(legend, QColor::fromRgb(rl::ui::kPosInfColor), 30), 50);
  EXPECT_EQ(rl_test::count_near(legend, QColor::fromRgb(rl::ui::kNegInfColor), 30), 0);
}

}  // namespace

// The one tick rule of the plots and colour bars.
namespace {

TEST(AxisTicks, NiceStepsAndDecimals) {
  EXPECT_EQ(rl::ui::nice_step(10, 5), 2.0);   // raw 2
  EXPECT_EQ(rl::ui::nice_step(1, 4), 0.2);    // raw 0.25: 2.5 times 0.1 rounds to 2
  EXPECT_EQ(rl::ui::nice_step(70, 10), 5.0);  // raw 7: below 7.5
  EXPECT_EQ(rl::ui::nice_step(80, 10), 10.0);
  EXPECT_EQ(rl::ui::nice_step(0, 5), 1.0);  // no span: a harmless step
  EXPECT_EQ(rl::ui::tick_decimals(0.05), 2);
  EXPECT_EQ(rl::ui::tick_decimals(0.2), 1);
  EXPECT_EQ(rl::ui::tick_decimals(5), 0);
}

TEST(AxisTicks, MultiplesWithAnExactZero) {
  const std::vector<double> t = rl::ui::ticks(-1.0, 1.0, 0.5);
  ASSERT_EQ(t.size(), 5u);
  EXPECT_EQ(t[0], -1.0);
  EXPECT_EQ(t[4], 1.0);
  EXPECT_EQ(t[2], 0.0);
  EXPECT_FALSE(std::signbit(t[2]));
  // 0.1 steps accumulate rounding; the tick at zero is still exactly 0, not -1.4e-17.
  const std::vector<double> d = rl::ui::ticks(-0.3, 0.25, 0.1);
  ASSERT_EQ(d.size(), 6u);  // -0.3 -0.2 -0.1 0 0.1 0.2
  EXPECT_EQ(d[3], 0.0);
  EXPECT_NEAR(d[5], 0.2, 1e-12);
  EXPECT_TRUE(rl::ui::ticks(1.0, 0.0, 0.5).empty());
}

// Mipmap halving: each pixel the rounded (half up) mean of the 2x2 it covers, the odd edge's
// one- and two-pixel cells averaged over what is there. Values worked by hand.
TEST(Mipmap, HalvingAveragesTheCoveredPixelsAndRoundsHalfUp) {
  QImage img(3, 3, QImage::Format_ARGB32);
  const int red[3][3] = {{0, 1, 10}, {1, 1, 20}, {7, 9, 255}};
  for (int y = 0; y < 3; ++y)
    for (int x = 0; x < 3; ++x) img.setPixel(x, y, qRgba(red[y][x], 2 * y, 100 + x, 200 + y));
  const QImage h = rl::ui::halve(img);
  ASSERT_EQ(h.size(), QSize(2, 2));
  ASSERT_EQ(h.format(), QImage::Format_ARGB32);
  // (0+1+1+1)/4 = 0.75 -> 1; green (0+0+2+2)/4 = 1; blue (100+101+100+101)/4 = 100.5 -> 101;
  // alpha (200+200+201+201)/4 = 200.5 -> 201.
  EXPECT_EQ(h.pixel(0, 0), qRgba(1, 1, 101, 201));
  // The right column alone: red (10+20)/2 = 15, green (0+2)/2 = 1, blue 102, alpha 200.5 -> 201.
  EXPECT_EQ(h.pixel(1, 0), qRgba(15, 1, 102, 201));
  // The bottom row alone: red (7+9)/2 = 8, green 4, blue 100.5 -> 101, alpha 202.
  EXPECT_EQ(h.pixel(0, 1), qRgba(8, 4, 101, 202));
  EXPECT_EQ(h.pixel(1, 1), qRgba(255, 4, 102, 202));  // the corner pixel as it is
  // Rounding: a mean of 0.25 goes down, 0.5 up.
  QImage two(2, 2, QImage::Format_RGB32);
  two.fill(qRgb(0, 0, 0));
  two.setPixel(1, 1, qRgb(1, 2, 3));
  EXPECT_EQ(rl::ui::halve(two).pixel(0, 0), qRgb(0, 1, 1));  // 1/4 -> 0, 2/4 -> 1, 3/4 -> 1
}

// Every pixel of halvings of random images (odd and even sizes, values up to 255 in every channel)
// against the rounded means worked here channel by channel.
TEST(Mipmap, HalvingOfRandomImagesIsTheRoundedMeanOfEachCell) {
  std::mt19937 rng(7);
  std::uniform_int_distribution<int> byte(0, 255), high(250, 255);
  for (const QSize size : {QSize(37, 5), QSize(64, 4), QSize(33, 3), QSize(2, 1)}) {
    QImage img(size, QImage::Format_ARGB32);
    for (int y = 0; y < size.height(); ++y)
      for (int x = 0; x < size.width(); ++x) {
        const bool bright = (x + y) % 3 == 0;
        auto v = [&] { return bright ? high(rng) : byte(rng); };
        const int r = v(), g = v(), b = v(), al = v();
        img.setPixel(x, y, qRgba(r, g, b, al));
      }
    const QImage h = rl::ui::halve(img);
    ASSERT_EQ(h.size(), QSize((size.width() + 1) / 2, (size.height() + 1) / 2));
    std::size_t wrong = 0;
    for (int y = 0; y < h.height(); ++y)
      for (int x = 0; x < h.width(); ++x) {
        int sum[4] = {0, 0, 0, 0}, n = 0;
        for (int yy = 2 * y; yy < std::min(2 * y + 2, size.height()); ++yy)
          for (int xx = 2 * x; xx < std::min(2 * x + 2, size.width()); ++xx) {
            const QRgb p = img.pixel(xx, yy);
            sum[0] += qRed(p), sum[1] += qGreen(p), sum[2] += qBlue(p), sum[3] += qAlpha(p);
            ++n;
          }
        const auto mean = [n](int s) { return (2 * s + n) / (2 * n); };  // s / n rounded half up
        wrong += h.pixel(x, y) != qRgba(mean(sum[0]), mean(sum[1]), mean(sum[2]), mean(sum[3]));
      }
    EXPECT_EQ(wrong, 0u) << size.width() << "x" << size.height();
  }
}

TEST(Mipmap, LevelsStopAtTheSmallestSideAndTheZoomPicksTheLevel) {
  QImage img(1000, 600, QImage::Format_RGB32);
  img.fill(qRgb(10, 20, 30));
  const auto m = rl::ui::Mipmap::of(img);
  ASSERT_EQ(m->levels(), 2);  // 500x300, then 250x150: its larger side is within 256
  EXPECT_EQ(m->level(1).size(), QSize(500, 300));
  EXPECT_EQ(m->level(2).size(), QSize(250, 150));
  EXPECT_EQ(m->level(2).pixel(17, 33), qRgb(10, 20, 30));
  EXPECT_EQ(m->level_for(4.0), 0);   // magnified: the full image
  EXPECT_EQ(m->level_for(0.5), 0);   // at 1/2: still the full image
  EXPECT_EQ(m->level_for(0.49), 1);  // level 1's pixels cover 0.98 screen px
  EXPECT_EQ(m->level_for(0.25), 2);
  EXPECT_EQ(m->level_for(0.01), 2);  // no coarser level than the last
  EXPECT_EQ(m->level_for(0.0), 0);
  // A 256-pixel image needs no level; formats other than 32-bit RGB get none.
  EXPECT_EQ(rl::ui::Mipmap::of(QImage(256, 100, QImage::Format_RGB32))->levels(), 0);
  EXPECT_EQ(rl::ui::Mipmap::of(QImage(1000, 600, QImage::Format_RGB888))->levels(), 0);
  EXPECT_EQ(rl::ui::Mipmap::of(QImage())->levels(), 0);
}

TEST(Release, DisplayImagesAndSharedImagesHoldTheirPixels) {
  QImage a = rl::ui::make_display_image(5, 3, QImage::Format_RGB32);
  ASSERT_FALSE(a.isNull());
  EXPECT_EQ(a.bytesPerLine(), 20);
  a.fill(qRgb(1, 2, 3));
  const QImage copy = a;  // shares the buffer; freed once, when the last copy goes
  a = QImage();
  EXPECT_EQ(copy.pixel(4, 2), qRgb(1, 2, 3));
  EXPECT_TRUE(rl::ui::make_display_image(0, 3, QImage::Format_RGB32).isNull());
  rl::Image img(2, 2, 1, rl::ElemType::U8);
  img.set(1, 1, 0, 7);
  const auto shared = rl::ui::share_image(std::move(img));
  EXPECT_EQ(shared->at(1, 1, 0), 7);
}

}  // namespace
