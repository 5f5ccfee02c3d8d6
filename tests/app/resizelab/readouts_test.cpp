// The values the panes write at high zoom are the channel the view shows (Y, not R, G and B).
#include <gtest/gtest.h>

#include <QComboBox>
#include <QPainter>
#include <QTest>

#include "painted_texts.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "test_util.hpp"

namespace {

using rl::ui::MainWindow;
using rl::ui::PaneView;

constexpr int kWaitMs = 120000;

// At high zoom a pane writes the values its picture shows: the Y of each pixel while the view shows Y
// (it wrote R, G and B), one channel's while it shows one, all three for All. On one colour, every
// pixel of every resizer is (10, 200, 30): Y = 0.298936021293775 * 10 + 0.587043074451121 * 200 +
// 0.114020904255103 * 30 = 123.819 -> 124.
TEST(Readouts, ThePaneValuesAreTheChannelTheViewShows) {
  rl::ui::test::isolate_settings();
  MainWindow w;
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), kWaitMs));
  rl::Image one(40, 60, 3, rl::ElemType::U8);
  for (int r = 0; r < one.rows(); ++r)
    for (int c = 0; c < one.cols(); ++c) {
      one.set(r, c, 0, 10);
      one.set(r, c, 1, 200);
      one.set(r, c, 2, 30);
    }
  w.document()->set_source(one, "one colour");
  ASSERT_TRUE(rl::ui::test::wait_idle(*w.document(), kWaitMs));
  w.zoom_to_values();
  PaneView* v = w.pane_view(1);
  ASSERT_GE(v->pixel_size(), PaneView::kValuesFrom);
  auto* channel = w.findChild<QComboBox*>("displayChannel");
  ASSERT_NE(channel, nullptr);
  const auto written = [&](rl::ui::ViewChannel c) {
    channel->setCurrentIndex(static_cast<int>(c));
    EXPECT_TRUE(rl::ui::test::wait_idle(*w.document(), kWaitMs));
    return rl::test::painted_texts(v->size(), [&](QPainter& p) { v->render(&p, QPoint(), QRegion(), {}); });
  };
  const QStringList all = written(rl::ui::ViewChannel::All);
  ASSERT_GE(all.size(), 3);
  EXPECT_EQ(all.count("10"), all.size() / 3) << all.join(" ").toStdString();
  EXPECT_EQ(all.count("200"), all.size() / 3);
  const QStringList y = written(rl::ui::ViewChannel::Y);
  ASSERT_FALSE(y.isEmpty());
  EXPECT_EQ(y.count("124"), y.size()) << y.join(" ").toStdString();
  EXPECT_EQ(y.size(), all.size() / 3);  // one number a pixel
  const QStringList g = written(rl::ui::ViewChannel::G);
  ASSERT_FALSE(g.isEmpty());
  EXPECT_EQ(g.count("200"), g.size()) << g.join(" ").toStdString();
}

}  // namespace
