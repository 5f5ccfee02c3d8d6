// The display's command line: --exposure, --offset, --display-range and --channel set the window's
// display control for that run (nothing of it saved), with one line and exit 2 for a bad value;
// --channel alpha on an image without alpha falls back to All, saying so; --show-panel histogram.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QDockWidget>
#include <QTest>

#include "figure_panels.hpp"
#include "request_error.hpp"
#include "resizelab_request.hpp"
#include "rl/ui/display_range_control.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

rl::app::Request window_request(const QStringList& args) {
  return rl::app::parse_request(QStringList{"resizelab"} + args, rl::app::OptionMode::Window);
}

TEST(DisplayOptions, TheRequestHoldsTheDisplay) {
  const rl::app::Request r =
      window_request({"--exposure", "-1.5", "--offset", "10", "--display-range", "0,4095", "--channel", "Y"});
  EXPECT_EQ(r.exposure, -1.5);
  EXPECT_EQ(r.offset, 10.0);
  ASSERT_TRUE(r.display_range && *r.display_range);
  EXPECT_EQ(**r.display_range, (std::pair{0.0, 4095.0}));
  EXPECT_EQ(r.channel, rl::ui::ViewChannel::Y);
  const rl::app::Request a = window_request({"--display-range", "auto"});
  ASSERT_TRUE(a.display_range);
  EXPECT_FALSE(*a.display_range);
  const auto error = [](const QStringList& args) {
    return rl::test::request_error(args, rl::app::OptionMode::Window);
  };
  EXPECT_EQ(error({"--exposure", "x"}), "--exposure takes a number from -20 to 20, got 'x'");
  EXPECT_EQ(error({"--exposure", "21"}), "--exposure takes a number from -20 to 20, got '21'");
  EXPECT_EQ(error({"--offset", "nan"}), "--offset takes a number from -1e+09 to 1e+09, got 'nan'");
  EXPECT_EQ(error({"--display-range", "5,1"}), "--display-range needs black below white, got '5,1'");
  EXPECT_EQ(error({"--display-range", "1"}), "--display-range takes auto or B,W, got '1'");
  EXPECT_EQ(error({"--channel", "h"}), "--channel takes all, r, g, b, y or alpha, got 'h'");
  EXPECT_TRUE(rl::test::request_error({"--exposure", "1"}, rl::app::OptionMode::Export)
                  .startsWith("--exposure is an option of the window, not of --export"));
}

TEST(DisplayOptions, TheWindowTakesThemForTheRunOnly) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  rl::app::start_window(w, window_request({"--exposure", "1", "--offset", "-3", "--display-range", "10,200",
                                           "--channel", "b", "--show-panel", "histogram"}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  const rl::ui::DisplaySettings& d = w.document()->display_settings();
  EXPECT_EQ(d.tone.exposure, 1.0);
  EXPECT_EQ(d.tone.offset, -3.0);
  EXPECT_FALSE(d.auto_range);
  EXPECT_EQ(d.lo, 10.0);
  EXPECT_EQ(d.hi, 200.0);
  EXPECT_EQ(d.channel, rl::ui::ViewChannel::B);
  EXPECT_TRUE(w.document()->display_range().tone == (rl::ui::Tone{1.0, -3.0}));
  EXPECT_TRUE(w.findChild<QDockWidget*>("histogramDock")->isVisible());
  // The control shows them; none of it is saved.
  auto* control = w.findChild<rl::ui::DisplayRangeControl*>();
  ASSERT_NE(control, nullptr);
  EXPECT_TRUE(control->settings() == d);
  EXPECT_TRUE(w.settings_to_save().display == rl::ui::DisplaySettings{});
  // An exposure changed in the window is saved, the command line's channel and range are not.
  rl::ui::DisplaySettings changed = d;
  changed.tone.exposure = 2.0;
  w.set_display_settings(changed);
  const rl::ui::DisplaySettings saved = w.settings_to_save().display;
  EXPECT_EQ(saved.tone.exposure, 2.0);
  EXPECT_EQ(saved.tone.offset, 0.0);
  EXPECT_EQ(saved.channel, rl::ui::ViewChannel::All);
  EXPECT_TRUE(saved.auto_range);
}

TEST(DisplayOptions, AChannelTheImageLacksFallsBackVisibly) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::app::start_window(w, window_request({"--channel", "alpha"}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return w.document()->display_settings().channel == rl::ui::ViewChannel::All; }, 20000));
  auto* control = w.findChild<rl::ui::DisplayRangeControl*>();
  EXPECT_EQ(control->note(), "Channel alpha: none of the shown images has alpha; showing All");
}

}  // namespace
