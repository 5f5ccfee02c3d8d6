// Connects the teaching docks (sampling explainer, frequency response, line profile, coordinate
// mapping, tap window, surface) to the viewer.
#pragma once

namespace rl::ui {
class MainWindow;
}  // namespace rl::ui

namespace rl::app {
// Adds the six docks, tabbed with the others on the right, fed from the document, the hovered or
// locked pixel and the profile line.
void install_teaching_panels(ui::MainWindow& w);
}  // namespace rl::app
