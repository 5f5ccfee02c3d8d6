// Connects the plots, the worked example and File > Export (rl_ui_figure) to the viewer's window
// when that library is part of the build; a no-op otherwise.
#pragma once

namespace rl::ui {
class MainWindow;
// Returns true when the panels and the export action were installed.
bool install_figure_panels(MainWindow& w);
}  // namespace rl::ui
