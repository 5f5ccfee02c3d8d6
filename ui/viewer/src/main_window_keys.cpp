// The keys that choose panes and zooms (rl/ui/keymap.hpp): a pane shown alone (1-9, [ ], Esc), a pane
// made the reference (Alt+1-9), the zoom where pixel values show (V); the status bar's zoom and
// pixel; and focus back on the panes after Enter in a toolbar box, so the next key is a command.
#include <QAction>
#include <QCursor>
#include <QGridLayout>
#include <QLineEdit>
#include <QMenu>
#include <QStackedWidget>
#include <algorithm>
#include <cmath>

#include "rl/ui/keymap.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/parameter_toolbar.hpp"
#include "rl/ui/status_line.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/ui/view_toolbar.hpp"

namespace rl::ui {

void MainWindow::build_pane_actions() {
  QMenu* menu = view_menu_->addMenu("&Panes");
  const auto bind = [this, menu](const QString& text, const QString& id, auto slot) {
    const KeyBinding& k = key_binding(id);
    QAction* a = menu->addAction(text, this, slot);
    a->setShortcuts(k.keys);
    a->setStatusTip(k.what);
    addAction(a);
    return a;
  };
  for (int n = 1; n <= kNumberedPanes; ++n)
    bind(QString("Pane &%1 Alone").arg(n), QString("solo_%1").arg(n), [this, n]() {
      show_solo(solo_ == n - 1 ? -1 : n - 1);  // the same key goes back to all panes
    });
  bind("&Next Pane Alone", "next_pane", [this]() { step_pane(1); });
  bind("&Previous Pane Alone", "previous_pane", [this]() { step_pane(-1); });
  menu->addSeparator();
  for (int n = 1; n <= kNumberedPanes; ++n)
    bind(QString("Make Pane %1 the Reference").arg(n), QString("reference_%1").arg(n),
         [this, n]() { make_reference(n - 1); });
}

void MainWindow::connect_keys() {
  // Enter applies a typed scale or size; the next D, W or F is then a command, not text.
  for (QLineEdit* e : params_->findChildren<QLineEdit*>())
    connect(e, &QLineEdit::returnPressed, this, &MainWindow::focus_panes);
  connect(view_, &ViewState::changed, this, [this]() {
    // A key's zoom or pan moves the image under a still mouse: the pixel under it is another one.
    if (hovered_pane_ >= 0 && hovered_pane_ < pane_count() && hover_) {
      const PaneView* v = panes_[static_cast<std::size_t>(hovered_pane_)]->view();
      if (const QPoint at = v->mapFromGlobal(QCursor::pos()); v->rect().contains(at)) {
        update_inspector(v->to_source(at));
        return;
      }
    }
    refresh_view_status();
  });
  refresh_view_status();
}

void MainWindow::focus_panes() {
  (wipe_action_->isChecked() ? wipe_ : shown_view())->setFocus(Qt::OtherFocusReason);
}

// The cells the number keys and [ ] reach: the panes, then the HR's in SR mode.
int MainWindow::cell_count() const { return pane_count() + (hr_in_grid_ ? 1 : 0); }

PaneView* MainWindow::shown_view() const {
  if (solo_ >= pane_count() && hr_view_) return hr_view_;
  return panes_[static_cast<std::size_t>(std::max(solo_, 0))]->view();
}

void MainWindow::show_solo(int i) {
  solo_ = i >= 0 && i < cell_count() ? i : -1;
  if (solo_ >= 0 && wipe_action_->isChecked()) set_wipe_mode(false);
  sync_pane_widgets();                 // lays the grid out again, then apply_solo
  view_bar_->set_names(wipe_names());  // the HR's choice too, which the pane count alone drops
  refresh_view_status();
}

void MainWindow::apply_solo() {
  if (solo_ >= cell_count()) solo_ = -1;
  for (int i = 0; i < pane_count(); ++i)
    panes_[static_cast<std::size_t>(i)]->setVisible(solo_ < 0 || i == solo_);
  if (hr_pane_) hr_pane_->setVisible(hr_in_grid_ && (solo_ < 0 || solo_ == pane_count()));
  // The pane shown is the one whose size the overview outlines.
  for (PaneWidget* q : panes_) q->view()->set_defines_viewport(false);
  if (hr_view_) hr_view_->set_defines_viewport(false);
  shown_view()->set_defines_viewport(!wipe_action_->isChecked());
  if (solo_ < 0) return;
  QWidget* p = solo_ == pane_count() ? hr_pane_ : panes_[static_cast<std::size_t>(solo_)];
  for (PaneWidget* q : panes_) grid_->removeWidget(q);
  if (hr_pane_) grid_->removeWidget(hr_pane_);
  grid_->addWidget(p, 0, 0);
  for (int k = 0; k < grid_->columnCount() || k < grid_->rowCount(); ++k) {
    grid_->setColumnStretch(k, k == 0 ? 1 : 0);
    grid_->setRowStretch(k, k == 0 ? 1 : 0);
  }
}

void MainWindow::step_pane(int delta) {
  const int n = cell_count();
  if (solo_ < 0)
    show_solo(delta > 0 ? 0 : n - 1);
  else
    show_solo(((solo_ + delta) % n + n) % n);
}

void MainWindow::escape() {
  if (solo_ >= 0)
    show_solo(-1);
  else
    doc_->set_region(std::nullopt);
}

void MainWindow::make_reference(int i) {
  if (i < 0 || i >= pane_count()) return;
  // The round trips and file panes take their sizes from the HR they are compared with: another
  // reference would give them another size, not a comparison.
  if (doc_->comparison().against_source()) {
    show_error(QString("Pane %1 stays where it is: the panes are compared with the HR (SR mode); set "
                       "Differences > Against to the reference pane first")
                   .arg(i + 1));
    return;
  }
  std::vector<PaneConfig> panes;
  panes.push_back(doc_->pane(i));
  for (int k = 0; k < pane_count(); ++k)
    if (k != i) panes.push_back(doc_->pane(k));
  if (i != kReferencePane) set_panes(panes);
  DiffSettings d = doc_->diff_settings();
  d.against = DiffAgainst::ReferencePane;  // compared with that pane, not the HR or a loaded image
  set_diff_settings(d);
  if (solo_ == i) show_solo(0);  // the pane shown alone moved to the first place
}

void MainWindow::zoom_to_values() {
  const auto& r = doc_->result(kReferencePane);
  if (!r.image || !doc_->source()) return;
  // Screen pixels per source pixel so that an output pixel is kValuesFrom screen pixels on both axes.
  const double z =
      PaneView::kValuesFrom * std::max(static_cast<double>(r.image->cols()) / doc_->source()->cols(),
                                       static_cast<double>(r.image->rows()) / doc_->source()->rows());
  view_->zoom_about(z / view_->zoom(), hover_.value_or(view_->center()));
}

QString MainWindow::view_status_text() const {
  const auto& r = doc_->result(kReferencePane);
  if (!r.image || !doc_->source()) return {};
  // The zoom of the panes' output pixels: 100% is 1:1 (View > 1:1).
  const double out_zoom = view_->zoom() * doc_->source()->cols() / r.image->cols();
  QString t = QString("zoom %1%").arg(QString::number(100.0 * out_zoom, 'f', out_zoom < 0.1 ? 1 : 0));
  // The readouts' pane and point (readout()): the status bar, the Inspector and the Histogram agree.
  const Readout at = readout();
  if (!at.src || at.pane < 0) return t;
  const bool hr = at.pane >= pane_count();
  const QString name = hr ? QStringLiteral("the HR") : QString("pane %1").arg(at.pane + 1);
  const QString locked = at.locked ? QStringLiteral(" (locked)") : QString();
  if (readout_pending(at.pane)) return t + QString(" · %1 waiting\u2026").arg(name);
  const PaneView* v = hr ? hr_view() : panes_[static_cast<std::size_t>(at.pane)]->view();
  const std::shared_ptr<const Image> img = hr ? doc_->comparison().reference() : doc_->result(at.pane).image;
  if (!v || !img) return t;
  const QPoint op = v->output_pixel(*at.src);
  if (op.x() >= 0 && op.y() >= 0 && op.x() < img->cols() && op.y() < img->rows())
    t += QString(" · pixel x %1, y %2 of %3%4").arg(op.x()).arg(op.y()).arg(name, locked);
  return t;
}

QStringList MainWindow::wipe_names() const {
  QStringList names;
  for (const PaneWidget* p : panes_) names << p->title();
  const Comparison& cmp = doc_->comparison();
  if (cmp.against_source() && cmp.reference_display)
    names << "HR (the image itself)";
  else if (cmp.against_image() && cmp.reference_display)
    names << "reference: " + doc_->reference_name();
  return names;
}

void MainWindow::refresh_view_status() {
  if (status_) status_->set_view_text(view_status_text());
}

}  // namespace rl::ui
