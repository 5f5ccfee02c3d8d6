// The display conversion's black and white points for 8-bit images and its per-channel view: values
// worked by hand.
#include <gtest/gtest.h>

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
