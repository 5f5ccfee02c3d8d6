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
  // Two more tab groups under the first (Differences, Kernels, Taps, Worked): ten tab names side by
  // side do not fit the docks' width, and a scrolled bar cuts them. The 2-D pictures' group starts
  // closed (View > Docks, --show-panel).
  const auto group = [&](std::initializer_list<std::pair<QString, QWidget*>> docks) {
    QList<QDockWidget*> out;
    for (const auto& [title, widget] : docks) {
      QDockWidget* d = w.add_dock(title, title.toLower() + QStringLiteral("Dock"), widget);
      if (out.isEmpty()) {
        w.removeDockWidget(d);
        w.addDockWidget(Qt::RightDockWidgetArea, d, Qt::Vertical);
        d->show();
      } else {
        w.tabifyDockWidget(out.front(), d);
      }
      out.push_back(d);
    }
    out.front()->raise();
    return out;
  };
  group({{"Sampling", sampling}, {"Frequency", frequency}, {"Profile", profile}});
  for (QDockWidget* d : group({{"Mapping", mapping}, {"Window", window}, {"Surface", surface}})) d->hide();

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
