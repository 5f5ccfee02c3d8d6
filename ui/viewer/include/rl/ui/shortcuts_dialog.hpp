// Help > Keyboard Shortcuts: the list is generated from the window's actions (every action with a
// shortcut, its keys and its status tip or text), followed by the mouse gestures.
#pragma once

#include <QDialog>
#include <QList>
#include <QString>

class QAction;

namespace rl::ui {

struct ShortcutEntry {
  QString keys;  // e.g. "Ctrl+O" or "+ / = / Ctrl++"
  QString what;  // the action's status tip, or its text without '&' and '…'
};
// One entry per action below `root` that has a shortcut, in the order the actions were made.
QList<ShortcutEntry> shortcut_entries(const QObject& root);
// Runs of entries that differ only in one number ("1" "Show pane 1 alone", "2" "Show pane 2 alone",
// …) as one entry ("1 … 9", "Show pane N alone"): how the dialog and docs/VIEWER.md list them.
QList<ShortcutEntry> grouped(const QList<ShortcutEntry>& entries);

class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ShortcutsDialog(const QObject& root, QWidget* parent = nullptr);
};

}  // namespace rl::ui
