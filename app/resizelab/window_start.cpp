// start_window: a typed Request into the window's document and controls.
#include "window_start.hpp"

#include <QDockWidget>
#include <tuple>

#include "rl/ui/document.hpp"

namespace rl::app {

void start_window(ui::MainWindow& w, const Request& r) {
  ui::Document* doc = w.document();
  if (r.boundary) doc->set_boundary(*r.boundary);
  if (r.device) doc->set_device(*r.device);
  if (r.resize_class) doc->set_resize_class(*r.resize_class);
  std::vector<ui::PaneConfig> panes;
  for (const PaneChoice& c : r.panes) panes.push_back(c.config);
  if (panes.empty() && (r.sr_scale || r.upscale))  // the window's own panes, at this run's factor
    for (int i = 0; i < doc->pane_count(); ++i) panes.push_back(doc->pane(i));
  for (ui::PaneConfig& p : panes) {
    if (p.is_file() && r.upscale) p.file_upscale = r.upscale;
    if (!p.is_file()) p.sr_round_trip = r.sr_scale.value_or(0);
    if (p.sr_round_trip > 0) p.sr_degradation = r.sr_degradation();
  }
  // The presets' LR for this run (the menu shows it; saved only when changed in the window).
  if (r.sr_scale || r.degradation.any()) w.set_sr_degradation(r.sr_degradation());
  if (!panes.empty()) w.set_panes(panes);
  if (r.size)
    w.set_out_size(r.size->first, r.size->second);
  else if (r.sr_scale)  // the protocol's mod-crop and shave read the factor, file panes alone too
    w.set_scale(*r.sr_scale);
  else if (const auto s = r.scale ? r.scale : default_scale_for(r.panes))
    w.set_scale(s->first);
  ui::DiffSettings d = doc->diff_settings();
  if (r.diff) r.diff->apply_to(d);
  if (r.metrics) d.protocol = r.metrics;
  if (r.niqe) d.niqe = r.niqe;
  if (r.sr_scale)
    d.against = ui::DiffAgainst::Source;
  else if (!panes.empty() && d.against == ui::DiffAgainst::Source)
    d.against = ui::DiffAgainst::ReferencePane;  // no round trip to compare with the HR
  w.set_diff_settings(d);
  if (r.show_diffs) w.set_diff_mode(*r.show_diffs);
  if (r.exposure || r.offset || r.display_range || r.channel) {
    ui::DisplaySettings d = doc->display_settings();
    if (r.exposure) d.tone.exposure = *r.exposure;
    if (r.offset) d.tone.offset = *r.offset;
    if (r.display_range) {
      d.auto_range = !r.display_range->has_value();
      if (*r.display_range) std::tie(d.lo, d.hi) = **r.display_range;
    }
    if (r.channel) d.channel = *r.channel;
    w.set_display_settings(d);
  }
  if (r.watch) doc->set_watch(true);
  if (!r.image.isEmpty()) w.open_file(r.image);
  if (!r.reference.isEmpty()) doc->load_reference(r.reference);
  if (r.panel)
    if (QDockWidget* dock = w.dock(r.panel->id)) {
      dock->show();  // the 2-D pictures start closed
      dock->raise();
    }
  w.mark_session_start();
}

}  // namespace rl::app
