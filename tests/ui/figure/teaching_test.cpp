// The teaching docks offscreen: each draws for every method, antialiasing setting and boundary and
// follows the pixel it is given; the sampling dots equal resize_pass, the profile values equal the
// pixels along the line, the worked example's cells fit the width, and the legends stay inside.
#include <gtest/gtest.h>

#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPainter>
#include <QScrollArea>
#include <QScrollBar>
#include <memory>

#include "qt_pixels.hpp"
#include "rl/resize.hpp"
#include "rl/ui/teaching_plots.hpp"
#include "rl/ui/teaching_widgets.hpp"
#include "rl/ui/worked_example_widget.hpp"

namespace {

std::shared_ptr<const rl::Plan> plan_of(double s, rl::Method m, bool aa, rl::Boundary b, int rows, int cols) {
  rl::ResizeSpec spec = rl::ResizeSpec::with_scale(s, m);
  spec.antialiasing = aa;
  spec.boundary = b;
  return std::make_shared<const rl::Plan>(rl::make_plan(spec, rows, cols));
}

std::shared_ptr<const rl::Image> pattern(int rows, int cols, int channels) {
  auto img = std::make_shared<rl::Image>(rows, cols, channels, rl::ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (int ch = 0; ch < channels; ++ch) img->set(r, c, ch, ((r * 7 + c * 13 + ch * 5) % 17) * 15);
  return img;
}

const rl::Boundary kBoundaries[] = {rl::Boundary::Modern, rl::Boundary::Legacy};

TEST(SamplingDock, DrawsAndItsDotsEqualResizePassForEveryMethod) {
  const auto src = pattern(19, 23, 3);
  rl::ui::SamplingWidget w;
  w.resize(520, 420);
  w.show();
  w.set_source(src);
  for (const rl::Method m : rl::builtin_methods())
    for (const bool aa : {true, false})
      for (const rl::Boundary b : kBoundaries) {
        const auto plan = plan_of(m == rl::Method::Nearest ? 0.6 : 0.45, m, aa, b, 19, 23);
        w.set_plans({{"pane", plan}});
        w.set_channel(1);
        const rl::Image cols_pass = rl::resize_pass(plan->cols, rl::Axis::Cols, *src);
        const rl::Image rows_pass = rl::resize_pass(plan->rows, rl::Axis::Rows, *src);
        for (const auto& [r, c] :
             {std::pair{0, 0}, std::pair{3, 5}, std::pair{plan->out_rows - 1, plan->out_cols - 1}}) {
          w.set_pixel(r, c);  // as a hovered or locked pixel sets it
          w.set_axis(rl::Axis::Cols);
          rl::ui::SamplingData d = w.data();
          ASSERT_EQ(d.rows.size(), 1u);
          EXPECT_EQ(d.out_index, c);
          // The source row through the pixel: the plan's u on the rows axis, to the nearest row.
          const int line = std::clamp(static_cast<int>(std::floor(plan->rows.u[r] - 1.0 + 0.5)), 0, 18);
          for (int o = 0; o < plan->out_cols; ++o) EXPECT_EQ(d.rows[0].value[o], cols_pass.at(line, o, 1));
          w.set_axis(rl::Axis::Rows);
          d = w.data();
          EXPECT_EQ(d.out_index, r);
          const int cline = std::clamp(static_cast<int>(std::floor(plan->cols.u[c] - 1.0 + 0.5)), 0, 22);
          for (int o = 0; o < plan->out_rows; ++o) EXPECT_EQ(d.rows[0].value[o], rows_pass.at(o, cline, 1));
        }
        const QImage img = w.canvas()->grab().toImage();
        EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(0), 40), 40) << rl::to_string(m);
        EXPECT_TRUE(QRectF(w.canvas()->rect()).contains(w.canvas()->legend_rect()));
      }
}

TEST(SamplingDock, TestSignalsDrawWithoutAnImage) {
  rl::ui::SamplingWidget w;
  w.resize(520, 420);
  w.show();
  w.set_plans({{"a", plan_of(0.5, rl::Method::Lanczos3, true, rl::Boundary::Modern, 40, 40)},
               {"b", plan_of(0.5, rl::Method::Nearest, false, rl::Boundary::Modern, 40, 40)}});
  for (const auto s : {rl::ui::SamplingWidget::Signal::Step, rl::ui::SamplingWidget::Signal::Impulse,
                       rl::ui::SamplingWidget::Signal::Chirp}) {
    w.set_signal(s);
    const rl::ui::SamplingData d = w.data();
    ASSERT_EQ(d.rows.size(), 2u);
    EXPECT_EQ(d.rows[0].value.size(), 32u);  // 64 samples at s = 0.5
    const QImage img = w.canvas()->grab().toImage();
    EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(0), 40), 40);
    EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(1), 40), 40);
  }
  // The impulse sits at i = 32: the rebuilt curve there is h(x - 32) / sum_i h(x - i), which peaks
  // where the kernel does, at x = 32.
  w.set_signal(rl::ui::SamplingWidget::Signal::Impulse);
  const rl::ui::SamplingData d = w.data();
  std::size_t at = 0;
  for (std::size_t i = 0; i < d.rows[0].curve.size(); ++i)
    if (d.rows[0].curve[i] > d.rows[0].curve[at]) at = i;
  EXPECT_NEAR(d.rows[0].x[at], 32.0, 0.05);
}

// A short rectangle (the Sampling dock at the window's default size) gets a legend that flows, the
// frame keeping sampling_min_height; sampling_plot_min_height is the least height that does that. A
// tall one (an exported figure) keeps one entry a line, each saying what it shows.
TEST(SamplingDock, TheFrameKeepsItsHeightWithAFlowingLegend) {
  const auto src = pattern(40, 40, 1);
  const QList<rl::ui::NamedPlan> plans = {
      {"MATLAB bicubic (antialiased)", plan_of(0.4, rl::Method::Bicubic, true, rl::Boundary::Modern, 40, 40)},
      {"nearest", plan_of(0.4, rl::Method::Nearest, false, rl::Boundary::Modern, 40, 40)},
      {"bilinear (no antialiasing)", plan_of(0.4, rl::Method::Bilinear, false, rl::Boundary::Modern, 40, 40)},
      {"bicubic (no antialiasing)", plan_of(0.4, rl::Method::Bicubic, false, rl::Boundary::Modern, 40, 40)}};
  const rl::ui::SamplingInput in = rl::ui::sampling_input(*src, *plans[0].second, 8, 8, rl::Axis::Cols, 0);
  QFont font(QStringLiteral("DejaVu Sans"));
  font.setPixelSize(12);
  const QFontMetricsF fm(font);
  const auto paint = [&](double w, double h, QRectF* area) {
    QImage img(static_cast<int>(w), static_cast<int>(std::ceil(h)), QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    p.setFont(font);
    return rl::ui::paint_sampling_plot(p, QRectF(0, 0, w, h), plans, in, area);
  };
  for (const double w : {380.0, 260.0, 600.0}) {
    const double h = rl::ui::sampling_plot_min_height(fm, w, plans);
    QRectF area;
    const QRectF legend = paint(w, h, &area);
    EXPECT_GE(area.height(), rl::ui::sampling_min_height(fm) - 0.5) << w;
    EXPECT_GT(legend.top(), area.bottom()) << w;
    EXPECT_LE(legend.bottom(), h + 0.5) << w;
    // Flowing: fewer lines than entries where two fit side by side.
    if (w >= 380) {
      EXPECT_LT(legend.height(), fm.height() * 5) << w;
    }
    // One pixel less and the frame is too flat.
    paint(w, h - 1, &area);
    EXPECT_LT(area.height(), rl::ui::sampling_min_height(fm)) << w;
  }
  QRectF area;
  const QRectF tall = paint(900, 600, &area);
  EXPECT_NEAR(tall.height(), fm.height() * 5.4, 1.0);  // one entry a line
  EXPECT_GE(area.height(), 300);
}

TEST(FrequencyDock, DrawsForEveryMethodWithTheLegendInside) {
  rl::ui::FrequencyResponseWidget w;
  w.resize(480, 380);
  w.show();
  for (const rl::Method m : rl::builtin_methods())
    for (const bool aa : {true, false})
      for (const rl::Boundary b : kBoundaries)
        for (const bool db : {false, true}) {
          w.set_plans({{"pane", plan_of(0.4, m, aa, b, 30, 30)}, {"up", plan_of(2.5, m, aa, b, 30, 30)}});
          w.set_db(db);
          const QImage img = w.canvas()->grab().toImage();
          // Without antialiasing both panes apply the same kernel: the second curve covers the first.
          EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(aa ? 0 : 1), 40), 40)
              << rl::to_string(m) << aa << db;
          EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(1), 40), 40)
              << rl::to_string(m) << aa << db;
          EXPECT_TRUE(QRectF(w.canvas()->rect()).contains(w.canvas()->legend_rect()));
        }
  // The grid reaches past the output Nyquist of an enlargement and at least to 1 cycle per pixel.
  EXPECT_DOUBLE_EQ(rl::ui::frequency_grid(0.5).back(), 1.0);
  EXPECT_GE(rl::ui::frequency_grid(3.0).back(), 1.5);
}

TEST(ProfileDock, ValuesAreThePixelsAlongTheLine) {
  const auto src = pattern(20, 20, 3);
  const auto plan = plan_of(0.5, rl::Method::Bicubic, true, rl::Boundary::Modern, 20, 20);
  const auto out = std::make_shared<const rl::Image>(rl::run(*plan, *src));
  rl::ui::LineProfileWidget w;
  w.resize(500, 360);
  w.show();
  w.set_panes({{"source-size", src, plan_of(1.0, rl::Method::Nearest, false, rl::Boundary::Modern, 20, 20)},
               {"half", out, plan}});
  // Source centres (row 4, column 2) to (row 4, column 12). In the half-size output: row
  // (4 + 0.5) * 0.5 - 0.5 = 1.75 -> 2, columns 0.75 .. 5.75 at unit steps -> 1, 2, ..., 6.
  w.set_line(QLineF(2, 4, 12, 4));
  const QList<rl::ui::NamedProfile> p = w.profiles();
  ASSERT_EQ(p.size(), 2);
  ASSERT_EQ(p[0].profile.row.size(), 11u);
  for (int k = 0; k < 11; ++k) EXPECT_EQ(p[0].profile.at(k, 2), src->at(4, 2 + k, 2));
  ASSERT_EQ(p[1].profile.row.size(), 6u);
  for (int k = 0; k < 6; ++k) {
    EXPECT_EQ(p[1].profile.row[k], 2);
    EXPECT_EQ(p[1].profile.col[k], 1 + k);
    EXPECT_EQ(p[1].profile.at(k, 0), out->at(2, 1 + k, 0));
  }
  // Every curve's value under the cursor: the nearest point of each profile.
  EXPECT_EQ(rl::ui::profile_value_at(p[1].profile, 0.41, 0), out->at(2, 3, 0));  // t = 0.4 is point 2
  for (int ch : {-1, 0, 2}) {
    w.set_channel(ch);
    w.set_cursor(0.5);
    const QImage img = w.canvas()->grab().toImage();
    EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(1), 40), 30);
    EXPECT_TRUE(QRectF(w.canvas()->rect()).contains(w.canvas()->legend_rect()));
  }
}

TEST(WorkedDock, CellsFitTheWidthAndTextStays) {
  const auto src = pattern(30, 30, 3);
  rl::ui::WorkedExampleWidget w;
  w.resize(380, 500);
  w.show();
  for (const rl::Method m : rl::builtin_methods())
    for (const bool aa : {true, false})
      for (const rl::Boundary b : kBoundaries) {
        const auto plan = plan_of(0.3, m, aa, b, 30, 30);
        w.set_plan(plan, "pane");
        w.set_source(src);
        w.set_pixel(1, 2);
        ASSERT_TRUE(w.example().has_value());
        EXPECT_EQ(w.example()->value, rl::run(*plan, *src).at(1, 2, 0));
        EXPECT_TRUE(w.text().contains("Result:"));
        auto* scroll = w.findChild<QScrollArea*>();
        ASSERT_NE(scroll, nullptr);
        EXPECT_EQ(scroll->horizontalScrollBarPolicy(), Qt::ScrollBarAlwaysOff);
        EXPECT_LE(w.cells_width(), scroll->viewport()->width());
        const QImage img = scroll->widget()->grab().toImage();
        EXPECT_GT(rl_test::count_near(img, QColor(31, 119, 180), 30), 20);  // weight bars
      }
}

}  // namespace
