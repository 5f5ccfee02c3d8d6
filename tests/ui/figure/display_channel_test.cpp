// The display conversion's black and white points for 8-bit images, its exposure and offset (panes and
// maps) and its per-channel view: values worked by hand.
#include <gtest/gtest.h>

#include <memory>

#include "rl/ui/colormap.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/image_convert.hpp"

namespace {

using rl::ui::DisplayRange;
using rl::ui::ViewChannel;

DisplayRange u8_range(double lo, double hi, ViewChannel ch = ViewChannel::All) {
  DisplayRange r{lo, hi, true, true};
  r.channel = ch;
  return r;
}

TEST(DisplayChannel, EightBitBlackAndWhitePoints) {
  rl::Image g(1, 5, 1, rl::ElemType::U8);
  const int values[] = {0, 50, 125, 200, 255};
  for (int c = 0; c < 5; ++c) g.set(0, c, 0, values[c]);
  const QImage q = rl::ui::to_qimage(g, u8_range(50, 200));
  EXPECT_EQ(q.pixel(0, 0), qRgb(0, 0, 0));        // below black: clamped
  EXPECT_EQ(q.pixel(1, 0), qRgb(0, 0, 0));        // 50 -> 0
  EXPECT_EQ(q.pixel(2, 0), qRgb(128, 128, 128));  // (125 - 50) / 150 * 255 = 127.5, halves up
  EXPECT_EQ(q.pixel(3, 0), qRgb(255, 255, 255));  // 200 -> 255
  EXPECT_EQ(q.pixel(4, 0), qRgb(255, 255, 255));
  // Without u8 (a float source's range, or auto) 8-bit is shown as it is.
  const QImage as_is = rl::ui::to_qimage(g, DisplayRange{50, 200, true});
  EXPECT_EQ(as_is.pixel(2, 0), qRgb(125, 125, 125));
  // The on-demand converter (large pictures) follows the same rule.
  QRgb row[5];
  rl::ui::DisplayConverter(g, u8_range(50, 200)).row(0, 0, 5, row);
  EXPECT_EQ(row[2], qRgb(128, 128, 128));
  EXPECT_EQ(row[3], qRgb(255, 255, 255));
}

TEST(DisplayChannel, EachChannelIsShownAsGrey) {
  rl::Image rgb(1, 1, 3, rl::ElemType::U8);
  rgb.set(0, 0, 0, 10);
  rgb.set(0, 0, 1, 200);
  rgb.set(0, 0, 2, 30);
  const auto shown = [&](ViewChannel ch) {
    DisplayRange r;
    r.channel = ch;
    return rl::ui::to_qimage(rgb, r).pixel(0, 0);
  };
  EXPECT_EQ(shown(ViewChannel::All), qRgb(10, 200, 30));
  EXPECT_EQ(shown(ViewChannel::R), qRgb(10, 10, 10));
  EXPECT_EQ(shown(ViewChannel::G), qRgb(200, 200, 200));
  EXPECT_EQ(shown(ViewChannel::B), qRgb(30, 30, 30));
  // 0.298936021293775 * 10 + 0.587043074451121 * 200 + 0.114020904255103 * 30 = 123.819 -> 124
  EXPECT_EQ(shown(ViewChannel::Y), qRgb(124, 124, 124));
  EXPECT_EQ(shown(ViewChannel::Alpha), qRgb(255, 255, 255));  // no alpha: opaque
  // The channel through the black and white points: R = 10 with 0..20 -> 127.5 -> 128.
  EXPECT_EQ(rl::ui::to_qimage(rgb, u8_range(0, 20, ViewChannel::R)).pixel(0, 0), qRgb(128, 128, 128));

  rl::Image rgba(1, 1, 4, rl::ElemType::U8);
  for (int k = 0; k < 4; ++k) rgba.set(0, 0, k, 40 * (k + 1));
  DisplayRange a;
  a.channel = ViewChannel::Alpha;
  EXPECT_EQ(rl::ui::to_qimage(rgba, a).pixel(0, 0), qRgb(160, 160, 160));  // opaque grey of alpha 160

  rl::Image grey(1, 1, 1, rl::ElemType::F64);
  grey.set(0, 0, 0, 0.5);
  DisplayRange gr{0.0, 1.0};
  gr.channel = ViewChannel::G;
  EXPECT_EQ(rl::ui::to_qimage(grey, gr).pixel(0, 0), qRgb(128, 128, 128));
}

TEST(DisplayChannel, TheMapsChannelIndex) {
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::All, 3), -1);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::Y, 3), -1);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::R, 3), 0);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::B, 3), 2);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::B, 1), 0);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::Alpha, 3), -1);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::Alpha, 4), 3);
  EXPECT_EQ(rl::ui::view_channel_index(ViewChannel::Alpha, 2), 1);
}

}  // namespace

// tev's exposure and offset before the black and white points, values worked by hand:
// t = (v * 2^exposure + offset - black) / (white - black), clipped, times 255, halves up.
TEST(DisplayTone, ExposureAndOffsetForEveryClass) {
  const auto tone = [](DisplayRange r, double exposure, double offset) {
    r.tone = {exposure, offset};
    return r;
  };
  // uint8 shown as it is (auto): its own 0..255. 50 * 2 + 10 = 110; 200 * 2 + 10 = 410, clipped to 255.
  rl::Image g(1, 3, 1, rl::ElemType::U8);
  g.set(0, 0, 0, 50);
  g.set(0, 1, 0, 200);
  g.set(0, 2, 0, 0);
  const QImage q = rl::ui::to_qimage(g, tone(DisplayRange{}, 1.0, 10.0));
  EXPECT_EQ(q.pixel(0, 0), qRgb(110, 110, 110));
  EXPECT_EQ(q.pixel(1, 0), qRgb(255, 255, 255));
  EXPECT_EQ(q.pixel(2, 0), qRgb(10, 10, 10));
  // The same through black 50 and white 200: 50 * 2 = 100 -> 50 / 150 * 255 = 85; 0 -> below black: 0.
  const QImage f = rl::ui::to_qimage(g, tone(u8_range(50, 200), 1.0, 0.0));
  EXPECT_EQ(f.pixel(0, 0), qRgb(85, 85, 85));
  EXPECT_EQ(f.pixel(2, 0), qRgb(0, 0, 0));
  // float through 0..1 at exposure -1: 0.5 -> 0.25 -> 63.75 -> 64; offset 0.5 adds half of white.
  rl::Image d(1, 1, 1, rl::ElemType::F64);
  d.set(0, 0, 0, 0.5);
  EXPECT_EQ(rl::ui::to_qimage(d, tone(DisplayRange{0.0, 1.0}, -1.0, 0.0)).pixel(0, 0), qRgb(64, 64, 64));
  EXPECT_EQ(rl::ui::to_qimage(d, tone(DisplayRange{0.0, 1.0}, -1.0, 0.5)).pixel(0, 0), qRgb(191, 191, 191));
  // uint16 divided by 257 (no range): its own 0..65535. 1000 at exposure 3: 8000 / 65535 * 255 = 31.13.
  rl::Image w(1, 1, 1, rl::ElemType::U16);
  w.set(0, 0, 0, 1000);
  EXPECT_EQ(rl::ui::to_qimage(w, DisplayRange{}).pixel(0, 0), qRgb(4, 4, 4));  // 1000 / 257 = 3.89
  EXPECT_EQ(rl::ui::to_qimage(w, tone(DisplayRange{}, 3.0, 0.0)).pixel(0, 0), qRgb(31, 31, 31));
  // The on-demand converter (a large picture's pixels) reads the same rule.
  QRgb row[3];
  rl::ui::DisplayConverter(g, tone(DisplayRange{}, 1.0, 10.0)).row(0, 0, 3, row);
  EXPECT_EQ(row[0], qRgb(110, 110, 110));
  // The values shown as black and white: (black - offset) / 2^exposure.
  EXPECT_EQ(rl::ui::toned_range(0, 255, {1.0, 10.0}), (std::pair{-5.0, 122.5}));
}

// The maps take the display's exposure and offset through the same rule: their colour scale's ends
// are the values shown at its colours' ends.
TEST(DisplayTone, TheMapsScaleFollowsTheTone) {
  auto a = std::make_shared<rl::Image>(1, 2, 1, rl::ElemType::U8);
  auto b = std::make_shared<rl::Image>(1, 2, 1, rl::ElemType::U8);
  a->set(0, 0, 0, 10);
  a->set(0, 1, 0, 18);
  b->set(0, 0, 0, 12);
  b->set(0, 1, 0, 10);  // |a - b| = 2, 8
  rl::ui::DiffSettings s;
  DisplayRange shown;
  shown.tone = {1.0, 0.0};
  s = rl::ui::shown_diff_settings(s, shown, 1);
  const rl::ui::PaneDiffs d = rl::ui::compare_images({a}, b, s);
  EXPECT_EQ(d.scale.lo, 0.0);
  EXPECT_EQ(d.scale.hi, 4.0);  // the largest difference 8, shown at exposure +1: white at 4
  ASSERT_FALSE(d.diffs[0].colored.isNull());
  EXPECT_EQ(d.diffs[0].colored.pixel(0, 0), rl::ui::colormap_lookup(d.scale.colormap, 0.5));  // 2 * 2 / 8
  EXPECT_EQ(d.diffs[0].colored.pixel(1, 0), rl::ui::colormap_lookup(d.scale.colormap, 1.0));
}
