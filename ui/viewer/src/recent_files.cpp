// The recent-files list and its menu.
#include "rl/ui/recent_files.hpp"

#include <QFileInfo>
#include <QMenu>

namespace rl::ui {

RecentFiles::RecentFiles(QMenu* menu, QObject* parent) : QObject(parent), menu_(menu) { rebuild(); }

void RecentFiles::set_paths(const QStringList& paths) {
  paths_ = paths.mid(0, kMaxRecent);
  rebuild();
}

void RecentFiles::add(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  paths_.removeAll(abs);
  paths_.prepend(abs);
  while (paths_.size() > kMaxRecent) paths_.removeLast();
  rebuild();
}

void RecentFiles::rebuild() {
  menu_->clear();
  for (const QString& p : paths_) menu_->addAction(p, this, [this, p]() { emit open_requested(p); });
  menu_->setEnabled(!paths_.isEmpty());
}

}  // namespace rl::ui
