// The docks as a teacher uses them: every one is in the View menu, turning one on there brings it to
// the front, no tab name is cut at the default window size (nor at 1280x800) with every dock open, and
// the worked example prints the Plan's weights and the sums.
#include <gtest/gtest.h>

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QTabBar>
#include <QTest>

#include "figure_panels.hpp"
#include "painted_texts.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/worked_example.hpp"
#include "test_util.hpp"

namespace {

// Every action of `menu` and of its submenus.
QList<QAction*> all_actions(const QMenu* menu) {
  QList<QAction*> out;
  for (QAction* a : menu->actions()) {
    out.push_back(a);
    if (a->menu()) out += all_actions(a->menu());
  }
  return out;
}

QMenu* view_menu(const QMainWindow& w) {
  for (QAction* a : w.menuBar()->actions())
    if (a->text().remove('&') == "View") return a->menu();
  return nullptr;
}

// The dock shown in front of its tab group, or the dock itself when it is in no group: the tab of
// the group whose title is the dock's is the current one.
bool in_front(const QMainWindow& w, QDockWidget* d) {
  if (!d->isVisible() || d->visibleRegion().isEmpty()) return false;
  for (QDockWidget* other : w.tabifiedDockWidgets(d))
    if (other->isVisible() && !other->visibleRegion().isEmpty()) return false;
  return true;
}

TEST(Docks, EveryDockIsInTheViewMenuAndComesToTheFrontWhenTurnedOn) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *w.document(), 60000));
  QMenu* view = view_menu(w);
  ASSERT_NE(view, nullptr);
  const QList<QAction*> listed = all_actions(view);
  const QList<QDockWidget*> docks = w.findChildren<QDockWidget*>();
  ASSERT_GE(docks.size(), 12);  // overview, inspector, differences and the nine plots
  for (QDockWidget* d : docks) {
    const std::string name = d->objectName().toStdString();
    QAction* toggle = d->toggleViewAction();
    EXPECT_TRUE(listed.contains(toggle)) << name << " is not in the View menu";
    // Off, then on from the menu: it opens in front, whatever was in front of its group before.
    if (toggle->isChecked()) toggle->trigger();
    QApplication::processEvents();
    EXPECT_TRUE(d->isHidden()) << name;
    toggle->trigger();
    QApplication::processEvents();
    EXPECT_TRUE(in_front(w, d)) << name << " opened behind another dock";
  }
}

// Every tab of every visible tab bar holds its whole name and lies inside its bar (no scrolling).
int expect_whole_tab_names(const QMainWindow& w, const std::string& when) {
  int tabs = 0;
  for (QTabBar* bar : w.findChildren<QTabBar*>()) {
    if (!bar->isVisible()) continue;
    for (int i = 0; i < bar->count(); ++i, ++tabs) {
      const std::string t = bar->tabText(i).toStdString();
      EXPECT_GE(bar->tabRect(i).width(), QFontMetrics(bar->font()).horizontalAdvance(bar->tabText(i)))
          << when << ": " << t;
      EXPECT_TRUE(bar->rect().contains(bar->tabRect(i)))
          << when << ": " << t << " at " << bar->tabRect(i).x() << ".." << bar->tabRect(i).right()
          << " in a bar " << bar->width() << " wide";
    }
  }
  return tabs;
}

TEST(Docks, NoTabNameIsCutWithEveryDockOpen) {
  for (const QSize size : {QSize(1500, 940), QSize(1280, 800)}) {  // the default size, and a laptop's
    rl::ui::test::isolate_settings();
    rl::ui::MainWindow w;
    ASSERT_TRUE(rl::app::install_figure_panels(w));
    w.resize(size);
    w.show();
    ASSERT_TRUE(QTest::qWaitForWindowExposed(&w));
    ASSERT_TRUE(rl::ui::test::wait_idle(*w.document(), 60000));
    const std::string at = std::to_string(size.width()) + "x" + std::to_string(size.height());
    EXPECT_GE(expect_whole_tab_names(w, at + ", default docks"), 7);
    // The tab groups fit the size: the window is no taller than asked (a laptop's 800 px screen).
    EXPECT_LE(w.height(), size.height()) << at << ": the docks made the window taller";
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->show();
    QApplication::processEvents();
    EXPECT_GE(expect_whole_tab_names(w, at + ", every dock open"), 10);
    EXPECT_LE(w.height(), size.height()) << at << ", every dock open: the docks made the window taller";
  }
}

TEST(Docks, TheWorkedExamplePrintsThePlansWeightsAndTheSums) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  auto* doc = w.document();
  ASSERT_TRUE(rl::ui::test::show_and_settle(w, *doc, 60000));
  w.set_scale(0.25);
  ASSERT_TRUE(QTest::qWaitFor(
      [&]() { return !doc->busy() && doc->result(0).image && doc->result(0).image->rows() == 128; }, 60000));
  emit w.pixel_hovered(20, 40);
  auto* dock = w.findChild<QDockWidget*>("workedDock");
  ASSERT_NE(dock, nullptr);
  QWidget* content = dock->widget();
  content->resize(900, 1400);
  QApplication::processEvents();
  const QStringList texts =
      rl::test::painted_texts(content->size(), [&](QPainter& p) { content->render(&p); });
  // Pass 2 (horizontal, the columns at 1/4 of a 512x512 image) weighs 16 taps: each weight the Plan
  // holds for output column 40 is printed (6 significant digits), and in the taps' order.
  const rl::Plan& plan = *doc->result(0).plan;
  ASSERT_EQ(plan.cols.taps, 16);
  const double* weights = plan.cols.weights_of(40);
  const int pass2 = texts.indexOf(QRegularExpression("^Pass 2 .*"));
  ASSERT_GE(pass2, 0) << texts.join(" | ").toStdString();
  int at = pass2;
  for (int k = 0; k < plan.cols.taps; ++k) {
    const QString weight = QString::number(weights[k], 'g', 6);
    const int found = texts.indexOf(weight, at + 1);
    EXPECT_GT(found, at) << "weight " << k << " = " << weight.toStdString() << " not printed after "
                         << texts.value(at).toStdString();
    if (found > at) at = found;
  }
  // A bicubic weight at 1/4 is no round number: these are the Plan's, not a bar's label.
  EXPECT_NE(QString::number(weights[7], 'g', 6).size(), 1);
  // The sum of the products and the output value, as the core's example computes them.
  const rl::WorkedExample ex = rl::make_worked_example(plan, *doc->source(), 20, 40, 0);
  // (The SVG's text is read with its runs of spaces as one.)
  const QString sum = QStringLiteral("sum = %1 \u2192 rounded and saturated: %2")
                          .arg(ex.second.sum, 0, 'g', 12)
                          .arg(ex.second.result, 0, 'g', 12);
  EXPECT_TRUE(texts.contains(sum)) << sum.toStdString() << " not in "
                                   << texts.filter("sum = ").join(" | ").toStdString();
}

}  // namespace
