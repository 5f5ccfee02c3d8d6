// The surface picture's height scale has a floor of kSurfaceFloorLevels levels of the image's class:
// a flat region (rounding noise of 1e-13 on 230) draws flat, an edge at full height, and a region
// varying by one level at an eighth of it; the Surface dock draws what surface_picture gives, as the
// figure's surface plot does.
#include <gtest/gtest.h>

#include <QImage>
#include <QPainter>
#include <memory>

#include "qt_pixels.hpp"
#include "rl/resize.hpp"
#include "rl/ui/colormap.hpp"
#include "rl/ui/picture_widgets.hpp"
#include "rl/ui/teaching_pictures.hpp"

namespace {

// A surface over 4 x 4 pixels whose height at grid point (i, j) is f(i, j).
template <class F>
rl::Surface surface(rl::Method m, F f) {
  rl::Surface s;
  s.method = m;
  s.row0 = s.col0 = 0;
  s.row1 = s.col1 = 4;
  s.ny = s.nx = 17;
  for (int k = 0; k < 17; ++k) {
    s.y.push_back(k * 0.25);
    s.x.push_back(k * 0.25);
  }
  for (int i = 0; i < 17; ++i)
    for (int j = 0; j < 17; ++j) s.height.push_back(f(i, j));
  return s;
}

template <class F>
std::vector<rl::Surface> three(F f) {
  return {surface(rl::Method::Nearest, f), surface(rl::Method::Bilinear, f), surface(rl::Method::Bicubic, f)};
}

// Pixels of the drawn picture near the colour scale's ends (the lowest and the highest height).
struct Ends {
  int low = 0, high = 0;
  QString footer;
};
Ends drawn(const std::vector<rl::Surface>& s, double level) {
  QImage img(900, 420, QImage::Format_RGB32);
  img.fill(Qt::white);
  QPainter p(&img);
  rl::ui::TextLog log;
  rl::ui::paint_surface_plot(p, QRectF(0, 0, 900, 420), s, level, {}, std::nullopt, &log);
  p.end();
  Ends e;
  e.low = rl_test::count_near(img, QColor(rl::ui::colormap_lookup(rl::ui::Colormap::Viridis, 0.0)), 12);
  e.high = rl_test::count_near(img, QColor(rl::ui::colormap_lookup(rl::ui::Colormap::Viridis, 1.0)), 12);
  for (const rl::ui::DrawnText& t : log)
    if (t.text.startsWith("Rows")) e.footer = t.text;
  return e;
}

TEST(SurfaceFloor, AFlatRegionDrawsFlat) {
  // 230 with the rounding noise a bicubic sum leaves: before the floor, noise was stretched to full height.
  const auto s = three([](int i, int j) { return 230.0 + ((i + j) % 2 ? 1e-13 : -1e-13); });
  const rl::ui::SurfaceScale sc = rl::ui::surface_scale(s, 1.0);
  EXPECT_EQ(sc.range, 8.0);
  EXPECT_NEAR(sc.lo, 226.0, 1e-9);
  const Ends e = drawn(s, 1.0);
  EXPECT_EQ(e.low, 0);
  EXPECT_EQ(e.high, 0);
  EXPECT_TRUE(e.footer.contains("height 230 to 230, no rounding, drawn on 226 to 234"))
      << e.footer.toStdString();
  EXPECT_TRUE(e.footer.contains("at least 8 levels")) << e.footer.toStdString();
  // A floating-point image on 0..1: the floor is 8/255.
  const auto f = three([](int i, int j) { return 0.5 + ((i + j) % 2 ? 1e-15 : -1e-15); });
  EXPECT_DOUBLE_EQ(rl::ui::surface_scale(f, rl::ui::surface_level(rl::ElemType::F64)).range, 8.0 / 255.0);
  EXPECT_EQ(drawn(f, 1.0 / 255.0).high, 0);
}

TEST(SurfaceFloor, AnEdgeDrawsAtFullHeight) {
  const auto s = three([](int, int j) { return j < 8 ? 10.0 : 240.0; });
  const rl::ui::SurfaceScale sc = rl::ui::surface_scale(s, 1.0);
  EXPECT_EQ(sc.lo, 10.0);
  EXPECT_EQ(sc.range, 230.0);
  const Ends e = drawn(s, 1.0);
  EXPECT_GT(e.low, 50);
  EXPECT_GT(e.high, 50);
}

TEST(SurfaceFloor, OneLevelDrawsAtAnEighthOfTheHeight) {
  const auto s = three([](int, int j) { return j < 8 ? 230.0 : 231.0; });
  const rl::ui::SurfaceScale sc = rl::ui::surface_scale(s, 1.0);
  EXPECT_EQ(sc.range, 8.0);
  EXPECT_EQ(sc.lo, 226.5);
  const Ends e = drawn(s, 1.0);
  EXPECT_EQ(e.low, 0);
  EXPECT_EQ(e.high, 0);
  EXPECT_TRUE(e.footer.contains("height 230 to 231, no rounding, drawn on 226.5 to 234.5"))
      << e.footer.toStdString();
}

TEST(SurfaceFloor, TheDockDrawsTheFiguresPicture) {
  // A uniform uint8 image at 1/4 (the red disk of the built-in image): bicubic leaves rounding noise.
  auto src = std::make_shared<rl::Image>(48, 48, 1, rl::ElemType::U8);
  for (int r = 0; r < 48; ++r)
    for (int c = 0; c < 48; ++c) src->set(r, c, 0, 230);
  rl::ResizeSpec spec = rl::ResizeSpec::with_scale(0.25, rl::Method::Bicubic);
  const auto plan = std::make_shared<const rl::Plan>(rl::make_plan(spec, 48, 48));
  const rl::ui::SurfacePicture pic = rl::ui::surface_picture(*src, *plan, QPoint(5, 6));
  ASSERT_EQ(pic.surfaces.size(), 3u);
  EXPECT_EQ(pic.level, 1.0);
  const rl::ui::SurfaceScale sc = rl::ui::surface_scale(pic.surfaces, pic.level);
  EXPECT_LT((sc.data_hi - sc.data_lo) / sc.range, 1e-9);  // flat as drawn
  rl::ui::SurfaceWidget dock;
  dock.resize(640, 420);
  dock.set_source(src);
  dock.set_plan(plan);
  dock.set_pixel(6, 5);
  ASSERT_EQ(dock.surfaces().size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(dock.surfaces()[i].x, pic.surfaces[i].x) << i;
    EXPECT_EQ(dock.surfaces()[i].height, pic.surfaces[i].height) << i;
  }
}

}  // namespace
