// The window's docks (see dock_table.hpp).
#include "rl/ui/dock_table.hpp"

#include <iterator>

namespace rl::ui {

namespace {

constexpr Qt::DockWidgetArea kLeft = Qt::LeftDockWidgetArea;
constexpr Qt::DockWidgetArea kRight = Qt::RightDockWidgetArea;

constexpr DockSpec kDocks[] = {
    {DockId::Overview, "overviewDock", "Overview", kLeft, nullptr},
    {DockId::Inspector, "inspectorDock", "Inspector", kLeft, nullptr},
    {DockId::Differences, "differenceDock", "Differences", kRight, "differences"},
    {DockId::Kernels, "kernelDock", "Kernels", kRight, "kernels"},
    {DockId::Taps, "tapDock", "Taps", kRight, "taps"},
    {DockId::Worked, "workedDock", "Worked", kRight, "worked"},
    {DockId::Sampling, "samplingDock", "Sampling", kRight, "sampling"},
    {DockId::Frequency, "frequencyDock", "Frequency", kRight, "frequency"},
    {DockId::Profile, "profileDock", "Profile", kRight, "profile"},
    {DockId::Mapping, "mappingDock", "Mapping", kLeft, "mapping"},
    {DockId::Window, "windowDock", "Window", kLeft, "window"},
    {DockId::Surface, "surfaceDock", "Surface", kLeft, "surface"},
    {DockId::Histogram, "histogramDock", "Histogram", kRight, "histogram"},
};

// Row i is DockId i: dock_spec indexes the table.
constexpr bool in_id_order() {
  for (int i = 0; i < static_cast<int>(std::size(kDocks)); ++i)
    if (static_cast<int>(kDocks[i].id) != i) return false;
  return true;
}
static_assert(in_id_order());
static_assert(std::size(kDocks) == static_cast<std::size_t>(DockId::Histogram) + 1);

}  // namespace

std::span<const DockSpec> dock_table() { return kDocks; }

const DockSpec& dock_spec(DockId id) { return kDocks[static_cast<int>(id)]; }

}  // namespace rl::ui
