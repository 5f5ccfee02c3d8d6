// The view toolbar: differences, pixel grid and wipe, with the two panes the wipe compares.
#pragma once

#include <QStringList>
#include <QToolBar>

class QAction;
class QComboBox;

namespace rl::ui {

class ViewToolbar : public QToolBar {
  Q_OBJECT
 public:
  // Shows the given (window-owned) actions and adds the wipe's pane choices (panes 1 and 2 first).
  ViewToolbar(QAction* diff, QAction* grid, QAction* wipe, int panes, QWidget* parent = nullptr);
  // The wipe's choices follow the panes (a pane added from a file can be wiped too).
  void set_pane_count(int panes);
  // The choices' names: each pane's title ("2 · nearest", "3 · edsr_x4.png"), then, when the panes are
  // compared with an image that is no pane (the HR in SR mode, a loaded reference), its name: index
  // panes() of the choices. Keeps the choices made.
  void set_names(const QStringList& names);
  QStringList names() const;
  int wipe_left() const;
  int wipe_right() const;

 signals:
  void wipe_panes_changed();

 private:
  QComboBox* left_ = nullptr;
  QComboBox* right_ = nullptr;
};

}  // namespace rl::ui
