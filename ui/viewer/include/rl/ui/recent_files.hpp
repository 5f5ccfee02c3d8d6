// File > Open Recent: the list of recently opened files (newest first, at most kMaxRecent) and
// the menu that shows it.
#pragma once

#include <QObject>
#include <QStringList>

class QMenu;

namespace rl::ui {

class RecentFiles : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxRecent = 8;
  // Fills `menu` (owned by the caller) with one entry per file.
  explicit RecentFiles(QMenu* menu, QObject* parent = nullptr);

  const QStringList& paths() const { return paths_; }
  void set_paths(const QStringList& paths);
  // Puts the absolute form of `path` first (once) and drops the oldest beyond kMaxRecent.
  void add(const QString& path);

 signals:
  void open_requested(const QString& path);

 private:
  void rebuild();
  QMenu* menu_;
  QStringList paths_;
};

}  // namespace rl::ui
