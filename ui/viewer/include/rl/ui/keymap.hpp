// The viewer's keymap: the one table of every key the window binds, its keys and what it does. The
// window's actions take their shortcuts and status tips from it (Help > Keyboard Shortcuts lists the
// actions), and docs/VIEWER.md's "Keys" table is checked against it.
#pragma once

#include <QKeySequence>
#include <QList>
#include <QString>

namespace rl::ui {

struct KeyBinding {
  QString id;                // the action's name in the code ("fit", "solo_3", "reference_3")
  QList<QKeySequence> keys;  // the first is the one the menus show
  QString what;              // the action's status tip: its line in the Shortcuts dialog
};

// Panes 1..kNumberedPanes have a number key (show alone) and Alt+number (make the reference).
inline constexpr int kNumberedPanes = 9;

// Every binding, in the order the menus list them.
const QList<KeyBinding>& keymap();
// The binding named `id`; throws std::logic_error for an unknown id (a typo in the code).
const KeyBinding& key_binding(const QString& id);

}  // namespace rl::ui
