// The window's docks, made from the dock table, in the View menu: every dock is listed under View >
// Docks, and turning one on brings it to the front of its tab group (a dock shown behind the others
// would seem not to open).
#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "rl/ui/main_window.hpp"

namespace rl::ui {

QDockWidget* MainWindow::make_dock(DockId id, QWidget* widget) {
  const DockSpec& spec = dock_spec(id);
  auto* dock = new QDockWidget(QString::fromUtf8(spec.title), this);
  dock->setObjectName(QLatin1String(spec.object_name));
  dock->setWidget(widget);
  addDockWidget(spec.area, dock);
  if (!docks_menu_) docks_menu_ = view_menu_->addMenu("&Docks");
  QAction* toggle = dock->toggleViewAction();
  toggle->setStatusTip(
      QString("Show or hide the %1 dock (shown: in front of its tab group)").arg(dock->windowTitle()));
  docks_menu_->addAction(toggle);
  // After QDockWidget's own handler has shown it.
  connect(toggle, &QAction::triggered, dock, [dock](bool on) {
    if (on) dock->raise();
  });
  return dock;
}

QDockWidget* MainWindow::dock(DockId id) const {
  return findChild<QDockWidget*>(QLatin1String(dock_spec(id).object_name), Qt::FindDirectChildrenOnly);
}

}  // namespace rl::ui
