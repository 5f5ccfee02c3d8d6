// The window's docks in the View menu: every dock is listed under View > Docks, and turning one on
// brings it to the front of its tab group (a dock shown behind the others would seem not to open).
#include <QAction>
#include <QDockWidget>
#include <QMenu>

#include "rl/ui/main_window.hpp"

namespace rl::ui {

void MainWindow::list_dock(QDockWidget* dock) {
  if (!docks_menu_) docks_menu_ = view_menu_->addMenu("&Docks");
  QAction* toggle = dock->toggleViewAction();
  toggle->setStatusTip(
      QString("Show or hide the %1 dock (shown: in front of its tab group)").arg(dock->windowTitle()));
  docks_menu_->addAction(toggle);
  // After QDockWidget's own handler has shown it.
  connect(toggle, &QAction::triggered, dock, [dock](bool on) {
    if (on) dock->raise();
  });
}

}  // namespace rl::ui
