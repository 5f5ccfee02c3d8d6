// What the viewer remembers between runs: one struct whose member initialisers are the defaults,
// read from and written to QSettings in one place each.
#pragma once

#include <QByteArray>
#include <QSettings>
#include <QString>
#include <QStringList>
#include <array>

#include "rl/ui/document.hpp"

namespace rl::ui {

struct ViewerSettings {
  QByteArray geometry, window_state;  // empty: the default size and dock layout
  QStringList recent;                 // most recent first
  QString last_dir;
  bool grid = true;    // pixel grid and values at high zoom
  bool diffs = false;  // difference maps shown instead of results
  std::array<PaneConfig, Document::kPanes> panes = kDefaultPanes;
  Boundary boundary = Boundary::Modern;
  Device device = Device::Auto;
  ResizeClass resize_class = ResizeClass::Keep;
  QString scale = QString::number(kDefaultScale, 'g', 6);  // as typed, e.g. "1/3"
  QString size;                                            // "rows,cols" when resizing to a size
  DiffSettings diff;                                       // `against` is not remembered
  // Presets > Super-Resolution Baselines' LR model (its parameters are the defaults: --sigma, --noise
  // and --seed are for one run).
  Degradation sr_degradation = Degradation::Bi;
  DisplaySettings display;
  bool operator==(const ViewerSettings&) const = default;
};

// Unknown or missing values keep the defaults; numbers are clamped to what the controls accept.
ViewerSettings load_viewer_settings(const QSettings& s);
void save_viewer_settings(QSettings& s, const ViewerSettings& v);

// What a run saves: the settings as they were restored (`restored`), with each one the user changed
// in the window since the run started (`start`: the state once the command line was applied) taken
// from `now`. A command line's choices are for its run: a setting still as the command line left it
// keeps its restored value. The window's geometry, dock layout, recent files and folder are always
// `now`'s. With `scale_in_use` false (every pane a file or an SR round trip: none resized at the
// toolbar's scale) the scale and size keep their restored values, which a resizer pane can use.
ViewerSettings settings_to_save(const ViewerSettings& restored, const ViewerSettings& start,
                                const ViewerSettings& now, bool scale_in_use);
// The defaults with `v`'s window geometry, dock layout, recent files and folder: View > Reset to
// Defaults.
ViewerSettings defaults_keeping_window(const ViewerSettings& v);

}  // namespace rl::ui
