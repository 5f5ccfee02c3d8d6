// The Histogram dock: the histogram of each channel the view shows, of the pane under the mouse (of the
// region, when one is drawn), tabbed with Sampling, Frequency and Profile (installed after them).
#pragma once

namespace rl::ui {
class MainWindow;
void install_histogram_panel(MainWindow& w);
}  // namespace rl::ui
