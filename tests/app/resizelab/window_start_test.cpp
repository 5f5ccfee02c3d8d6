// The window receives the typed request (start_window): the resize, the panes, the reference and the
// comparison as values; and what a run saves: only what the user changes in the window, never the
// command line's choices, never a scale no pane resizes at; View > Reset to Defaults.
#include "window_start.hpp"

#include <gtest/gtest.h>

#include <QAction>
#include <QDockWidget>
#include <QLineEdit>
#include <QTemporaryDir>
#include <cmath>

#include "resizelab_request.hpp"
#include "rl/image_io.hpp"
#include "rl/ui/default_image.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

using rl::ui::Document;
using rl::ui::MainWindow;

rl::app::Request window_request(const QStringList& args) {
  return rl::app::parse_request(QStringList{"resizelab"} + args, rl::app::OptionMode::Window);
}

QAction* action(const MainWindow& w, const QString& text) {
  for (QAction* a : w.findChildren<QAction*>())
    if (a->text() == text) return a;
  return nullptr;
}

bool default_panes(const Document& doc) {
  if (doc.pane_count() != Document::kPanes) return false;
  for (int i = 0; i < Document::kPanes; ++i)
    if (!(doc.pane(i) == rl::ui::kDefaultPanes[static_cast<std::size_t>(i)])) return false;
  return true;
}

TEST(WindowStart, TheWindowReceivesTheRequest) {
  rl::ui::test::isolate_settings();
  MainWindow w;
  Document& doc = *w.document();
  rl::app::start_window(w, window_request({"--size", "100,NaN", "--boundary", "legacy", "--diff=signed",
                                           "--metrics", "srcnn", "--panes", "matlab,bilinear,lanczos3-aa",
                                           "--show-panel", "differences", "--device", "cpu"}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(doc.spec().out_size);
  EXPECT_EQ(doc.spec().out_size->first, 100);
  EXPECT_TRUE(std::isnan(doc.spec().out_size->second));
  EXPECT_EQ(w.size_edit()->text(), "100,NaN");
  EXPECT_EQ(doc.spec().boundary, rl::Boundary::Legacy);
  EXPECT_EQ(doc.device(), rl::Device::Cpu);
  ASSERT_EQ(doc.pane_count(), 3);
  EXPECT_TRUE(doc.pane(2) == (rl::ui::PaneConfig{rl::Method::Lanczos3, true}));
  EXPECT_EQ(doc.diff_settings().mode, rl::DiffMode::Signed);
  EXPECT_EQ(doc.diff_settings().protocol, rl::SrProtocol::Srcnn);
  ASSERT_TRUE(action(w, "Show &Differences"));
  EXPECT_TRUE(action(w, "Show &Differences")->isChecked());
  EXPECT_EQ(doc.result(0).image->rows(), 100);
  EXPECT_TRUE(w.findChild<QDockWidget*>("differenceDock")->isVisible());

  // --sr-scale: the panes become round trips at that factor, compared with the image itself (the HR).
  MainWindow sr;
  rl::app::start_window(sr, window_request({"--sr-scale", "2", "--panes", "bicubic,nearest"}));
  ASSERT_TRUE(rl::ui::test::show_and_settle(sr, *sr.document(), 60000));
  EXPECT_EQ(sr.document()->pane(0).sr_round_trip, 2);
  EXPECT_EQ(sr.document()->pane(1).sr_round_trip, 2);
  EXPECT_EQ(sr.document()->diff_settings().against, rl::ui::DiffAgainst::Source);
  EXPECT_FALSE(sr.scale_edit()->isEnabled());
  // Nothing of either run is saved: they changed nothing in the window.
  EXPECT_EQ(w.settings_to_save().boundary, rl::Boundary::Modern);
  EXPECT_EQ(w.settings_to_save().device, rl::Device::Auto);
  EXPECT_TRUE(sr.settings_to_save().panes == rl::ui::kDefaultPanes);
}

// `resizelab HR.png --panes bicubic,file:sr.png` (scale 1 for the file) and then `resizelab HR.png`:
// the second run opens at the defaults, MATLAB's imresize the reference at scale 0.4.
TEST(WindowStart, CommandLineChoicesAreForThatRunOnly) {
  rl::ui::test::isolate_settings();
  QTemporaryDir dir;
  const QString hr = dir.filePath("hr.png"), out = dir.filePath("sr.png");
  const rl::Image img = rl::ui::default_image();
  rl::io::save(hr.toStdString(), img);
  rl::io::save(out.toStdString(), img);
  {
    MainWindow first;
    rl::app::start_window(first, window_request({hr, "--panes", "bicubic,file:" + out, "--diff"}));
    ASSERT_TRUE(rl::ui::test::show_and_settle(first, *first.document(), 60000));
    EXPECT_EQ(first.document()->scale_text(), "1");  // set for the file pane
    EXPECT_EQ(first.document()->pane_count(), 2);
    first.close();  // saves
  }
  {
    MainWindow plain;
    rl::app::start_window(plain, window_request({hr}));
    ASSERT_TRUE(rl::ui::test::show_and_settle(plain, *plain.document(), 60000));
    EXPECT_TRUE(default_panes(*plain.document()));
    EXPECT_EQ(plain.document()->scale_text(), "0.4");
    EXPECT_FALSE(action(plain, "Show &Differences")->isChecked());
    // What the user changes in the window is saved, also in a run that set other things.
    plain.set_scale(1.0 / 3);
    plain.close();
  }
  {
    MainWindow cli;
    rl::app::start_window(cli, window_request({"--boundary", "legacy", "--scale", "2"}));
    ASSERT_TRUE(rl::ui::test::show_and_settle(cli, *cli.document(), 60000));
    EXPECT_EQ(cli.document()->scale_text(), "2");
    cli.document()->set_pane(1, {rl::Method::Lanczos3, false});  // the user's
    cli.close();
  }
  {
    MainWindow next;
    ASSERT_TRUE(rl::ui::test::show_and_settle(next, *next.document(), 60000));
    EXPECT_EQ(next.document()->scale_text(), "1/3");
    EXPECT_EQ(next.document()->spec().boundary, rl::Boundary::Modern);
    EXPECT_TRUE(next.document()->pane(1) == (rl::ui::PaneConfig{rl::Method::Lanczos3, false}));
    // A scale set while every pane is a file is of no use to a resizer pane: not saved.
    next.set_panes({rl::ui::file_pane(out), rl::ui::file_pane(hr)});
    next.set_scale(1);
    ASSERT_TRUE(rl::ui::test::wait_idle(*next.document(), 60000));
    next.close();
  }
  MainWindow last;
  EXPECT_EQ(last.document()->scale_text(), "1/3");
}

TEST(WindowStart, ResetToDefaults) {
  rl::ui::test::isolate_settings();
  {
    MainWindow w;
    w.set_scale(0.25);
    w.document()->set_boundary(rl::Boundary::Legacy);
    w.set_panes({{rl::Method::Box, false}, {rl::Method::Lanczos2, true}});
    w.set_diff_mode(true);
    QAction* reset = action(w, "&Reset to Defaults");
    ASSERT_TRUE(reset);
    reset->trigger();
    EXPECT_TRUE(default_panes(*w.document()));
    EXPECT_EQ(w.document()->scale_text(), "0.4");
    EXPECT_EQ(w.document()->spec().boundary, rl::Boundary::Modern);
    EXPECT_FALSE(action(w, "Show &Differences")->isChecked());
    ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
    w.close();
  }
  MainWindow again;
  EXPECT_TRUE(default_panes(*again.document()));
  EXPECT_EQ(again.document()->scale_text(), "0.4");
}

}  // namespace
