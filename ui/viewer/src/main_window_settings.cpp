// The window's state as one ViewerSettings value and back: what File > Quit saves and start-up
// restores (the keys and defaults themselves live in viewer_settings.cpp).
#include <QAction>

#include "rl/ui/difference_panel.hpp"
#include "rl/ui/error_banner.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/parameter_toolbar.hpp"
#include "rl/ui/recent_files.hpp"

namespace rl::ui {

ViewerSettings MainWindow::current_settings() const {
  ViewerSettings v;
  v.geometry = saveGeometry();
  v.window_state = saveState();
  v.recent = recent_->paths();
  v.last_dir = last_dir_;
  v.grid = grid_action_->isChecked();
  v.diffs = diff_action_->isChecked();
  // The default four panes' sources; a file pane (or a missing one) is remembered as the default.
  for (int i = 0; i < Document::kPanes; ++i)
    if (i < doc_->pane_count() && !doc_->pane(i).is_file() && !doc_->pane(i).is_pushed())
      v.panes[static_cast<std::size_t>(i)] = doc_->pane(i);
  v.boundary = doc_->spec().boundary;
  v.device = doc_->device();
  v.resize_class = doc_->resize_class();
  v.scale = doc_->scale_text();
  v.size = params_->size_text();
  v.diff = doc_->diff_settings();
  v.display = doc_->display_settings();
  v.sr_degradation = sr_degradation_.model;
  return v;
}

void MainWindow::apply_settings(const ViewerSettings& v) {
  if (!restoreGeometry(v.geometry)) resize(1500, 940);
  fit_to_screen();
  restoreState(v.window_state);
  recent_->set_paths(v.recent);
  last_dir_ = v.last_dir;
  grid_action_->setChecked(v.grid);
  for (PaneWidget* p : panes_) p->view()->set_grid(v.grid);
  wipe_->set_grid(v.grid);
  for (int i = 0; i < Document::kPanes; ++i) {
    doc_->set_pane(i, v.panes[static_cast<std::size_t>(i)]);
    panes_[static_cast<std::size_t>(i)]->set_config(v.panes[static_cast<std::size_t>(i)]);
  }
  doc_->set_boundary(v.boundary);
  doc_->set_device(v.device);
  doc_->set_resize_class(v.resize_class);
  params_->apply_scale_text(v.scale);  // as the user typed it
  if (!v.size.isEmpty()) params_->apply_size_text(v.size);
  banner_->hide();  // a stale bad value in the settings is not worth a message
  DiffSettings ds = v.diff;
  ds.against = doc_->diff_settings().against;
  set_diff_settings(ds);
  set_display_settings(v.display);
  if (v.sr_degradation != sr_degradation_.model) set_sr_degradation(SrDegradation::of(v.sr_degradation));
  diff_action_->setChecked(v.diffs);
}

void MainWindow::mark_session_start() { session_start_ = current_settings(); }

ViewerSettings MainWindow::settings_to_save() const {
  bool scale_in_use = false;  // some pane resized at the toolbar's scale
  for (int i = 0; i < doc_->pane_count(); ++i)
    scale_in_use = scale_in_use || (!doc_->pane(i).is_file() && doc_->pane(i).sr_round_trip == 0);
  return rl::ui::settings_to_save(restored_, session_start_, current_settings(), scale_in_use);
}

void MainWindow::reset_to_defaults() {
  set_panes(std::vector<PaneConfig>(kDefaultPanes.begin(), kDefaultPanes.end()));
  apply_settings(defaults_keeping_window(current_settings()));
  DiffSettings d = doc_->diff_settings();
  d.against = DiffAgainst::ReferencePane;
  set_diff_settings(d);
  set_wipe_mode(false);
}

void MainWindow::set_diff_settings(const DiffSettings& d) {
  diff_panel_->show_settings(d);
  doc_->set_diff_settings(d);
}

}  // namespace rl::ui
