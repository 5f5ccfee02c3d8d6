// The document's --watch: file panes whose files are rewritten or replaced are read again.
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHash>

#include "rl/ui/document.hpp"

namespace rl::ui {

void Document::set_watch(bool on) {
  watch_ = on;
  rewatch();
}

namespace {
QString file_stamp(const QString& path) {
  const QFileInfo f(path);
  return f.exists() ? QString("%1 %2").arg(f.size()).arg(f.lastModified().toMSecsSinceEpoch()) : QString();
}
}  // namespace

void Document::rewatch() {
  if (!file_watcher_->files().isEmpty()) file_watcher_->removePaths(file_watcher_->files());
  if (!file_watcher_->directories().isEmpty()) file_watcher_->removePaths(file_watcher_->directories());
  QHash<QString, QString> stamps;
  if (watch_)
    for (const PaneConfig& p : comparison_.panes) {
      if (!p.is_file()) continue;
      const QFileInfo f(p.file);
      const QString path = f.absoluteFilePath();
      stamps.insert(path, watched_stamps_.value(path, file_stamp(path)));
      if (f.exists()) file_watcher_->addPath(path);
      if (f.absoluteDir().exists()) file_watcher_->addPath(f.absolutePath());
    }
  watched_stamps_ = stamps;
}

void Document::check_watched() {
  QStringList changed;
  for (auto it = watched_stamps_.begin(); it != watched_stamps_.end(); ++it) {
    const QString now = file_stamp(it.key());
    if (now == it.value()) continue;
    it.value() = now;
    if (!now.isEmpty()) changed << it.key();  // a file gone for a moment is read once it is back
  }
  // A rename removed the old file from the watcher: watch the one now there.
  for (const QString& path : watched_stamps_.keys())
    if (!file_watcher_->files().contains(path) && QFileInfo::exists(path)) file_watcher_->addPath(path);
  if (changed.isEmpty()) return;
  for (const QString& path : changed) emit file_changed(path);
  schedule_compute();
}

}  // namespace rl::ui
