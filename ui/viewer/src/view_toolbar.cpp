// The view toolbar's actions and wipe pane selectors.
#include "rl/ui/view_toolbar.hpp"

#include <QAbstractItemView>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSignalBlocker>
#include <algorithm>

namespace rl::ui {

ViewToolbar::ViewToolbar(QAction* diff, QAction* grid, QAction* wipe, int panes, QWidget* parent)
    : QToolBar("View", parent) {
  setObjectName("view");
  // Short names on the buttons (the menu and the tooltips keep the whole ones), so that every control
  // shows at the default width.
  diff->setIconText("Differences");
  grid->setIconText("Grid");
  wipe->setIconText("Wipe");
  addAction(diff);
  addAction(grid);
  addSeparator();
  addAction(wipe);
  left_ = new QComboBox;
  right_ = new QComboBox;
  set_pane_count(panes);
  right_->setCurrentIndex(std::min(1, panes - 1));
  for (QComboBox* box : {left_, right_}) {  // room for "2 · nearest", the rest in the open list
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(14);
  }
  left_->setToolTip("Left of the wipe line");
  right_->setToolTip("Right of the wipe line");
  addWidget(left_);
  addWidget(new QLabel(" | "));
  addWidget(right_);
  connect(left_, &QComboBox::currentIndexChanged, this, &ViewToolbar::wipe_panes_changed);
  connect(right_, &QComboBox::currentIndexChanged, this, &ViewToolbar::wipe_panes_changed);
}

void ViewToolbar::set_pane_count(int panes) {
  for (QComboBox* box : {left_, right_}) {
    const QSignalBlocker b(box);
    const int keep = box->currentIndex();
    while (box->count() > panes) box->removeItem(box->count() - 1);
    while (box->count() < panes) box->addItem(QString("pane %1").arg(box->count() + 1));
    box->setCurrentIndex(std::clamp(keep, 0, panes - 1));
  }
}

void ViewToolbar::set_names(const QStringList& names) {
  for (QComboBox* box : {left_, right_}) {
    const QSignalBlocker b(box);
    const int keep = box->currentIndex();
    while (box->count() > names.size()) box->removeItem(box->count() - 1);
    while (box->count() < names.size()) box->addItem(QString());
    for (int i = 0; i < names.size(); ++i) box->setItemText(i, names[i]);
    box->view()->setMinimumWidth(box->view()->sizeHintForColumn(0) + 24);
    box->setCurrentIndex(std::clamp(keep, 0, static_cast<int>(names.size()) - 1));
  }
}

QStringList ViewToolbar::names() const {
  QStringList out;
  for (int i = 0; i < left_->count(); ++i) out << left_->itemText(i);
  return out;
}

int ViewToolbar::wipe_left() const { return left_->currentIndex(); }
int ViewToolbar::wipe_right() const { return right_->currentIndex(); }

}  // namespace rl::ui
