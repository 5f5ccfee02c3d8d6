// A figure of a comparison with a nudged pane draws that pane as the window does: moved, with the
// strip the nudge uncovers in uncovered_brush's checkerboard, in both its crop and its difference map.
#include <gtest/gtest.h>

#include <QSet>
#include <memory>

#include "rl/ui/comparison.hpp"
#include "rl/ui/figure.hpp"

namespace {

rl::Image filled(int rows, int cols, double v) {
  rl::Image img(rows, cols, 1, rl::ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) img.set(r, c, 0, v);
  return img;
}

TEST(NudgedFigure, DrawsThePaneMovedWithTheUncoveredStripCheckered) {
  // Two 8x8 results of value 200 (the source 8x8 too, so the crop is the whole image); pane 2 nudged
  // by +1,0: its column 0 is uncovered, drawn grey (150) or dark (48, 48, 52), never 200's grey.
  rl::ui::Comparison c;
  c.source = std::make_shared<const rl::Image>(filled(8, 8, 200));
  c.results.resize(2);
  for (rl::ui::PaneResult& r : c.results) {
    r.image = std::make_shared<const rl::Image>(filled(8, 8, 200));
    r.display = rl::ui::Picture::of(rl::ui::to_qimage(*r.image));
  }
  c.diff.nudges = {QPoint(), QPoint(1, 0)};
  rl::ui::compare(c);
  ASSERT_TRUE(c.diffs[1].nudged);
  rl::ui::FigureSpec spec;
  spec.comparison = c;
  spec.plots = {};
  spec.width_px = 800;
  const QImage fig = rl::ui::render_figure_image(spec);
  const auto rects = rl::ui::figure_image_rects(spec);
  ASSERT_EQ(rects.size(), 2);
  const QSet<QRgb> checker{qRgb(150, 150, 150), qRgb(48, 48, 52)};
  for (const QRectF& box : {rects[1].crop, rects[1].diff}) {
    ASSERT_FALSE(box.isEmpty());
    // The middle of image column 0, rows 0 and 1 (a checkerboard: one of each), and of column 4.
    const double cell_w = box.width() / 8, cell_h = box.height() / 8;
    const QRgb row0 = fig.pixel(QPointF(box.left() + cell_w / 2, box.top() + cell_h / 2).toPoint());
    const QRgb row1 = fig.pixel(QPointF(box.left() + cell_w / 2, box.top() + cell_h * 1.5).toPoint());
    EXPECT_TRUE(checker.contains(row0) && checker.contains(row1));
    EXPECT_NE(row0, row1);
    EXPECT_FALSE(checker.contains(fig.pixel(QPointF(box.left() + cell_w * 4.5, box.center().y()).toPoint())));
  }
  // Pane 1, not nudged, is 200 in column 0.
  const QRectF ref = rects[0].crop;
  EXPECT_EQ(fig.pixel(QPointF(ref.left() + ref.width() / 16, ref.center().y()).toPoint()),
            qRgb(200, 200, 200));
}

}  // namespace
