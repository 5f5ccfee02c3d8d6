// The class MATLAB's panes resize in (--as, the toolbar's Class box), on the golden case MATLAB made
// through im2double: baboon_down_x3_matlab.png is im2uint8(imresize(im2double(baboon), 1/3)) (the
// golden README). Resized in uint8, MATLAB's pane differs from it by one level in 32.6% of the
// pixels, and the window says a class difference is the likely cause; resized in double, not at all.
// The command line's choice is for its run; the box's is saved. The export takes --as too, and File >
// Export's command line says it.
#include <gtest/gtest.h>

#include <QComboBox>
#include <QLabel>
#include <QTest>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "resizelab_request.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"
#include "window_start.hpp"

namespace {

const QString kBaboon = QStringLiteral(RL_GOLDEN_DIR "/modern-baboon/baboon.png");
const QString kMatlab = QStringLiteral(RL_GOLDEN_DIR "/modern-baboon/baboon_down_x3_matlab.png");

bool compared(const rl::ui::Document& doc) {
  return !doc.busy() && doc.reference_image() && doc.result(0).image && doc.diff(0).stats &&
         doc.result(0).image->rows() == 160;
}

TEST(ResizeClass, AnIm2doubleReferenceMatchesInDoubleAndTheWindowSaysWhy) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  rl::ui::Document& doc = *w.document();
  rl::app::start_window(
      w, rl::app::parse_request({"resizelab", "--scale", "1/3", "--reference", kMatlab, kBaboon},
                                rl::app::OptionMode::Window));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return compared(doc) && doc.source_path() == kBaboon; }, 60000));
  // In the image's class (uint8): one level off in 8543 of 26240 pixels (32.56%).
  EXPECT_EQ(doc.resize_class(), rl::ui::ResizeClass::Keep);
  EXPECT_EQ(doc.diff(0).stats->max_abs, 1.0);
  EXPECT_EQ(doc.diff(0).stats->differing, 8543u);
  auto* hint = w.findChild<QLabel*>("classHint");
  ASSERT_TRUE(hint);
  EXPECT_TRUE(hint->isVisibleTo(&w));
  EXPECT_TRUE(
      hint->text().contains("Pane 1 differs from the reference by one level in 32.6% of its pixels: a "
                            "class difference is the likely cause"))
      << hint->text().toStdString();
  EXPECT_TRUE(hint->text().contains("--as double")) << hint->text().toStdString();
  // Panes far from the reference (nearest: up to 136 levels) get no such hint.
  EXPECT_FALSE(hint->text().contains("Pane 2")) << hint->text().toStdString();

  // The toolbar's Class box: double, and MATLAB's pane is the reference's every byte.
  auto* box = w.findChild<QComboBox*>("classBox");
  ASSERT_TRUE(box);
  box->setCurrentIndex(box->findData(int(rl::ui::ResizeClass::Double)));
  EXPECT_EQ(doc.resize_class(), rl::ui::ResizeClass::Double);
  ASSERT_TRUE(QTest::qWaitFor([&]() { return compared(doc) && doc.diff(0).stats->differing == 0; }, 60000));
  EXPECT_EQ(doc.diff(0).stats->max_abs, 0.0);
  EXPECT_EQ(doc.result(0).image->type(), rl::ElemType::U8);  // back in the image's class
  EXPECT_FALSE(hint->isVisibleTo(&w));
  // Changed in the window: saved.
  EXPECT_EQ(w.settings_to_save().resize_class, rl::ui::ResizeClass::Double);

  // File > Export's command line says --as double and makes the same comparison.
  const rl::ui::FigureSpec spec = rl::app::figure_spec_of(w);
  const rl::ui::ExportCommand c = rl::app::export_command(spec, "f.png");
  EXPECT_TRUE(c.args.join(' ').contains("--as double")) << c.args.join(' ').toStdString();
  const rl::app::ExportJob job = rl::app::prepare_export(c.args);
  EXPECT_EQ(job.spec.comparison.resize_class, rl::ui::ResizeClass::Double);
  ASSERT_TRUE(job.spec.comparison.diffs[0].stats);
  EXPECT_EQ(job.spec.comparison.diffs[0].stats->differing, 0u);
}

TEST(ResizeClass, TheCommandLinesClassIsForItsRun) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  rl::ui::Document& doc = *w.document();
  rl::app::start_window(w, rl::app::parse_request({"resizelab", "--as", "double", "--scale", "1/3",
                                                   "--reference", kMatlab, kBaboon},
                                                  rl::app::OptionMode::Window));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, doc, 60000));
  ASSERT_TRUE(QTest::qWaitFor([&]() { return compared(doc) && doc.source_path() == kBaboon; }, 60000));
  EXPECT_EQ(doc.resize_class(), rl::ui::ResizeClass::Double);
  EXPECT_EQ(w.findChild<QComboBox*>("classBox")->currentData().toInt(), int(rl::ui::ResizeClass::Double));
  EXPECT_EQ(doc.diff(0).stats->differing, 0u);
  EXPECT_EQ(w.settings_to_save().resize_class, rl::ui::ResizeClass::Keep);  // not saved
  // A bad class: one usage line, as the command's.
  try {
    rl::app::parse_request({"resizelab", "--as", "uint8"}, rl::app::OptionMode::Window);
    ADD_FAILURE() << "--as uint8 was taken";
  } catch (const rl::app::CommandLineError& e) {
    EXPECT_EQ(e.message, QString("--as must be keep, double or single, got 'uint8'"));
  }
}

}  // namespace
