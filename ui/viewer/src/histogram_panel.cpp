// The Histogram dock fed from the readouts' pane (MainWindow::readout: the pane under the mouse, or the
// one a click locked), the region and the channel view; "waiting…" while that pane is resized again.
#include "rl/ui/histogram_panel.hpp"

#include <QDockWidget>
#include <QMainWindow>

#include "rl/ui/document.hpp"
#include "rl/ui/histogram_widget.hpp"
#include "rl/ui/main_window.hpp"

namespace rl::ui {

void install_histogram_panel(MainWindow& w) {
  auto* histogram = new HistogramWidget;
  // In the Sampling group (the left column has no room for one more tab bar at 1280x800).
  QDockWidget* dock = w.add_dock(DockId::Histogram, histogram);
  if (QDockWidget* sampling = w.dock(DockId::Sampling)) {
    w.tabifyDockWidget(sampling, dock);
    sampling->raise();
  }
  const auto show = [&w, histogram]() {
    const Document& doc = *w.document();
    const int pane = w.readout().pane;
    if (pane < 0 || !doc.source()) return;
    // Past the panes: the HR's cell (SR mode), or a loaded reference on the wipe's right.
    const bool hr = pane >= doc.pane_count();
    const Comparison& cmp = doc.comparison();
    QString label = hr ? QStringLiteral("%1 \u00b7 what the panes are compared with")
                             .arg(cmp.against_source() ? QStringLiteral("HR") : QStringLiteral("reference"))
                       : QStringLiteral("pane %1 \u00b7 %2").arg(pane + 1).arg(pane_label(doc.pane(pane)));
    if (w.readout_pending(pane)) {
      histogram->set_waiting(label);
      return;
    }
    const std::shared_ptr<const Image> image = hr ? cmp.reference() : doc.result(pane).image;
    if (hr && !image) return;
    QRect part;
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
  // New results, a region, the pointer or a lock all reach the readouts (MainWindow::refresh_readouts).
  QObject::connect(&w, &MainWindow::readouts_changed, histogram, show);
  QObject::connect(w.document(), &Document::display_changed, histogram, show);  // another channel view
}

}  // namespace rl::ui
