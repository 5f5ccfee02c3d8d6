// The Histogram dock: each channel's histogram of the pane under the mouse (of the region, when one
// is drawn), tabbed with Sampling, Frequency and Profile.
#pragma once

namespace rl::ui {
class MainWindow;
void install_histogram_panel(MainWindow& w);
}  // namespace rl::ui
