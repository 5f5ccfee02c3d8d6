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

namespace rl::ui {

void install_teaching_panels(MainWindow& w) {
  Document* doc = w.document();
  auto* sampling = new SamplingWidget;
  auto* frequency = new FrequencyResponseWidget;
  auto* profile = new LineProfileWidget;
  auto* mapping = new MappingWidget;
  auto* window = new WindowWidget;
  auto* surface = new SurfaceWidget;
  // More tab groups: ten tab names side by side do not fit the docks' width, and a scrolled bar cuts
  // them. Sampling, Frequency and Profile under the first group on the right (Differences, Kernels,
  // Taps, Worked); the 2-D pictures under the Inspector on the left, closed at first (View > Docks,
  // --show-panel): a third group on the right would make the window taller than a 800 px screen.
  const auto group = [&](bool open, std::initializer_list<std::pair<DockId, QWidget*>> docks) {
    QDockWidget* first = nullptr;
    for (const auto& [id, widget] : docks) {
      QDockWidget* d = w.add_dock(id, widget);
      if (!open) d->hide();  // before the layout sizes the window for it
      if (!first) {
        first = d;
        if (const Qt::DockWidgetArea area = dock_spec(id).area; area == Qt::RightDockWidgetArea) {
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
  QDockWidget* second =
      group(true, {{DockId::Sampling, sampling}, {DockId::Frequency, frequency}, {DockId::Profile, profile}});
  // The Differences group's table in view at the default size; the plots take the rest.
  if (QDockWidget* diff = w.dock(DockId::Differences))
    w.resizeDocks({diff, second}, {620, 240}, Qt::Vertical);
  group(false, {{DockId::Mapping, mapping}, {DockId::Window, window}, {DockId::Surface, surface}});

  QObject::connect(doc, &Document::results_changed, &w, [=]() {
    QList<NamedPlan> plans;
    QList<ProfilePane> panes;
    for (int i = 0; i < doc->pane_count(); ++i) {
      const PaneResult& r = doc->result(i);
      const QString label = pane_label(doc->pane(i));
      const QString name = i == Document::kReferencePane ? QString("MATLAB %1").arg(label) : label;
      if (r.plan) plans.push_back({name, r.plan});
      if (r.plan && r.image) panes.push_back({name, r.image, r.plan});
    }
    sampling->set_source(doc->source());
    sampling->set_plans(plans);
    frequency->set_plans(plans);
    profile->set_panes(panes);
    const auto& reference = doc->result(Document::kReferencePane).plan;
    mapping->set_plan(reference);
    window->set_source(doc->source());
    window->set_plans(plans);
    surface->set_source(doc->source());
    surface->set_plan(reference);
  });
  QObject::connect(&w, &MainWindow::pixel_hovered, sampling, &SamplingWidget::set_pixel);
  QObject::connect(&w, &MainWindow::pixel_hovered, mapping, &MappingWidget::set_pixel);
  QObject::connect(&w, &MainWindow::pixel_hovered, window, &WindowWidget::set_pixel);
  QObject::connect(&w, &MainWindow::pixel_hovered, surface, &SurfaceWidget::set_pixel);
  // The panes' coordinates put pixel edges at integers; the profile's put pixel centres there.
  QObject::connect(&w, &MainWindow::profile_line_changed, profile, [profile](std::optional<QLineF> l) {
    profile->set_line(l ? std::optional<QLineF>(l->translated(-0.5, -0.5)) : std::nullopt);
  });
}

}  // namespace rl::ui
