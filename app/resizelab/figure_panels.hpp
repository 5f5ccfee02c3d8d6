// Connects the plots, the worked example and File > Export (rl_ui_figure) to the viewer's window.
#pragma once

#include "rl/ui/figure.hpp"
#include "rl/ui/pane_saving.hpp"

namespace rl::ui {
class MainWindow;
}  // namespace rl::ui

namespace rl::app {
// The figure File > Export starts from: the window's comparison as it is (its region and nudges
// included), cropped to the statistics region when one is drawn, else to what the panes show.
ui::FigureSpec figure_spec_of(const ui::MainWindow& w);
// Adds the kernel, tap-weight and worked-example docks and installs the export handler.
bool install_figure_panels(ui::MainWindow& w);
// File > Save Pane As and Copy Pane Command's rule: pane_command.hpp's.
ui::PaneCalls pane_calls();
}  // namespace rl::app
