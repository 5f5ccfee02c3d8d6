// The panes' grid and what each pane draws: its result, its difference map, its nudged view or the
// reference while the A/B flicker shows it, with its header's size, time, statistics and step. The
// document computes all of it; this file only hands it to the widgets.
#include <QAction>
#include <QGridLayout>

#include "rl/ui/flicker_controller.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/mipmap.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/statistics_text.hpp"
#include "rl/ui/view_toolbar.hpp"

namespace rl::ui {

void MainWindow::sync_pane_widgets() {
  const auto n = static_cast<std::size_t>(doc_->pane_count());
  for (PaneWidget* p : panes_) grid_->removeWidget(p);
  while (panes_.size() > n) {
    delete panes_.back();
    panes_.pop_back();
  }
  while (panes_.size() < n) {
    auto* p = new PaneWidget(static_cast<int>(panes_.size()), view_);
    p->set_config(doc_->pane(static_cast<int>(panes_.size())));
    connect(p, &PaneWidget::config_edited, doc_, &Document::set_pane);
    connect(p, &PaneWidget::file_dropped, this,
            [this](int i, const QString& path) { doc_->set_pane(i, file_pane(path)); });
    connect(p, &PaneWidget::remove_requested, doc_, &Document::remove_pane);
    // The pane under the mouse is set before follow_view's hover handler reads it (readout()).
    const int i = static_cast<int>(panes_.size());
    connect(p->view(), &PaneView::hovered, this, [this, i]() { hovered_pane_ = i; });
    connect(p->view(), &PaneView::left_view, this, [this, i]() {
      if (hovered_pane_ == i) hovered_pane_ = -1;
    });
    follow_view(p->view());
    // A new pane shows what the others show.
    p->view()->set_grid(grid_action_->isChecked());
    p->view()->set_line_tool(line_action_->isChecked());
    p->view()->set_profile_line(profile_line_);
    panes_.push_back(p);
  }
  // Two columns up to six panes (three columns and both docks do not fit a 1280 px screen), then
  // three, then four (16 panes: 4 x 4).
  const std::size_t cells = n + (hr_in_grid_ ? 1 : 0);  // the HR's cell after the panes (SR mode)
  const int cols = cells <= 6 ? 2 : cells <= 12 ? 3 : 4;
  for (std::size_t i = 0; i < n; ++i)
    grid_->addWidget(panes_[i], static_cast<int>(i) / cols, static_cast<int>(i) % cols);
  if (hr_pane_) grid_->removeWidget(hr_pane_);
  if (hr_in_grid_) grid_->addWidget(hr_pane_, static_cast<int>(n) / cols, static_cast<int>(n) % cols);
  // Equal shares whatever the headers say: a long statistics line (a region, a nudge, a file's name)
  // is elided, it never widens its column; the rows and columns of a smaller grid take none.
  for (int k = 0; k < 5; ++k) {  // 16 panes and the HR: 5 rows of 4
    grid_->setColumnStretch(k, k < cols ? 1 : 0);
    grid_->setRowStretch(k, k < (static_cast<int>(cells) + cols - 1) / cols ? 1 : 0);
  }
  panes_[0]->view()->set_defines_viewport(!wipe_action_->isChecked());
  view_bar_->set_pane_count(static_cast<int>(n));
  apply_solo();  // a pane shown alone stays alone
}

void MainWindow::refresh_panes() {
  refresh_hr_pane();
  const bool diff = diff_action_->isChecked();
  const Comparison& cmp = doc_->comparison();
  // A/B: the image the panes are compared with, in every pane's place.
  const bool flick = showing_reference() && cmp.reference_display;
  const std::shared_ptr<const Image> ref_values = cmp.reference();
  const QString ref_name = cmp.against_image() ? "showing: " + doc_->reference_name()
                           : cmp.against_source()
                               ? QString("showing: the image itself (HR)")
                               : QString("showing: %1 (reference)").arg(panes_[kReferencePane]->title());
  // What pane i shows: the reference while flickering, its map in difference mode, else its result
  // (moved by its nudge).
  struct Layer {
    std::shared_ptr<const Picture> picture;
    std::shared_ptr<const Image> values;
  };
  const auto layer = [&](int i) -> Layer {
    const PaneDiff& d = doc_->diff(i);
    if (flick || i >= doc_->pane_count()) return {cmp.reference_display, ref_values};  // or the HR's choice
    // Its map once coloured (the colours of maps shown for the first time come from a job; until then
    // the pane keeps its result, its header saying "comparing…").
    if (diff && d.map && d.colored_picture) return {d.colored_picture, d.map};
    if (d.nudged && d.nudged_picture) return {d.nudged_picture, d.nudged};
    const PaneResult& r = doc_->result(i);
    return {r.display, r.image};
  };
  for (int i = 0; i < static_cast<int>(panes_.size()) && i < doc_->pane_count(); ++i) {
    PaneWidget* p = panes_[static_cast<std::size_t>(i)];
    const PaneResult& r = doc_->result(i);
    const PaneDiff& d = doc_->diff(i);
    p->set_config(doc_->pane(i));
    p->set_reference(i == Document::kReferencePane && doc_->comparison().reference_is_pane());
    p->setToolTip(r.note);  // a library pane: how its tables combine, and what was adapted
    p->set_showing(flick && !cmp.is_reference(i) ? ref_name : QString());
    if (!r.error.isEmpty() && !flick) {
      p->view()->set_image(nullptr, nullptr);
      p->view()->set_message(r.error);
    } else if (diff && !flick && !d.has_map() && !d.error.isEmpty()) {
      p->view()->set_image(nullptr, nullptr);
      p->view()->set_message(d.error);
    } else {
      const Layer l = layer(i);
      p->view()->set_image(l.picture, l.values);
    }
    QString info;
    if (r.image)
      info = QString("%1 · %2 ms · %3")
                 .arg(size_text(r.image->cols(), r.image->rows()), QString::number(r.ms, 'f', 1), r.device);
    if (r.upscaled_by > 1) info = QString("LR ×%1 · ").arg(r.upscaled_by) + info;  // an LR file, upscaled
    p->set_info(info, diff_summary(d));
    p->set_upscaled_by(r.upscaled_by);
  }
  // The values written at high zoom are the channel the pictures show (Display > Channel).
  const ViewChannel shown = doc_->display_settings().channel;
  for (PaneWidget* p : panes_) p->view()->set_value_channel(shown);
  if (hr_view_) hr_view_->set_value_channel(shown);
  wipe_->set_value_channel(shown);
  view_bar_->set_names(wipe_names());
  if (wipe_action_->isChecked()) {
    const int a = view_bar_->wipe_left(), b = view_bar_->wipe_right();
    const Layer la = layer(a), lb = layer(b);
    wipe_->set_image(la.picture, la.values);
    const auto title = [&](int i) {
      const QString t = view_bar_->names().value(i);
      return flick && !cmp.is_reference(i) ? t + " · " + ref_name : t;
    };
    wipe_->set_second(lb.picture, lb.values, title(a), title(b));
  }
  show_region_outline(doc_->region() ? std::optional<QRectF>(QRectF(*doc_->region())) : std::nullopt);
  update_inspector(hover_);
}

void MainWindow::show_progress() {
  for (int i = 0; i < static_cast<int>(panes_.size()); ++i) {
    const std::optional<PaneStep> step = doc_->busy() ? doc_->pane_step(i) : std::nullopt;
    QString text;
    if (step == PaneStep::Queued) text = QStringLiteral("waiting…");
    if (step == PaneStep::Resizing) text = QStringLiteral("resizing…");
    if (step == PaneStep::Comparing) text = QStringLiteral("comparing…");
    panes_[static_cast<std::size_t>(i)]->set_progress(text);  // Kept or idle: nothing
  }
  refresh_readouts();  // "waiting…" while a pane they read waits, its values once they come
}

}  // namespace rl::ui
