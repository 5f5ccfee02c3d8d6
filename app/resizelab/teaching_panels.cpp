// The teaching docks fed from the document (plans, results, source), the reference pane's hovered or
// locked pixel, and the line drawn on the panes.
#include "teaching_panels.hpp"

#include <QDockWidget>
#include <QMainWindow>
#include <initializer_list>
#include <utility>

#include "rl/ui/document.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/picture_widgets.hpp"
#include "rl/ui/teaching_widgets.hpp"

namespace rl::app {

void install_teaching_panels(ui::MainWindow& w) {
  ui::Document* doc = w.document();
  auto* sampling = new ui::SamplingWidget;
  auto* frequency = new ui::FrequencyResponseWidget;
  auto* profile = new ui::LineProfileWidget;
  auto* mapping = new ui::MappingWidget;
  auto* window = new ui::WindowWidget;
  auto* surface = new ui::SurfaceWidget;
  // More tab groups: ten tab names side by side do not fit the docks' width, and a scrolled bar cuts
  // them. Sampling, Frequency and Profile under the first group on the right (Differences, Kernels,
  // Taps, Worked); the 2-D pictures under the Inspector on the left, closed at first (View > Docks,
  // --show-panel): a third group on the right would make the window taller than a 800 px screen.
  const auto group = [&](bool open, std::initializer_list<std::pair<ui::DockId, QWidget*>> docks) {
    QDockWidget* first = nullptr;
    for (const auto& [id, widget] : docks) {
      QDockWidget* d = w.add_dock(id, widget);
      if (!open) d->hide();  // before the layout sizes the window for it
      if (!first) {
        first = d;
        if (const Qt::DockWidgetArea area = ui::dock_spec(id).area; area == Qt::RightDockWidgetArea) {
          // Out of the Differences group, under it.
          w.removeDockWidget(d);
          w.addDockWidget(area, d, Qt::Vertical);
          d->setVisible(open);
        }
      } else {
        w.tabifyDockWidget(first, d);
      }
    }
    first->raise();
    return first;
  };
  QDockWidget* second = group(
      true,
      {{ui::DockId::Sampling, sampling}, {ui::DockId::Frequency, frequency}, {ui::DockId::Profile, profile}});
  // The Differences group's table in view at the default size; the plots take the rest.
  if (QDockWidget* diff = w.dock(ui::DockId::Differences))
    w.resizeDocks({diff, second}, {620, 240}, Qt::Vertical);
  group(false,
        {{ui::DockId::Mapping, mapping}, {ui::DockId::Window, window}, {ui::DockId::Surface, surface}});

  QObject::connect(doc, &ui::Document::results_changed, &w, [=]() {
    QList<ui::NamedPlan> plans;
    QList<ui::ProfilePane> panes;
    for (int i = 0; i < doc->pane_count(); ++i) {
      const ui::PaneResult& r = doc->result(i);
      const QString label = ui::pane_label(doc->pane(i));
      const QString name = i == ui::Document::kReferencePane ? QString("MATLAB %1").arg(label) : label;
      if (r.plan) plans.push_back({name, r.plan});
      if (r.plan && r.image) panes.push_back({name, r.image, r.plan});
    }
    sampling->set_source(doc->source());
    sampling->set_plans(plans);
    frequency->set_plans(plans);
    profile->set_panes(panes);
    const auto& reference = doc->result(ui::Document::kReferencePane).plan;
    mapping->set_plan(reference);
    window->set_source(doc->source());
    window->set_plans(plans);
    surface->set_source(doc->source());
    surface->set_plan(reference);
  });
  QObject::connect(&w, &ui::MainWindow::pixel_hovered, sampling, &ui::SamplingWidget::set_pixel);
  QObject::connect(&w, &ui::MainWindow::pixel_hovered, mapping, &ui::MappingWidget::set_pixel);
  QObject::connect(&w, &ui::MainWindow::pixel_hovered, window, &ui::WindowWidget::set_pixel);
  QObject::connect(&w, &ui::MainWindow::pixel_hovered, surface, &ui::SurfaceWidget::set_pixel);
  // The panes' coordinates put pixel edges at integers; the profile's put pixel centres there.
  QObject::connect(&w, &ui::MainWindow::profile_line_changed, profile, [profile](std::optional<QLineF> l) {
    profile->set_line(l ? std::optional<QLineF>(l->translated(-0.5, -0.5)) : std::nullopt);
  });
}

}  // namespace rl::app
