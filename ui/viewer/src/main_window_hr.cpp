// The HR as a pane: while the panes are compared with the image itself (SR mode), the grid shows it
// after the panes, at the same zoom and offset, so an SR result and its HR sit side by side; it is the
// wipe's last choice too (wipe_names), has the number after the panes', and is in File > Save Pane
// As (pane_saving.cpp); it shows the hover, the region and the profile line as the panes do.
#include <QAction>
#include <QLabel>
#include <QLayout>
#include <QVBoxLayout>

#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::ui {

bool MainWindow::hr_pane_wanted() const {
  const Comparison& cmp = doc_->comparison();
  return cmp.against_source() && cmp.reference_display != nullptr;
}

void MainWindow::refresh_hr_pane() {
  if (!hr_pane_) {
    hr_pane_ = new QWidget(grid_page_);  // hidden until the grid takes it
    hr_pane_->setObjectName("hrPane");
    auto* v = new QVBoxLayout(hr_pane_);
    v->setContentsMargins(0, 0, 0, 0);
    v->setSpacing(2);
    hr_title_ = new QLabel;
    hr_title_->setMinimumWidth(1);  // never widens its column
    hr_title_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    v->addWidget(hr_title_);
    hr_view_ = new PaneView(view_);
    v->addWidget(hr_view_, 1);
    // The pane under the mouse, for the nudge keys (which say the HR is never nudged) and the status
    // bar's pixel: set before follow_view's hover handler reads it.
    connect(hr_view_, &PaneView::hovered, this, [this]() { hovered_pane_ = pane_count(); });
    connect(hr_view_, &PaneView::left_view, this, [this]() {
      if (hovered_pane_ >= pane_count()) hovered_pane_ = -1;
    });
    follow_view(hr_view_);
    hr_view_->set_grid(grid_action_->isChecked());
    connect(grid_action_, &QAction::toggled, hr_view_, &PaneView::set_grid);
    hr_view_->set_line_tool(line_action_->isChecked());
    connect(line_action_, &QAction::toggled, hr_view_, &PaneView::set_line_tool);
    hr_view_->set_profile_line(profile_line_);
    hr_pane_->hide();
  }
  if (const bool want = hr_pane_wanted(); want != hr_in_grid_) {
    hr_in_grid_ = want;
    sync_pane_widgets();
  }
  if (!hr_in_grid_) return;
  const Comparison& cmp = doc_->comparison();
  const auto hr = cmp.reference();
  hr_view_->set_image(cmp.reference_display, hr);
  // Two short lines, as a pane's header and statistics line, so the images start at the same height.
  hr_title_->setText(QString("<b>HR</b> · the image itself%1<br>what the panes are compared with")
                         .arg(hr ? " · " + size_text(hr->cols(), hr->rows()) : QString()));
  if (const int top = panes_.front()->view()->y() - hr_pane_->layout()->spacing(); top > 0)
    hr_title_->setFixedHeight(top);
}

}  // namespace rl::ui
