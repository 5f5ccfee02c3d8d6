// The 2-D teaching pictures offscreen: every label inside the picture at export and dock sizes, the
// mapping printing the hand-worked -0.125, the window's cell labels equal to the products of the
// plan's row and column weights, the surfaces drawn, and the docks' toggles and drag.
#include <gtest/gtest.h>

#include <QCheckBox>
#include <QCoreApplication>
#include <QImage>
#include <QMouseEvent>
#include <QPainter>
#include <memory>

#include "qt_pixels.hpp"
#include "rl/resize.hpp"
#include "rl/ui/picture_widgets.hpp"
#include "rl/ui/teaching_pictures.hpp"

namespace {

std::shared_ptr<const rl::Plan> sized_plan(rl::Method m, bool aa, rl::Boundary b, int in_r, int in_c,
                                           int out_r, int out_c) {
  rl::ResizeSpec spec = rl::ResizeSpec::with_size(out_r, out_c, m);
  spec.antialiasing = aa;
  spec.boundary = b;
  return std::make_shared<const rl::Plan>(rl::make_plan(spec, in_r, in_c));
}

std::shared_ptr<const rl::Image> pattern(int rows, int cols) {
  auto img = std::make_shared<rl::Image>(rows, cols, 1, rl::ElemType::U8);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) img->set(r, c, 0, ((r * 7 + c * 13) % 17) * 15);
  return img;
}

// The sizes the pictures are drawn at: the plot rows of 1600 and 1280 px figures, and docks.
const QSize kSizes[] = {{1552, 416}, {1242, 333}, {420, 300}, {640, 420}};

// Paints with `paint` into an image of `size` and checks every text box lies inside it.
template <class Paint>
rl::ui::TextLog paint_checked(QSize size, Paint paint, QImage* out = nullptr) {
  QImage img(size, QImage::Format_RGB32);
  img.fill(Qt::white);
  rl::ui::TextLog log;
  {
    QPainter p(&img);
    paint(p, QRectF(QPointF(0, 0), QSizeF(size)), &log);
  }
  for (const rl::ui::DrawnText& t : log) {
    EXPECT_FALSE(t.text.isEmpty());
    EXPECT_TRUE(QRectF(img.rect()).adjusted(-0.5, -0.5, 0.5, 0.5).contains(t.box))
        << t.text.toStdString() << " at " << t.box.x() << "," << t.box.y() << " " << t.box.width() << "x"
        << t.box.height() << " in " << size.width() << "x" << size.height();
  }
  if (out) *out = img;
  return log;
}

bool has_text(const rl::ui::TextLog& log, const QString& needle) {
  for (const rl::ui::DrawnText& t : log)
    if (t.text.contains(needle)) return true;
  return false;
}

// Exactly this label (a cell's weight), or a label ending with it (the sum line's result).
bool has_exact(const rl::ui::TextLog& log, const QString& text) {
  for (const rl::ui::DrawnText& t : log)
    if (t.text == text) return true;
  return false;
}
bool has_ending(const rl::ui::TextLog& log, const QString& end) {
  for (const rl::ui::DrawnText& t : log)
    if (t.text.endsWith(end)) return true;
  return false;
}

TEST(MappingPicture, PrintsMinusAnEighthForThreeToFourAndKeepsTextInside) {
  const auto plan = sized_plan(rl::Method::Bicubic, true, rl::Boundary::Modern, 3, 3, 4, 4);
  for (const QSize size : kSizes) {
    QImage img;
    const rl::ui::TextLog log = paint_checked(
        size,
        [&](QPainter& p, const QRectF& r, rl::ui::TextLog* l) {
          rl::ui::paint_mapping_plot(p, r, *plan, QPoint(2, 1), {}, l);
        },
        &img);
    // Hand-worked: (0 + 0.5) * 3/4 - 0.5 = -0.125 on both axes (see tests/core/teaching).
    EXPECT_TRUE(has_text(log, "(0, 0) at (-0.125, -0.125)")) << size.width();
    // Output (1, 2): rows (1.5) * 0.75 - 0.5 = 0.625, columns 2.5 * 0.75 - 0.5 = 1.375.
    EXPECT_TRUE(has_text(log, "(1, 2) at (0.625, 1.375)")) << size.width();
    // align_corners=True: 1 * 2/3 and 2 * 2/3.
    EXPECT_TRUE(has_text(log, "(1, 2) at (0.6667, 1.3333)")) << size.width();
    EXPECT_GT(rl_test::count_near(img, rl::ui::series_color(0), 40), 100) << size.width();
  }
  // A large image shows a window around the chosen pixel, still inside.
  const auto big = sized_plan(rl::Method::Bicubic, true, rl::Boundary::Modern, 300, 400, 150, 200);
  for (const QSize size : kSizes)
    paint_checked(size, [&](QPainter& p, const QRectF& r, rl::ui::TextLog* l) {
      rl::ui::paint_mapping_plot(p, r, *big, QPoint(199, 149), {}, l);
    });
}

TEST(WindowPicture, CellLabelsAreTheProductsOfThePlansWeights) {
  const auto src = pattern(9, 11);
  for (const rl::Method m : rl::builtin_methods())
    for (const bool aa : {true, false})
      for (const rl::Boundary b : {rl::Boundary::Modern, rl::Boundary::Legacy}) {
        const auto plan = sized_plan(m, aa, b, 9, 11, 6, 7);
        for (const QPoint px : {QPoint(0, 0), QPoint(6, 5), QPoint(3, 2)}) {
          const QList<rl::ui::NamedWindow> windows = rl::ui::tap_windows({{"pane", plan}}, *src, px);
          ASSERT_EQ(windows.size(), 1);
          const rl::TapWindow& w = windows[0].window;
          const rl::ui::TextLog log = paint_checked(
              QSize(900, 640),
              [&](QPainter& p, const QRectF& r, auto* l) { rl::ui::paint_window_plot(p, r, windows, l); });
          const std::string what = rl::to_string(m) + (aa ? " aa" : " noaa") + " " + rl::to_string(b);
          for (std::size_t i = 0; i < w.rows.size(); ++i)
            for (std::size_t j = 0; j < w.cols.size(); ++j) {
              const double product = plan->rows.weights_of(px.y())[i] * plan->cols.weights_of(px.x())[j];
              EXPECT_TRUE(has_exact(log, rl::ui::picture_number(product)))
                  << what << " cell " << i << "," << j;
            }
          // The sum line and the plan's result, which equals rl::run at the pixel.
          const rl::Image out = rl::run(*plan, *src);
          EXPECT_TRUE(has_ending(
              log, QStringLiteral(" \u2192 %1").arg(rl::ui::picture_number(out.at(px.y(), px.x(), 0)))))
              << what;
          EXPECT_TRUE(has_text(log, "weights sum to 1")) << what;
        }
      }
  // Four panes side by side at every size: all text inside.
  QList<rl::ui::NamedPlan> plans;
  for (const rl::Method m :
       {rl::Method::Bicubic, rl::Method::Nearest, rl::Method::Bilinear, rl::Method::Lanczos3})
    plans.append(
        {QString::fromStdString(rl::to_string(m)), sized_plan(m, true, rl::Boundary::Modern, 9, 11, 4, 5)});
  const auto windows = rl::ui::tap_windows(plans, *src, QPoint(0, 0));
  ASSERT_EQ(windows.size(), 4);
  for (const QSize size : kSizes)
    paint_checked(
        size, [&](QPainter& p, const QRectF& r, auto* l) { rl::ui::paint_window_plot(p, r, windows, l); });
}

TEST(SurfacePicture, DrawsThreeSurfacesWithTextInside) {
  const auto src = pattern(20, 24);
  const auto plan = sized_plan(rl::Method::Bicubic, true, rl::Boundary::Modern, 20, 24, 10, 12);
  const std::vector<rl::Surface> s = rl::ui::teaching_surfaces(*src, *plan, QPoint(5, 4));
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].method, rl::Method::Nearest);
  EXPECT_EQ(s[2].method, rl::Method::Bicubic);
  // 12 x 12 pixels around u = (4 + 0.5) * 2 - 0.5 = 8.5 rows, (5 + 0.5) * 2 - 0.5 = 10.5 columns.
  EXPECT_EQ(s[0].row1 - s[0].row0, 12.0);
  EXPECT_EQ(s[0].col1 - s[0].col0, 12.0);
  for (const QSize size : kSizes) {
    QList<QImage> views;
    for (const double az : {0.0, 35.0, 200.0}) {
      QImage img;
      const rl::ui::TextLog log = paint_checked(
          size,
          [&](QPainter& p, const QRectF& r, auto* l) {
            rl::ui::paint_surface_plot(p, r, s, 1.0, {az, 35.0}, QPointF(10.5, 8.5), l);
          },
          &img);
      EXPECT_TRUE(has_text(log, "nearest")) << size.width();
      EXPECT_TRUE(has_text(log, "bicubic")) << size.width();
      // Drawn: at least a tenth of the picture is not white.
      EXPECT_LT(rl_test::count_near(img, Qt::white, 6), img.width() * img.height() * 9 / 10) << size.width();
      views.append(img);
    }
    // The azimuth turns the surfaces: each view is a different picture, and the same azimuth the same one.
    EXPECT_NE(views[0], views[1]) << size.width();
    EXPECT_NE(views[1], views[2]) << size.width();
    QImage again;
    paint_checked(
        size,
        [&](QPainter& p, const QRectF& r, auto* l) {
          rl::ui::paint_surface_plot(p, r, s, 1.0, {35.0, 35.0}, QPointF(10.5, 8.5), l);
        },
        &again);
    EXPECT_EQ(again, views[1]) << size.width();
  }
}

TEST(PictureDocks, TogglesPixelAndDrag) {
  const auto src = pattern(20, 24);
  const auto plan = sized_plan(rl::Method::Bicubic, true, rl::Boundary::Modern, 20, 24, 30, 36);
  rl::ui::MappingWidget mapping;
  mapping.resize(520, 380);
  mapping.set_plan(plan);
  EXPECT_EQ(mapping.pixel(), QPoint(18, 15));  // the centre before any pixel is hovered
  mapping.set_pixel(3, 4);
  EXPECT_EQ(mapping.pixel(), QPoint(4, 3));
  EXPECT_EQ(mapping.conventions(), (std::vector<rl::MappingConvention>{rl::MappingConvention::Matlab,
                                                                       rl::MappingConvention::AlignCorners}));
  mapping.show_convention(rl::MappingConvention::Pillow, true);
  mapping.show_convention(rl::MappingConvention::AlignCorners, false);
  EXPECT_EQ(mapping.conventions(), (std::vector<rl::MappingConvention>{rl::MappingConvention::Matlab,
                                                                       rl::MappingConvention::Pillow}));
  EXPECT_GT(rl_test::count_near(mapping.canvas()->grab().toImage(), rl::ui::series_color(0), 40), 50);

  rl::ui::WindowWidget window;
  window.resize(520, 380);
  window.set_source(src);
  window.set_plans({{"a", plan}});
  window.set_pixel(0, 0);
  ASSERT_EQ(window.windows().size(), 1);
  EXPECT_EQ(window.windows()[0].window.out_row, 0);
  EXPECT_GT(rl_test::count_near(window.canvas()->grab().toImage(), rl::ui::series_color(0), 40), 50);

  rl::ui::SurfaceWidget surface;
  surface.resize(640, 420);
  surface.show();
  surface.set_source(src);
  surface.set_plan(plan);
  surface.set_pixel(29, 35);
  ASSERT_EQ(surface.surfaces().size(), 3u);
  EXPECT_EQ(surface.surfaces()[0].row1, 19.5);  // kept inside the image at the corner
  const double before = surface.view().azimuth;
  QWidget* c = surface.canvas();
  QMouseEvent press(QEvent::MouseButtonPress, QPointF(100, 100), c->mapToGlobal(QPointF(100, 100)),
                    Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
  QMouseEvent move(QEvent::MouseMove, QPointF(140, 110), c->mapToGlobal(QPointF(140, 110)), Qt::NoButton,
                   Qt::LeftButton, Qt::NoModifier);
  QCoreApplication::sendEvent(c, &press);
  QCoreApplication::sendEvent(c, &move);
  EXPECT_DOUBLE_EQ(surface.view().azimuth, before + 40 * 0.5);
  EXPECT_DOUBLE_EQ(surface.view().elevation, 35.0 + 10 * 0.3);
}

}  // namespace
