// The window's part of a resizelab command line: the typed request put into a MainWindow, for this
// run only (what the window saves is what the user changes in it afterwards).
#pragma once

#include "resizelab_request.hpp"
#include "rl/ui/main_window.hpp"

namespace rl::app {

// Applies `r` (parse_request in OptionMode::Window) to `w`: the resize, the panes (file panes at
// scale 1 unless a scale is given, SR round trips at --sr-scale), the reference, the difference
// settings and maps, the panel, --watch, then the image. --crop, --inspect and --screenshot wait for
// the first results (see main.cpp). Then marks the window's state as the run's start
// (MainWindow::mark_session_start), so none of it is saved.
void start_window(ui::MainWindow& w, const Request& r);

}  // namespace rl::app
