// What the pointer and the keys do on the panes: the A/B flicker's controls, nudge, the statistics
// region, the plots' lock and the inspector, and files dropped on the window or between the panes.
#include <QAction>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QStatusBar>
#include <QTimer>
#include <cmath>

#include "rl/ui/flicker_controller.hpp"
#include "rl/ui/inspector.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/view_toolbar.hpp"

namespace rl::ui {

namespace {

bool inside(const Image& img, QPoint p) {
  return p.x() >= 0 && p.y() >= 0 && p.x() < img.cols() && p.y() < img.rows();
}

}  // namespace

bool MainWindow::showing_reference() const { return flicker_->showing_reference(); }

void MainWindow::set_ab(bool on) {
  if (ab_action_->isChecked() != on) ab_action_->setChecked(on);
  flicker_->set_ab(on);
}

void MainWindow::set_flicker_hold(bool held) { flicker_->set_hold(held); }

void MainWindow::set_timed_flicker(bool on) {
  if (timed_flicker_action_->isChecked() != on) timed_flicker_action_->setChecked(on);
  flicker_->set_timed(on);
}

void MainWindow::set_flicker_interval(int ms) {
  flicker_->set_interval(ms);
  for (QAction* a : findChildren<QAction*>())
    if (a->actionGroup() && a->data().toInt() > 0) a->setChecked(a->data().toInt() == flicker_->interval());
}

int MainWindow::flicker_interval() const { return flicker_->interval(); }
const QTimer* MainWindow::flicker_timer() const { return flicker_->timer(); }

bool MainWindow::eventFilter(QObject* o, QEvent* e) {
  // A file dropped between the panes adds one (a drop on a pane is the pane's).
  if (o == grid_page_ && e->type() == QEvent::DragEnter) {
    auto* d = static_cast<QDragEnterEvent*>(e);
    if (d->mimeData()->hasUrls()) d->acceptProposedAction();
    return true;
  }
  if (o == grid_page_ && e->type() == QEvent::Drop) {
    auto* d = static_cast<QDropEvent*>(e);
    for (const QUrl& u : d->mimeData()->urls())
      if (u.isLocalFile()) {
        d->acceptProposedAction();
        add_image_pane(u.toLocalFile());
        break;
      }
    return true;
  }
  flicker_->watch_key(e);
  return QMainWindow::eventFilter(o, e);
}

int MainWindow::nudge_target() const {
  if (wipe_action_->isChecked()) return view_bar_->wipe_right();
  return hovered_pane_;  // the HR's cell: pane_count()
}

void MainWindow::nudge(QPoint delta) {
  const int i = nudge_target();
  if (i < 0) {
    statusBar()->showMessage("Point at a pane to nudge it", 4000);
    return;
  }
  if (i >= pane_count())  // the HR, or a loaded reference on the wipe's right
    statusBar()->showMessage("The HR is what the panes are compared with: the panes are nudged onto it",
                             5000);
  else if (!doc_->nudge_pane(i, delta))
    statusBar()->showMessage(QString("Pane %1 is the reference: the others are nudged onto it").arg(i + 1),
                             5000);
}

void MainWindow::set_region_from(const QRectF& src) {
  if (src.isEmpty()) {  // Ctrl+click without a drag
    doc_->set_region(std::nullopt);
    return;
  }
  // Whole source pixels covering the dragged rectangle (--crop's convention: x = column, y = row).
  const QRect r(
      QPoint(static_cast<int>(std::floor(src.left())), static_cast<int>(std::floor(src.top()))),
      QPoint(static_cast<int>(std::ceil(src.right())) - 1, static_cast<int>(std::ceil(src.bottom())) - 1));
  doc_->set_region(r.isValid() && !r.isEmpty() ? std::optional<QRect>(r) : std::nullopt);
  show_region_outline(doc_->region() ? std::optional<QRectF>(QRectF(*doc_->region())) : std::nullopt);
}

void MainWindow::show_region_outline(std::optional<QRectF> src) {
  for (PaneWidget* p : panes_) p->view()->set_region(src);
  if (hr_view_) hr_view_->set_region(src);
  wipe_->set_region(src);
}

void MainWindow::toggle_lock(QPointF src, int pane) {
  const PaneResult& r = doc_->result(Document::kReferencePane);
  if (!r.image) return;
  const QPoint op = panes_[Document::kReferencePane]->view()->output_pixel(src);
  if (!inside(*r.image, op) || (locked_ && *locked_ == op)) {
    locked_.reset();
    statusBar()->showMessage("Plots and readouts follow the cursor again", 3000);
    update_inspector(src);
    return;
  }
  locked_.reset();  // so the pixel below is sent
  emit pixel_hovered(op.y(), op.x());
  locked_ = op;
  locked_pane_ = pane >= 0 ? pane : nudge_target() >= 0 ? nudge_target() : Document::kReferencePane;
  statusBar()->showMessage(
      QString("Plots and readouts locked on output pixel (%1, %2); click it again to release")
          .arg(op.y())
          .arg(op.x()),
      5000);
  refresh_readouts();
}

void MainWindow::update_inspector(std::optional<QPointF> src) {
  hover_ = src;
  if (src) {
    last_hover_ = src;
    if (nudge_target() >= 0) last_pane_ = nudge_target();
  }
  for (PaneWidget* p : panes_) p->view()->set_hover(src);
  if (hr_view_) hr_view_->set_hover(src);
  wipe_->set_hover(src);
  const PaneResult& r = doc_->result(Document::kReferencePane);
  if (src && doc_->source() && r.image && !locked_) {
    const QPoint op = panes_[Document::kReferencePane]->view()->output_pixel(*src);
    if (inside(*r.image, op)) emit pixel_hovered(op.y(), op.x());
  }
  refresh_readouts();
}

MainWindow::Readout MainWindow::readout() const {
  Readout t;
  if (locked_) {
    t.locked = true;
    t.pane = locked_pane_ <= pane_count() ? locked_pane_ : Document::kReferencePane;  // a pane removed
    // The locked pixel's centre in the reference pane's results now (a new scale moves it, as it
    // moves the docks that explain it).
    const auto& ref = doc_->result(Document::kReferencePane).image;
    if (ref && doc_->source() && !ref->empty())
      t.src = QPointF((locked_->x() + 0.5) * doc_->source()->cols() / ref->cols(),
                      (locked_->y() + 0.5) * doc_->source()->rows() / ref->rows());
    return t;
  }
  t.pane = nudge_target() >= 0 ? nudge_target() : last_pane_;
  t.src = hover_ ? hover_ : last_hover_;
  // A point given with no pane (inspect), or a pane removed since: the reference pane.
  if ((t.pane < 0 && t.src) || t.pane > pane_count()) t.pane = Document::kReferencePane;
  return t;
}

bool MainWindow::readout_pending(int i) const {
  if (!doc_->loading_path().isEmpty()) return true;
  if (i < 0) return false;
  if (i >= pane_count()) return doc_->pane_step(0) == PaneStep::Queued;
  const std::optional<PaneStep> step = doc_->pane_step(i);
  return step == PaneStep::Queued || step == PaneStep::Resizing;
}

void MainWindow::refresh_readouts() {
  refresh_view_status();
  const Readout t = readout();
  if (t.src && doc_->source()) {
    const QPointF src = *t.src;
    const auto output_pixel = [this, src](int i) {
      return panes_[static_cast<std::size_t>(i)]->view()->output_pixel(src);
    };
    QString html = inspector_html(*doc_, src, output_pixel, [this](int i) { return readout_pending(i); });
    if (t.locked) {
      const QString pane =
          t.pane >= pane_count() ? QStringLiteral("the HR") : QString("pane %1").arg(t.pane + 1);
      html = QString(
                 "<i>Locked on output pixel (%1, %2), clicked on %3: click it again to follow the "
                 "pointer</i><br>")
                 .arg(locked_->y())
                 .arg(locked_->x())
                 .arg(pane) +
             html;
    }
    inspector_->setText(html);
  }
  emit readouts_changed();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* e) {
  if (e->mimeData()->hasUrls()) e->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* e) {
  for (const QUrl& u : e->mimeData()->urls())
    if (u.isLocalFile()) {
      open_file(u.toLocalFile());
      e->acceptProposedAction();
      return;
    }
}

}  // namespace rl::ui
