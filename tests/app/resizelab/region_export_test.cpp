// File > Export starts from the window's statistics region: its crop is the region (in source pixels,
// as --crop spells it) and its statistics are the region's, the numbers the window shows.
#include <gtest/gtest.h>

#include <QSettings>
#include <QStandardPaths>
#include <QTest>

#include "figure_panels.hpp"
#include "fresh_settings.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/view_state.hpp"
#include "test_util.hpp"

namespace {

TEST(RegionExport, TheRegionIsTheFiguresCropAndItsStatistics) {
  // Settings in this process's own empty store: the default image, scale and panes.
  rl::test::isolate_settings("resizelab-region-export-test");
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  const auto idle = [&]() {
    return QTest::qWaitFor([&]() { return !doc.busy() && doc.result(0).image && doc.diff(0).stats; }, 60000);
  };
  ASSERT_TRUE(idle());
  // Without a region: the part the panes show (here the whole image after a fit: no crop).
  w.fit_view();
  EXPECT_TRUE(rl::app::figure_spec_of(w).crop.isEmpty());
  const QRect region(100, 60, 120, 80);
  doc.set_region(region);
  ASSERT_TRUE(idle());
  const rl::ui::FigureSpec spec = rl::app::figure_spec_of(w);
  EXPECT_EQ(spec.crop, region);
  EXPECT_EQ(rl::ui::crop_argument(spec.crop), QString("--crop 100,60,120,80"));
  for (int i = 0; i < rl::ui::Document::kPanes; ++i) {
    const auto& d = spec.comparison.diffs[static_cast<std::size_t>(i)];
    ASSERT_FALSE(d.statistics.empty()) << i;
    EXPECT_EQ(d.statistics.front().phrase, QString("region 100,60,120,80")) << i;
    EXPECT_EQ(d.stats->pixels, doc.diff(i).stats->pixels) << i;
  }
  // At the default scale 0.4 the results' part is 40,24 48x32 (result_crop: 100 * 0.4, ... rounded).
  EXPECT_EQ(spec.comparison.diffs[1].stats->pixels, 48u * 32u);
  doc.set_region(std::nullopt);
  ASSERT_TRUE(idle());
  EXPECT_TRUE(rl::app::figure_spec_of(w).crop.isEmpty());
}

}  // namespace
