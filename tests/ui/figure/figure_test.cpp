// Tap-weight plots against the plan, the worked example panel against the resizer, and the kernel
// plot's curves.
#include "rl/ui/figure.hpp"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <cmath>
#include <memory>

#include "qt_pixels.hpp"
#include "rl/metrics.hpp"
#include "rl/resize.hpp"
#include "rl/ui/kernel_plot_widget.hpp"
#include "rl/ui/tap_weights_widget.hpp"
#include "rl/ui/worked_example_widget.hpp"

namespace {

using rl::ui::NamedPlan;

std::shared_ptr<const rl::Plan> plan_for(double sr, double sc, rl::Method m, int rows, int cols,
                                         rl::Boundary b = rl::Boundary::Modern,
                                         std::optional<bool> aa = std::nullopt) {
  rl::ResizeSpec s = rl::ResizeSpec::with_scale(sr, sc, m);
  s.boundary = b;
  s.antialiasing = aa;
  return std::make_shared<const rl::Plan>(rl::make_plan(s, rows, cols));
}

// Hand-worked: 1x4, bilinear, scale 1/2, antialiased: kernel 0.5*triangle(0.5x), the outer two of
// P = 6 tap columns are zero everywhere and removed; weights 1/8 3/8 3/8 1/8. Output column 0
// reads input columns -1 0 1 2, with -1 mirrored (modern) or clamped (legacy) to 0.
TEST(TapWeights, HandWorkedBilinearShrink) {
  for (rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy}) {
    rl::ui::TapWeightsWidget w;
    w.set_plan(plan_for(0.5, 0.5, rl::Method::Bilinear, 1, 4, b), "bilinear");
    w.set_pixel(0, 0);
    const QVector<QPointF> expect0 = {{0, 0.125}, {0, 0.375}, {1, 0.375}, {2, 0.125}};
    EXPECT_EQ(w.plotted_col_taps(), expect0);
    w.set_pixel(0, 1);  // input columns 1 2 3 4, with 4 mapped back to 3 (mirror and clamp agree)
    const QVector<QPointF> expect1 = {{1, 0.125}, {2, 0.375}, {3, 0.375}, {3, 0.125}};
    EXPECT_EQ(w.plotted_col_taps(), expect1);
  }
}

// Bicubic, scale 1/2, 6 rows: output 0 has u = 1.5 (1-based), width 8, left = -3, P = 10 taps at
// 1-based rows -3..6 at distances 4.5..-4.5; the two at |d| = 4.5 weigh 0.5*cubic(2.25) = 0 for
// every output and are removed, leaving 8. Rows -2 -1 0 lie outside: modern mirrors them
// (MATLAB's [1..n n..1] rule) to 3 2 1, legacy clamps them to 1. 0-based below.
TEST(TapWeights, BoundaryMappingShown) {
  rl::ui::TapWeightsWidget modern, legacy;
  modern.set_plan(plan_for(0.5, 0.5, rl::Method::Bicubic, 6, 6, rl::Boundary::Modern), "m");
  legacy.set_plan(plan_for(0.5, 0.5, rl::Method::Bicubic, 6, 6, rl::Boundary::Legacy), "l");
  modern.set_pixel(0, 0);
  legacy.set_pixel(0, 0);
  const auto m = modern.plotted_row_taps(), l = legacy.plotted_row_taps();
  ASSERT_EQ(m.size(), 8);
  ASSERT_EQ(l.size(), 8);
  const double mx[] = {2, 1, 0, 0, 1, 2, 3, 4}, lx[] = {0, 0, 0, 0, 1, 2, 3, 4};
  for (int k = 0; k < 8; ++k) {
    EXPECT_EQ(m[k].x(), mx[k]) << k;
    EXPECT_EQ(l[k].x(), lx[k]) << k;
    EXPECT_EQ(m[k].y(), l[k].y()) << k;  // the weights do not depend on the boundary rule
    EXPECT_NE(m[k].y(), 0.0) << k;       // zero-weight taps are gone
  }
  // Symmetric about u: 0.5 * cubic(0.5 * d) at d = 3.5, 2.5, 1.5, 0.5 (cubic(1.75) < 0 etc.).
  EXPECT_NEAR(m[0].y(), 0.5 * rl::kernel_cubic(1.75), 1e-15);
  EXPECT_NEAR(m[3].y(), 0.5 * rl::kernel_cubic(0.25), 1e-15);
  EXPECT_EQ(m[0].y(), m[7].y());
  EXPECT_LT(m[0].y(), 0.0);  // the cubic's negative lobe
}

// For many methods, scales and pixels, the plotted taps are the plan's table entries.
TEST(TapWeights, EqualPlanTables) {
  int compared = 0;
  for (rl::Method m : rl::builtin_methods()) {
    for (double s : {0.3, 0.5, 1.0 / 3, 1.7, 2.0}) {
      auto plan = plan_for(s, s * 1.3, m, 23, 19);
      rl::ui::TapWeightsWidget w;
      w.set_plan(plan, "p");
      for (int r = 0; r < plan->out_rows; r += 3) {
        const int c = (r * 5) % plan->out_cols;
        w.set_pixel(r, c);
        const auto rows = w.plotted_row_taps(), cols = w.plotted_col_taps();
        ASSERT_EQ(rows.size(), plan->rows.taps);
        ASSERT_EQ(cols.size(), plan->cols.taps);
        double sum = 0;
        for (int k = 0; k < plan->rows.taps; ++k) {
          EXPECT_EQ(rows[k].x(), plan->rows.index_of(r)[k]);
          EXPECT_EQ(rows[k].y(), plan->rows.weights_of(r)[k]);
          sum += rows[k].y();
        }
        EXPECT_NEAR(sum, 1.0, 1e-12);  // normalised
        for (int k = 0; k < plan->cols.taps; ++k) {
          EXPECT_EQ(cols[k].x(), plan->cols.index_of(c)[k]);
          EXPECT_EQ(cols[k].y(), plan->cols.weights_of(c)[k]);
        }
        ++compared;
      }
    }
  }
  EXPECT_GT(compared, 100);
}

rl::Image gradient_rgb(int rows, int cols) {
  rl::Image img(rows, cols, 3, rl::ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      img.set(r, c, 0, (r * 37 + c * 11) % 256);
      img.set(r, c, 1, ((r / 2 + c) % 2) * 255);  // 1-px stripes: rounding and ringing
      img.set(r, c, 2, std::min(255, r * c));
    }
  return img;
}

// The panel's final value is the resizer's output (both passes, uint8 rounding) at that pixel.
TEST(WorkedExamplePanel, MatchesResizer) {
  auto src = std::make_shared<const rl::Image>(gradient_rgb(21, 17));
  for (rl::Method m :
       {rl::Method::Bicubic, rl::Method::Bilinear, rl::Method::Lanczos3, rl::Method::Nearest}) {
    auto plan = plan_for(0.45, 0.7, m, 21, 17);
    const rl::Image out = rl::run(*plan, *src);
    rl::ui::WorkedExampleWidget w;
    w.set_plan(plan, "pane");
    w.set_source(src);
    for (int ch = 0; ch < 3; ++ch) {
      w.set_channel(ch);
      for (int r = 0; r < plan->out_rows; ++r)
        for (int c = 0; c < plan->out_cols; c += 2) {
          w.set_pixel(r, c);
          ASSERT_TRUE(w.example().has_value()) << w.text().toStdString();
          EXPECT_EQ(w.example()->value, out.at(r, c, ch));
          EXPECT_EQ(w.example()->second.result, out.at(r, c, ch));
        }
    }
    EXPECT_TRUE(w.text().contains(QStringLiteral("Result: %1").arg(w.example()->value)));
  }
  rl::ui::WorkedExampleWidget w;
  w.set_plan(plan_for(0.5, 0.5, rl::Method::Bicubic, 21, 17), "p");
  w.set_source(src);
  w.set_pixel(500, 0);  // outside: no example, a message instead
  EXPECT_FALSE(w.example().has_value());
  EXPECT_TRUE(w.text().contains("outside"));
}

TEST(KernelPlot, DrawsEachPlanCurve) {
  rl::ui::KernelPlotWidget w;
  w.resize(600, 360);
  w.set_plans({{"MATLAB", plan_for(0.5, 0.5, rl::Method::Bicubic, 64, 64)},
               {"bilinear", plan_for(0.5, 0.5, rl::Method::Bilinear, 64, 64, rl::Boundary::Modern, false)}});
  const QImage img = w.grab().toImage();
  EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(0), 30), 100);
  EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(1), 30), 100);
  EXPECT_EQ(rl_test::count_near(img, rl::ui::series_color(2), 30), 0);
}

}  // namespace
