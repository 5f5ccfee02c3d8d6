// The main window: lays out the toolbars, the panes (or the wipe view) and the docks, and wires them
// to the document and the shared view. Its menus are in main_window_actions.cpp, what the pointer and
// keys do on the panes in main_window_input.cpp, what each pane shows in main_window_panes.cpp, its
// settings in main_window_settings.cpp.
#include "rl/ui/main_window.hpp"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGuiApplication>
#include <QKeyEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabBar>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <exception>

#include "rl/ui/default_image.hpp"
#include "rl/ui/difference_panel.hpp"
#include "rl/ui/display_range_control.hpp"
#include "rl/ui/error_banner.hpp"
#include "rl/ui/flicker_controller.hpp"
#include "rl/ui/footprint.hpp"
#include "rl/ui/identify_dialog.hpp"
#include "rl/ui/inspector.hpp"
#include "rl/ui/overview_widget.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/parameter_toolbar.hpp"
#include "rl/ui/recent_files.hpp"
#include "rl/ui/settings_file.hpp"
#include "rl/ui/shortcuts_dialog.hpp"
#include "rl/ui/status_line.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/ui/view_toolbar.hpp"

namespace rl::ui {

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent),
      doc_(new Document(this)),
      view_(new ViewState(this)),
      flicker_(new FlickerController(this)) {
  setWindowTitle("ResizeLab");
  connect(flicker_, &FlickerController::changed, this, &MainWindow::refresh_panes);
  setAcceptDrops(true);
  build_actions();
  params_ = new ParameterToolbar(doc_, this);
  addToolBar(params_);
  // A parameter's message is about the typed scale or size: gone once one is applied, another
  // parameter changes, or the text it is about is edited.
  connect(params_, &ParameterToolbar::error, this,
          [this](const QString& m) { banner_->show_message(m, QStringLiteral("parameters")); });
  for (QLineEdit* e : {params_->scale_edit(), params_->size_edit()})
    connect(e, &QLineEdit::textEdited, this, [this]() { banner_->clear(QStringLiteral("parameters")); });
  view_bar_ = new ViewToolbar(diff_action_, grid_action_, wipe_action_, doc_->pane_count(), this);
  view_bar_->addSeparator();
  view_bar_->addAction(ab_action_);
  addToolBar(view_bar_);
  connect(view_bar_, &ViewToolbar::wipe_panes_changed, this, &MainWindow::refresh_panes);
  build_central();
  build_docks();
  status_ = new StatusLine(statusBar(), doc_, this);
  connect_keys();

  connect(doc_, &Document::source_changed, this, &MainWindow::on_source_changed);
  // While a file loads, the title, overview and status bar name it, not the image it replaces.
  connect(doc_, &Document::loading_changed, this, [this]() {
    const QString& path = doc_->loading_path();
    const QString name = QFileInfo(path).fileName();
    setWindowTitle(path.isEmpty() ? QString("%1 — ResizeLab").arg(doc_->source_name())
                                  : QString("Loading %1… — ResizeLab").arg(name));
    overview_->set_message(path.isEmpty() ? QString() : QString("Loading %1…").arg(name));
    if (!path.isEmpty())
      for (PaneWidget* p : panes_)
        if (!p->view()->display()) p->view()->set_message(QString("loading %1…").arg(name));
    refresh_status();
    refresh_readouts();
  });
  connect(doc_, &Document::results_changed, this, [this]() {
    refresh_panes();
    refresh_footprint();
    refresh_status();
    if (fit_on_results_) {
      fit_on_results_ = false;
      fit_view();
    }
  });
  connect(doc_, &Document::diffs_changed, this, &MainWindow::refresh_panes);
  connect(doc_, &Document::pane_count_changed, this, [this]() {
    sync_pane_widgets();
    refresh_panes();
  });
  connect(doc_, &Document::params_changed, this, [this]() {
    banner_->clear(QStringLiteral("parameters"));
    refresh_status();
  });
  // Holding Space shows the reference until the key comes up, wherever the focus is.
  qApp->installEventFilter(this);
  connect(doc_, &Document::display_changed, this, [this]() { overview_->set_image(doc_->source_preview()); });
  connect(this, &MainWindow::pixel_hovered, this, &MainWindow::show_footprint);
  // Each pane's step while the document computes, read a few times a second (the jobs only write an
  // atomic per pane).
  progress_timer_ = new QTimer(this);
  progress_timer_->setInterval(100);
  connect(progress_timer_, &QTimer::timeout, this, &MainWindow::show_progress);
  connect(doc_, &Document::busy_changed, this, [this](bool b) {
    status_->set_busy(b);
    if (b) {
      // A file on its way is what the panes wait for, not a resize.
      const QString& loading = doc_->loading_path();
      const QString what = loading.isEmpty() ? QString("computing…")
                                             : QString("loading %1…").arg(QFileInfo(loading).fileName());
      for (PaneWidget* p : panes_)
        if (!p->view()->display()) p->view()->set_message(what);
      progress_timer_->start();
    } else {
      progress_timer_->stop();
    }
    show_progress();
  });
  connect(doc_, &Document::error_occurred, this, &MainWindow::show_error);
  connect(doc_, &Document::file_loaded, this, [this](const QString& path) {
    recent_->add(path);
    if (const auto s = open_settings()) save_viewer_settings(*s, settings_to_save());
    banner_->hide();
  });

  // A settings file that is no regular file, or is too large, is neither read nor written: the
  // defaults, and the reason on the banner.
  QString settings_refusal;
  if (const auto s = open_settings(&settings_refusal)) restored_ = load_viewer_settings(*s);
  apply_settings(restored_);
  doc_->set_maps_shown(diff_action_->isChecked());  // the action is unchecked at first: no signal
  load_default_image();
  mark_session_start();
  if (!settings_refusal.isEmpty()) {
    show_error("Settings not read: " + settings_refusal);
    qWarning("resizelab: settings not read: %s", qPrintable(settings_refusal));
  }
}

MainWindow::~MainWindow() = default;

PaneView* MainWindow::pane_view(int i) const { return panes_[static_cast<std::size_t>(i)]->view(); }
QLineEdit* MainWindow::scale_edit() const { return params_->scale_edit(); }
QLineEdit* MainWindow::size_edit() const { return params_->size_edit(); }

IdentifyDialog* MainWindow::identify_lr(const QString& lr_path) {
  auto* dialog = new IdentifyDialog(doc_, this);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->show();
  dialog->start(lr_path);
  return dialog;
}

QString MainWindow::ask_for_image(const QString& title) {
  return QFileDialog::getOpenFileName(
      this, title, last_dir_,
      "Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.ppm *.pgm *.pnm *.npy);;All files (*)");
}

void MainWindow::build_central() {
  auto* central = new QWidget;
  auto* v = new QVBoxLayout(central);
  v->setContentsMargins(2, 2, 2, 2);
  v->setSpacing(2);

  banner_ = new ErrorBanner;
  v->addWidget(banner_);

  stack_ = new QStackedWidget;
  grid_page_ = new QWidget;
  grid_ = new QGridLayout(grid_page_);
  grid_->setContentsMargins(0, 0, 0, 0);
  grid_->setSpacing(4);
  // A file dropped between the panes (an empty cell) adds a pane; one dropped on a pane replaces it.
  grid_page_->setAcceptDrops(true);
  grid_page_->installEventFilter(this);
  sync_pane_widgets();
  stack_->addWidget(grid_page_);
  wipe_ = new PaneView(view_);
  wipe_->set_split(0.5);
  follow_view(wipe_);
  stack_->addWidget(wipe_);
  v->addWidget(stack_, 1);
  setCentralWidget(central);
}

void MainWindow::follow_view(PaneView* view) {
  // Every view of the panes reports hovers and clicks the same way.
  connect(view, &PaneView::hovered, this, [this](QPointF s) { update_inspector(s); });
  connect(view, &PaneView::clicked, this, [this, view](QPointF s) { toggle_lock(s, cell_of(view)); });
  connect(view, &PaneView::left_view, this, [this]() { update_inspector(std::nullopt); });
  connect(view, &PaneView::line_drawn, this, [this](QLineF l) { set_profile_line(l); });
  connect(view, &PaneView::region_drawn, this, [this](QRectF r, bool finished) {
    if (finished)
      set_region_from(r);
    else
      show_region_outline(r);
  });
}

int MainWindow::cell_of(const PaneView* view) const {
  for (int i = 0; i < pane_count(); ++i)
    if (pane_view(i) == view) return i;
  return hr_view_ && view == hr_view_ ? pane_count() : -1;  // the wipe: its right pane (nudge_target)
}

void MainWindow::add_image_pane(const QString& path) {
  last_dir_ = QFileInfo(path).absolutePath();
  if (!doc_->add_pane(file_pane(path)))
    show_error(QString("At most %1 panes: drop %2 on a pane to replace it")
                   .arg(Document::kMaxPanes)
                   .arg(QFileInfo(path).fileName()));
}

void MainWindow::set_panes(const std::vector<PaneConfig>& panes) {
  doc_->set_panes(panes);
  sync_pane_widgets();  // at once, also when the count is the same
  refresh_panes();
}

void MainWindow::build_docks() {
  overview_ = new OverviewWidget(view_);
  display_range_ = new DisplayRangeControl;
  connect(display_range_, &DisplayRangeControl::changed, doc_, &Document::set_display_settings);
  display_range_->follow(doc_);  // offers the channels the images have
  auto* ow = new QWidget;
  auto* ol = new QVBoxLayout(ow);
  ol->setContentsMargins(0, 0, 0, 0);
  ol->setSpacing(2);
  ol->addWidget(overview_, 1);
  ol->addWidget(display_range_);  // under the overview it applies to
  QDockWidget* od = make_dock(DockId::Overview, ow);
  inspector_ = new Inspector;
  QDockWidget* id = make_dock(DockId::Inspector, inspector_);
  resizeDocks({od, id}, {300, 600}, Qt::Vertical);

  diff_panel_ = new DifferencePanel(doc_);
  connect(diff_panel_, &DifferencePanel::error, this, &MainWindow::show_error);
  connect(diff_panel_, &DifferencePanel::load_reference_requested, this, [this]() {
    if (const QString path = ask_for_image("Load reference image"); !path.isEmpty())
      doc_->load_reference(path);
  });
  // Scrolled when the window is short: its controls, scale and table would set the window's least
  // height otherwise, with the teaching docks' group under it.
  auto* diff_scroll = new QScrollArea;
  diff_scroll->setWidget(diff_panel_);
  diff_scroll->setWidgetResizable(true);
  diff_scroll->setFrameShape(QFrame::NoFrame);
  diff_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);  // as wide as its controls
  diff_scroll->setMinimumWidth(diff_panel_->minimumSizeHint().width() +
                               diff_scroll->verticalScrollBar()->sizeHint().width());
  make_dock(DockId::Differences, diff_scroll);
}

void MainWindow::set_export_handler(std::function<void()> handler) {
  export_handler_ = std::move(handler);
  export_action_->setEnabled(static_cast<bool>(export_handler_));
  export_action_->setToolTip(export_handler_ ? "Export the comparison as PNG, SVG or PDF" : QString());
}

QDockWidget* MainWindow::add_dock(DockId id, QWidget* widget) {
  QDockWidget* dock = make_dock(id, widget);
  // Tabbed with the difference panel on the right, so the panes keep their room.
  if (QDockWidget* diff = this->dock(DockId::Differences);
      diff && dock_spec(id).area == Qt::RightDockWidgetArea) {
    tabifyDockWidget(diff, dock);
    diff->raise();
  }
  keep_dock_tab_names_whole();
  // The main window makes (and reuses) the dock tab bars as docks are shown, hidden and moved.
  connect(dock, &QDockWidget::visibilityChanged, this, &MainWindow::keep_dock_tab_names_whole);
  return dock;
}

// Ten docks share one tab group: whole names with scroll arrows read better than "Ker…", "Ta…".
void MainWindow::keep_dock_tab_names_whole() {
  for (QTabBar* bar : findChildren<QTabBar*>(Qt::FindDirectChildrenOnly)) {
    bar->setElideMode(Qt::ElideNone);
    bar->setUsesScrollButtons(true);
    bar->setExpanding(false);
  }
}

QString MainWindow::error_text() const { return banner_->text(); }
bool MainWindow::error_visible() const { return !banner_->isHidden(); }
QString MainWindow::inspector_text() const { return inspector_->text(); }

void MainWindow::show_error(const QString& message) { banner_->show_message(message); }

void MainWindow::open_file(const QString& path) {
  last_dir_ = QFileInfo(path).absolutePath();
  doc_->load_file(path);
}

void MainWindow::load_default_image() {
  try {
    doc_->set_source(default_image(), default_image_name());
  } catch (const std::exception& e) {
    show_error(QString::fromStdString(e.what()));
  }
}

void MainWindow::set_scale(double s) { params_->set_scale(s); }
void MainWindow::set_out_size(double rows, double cols) { params_->set_out_size(rows, cols); }

void MainWindow::set_diff_mode(bool on) {
  if (diff_action_->isChecked() != on) diff_action_->setChecked(on);
  doc_->set_maps_shown(on);
  refresh_panes();
}

void MainWindow::set_wipe_mode(bool on) {
  if (wipe_action_->isChecked() != on) wipe_action_->setChecked(on);
  stack_->setCurrentIndex(on ? 1 : 0);
  // The wipe view is the one the overview outlines while it is shown.
  PaneView* shown = shown_view();  // a pane alone, or the first
  shown->set_defines_viewport(!on);
  wipe_->set_defines_viewport(on);
  view_->set_viewport(QSizeF(on ? wipe_->size() : shown->size()));
  refresh_panes();
}

void MainWindow::fit_view() { view_->fit(); }

void MainWindow::apply_panes(const std::array<PaneConfig, Document::kPanes>& panes) {
  set_panes(std::vector<PaneConfig>(panes.begin(), panes.end()));  // panes added from files go
  const bool round_trip =
      std::any_of(panes.begin(), panes.end(), [](const PaneConfig& c) { return c.sr_round_trip > 0; });
  if (!round_trip && doc_->diff_settings().against == DiffAgainst::Source) {
    DiffSettings d = doc_->diff_settings();
    d.against = DiffAgainst::ReferencePane;
    set_diff_settings(d);
  }
}

void MainWindow::apply_sr_baselines(int s) {
  apply_panes(sr_baselines_preset(s, sr_degradation_));
  DiffSettings d = doc_->diff_settings();
  d.against = DiffAgainst::Source;
  if (!d.protocol) d.protocol = SrProtocol::Srcnn;  // the numbers an SR table prints
  set_diff_settings(d);
}

void MainWindow::set_sr_degradation(const SrDegradation& d) {
  sr_degradation_ = d;
  for (QAction* a : degradation_group_->actions())
    if (a->data().toInt() == static_cast<int>(d.model)) a->setChecked(true);
  // BD-VSR's script samples from scale/2: an odd factor has no LR.
  sr_scale_actions_[1]->setEnabled(d.model != Degradation::BdVsr);
  std::vector<PaneConfig> panes;
  bool round_trip = false;
  for (int i = 0; i < doc_->pane_count(); ++i) {
    panes.push_back(doc_->pane(i));
    if (panes.back().sr_round_trip > 0) {
      panes.back().sr_degradation = d;
      round_trip = true;
    }
  }
  if (round_trip && panes != doc_->comparison().panes) set_panes(panes);
}

void MainWindow::set_profile_line(std::optional<QLineF> src) {
  profile_line_ = src;
  for (PaneWidget* p : panes_) p->view()->set_profile_line(src);
  if (hr_view_) hr_view_->set_profile_line(src);
  wipe_->set_profile_line(src);
  emit profile_line_changed(src);
}

void MainWindow::show_footprint(int out_row, int out_col) {
  footprint_pixel_ = QPoint(out_col, out_row);
  refresh_footprint();
}

void MainWindow::refresh_footprint() {
  const auto& plan = doc_->result(Document::kReferencePane).plan;
  std::optional<Footprint> f;
  if (plan && footprint_pixel_) f = footprint_of(*plan, footprint_pixel_->y(), footprint_pixel_->x());
  overview_->set_footprint(f ? std::optional<QRectF>(f->rect) : std::nullopt,
                           f ? std::optional<QPointF>(f->centre) : std::nullopt);
}

void MainWindow::set_display_settings(const DisplaySettings& d) {
  display_range_->set_settings(d);
  doc_->set_display_settings(d);
}

void MainWindow::one_to_one() {
  const auto& r = doc_->result(Document::kReferencePane);
  if (!r.image || !doc_->source()) return;
  view_->set_zoom(static_cast<double>(r.image->cols()) / doc_->source()->cols());
}

void MainWindow::on_source_changed() {
  const auto& src = doc_->source();
  if (!src) return;
  view_->set_source_size(QSizeF(src->cols(), src->rows()));
  overview_->set_image(doc_->source_preview());
  refresh_footprint();  // the results (and plan) of the old image are gone
  setWindowTitle(QString("%1 — ResizeLab").arg(doc_->source_name()));
  const QSize size(src->cols(), src->rows());
  if (size != last_source_size_) {
    last_source_size_ = size;
    fit_on_results_ = true;
    view_->fit();
  }
  refresh_panes();
  refresh_status();
}

void MainWindow::refresh_status() {
  status_->refresh();
  params_->refresh();  // keep the controls in step with the document
}

void MainWindow::fit_to_screen() {
  // Never larger than the screen's free area (a remembered size from a bigger screen included).
  const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
  if (!screen) return;
  const QRect avail = screen->availableGeometry();
  const QSize frame = frameGeometry().size() - geometry().size();
  const QSize room(std::max(640, avail.width() - frame.width()),
                   std::max(480, avail.height() - frame.height()));
  if (width() > room.width() || height() > room.height())
    resize(std::min(width(), room.width()), std::min(height(), room.height()));
  if (!avail.contains(frameGeometry())) move(avail.topLeft());
}

void MainWindow::closeEvent(QCloseEvent* e) {
  if (const auto s = open_settings()) save_viewer_settings(*s, settings_to_save());
  e->accept();
}

}  // namespace rl::ui
