// The Histogram dock fed from the pane under the mouse (MainWindow::nudge_target), the region and the
// channel view.
#include "rl/ui/histogram_panel.hpp"

#include <QDockWidget>
#include <QMainWindow>
#include <memory>

#include "rl/ui/document.hpp"
#include "rl/ui/histogram_widget.hpp"
#include "rl/ui/main_window.hpp"

namespace rl::ui {

void install_histogram_panel(MainWindow& w) {
  auto* histogram = new HistogramWidget;
  // In the Sampling group (the left column has no room for one more tab bar at 1280x800).
  QDockWidget* dock = w.add_dock(QStringLiteral("Histogram"), QStringLiteral("histogramDock"), histogram);
  if (auto* sampling = w.findChild<QDockWidget*>(QStringLiteral("samplingDock"))) {
    w.tabifyDockWidget(sampling, dock);
    sampling->raise();
  }
  // The last pane hovered; its histogram follows new results and the region.
  auto pane = std::make_shared<int>(-1);
  const auto show = [&w, histogram, pane]() {
    const Document& doc = *w.document();
    if (*pane < 0 || !doc.source()) return;
    // Past the panes: the HR's cell (SR mode), or a loaded reference on the wipe's right.
    const bool hr = *pane >= doc.pane_count();
    const Comparison& cmp = doc.comparison();
    const std::shared_ptr<const Image> image = hr ? cmp.reference() : doc.result(*pane).image;
    if (hr && !image) return;
    QRect part;
    QString label = hr ? QStringLiteral("%1 \u00b7 what the panes are compared with")
                             .arg(cmp.against_source() ? QStringLiteral("HR") : QStringLiteral("reference"))
                       : QStringLiteral("pane %1 \u00b7 %2").arg(*pane + 1).arg(pane_label(doc.pane(*pane)));
    if (image && doc.region()) {
      part = result_crop(*doc.region(), doc.source()->rows(), doc.source()->cols(), image->rows(),
                         image->cols());
      label += QStringLiteral(", region %1,%2,%3,%4")
                   .arg(doc.region()->x())
                   .arg(doc.region()->y())
                   .arg(doc.region()->width())
                   .arg(doc.region()->height());
    }
    histogram->set_image(image, part, label, doc.display_settings().channel);  // what the view shows
  };
  QObject::connect(&w, &MainWindow::pixel_hovered, histogram, [&w, pane, show]() {
    if (const int i = w.nudge_target(); i >= 0) *pane = i;
    show();
  });
  QObject::connect(w.document(), &Document::results_changed, histogram, show);
  QObject::connect(w.document(), &Document::diffs_changed, histogram, show);    // a region drawn or cleared
  QObject::connect(w.document(), &Document::display_changed, histogram, show);  // another channel view
}

}  // namespace rl::ui
