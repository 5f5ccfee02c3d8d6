// Connects the plots, the worked example and File > Export (rl_ui_figure) to the viewer's window.
#pragma once

#include "rl/ui/figure.hpp"

namespace rl::ui {
class MainWindow;
// Adds the kernel, tap-weight and worked-example docks and installs the export handler.
bool install_figure_panels(MainWindow& w);
// What File > Export starts from: the window's comparison as it is, the region shown, the files.
FigureSpec figure_spec_of(const MainWindow& w);
}  // namespace rl::ui
