// The viewer at 1280x800 with every dock installed: no dock wider than the window or outside it, the
// kernel legend inside its plot, and a legend that never leaves a narrow plot.
#include <gtest/gtest.h>

#include <QApplication>
#include <QDockWidget>
#include <QImage>
#include <QPainter>
#include <QSettings>
#include <QStandardPaths>
#include <QTabBar>
#include <QTest>
#include <memory>

#include "figure_panels.hpp"
#include "fresh_settings.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/kernel_plot_widget.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/plots.hpp"
#include "rl/ui/teaching_widgets.hpp"
#include "test_util.hpp"

namespace {

void isolate_settings() { rl::test::isolate_settings("resizelab-geometry-test"); }

std::shared_ptr<const rl::Plan> plan_of(rl::Method m, double s, bool aa) {
  rl::ResizeSpec spec = rl::ResizeSpec::with_scale(s, m);
  spec.antialiasing = aa;
  return std::make_shared<const rl::Plan>(rl::make_plan(spec, 64, 64));
}

TEST(ViewerGeometry, DocksAndLegendFitAt1280x800) {
  isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  w.resize(1280, 800);
  w.show();
  ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
  auto* doc = w.document();
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->result(0).image; }, 60000));
  QApplication::processEvents();
  const QRect window = w.rect();
  const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
  ASSERT_GE(docks.size(), 5);
  for (QDockWidget* d : docks) {
    // Each one in front in turn (tabbed docks behind others are parked off the window); the closed
    // ones (the 2-D pictures) as they open, and closed again after.
    const bool closed = d->isHidden();
    if (closed) d->show();
    d->raise();
    QApplication::processEvents();
    const QRect g(d->mapTo(&w, QPoint(0, 0)), d->size());
    EXPECT_LE(d->width(), window.width()) << d->objectName().toStdString();
    EXPECT_TRUE(window.contains(g)) << d->objectName().toStdString() << " at " << g.x() << "," << g.y() << " "
                                    << g.width() << "x" << g.height();
    // Its title is readable: the title bar or its tab holds the whole text.
    EXPECT_LE(QFontMetrics(d->font()).horizontalAdvance(d->windowTitle()), d->width() - 20)
        << d->objectName().toStdString();
    if (closed) d->hide();
  }
  // Tab names are never elided: with the default docks, and with every dock open at once (ten tabs
  // in one group, more than the width holds: the bar scrolls instead of cutting names).
  const auto expect_whole_tab_names = [&](const char* when) {
    int tabs = 0;
    for (QTabBar* bar : w.findChildren<QTabBar*>()) {
      if (!bar->isVisible()) continue;
      for (int i = 0; i < bar->count(); ++i, ++tabs) {
        const int need = QFontMetrics(bar->font()).horizontalAdvance(bar->tabText(i));
        EXPECT_GE(bar->tabRect(i).width(), need) << when << ": " << bar->tabText(i).toStdString();
        EXPECT_TRUE(bar->rect().contains(bar->tabRect(i)) || bar->usesScrollButtons())
            << when << ": " << bar->tabText(i).toStdString();
      }
    }
    return tabs;
  };
  const int default_tabs = expect_whole_tab_names("default docks");
  QList<QDockWidget*> opened;
  for (QDockWidget* d : docks)
    if (d->isHidden()) {
      d->show();
      opened.push_back(d);
    }
  QApplication::processEvents();
  EXPECT_GT(expect_whole_tab_names("every dock open"), default_tabs);
  for (QDockWidget* d : opened) d->hide();
  auto* dock = w.findChild<QDockWidget*>("kernelDock");
  ASSERT_NE(dock, nullptr);
  dock->raise();
  QApplication::processEvents();
  auto* kernel = dock->findChild<rl::ui::KernelPlotWidget*>();
  ASSERT_NE(kernel, nullptr);
  kernel->grab();  // paints
  const QRectF legend = kernel->legend_rect();
  ASSERT_FALSE(legend.isEmpty());
  EXPECT_TRUE(QRectF(kernel->rect()).contains(legend))
      << legend.x() << "," << legend.y() << " " << legend.width() << "x" << legend.height() << " in "
      << kernel->width() << "x" << kernel->height();
  // Every label in full in the tooltip.
  for (const QString& label : rl::ui::kernel_plot_legend(kernel->plans()))
    EXPECT_TRUE(kernel->toolTip().contains(label));
}

TEST(TeachingDocks, FollowTheLockedPixelAndTheProfileLine) {
  isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  w.resize(1280, 800);
  w.show();
  auto* doc = w.document();
  ASSERT_TRUE(QTest::qWaitFor([&]() { return !doc->busy() && doc->result(0).image; }, 60000));
  auto* sampling = w.findChild<rl::ui::SamplingWidget*>();
  auto* profile = w.findChild<rl::ui::LineProfileWidget*>();
  ASSERT_TRUE(sampling && profile);
  // Lock on the output pixel under source point (30.2, 20.7): the sampling dock explains it.
  w.toggle_lock(QPointF(30.2, 20.7));
  ASSERT_TRUE(w.locked_pixel().has_value());
  const QPoint locked = *w.locked_pixel();
  sampling->set_axis(rl::Axis::Cols);
  EXPECT_EQ(sampling->data().out_index, locked.x());
  sampling->set_axis(rl::Axis::Rows);
  EXPECT_EQ(sampling->data().out_index, locked.y());
  // Hovering elsewhere does not move a locked explainer.
  w.inspect(QPointF(5, 5));
  EXPECT_EQ(sampling->data().out_index, locked.y());
  // A line drawn on the panes (pixel edges at integers) reaches the profile (centres at integers).
  w.set_profile_line(QLineF(10.5, 20.5, 60.5, 20.5));
  ASSERT_TRUE(profile->line().has_value());
  EXPECT_EQ(*profile->line(), QLineF(10, 20, 60, 20));
  const QList<rl::ui::NamedProfile> p = profile->profiles();
  ASSERT_EQ(p.size(), rl::ui::Document::kPanes);
  // The reference pane at the default scale 0.4: row (20 + 0.5) * 0.4 - 0.5 = 7.7 -> 8.
  const auto& ref = *doc->result(rl::ui::Document::kReferencePane).image;
  ASSERT_DOUBLE_EQ(doc->result(rl::ui::Document::kReferencePane).plan->rows.scale, 0.4);
  EXPECT_EQ(p[0].profile.row.front(), 8);
  for (std::size_t k = 0; k < p[0].profile.row.size(); ++k)
    EXPECT_EQ(p[0].profile.at(k, 0), ref.at(p[0].profile.row[k], p[0].profile.col[k], 0));
}

TEST(ViewerGeometry, KernelLegendStaysInsideANarrowPlot) {
  const QList<rl::ui::NamedPlan> plans = {
      {"MATLAB bicubic with antialiasing, a long pane name", plan_of(rl::Method::Bicubic, 0.3, true)},
      {"lanczos3, no antialiasing", plan_of(rl::Method::Lanczos3, 0.3, false)},
      {"bilinear with antialiasing", plan_of(rl::Method::Bilinear, 0.45, true)},
      {"nearest", plan_of(rl::Method::Nearest, 0.3, false)}};
  EXPECT_EQ(rl::ui::kernel_plot_legend(plans).size(), 6);  // 4 kernels, 2 widened (the antialiased shrinks)
  for (const QSize size : {QSize(220, 260), QSize(330, 300), QSize(900, 300), QSize(1400, 500)}) {
    QImage img(size, QImage::Format_RGB32);
    img.fill(Qt::white);
    QPainter p(&img);
    const QRectF rect(4, 4, size.width() - 8, size.height() - 8);
    const QRectF legend = rl::ui::paint_kernel_plot(p, rect, plans);
    EXPECT_FALSE(legend.isEmpty());
    EXPECT_TRUE(rect.contains(legend)) << size.width() << "x" << size.height();
  }
}

}  // namespace
