// The dock table (rl/ui/dock_table.hpp) against what the user sees: the window has every row's dock
// with that title in that area, View > Docks lists exactly the rows in their order, and the panel
// names --help and the --show-panel error list are exactly the table's.
#include "rl/ui/dock_table.hpp"

#include <gtest/gtest.h>

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStringList>

#include "figure_panels.hpp"
#include "resizelab_options.hpp"
#include "resizelab_request.hpp"
#include "rl/ui/main_window.hpp"
#include "test_util.hpp"

namespace {

QStringList table_panels() {
  QStringList out;
  for (const rl::ui::DockSpec& d : rl::ui::dock_table())
    if (d.panel) out << QString::fromUtf8(d.panel);
  return out;
}

QMenu* submenu(const QWidget* bar_or_menu, const QString& title) {
  for (QAction* a : bar_or_menu->actions())
    if (a->menu() && a->text().remove('&') == title) return a->menu();
  return nullptr;
}

TEST(DockTable, TheWindowHasEveryRowsDockWithItsTitleAndArea) {
  rl::ui::test::isolate_settings();
  rl::ui::MainWindow w;
  ASSERT_TRUE(rl::app::install_figure_panels(w));
  const auto table = rl::ui::dock_table();
  for (const rl::ui::DockSpec& d : table) {
    auto* dock = w.findChild<QDockWidget*>(QString::fromUtf8(d.object_name));
    ASSERT_NE(dock, nullptr) << d.object_name;
    EXPECT_EQ(w.dock(d.id), dock) << d.object_name;
    EXPECT_EQ(dock->windowTitle(), QString::fromUtf8(d.title)) << d.object_name;
    EXPECT_EQ(w.dockWidgetArea(dock), d.area) << d.object_name;
  }
  EXPECT_EQ(w.findChildren<QDockWidget*>().size(), static_cast<qsizetype>(table.size()))
      << "a dock not in the table";
  // View > Docks: the rows' titles in the table's order, nothing more.
  QMenu* view = submenu(w.menuBar(), "View");
  ASSERT_NE(view, nullptr);
  QMenu* docks = submenu(view, "Docks");
  ASSERT_NE(docks, nullptr);
  QStringList listed, titles;
  for (QAction* a : docks->actions()) listed << a->text();
  for (const rl::ui::DockSpec& d : table) titles << QString::fromUtf8(d.title);
  EXPECT_EQ(listed.join(", ").toStdString(), titles.join(", ").toStdString());
}

TEST(DockTable, ShowPanelNamesInHelpAndErrorsAreTheTables) {
  const QStringList panels = table_panels();
  ASSERT_GE(panels.size(), 11);
  // The names as they were before the table (docs/VIEWER.md and scripts use them).
  EXPECT_EQ(panels.join(' ').toStdString(),
            "differences kernels taps worked sampling frequency profile mapping window surface histogram");
  const QString help = rl::app::options_help(rl::app::OptionMode::Window, "intro");
  const QRegularExpressionMatch m = QRegularExpression("Bring a panel to the front: ([^.]*)\\.").match(help);
  ASSERT_TRUE(m.hasMatch()) << help.toStdString();
  EXPECT_EQ(m.captured(1).simplified().toStdString(), panels.join(", ").toStdString());
  try {
    rl::app::parse_request({"resizelab", "--show-panel", "nope"}, rl::app::OptionMode::Window);
    ADD_FAILURE() << "--show-panel nope was accepted";
  } catch (const rl::app::CommandLineError& e) {
    EXPECT_EQ(e.message.toStdString(),
              ("--show-panel takes one of " + panels.join(", ") + ", got 'nope'").toStdString());
  }
  // Each name (any case) brings forward its own row's dock.
  for (const rl::ui::DockSpec& d : rl::ui::dock_table()) {
    if (!d.panel) continue;
    const rl::app::Request r = rl::app::parse_request(
        {"resizelab", "--show-panel", QString::fromUtf8(d.panel).toUpper()}, rl::app::OptionMode::Window);
    EXPECT_EQ(r.panel, &d) << d.panel;
  }
}

}  // namespace
