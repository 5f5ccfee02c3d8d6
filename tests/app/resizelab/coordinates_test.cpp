// One coordinate convention (docs/VIEWER.md, "Coordinates"): every teaching dock and every plot of a
// figure explaining output pixel (20, 40) at 1/4 prints u = 81.5 for its row and 161.5 for its column,
// (o + 0.5) * 4 - 0.5, and the worked example's taps and weights are the Plan's.
#include <gtest/gtest.h>

#include <QDockWidget>
#include <QPainter>
#include <QRegularExpression>
#include <QTest>

#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "painted_texts.hpp"
#include "rl/ui/figure.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

using rl::test::painted_texts;

// Every u the texts print: "u = 81.5" after a row's or column's name, "u = (81.5, 161.5)", and the
// mapping's "(20, 40) at (81.5, 161.5)" for MATLAB's rule. Returns how many were checked.
int check_u(const QStringList& texts, const std::string& where) {
  int n = 0;
  static const QRegularExpression pair(QStringLiteral("u = \\(([-0-9.]+), ([-0-9.]+)\\)"));
  static const QRegularExpression one(QStringLiteral("^(Output|Source) (row|column).*u = ([-0-9.]+)$"));
  static const QRegularExpression passes(
      QStringLiteral("^Pass (1|2) \\((vertical|horizontal)\\).*u = ([-0-9.]+)"));
  for (const QString& t : texts) {
    if (const auto m = pair.match(t); m.hasMatch()) {
      EXPECT_EQ(m.captured(1), "81.5") << where << ": " << t.toStdString();
      EXPECT_EQ(m.captured(2), "161.5") << where << ": " << t.toStdString();
      ++n;
    } else if (const auto p = passes.match(t); p.hasMatch()) {
      EXPECT_EQ(p.captured(3), p.captured(2) == "vertical" ? "81.5" : "161.5")
          << where << ": " << t.toStdString();
      ++n;
    } else if (const auto o = one.match(t); o.hasMatch()) {
      // "Output row 20: ... u = 81.5"; "Source row 82, channel 1: output 40 at u = 161.5" (along the
      // source row, a column's u)
      const bool column_u = (o.captured(1) == "Source") == (o.captured(2) == "row");
      EXPECT_EQ(o.captured(3), column_u ? "161.5" : "81.5") << where << ": " << t.toStdString();
      ++n;
    } else {
      EXPECT_FALSE(t.contains("u = ")) << where << " prints a u this test does not read: " << t.toStdString();
    }
  }
  return n;
}

// The worked example's first pass lists the row taps of the Plan (0-based indices) in order.
void check_taps(const QStringList& texts, const rl::Plan& plan, const std::string& where) {
  const int first = texts.indexOf(QRegularExpression("^Pass 1 .*"));
  ASSERT_GE(first, 0) << where;
  const int index = texts.indexOf("index", first);
  ASSERT_GT(index, first) << where;
  const int start = texts.indexOf("product", index) + 1;
  const std::int32_t* taps = plan.rows.index_of(20);
  const double* w = plan.rows.weights_of(20);
  for (int k = 0; k < plan.rows.taps; ++k) {
    // index, value, (weight), product per tap: the index cell starts each.
    const int at = texts.indexOf(QString::number(taps[k]), start + (k > 0 ? 0 : 0));
    EXPECT_GE(at, start) << where << " tap " << k;
  }
  // The weights the Taps plot and the worked example use are the Plan's: MATLAB's bicubic at 1/4
  // (antialiased, 16 taps), symmetric about u = 81.5.
  ASSERT_EQ(plan.rows.taps, 16);
  EXPECT_EQ(taps[0], 74);
  EXPECT_EQ(taps[15], 89);
  for (int k = 0; k < 8; ++k) EXPECT_NEAR(w[k], w[15 - k], 1e-15) << k;
}

TEST(Coordinates, EveryFigurePlotPrintsThePlansU) {
  const rl::app::ExportJob job =
      rl::app::prepare_export(QStringList{"resizelab", "--export", "c.svg", "--scale", "1/4", "--pixel",
                                          "20,40", "--plots", "taps,worked,sampling,window,mapping,surface"});
  const QSize size = rl::ui::figure_size(job.spec);
  const QStringList texts = painted_texts(size, [&](QPainter& p) { rl::ui::render_figure(p, job.spec); });
  // taps (2), worked (8 + 1), sampling (1), window (4 panes), mapping (MATLAB's rule).
  EXPECT_GE(check_u(texts, "figure"), 16);
  EXPECT_TRUE(texts.contains("output (0, 0) at (1.5, 1.5); (20, 40) at (81.5, 161.5)"));
  check_taps(texts, *job.spec.comparison.results[0].plan, "figure");
}

TEST(Coordinates, EveryDockPrintsThePlansU) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  w.set_scale(0.25);
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return !doc->busy() && doc->result(0).image && doc->result(0).image->rows() == 128; }, 60000));
  emit w.pixel_hovered(20, 40);
  int total = 0;
  for (const char* name :
       {"tapDock", "workedDock", "samplingDock", "mappingDock", "windowDock", "surfaceDock"}) {
    auto* dock = w.findChild<QDockWidget*>(name);
    ASSERT_TRUE(dock) << name;
    dock->show();
    QWidget* content = dock->widget();
    content->resize(900, 1400);
    QCoreApplication::processEvents();
    const QStringList texts = painted_texts(content->size(), [&](QPainter& p) { content->render(&p); });
    const int n = check_u(texts, name);
    total += n;
    const std::string dock_name = name;
    if (dock_name == "tapDock" || dock_name == "samplingDock" || dock_name == "windowDock") {
      EXPECT_GE(n, 1) << name;
    }
    if (dock_name == "workedDock") {
      EXPECT_GE(n, 2) << name;
      check_taps(texts, *doc->result(0).plan, name);
    }
    if (dock_name == "mappingDock") {
      EXPECT_TRUE(texts.contains("output (0, 0) at (1.5, 1.5); (20, 40) at (81.5, 161.5)"))
          << texts.join(" | ").toStdString();
    }
  }
  EXPECT_GE(total, 5);
}

}  // namespace
