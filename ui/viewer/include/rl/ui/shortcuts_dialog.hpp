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

class ShortcutsDialog : public QDialog {
  Q_OBJECT
 public:
  explicit ShortcutsDialog(const QObject& root, QWidget* parent = nullptr);
};

}  // namespace rl::ui
