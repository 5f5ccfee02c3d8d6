// The Histogram dock: counts by hand for small images of each kind of class, the channels the view
// shows (Y by the view's rule), the dock following the pane under the mouse, the region and the
// channel view, and a 24 MP image's histogram made off the GUI thread.
#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QTest>
#include <cmath>
#include <limits>

#include "figure_panels.hpp"
#include "rl/ui/histogram_widget.hpp"
#include "rl/ui/image_convert.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "test_util.hpp"

namespace {

TEST(Histogram, CountsByHand) {
  // uint8, 2x2 RGB: R = 0, 0, 255, 7; G = 1, 1, 1, 1; B = 254, 255, 255, 255. One bin per level.
  rl::Image u8(2, 2, 3, rl::ElemType::U8);
  const unsigned char px[] = {0, 1, 254, 0, 1, 255, 255, 1, 255, 7, 1, 255};
  std::copy(std::begin(px), std::end(px), u8.data<unsigned char>());
  const rl::ui::Histogram h = rl::ui::histogram_of(u8);
  EXPECT_EQ(h.names, QStringList({"R", "G", "B"}));
  EXPECT_EQ(h.lo, 0);
  EXPECT_EQ(h.hi, 255);
  ASSERT_EQ(h.counts.size(), 3u);
  EXPECT_EQ(h.counts[0][0], 2u);
  EXPECT_EQ(h.counts[0][7], 1u);
  EXPECT_EQ(h.counts[0][255], 1u);
  EXPECT_EQ(h.counts[1][1], 4u);
  EXPECT_EQ(h.counts[2][254], 1u);
  EXPECT_EQ(h.counts[2][255], 3u);
  EXPECT_EQ(h.pixels, 4u);
  for (int level = 0; level < 256; ++level) EXPECT_EQ(rl::ui::histogram_bin(level, 0, 255, 256), level);
  // A part: the right column only (x = 1).
  const rl::ui::Histogram right = rl::ui::histogram_of(u8, QRect(1, 0, 1, 2));
  EXPECT_EQ(right.pixels, 2u);
  EXPECT_EQ(right.counts[0][0], 1u);  // (0, 1) R = 0
  EXPECT_EQ(right.counts[0][7], 1u);  // (1, 1) R = 7
  // double, grey, with a NaN: the bins span the finite range -1..3 (4 bins of width 1).
  rl::Image f(1, 4, 1, rl::ElemType::F64);
  const double v[] = {-1, 0.5, 3, std::numeric_limits<double>::quiet_NaN()};
  std::copy(std::begin(v), std::end(v), f.data<double>());
  const rl::ui::Histogram g = rl::ui::histogram_of(f, {}, 4);
  EXPECT_EQ(g.names, QStringList({"grey"}));
  EXPECT_EQ(g.lo, -1);
  EXPECT_EQ(g.hi, 3);
  EXPECT_EQ(g.non_finite, 1u);
  EXPECT_EQ(g.counts[0], (std::vector<std::uint64_t>{1, 1, 0, 1}));
  // The widest float64 range, -DBL_MAX..DBL_MAX (hi - lo is infinite): 0 is in the middle, the ends in
  // the first and last bins.
  const double big = std::numeric_limits<double>::max();
  const double w[] = {-big, 0.0, big, big / 2};
  std::copy(std::begin(w), std::end(w), f.data<double>());
  const rl::ui::Histogram wide = rl::ui::histogram_of(f, {}, 4);
  EXPECT_EQ(wide.lo, -big);
  EXPECT_EQ(wide.hi, big);
  EXPECT_EQ(wide.counts[0], (std::vector<std::uint64_t>{1, 0, 1, 2}));
  // One value 1e300 (lo + 1 == lo: an empty range), and values that are not finite: the first bin.
  const double same[] = {1e300, 1e300, 1e300, 1e300};
  std::copy(std::begin(same), std::end(same), f.data<double>());
  EXPECT_EQ(rl::ui::histogram_of(f, {}, 4).counts[0], (std::vector<std::uint64_t>{4, 0, 0, 0}));
  EXPECT_EQ(rl::ui::histogram_bin(std::numeric_limits<double>::quiet_NaN(), 0, 1, 4), 0);
  EXPECT_EQ(rl::ui::histogram_bin(INFINITY, 0, 1, 4), 3);
  EXPECT_EQ(rl::ui::histogram_bin(-INFINITY, 0, 1, 4), 0);
}

// The channels the view shows: one of R, G, B or alpha, or Y by the view's own rule (rounded for an
// integer class as the view rounds it; not for a floating-point one).
TEST(Histogram, TheChannelsTheViewShows) {
  using rl::ui::ViewChannel;
  rl::Image u8(1, 2, 3, rl::ElemType::U8);
  const unsigned char px[] = {10, 200, 30, 0, 1, 254};
  std::copy(std::begin(px), std::end(px), u8.data<unsigned char>());
  const rl::ui::Histogram g = rl::ui::histogram_of(u8, {}, 256, ViewChannel::G);
  EXPECT_EQ(g.names, QStringList{"G"});
  ASSERT_EQ(g.counts.size(), 1u);
  EXPECT_EQ(g.counts[0][200], 1u);
  EXPECT_EQ(g.counts[0][1], 1u);
  // Y: 0.298936021293775 * 10 + 0.587043074451121 * 200 + 0.114020904255103 * 30 = 123.819 -> 124;
  // 0.587043074451121 * 1 + 0.114020904255103 * 254 = 29.548 -> 30. The same levels the view draws.
  const rl::ui::Histogram y = rl::ui::histogram_of(u8, {}, 256, ViewChannel::Y);
  EXPECT_EQ(y.names, QStringList{"Y"});
  EXPECT_EQ(y.counts[0][124], 1u);
  EXPECT_EQ(y.counts[0][30], 1u);
  rl::ui::DisplayRange view;
  view.channel = ViewChannel::Y;
  const QImage shown = rl::ui::to_qimage(u8, view);
  EXPECT_EQ(qRed(shown.pixel(0, 0)), 124);
  EXPECT_EQ(qRed(shown.pixel(1, 0)), 30);
  // No alpha: nothing to count. A grey image's G is its grey.
  EXPECT_TRUE(rl::ui::histogram_of(u8, {}, 256, ViewChannel::Alpha).names.isEmpty());
  rl::Image grey(1, 1, 1, rl::ElemType::U8);
  EXPECT_EQ(rl::ui::histogram_of(grey, {}, 256, ViewChannel::G).names, QStringList{"grey"});
  // float64: Y as it is, not rounded. The weights sum to 0.999999999999999, so grey 1 has Y just under
  // 1: 4 bins over 0..Y(1), grey 0.3 in the second (rounded to an integer it would join 0).
  rl::Image f(1, 3, 3, rl::ElemType::F64);
  const double greys[] = {0.0, 0.3, 1.0};
  for (int c = 0; c < 3; ++c)
    for (int k = 0; k < 3; ++k) f.set(0, c, k, greys[c]);
  const rl::ui::Histogram fy = rl::ui::histogram_of(f, {}, 4, ViewChannel::Y);
  EXPECT_EQ(fy.lo, 0.0);
  EXPECT_NEAR(fy.hi, 1.0, 1e-14);
  EXPECT_EQ(fy.counts[0], (std::vector<std::uint64_t>{1, 1, 0, 1}));
}

TEST(Histogram, TheDockFollowsThePaneUnderTheMouseAndTheRegion) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  auto* dock = w.findChild<QDockWidget*>("histogramDock");
  ASSERT_NE(dock, nullptr);
  auto* hist = dock->findChild<rl::ui::HistogramWidget*>();
  ASSERT_NE(hist, nullptr);
  rl::ui::PaneView* v = w.pane_view(1);
  QTest::mouseMove(v, v->rect().center());
  QTest::mouseMove(v, v->rect().center() + QPoint(3, 2));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return hist->histogram() && !hist->computing(); }, 30000));
  EXPECT_TRUE(hist->label().startsWith("pane 2")) << hist->label().toStdString();
  const rl::Image& img = *doc->result(1).image;
  EXPECT_EQ(hist->histogram()->pixels, static_cast<std::uint64_t>(img.rows()) * img.cols());
  // Pane 2's green channel counted by hand.
  std::vector<std::uint64_t> green(256, 0);
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c) ++green[static_cast<std::size_t>(img.at(r, c, 1))];
  EXPECT_EQ(hist->histogram()->counts[1], green);
  // A region: its part of the pane (the default 512x512 image at 0.5: 20x10 source px are 10x5 px).
  doc->set_region(QRect(100, 60, 20, 10));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return hist->label().contains("region 100,60,20,10") && !hist->computing(); }, 30000));
  const double s = static_cast<double>(img.rows()) / doc->source()->rows();
  EXPECT_EQ(hist->histogram()->pixels, static_cast<std::uint64_t>(std::lround(20 * s) * std::lround(10 * s)));
}

// The dock shows the channel the view shows (Display > Channel), and Y by the view's rule: the pane's
// own grey levels counted.
TEST(Histogram, TheDockFollowsTheChannelView) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  auto* hist = w.findChild<QDockWidget*>("histogramDock")->findChild<rl::ui::HistogramWidget*>();
  ASSERT_NE(hist, nullptr);
  auto* channel = w.findChild<QComboBox*>("displayChannel");
  ASSERT_NE(channel, nullptr);
  rl::ui::PaneView* v = w.pane_view(1);
  QTest::mouseMove(v, v->rect().center());
  QTest::mouseMove(v, v->rect().center() + QPoint(3, 2));
  channel->setCurrentIndex(static_cast<int>(rl::ui::ViewChannel::G));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return hist->histogram() && !hist->computing() && hist->histogram()->names == QStringList{"G"};
      },
      30000));
  const rl::Image& img = *doc->result(1).image;
  std::vector<std::uint64_t> green(256, 0);
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c) ++green[static_cast<std::size_t>(img.at(r, c, 1))];
  EXPECT_EQ(hist->histogram()->counts[0], green);
  channel->setCurrentIndex(static_cast<int>(rl::ui::ViewChannel::Y));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() {
        return hist->histogram() && !hist->computing() && hist->histogram()->names == QStringList{"Y"};
      },
      30000));
  ASSERT_TRUE(rl::ui::test::wait_idle(*doc, 60000));
  // The grey levels the pane draws in Y, counted from its picture.
  const auto& pic = doc->result(1).display;
  std::vector<std::uint64_t> luma(256, 0);
  for (int r = 0; r < img.rows(); ++r)
    for (int c = 0; c < img.cols(); ++c) ++luma[static_cast<std::size_t>(qRed(pic->pixel(c, r)))];
  EXPECT_EQ(hist->histogram()->counts[0], luma);
}

TEST(Histogram, A24MegapixelImageIsCountedOffTheGuiThread) {
  auto big = std::make_shared<rl::Image>(4000, 6000, 3, rl::ElemType::U8);
  unsigned char* d = big->data<unsigned char>();
  for (std::size_t i = 0; i < big->row_stride() * 4000; ++i) d[i] = static_cast<unsigned char>(i % 251);
  rl::ui::HistogramWidget h;
  QElapsedTimer t;
  t.start();
  h.set_image(big, {}, "big");
  EXPECT_LT(t.elapsed(), 100) << "set_image counted on the GUI thread";
  EXPECT_TRUE(h.computing());
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !h.computing(); }, 120000));
  std::uint64_t total = 0;
  for (const std::uint64_t n : h.histogram()->counts[2]) total += n;
  EXPECT_EQ(total, 24000000u);
}

}  // namespace
