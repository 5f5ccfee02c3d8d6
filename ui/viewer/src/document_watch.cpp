// The document's --watch: file panes whose files are rewritten or replaced are read again.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QHash>
#include <optional>

#include "rl/ui/document.hpp"

namespace rl::ui {

void Document::set_watch(bool on) {
  watch_ = on;
  rewatch();
}

namespace {
// The file's rl::FileStat (rl/regular_file.hpp), the one rule for "the file changed" that file panes
// are kept by too: device, inode, size, kind, and modification and change times to the nanosecond, so
// a file replaced by another of the same size and modification time is seen. nullopt: no file there.
std::optional<FileStat> file_stamp(const QString& path) {
  return stat_file(QFile::encodeName(path).toStdString());
}
}  // namespace

void Document::rewatch() {
  if (!file_watcher_->files().isEmpty()) file_watcher_->removePaths(file_watcher_->files());
  if (!file_watcher_->directories().isEmpty()) file_watcher_->removePaths(file_watcher_->directories());
  QHash<QString, std::optional<FileStat>> stamps;
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
    const std::optional<FileStat> now = file_stamp(it.key());
    if (now == it.value()) continue;
    it.value() = now;
    if (now) changed << it.key();  // a file gone for a moment is read once it is back
  }
  // A rename removed the old file from the watcher: watch the one now there.
  for (const QString& path : watched_stamps_.keys())
    if (!file_watcher_->files().contains(path) && QFileInfo::exists(path)) file_watcher_->addPath(path);
  if (changed.isEmpty()) return;
  for (const QString& path : changed) emit file_changed(path);
  schedule_compute();
}

}  // namespace rl::ui
