// The window's docks, one row each: what every place that names a dock reads (the window builds them
// from it, View > Docks lists them in its order, `resizelab --show-panel` takes its panel names and
// its help lists them). A new dock is one row here and the code that fills its widget.
#pragma once

#include <Qt>
#include <span>

namespace rl::ui {

// In the table's order: the order the window makes them and View > Docks lists them.
enum class DockId {
  Overview,
  Inspector,
  Differences,
  Kernels,
  Taps,
  Worked,
  Sampling,
  Frequency,
  Profile,
  Mapping,
  Window,
  Surface,
  Histogram
};

struct DockSpec {
  DockId id;
  // The object name: the saved layout (the settings' window state) keys each dock by it, so a
  // changed name would lose the users' layouts.
  const char* object_name;
  const char* title;  // the tab's name and its View > Docks entry: short, readable side by side at 1280 px
  Qt::DockWidgetArea area;  // where it opens at first
  const char* panel;        // `--show-panel NAME` brings it forward; null: it has none
};

std::span<const DockSpec> dock_table();
const DockSpec& dock_spec(DockId id);

}  // namespace rl::ui
