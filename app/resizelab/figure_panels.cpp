// Docks for the kernel plot, tap weights and worked example, fed from the document and the hovered
// pixel of the reference pane, and File > Export filled from the current comparison.
#include "figure_panels.hpp"

#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <stdexcept>

#include "figure_export.hpp"
#include "pane_command.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/export_dialog.hpp"
#include "rl/ui/figure.hpp"
#include "rl/ui/histogram_panel.hpp"
#include "rl/ui/kernel_plot_widget.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/tap_weights_widget.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/ui/worked_example_widget.hpp"
#include "teaching_panels.hpp"

namespace rl::app {

namespace {

// The figure's label of pane i (figure_labels: the docks, the window's figure and the command's agree).
QString pane_title(const ui::Document& doc, int i) { return figure_labels(doc.comparison()).value(i); }

}  // namespace

ui::FigureSpec figure_spec_of(const ui::MainWindow& w) {
  const ui::Document& doc = *w.document();
  ui::FigureSpec spec;
  // The statistics region when one is drawn (View > Copy Region as --crop spells it), else the
  // region the panes show now, clipped to the image.
  const QRectF vis = w.view_state()->visible_region();
  if (doc.region()) {
    spec.crop = *doc.region();
  } else if (doc.source()) {
    const QRect whole(0, 0, doc.source()->cols(), doc.source()->rows());
    spec.crop = vis.toAlignedRect().intersected(whole);
    if (spec.crop == whole) spec.crop = QRect();
  }
  // The window's own comparison, as it is: the figure shows the numbers the window shows.
  spec.comparison = doc.comparison();
  // The labels and title `resizelab --export` gives the same comparison (its command line is shown).
  spec.labels = figure_labels(spec.comparison);
  if (!doc.reference_name().isEmpty()) spec.reference_label = doc.reference_name();
  spec.source_path = doc.source_path();
  spec.reference_path = doc.reference_path();
  spec.title = figure_title(spec);
  spec.pixel = w.locked_pixel();  // the output pixel the docks explain, when a click locked one
  return spec;
}

ui::PaneCalls pane_calls() {
  return {[](const ui::Comparison& c, int pane, const QString& input, const QString& output) {
            const PaneCommand command = pane_command(c, pane);
            if (!command.error.isEmpty()) throw std::runtime_error(command.error.toStdString());
            return shell_line(imresize_args(command, input, output));
          },
          check_save_pane};
}

bool install_figure_panels(ui::MainWindow& w) {
  ui::Document* doc = w.document();
  auto* kernel = new ui::KernelPlotWidget;
  auto* taps = new ui::TapWeightsWidget;
  auto* worked = new ui::WorkedExampleWidget;
  w.add_dock(ui::DockId::Kernels, kernel);
  w.add_dock(ui::DockId::Taps, taps);
  w.add_dock(ui::DockId::Worked, worked);
  install_teaching_panels(w);
  ui::install_pane_saving(w, pane_calls());
  ui::install_histogram_panel(w);

  QObject::connect(doc, &ui::Document::results_changed, &w, [doc, kernel, taps, worked]() {
    QList<ui::NamedPlan> plans;
    for (int i = 0; i < doc->pane_count(); ++i)
      if (doc->result(i).plan) plans.push_back({pane_title(*doc, i), doc->result(i).plan});
    kernel->set_plans(plans);
    const auto& ref = doc->result(ui::Document::kReferencePane);
    taps->set_plan(ref.plan, pane_title(*doc, ui::Document::kReferencePane));
    worked->set_source(doc->source());
    worked->set_plan(ref.plan, pane_title(*doc, ui::Document::kReferencePane));
  });
  QObject::connect(&w, &ui::MainWindow::pixel_hovered, &w, [kernel, taps, worked](int r, int c) {
    kernel->set_pixel(r, c);
    taps->set_pixel(r, c);
    worked->set_pixel(r, c);
  });

  w.set_export_handler([&w]() {
    const ui::Document& d = *w.document();
    if (!d.result(0).image) {
      w.show_error("Nothing to export yet: the results are still being computed.");
      return;
    }
    const QString base = d.source_path().isEmpty()
                             ? QString("resizelab-figure")
                             : QFileInfo(d.source_path()).completeBaseName() + "-figure";
    ui::ExportDialog dlg(figure_spec_of(w), QDir::current().filePath(base + ".png"), &w,
                         ui::CommandLineWriter{export_command, shell_line});
    dlg.exec();
  });
  return true;
}

}  // namespace rl::app
