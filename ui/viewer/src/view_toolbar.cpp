// The view toolbar's actions and wipe pane selectors.
#include "rl/ui/view_toolbar.hpp"

#include <QAction>
#include <QComboBox>
#include <QLabel>

namespace rl::ui {

ViewToolbar::ViewToolbar(QAction* diff, QAction* grid, QAction* wipe, int panes, QWidget* parent)
    : QToolBar("View", parent) {
  setObjectName("view");
  addAction(diff);
  addAction(grid);
  addSeparator();
  addAction(wipe);
  left_ = new QComboBox;
  right_ = new QComboBox;
  for (int i = 0; i < panes; ++i) {
    left_->addItem(QString("pane %1").arg(i + 1));
    right_->addItem(QString("pane %1").arg(i + 1));
  }
  right_->setCurrentIndex(1);
  left_->setToolTip("Left of the wipe line");
  right_->setToolTip("Right of the wipe line");
  addWidget(left_);
  addWidget(new QLabel(" | "));
  addWidget(right_);
  connect(left_, &QComboBox::currentIndexChanged, this, &ViewToolbar::wipe_panes_changed);
  connect(right_, &QComboBox::currentIndexChanged, this, &ViewToolbar::wipe_panes_changed);
}

int ViewToolbar::wipe_left() const { return left_->currentIndex(); }
int ViewToolbar::wipe_right() const { return right_->currentIndex(); }

}  // namespace rl::ui
