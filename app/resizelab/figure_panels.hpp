// Connects the plots, the worked example and File > Export (rl_ui_figure) to the viewer's window.
#pragma once

namespace rl::ui {
class MainWindow;
// Adds the kernel, tap-weight and worked-example docks and installs the export handler.
bool install_figure_panels(MainWindow& w);
}  // namespace rl::ui
