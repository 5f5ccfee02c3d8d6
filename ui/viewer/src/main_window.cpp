// The main window: builds the menus and docks from their parts and wires them to the document and
// the shared view; owns the in-window error message and the hover and lock state.
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
#include <QMenuBar>
#include <QMimeData>
#include <QScreen>
#include <QSettings>
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
#include "rl/ui/footprint.hpp"
#include "rl/ui/identify_dialog.hpp"
#include "rl/ui/inspector.hpp"
#include "rl/ui/overview_widget.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/parameter_toolbar.hpp"
#include "rl/ui/recent_files.hpp"
#include "rl/ui/shortcuts_dialog.hpp"
#include "rl/ui/status_line.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/ui/view_toolbar.hpp"

namespace rl::ui {

namespace {

// How long after Space comes up the hold ends, unless the key goes down again (a key repeat).
constexpr int kFlickerReleaseMs = 60;

bool inside(const Image& img, QPoint p) {
  return p.x() >= 0 && p.y() >= 0 && p.x() < img.cols() && p.y() < img.rows();
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), doc_(new Document(this)), view_(new ViewState(this)) {
  setWindowTitle("ResizeLab");
  setAcceptDrops(true);
  build_actions();
  params_ = new ParameterToolbar(doc_, this);
  addToolBar(params_);
  connect(params_, &ParameterToolbar::error, this, &MainWindow::show_error);
  view_bar_ = new ViewToolbar(diff_action_, grid_action_, wipe_action_, doc_->pane_count(), this);
  view_bar_->addSeparator();
  view_bar_->addAction(ab_action_);
  addToolBar(view_bar_);
  connect(view_bar_, &ViewToolbar::wipe_panes_changed, this, &MainWindow::refresh_panes);
  build_central();
  build_docks();
  status_ = new StatusLine(statusBar(), doc_, this);

  connect(doc_, &Document::source_changed, this, &MainWindow::on_source_changed);
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
  connect(doc_, &Document::params_changed, this, &MainWindow::refresh_status);
  // Holding Space shows the reference until the key comes up, wherever the focus is.
  qApp->installEventFilter(this);
  connect(doc_, &Document::display_changed, this, [this]() { overview_->set_image(doc_->source_preview()); });
  connect(this, &MainWindow::pixel_hovered, this, &MainWindow::show_footprint);
  connect(doc_, &Document::busy_changed, this, [this](bool b) {
    status_->set_busy(b);
    if (b)
      for (PaneWidget* p : panes_)
        if (p->view()->display().isNull()) p->view()->set_message("computing…");
  });
  connect(doc_, &Document::error_occurred, this, &MainWindow::show_error);
  connect(doc_, &Document::file_loaded, this, [this](const QString& path) {
    recent_->add(path);
    QSettings s;
    save_viewer_settings(s, current_settings());
    banner_->hide();
  });

  apply_settings(load_viewer_settings(QSettings()));
  load_default_image();
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

void MainWindow::build_actions() {
  // Each action's status tip is its line in Help > Keyboard Shortcuts; every shortcut stays live
  // while the menus are closed.
  const auto add = [this](QMenu* menu, const QString& text, QList<QKeySequence> keys, const QString& what,
                          auto slot) {
    QAction* a = menu->addAction(text, this, slot);
    a->setShortcuts(keys);
    a->setStatusTip(what);
    if (!keys.isEmpty()) addAction(a);
    return a;
  };
  QMenu* file = menuBar()->addMenu("&File");
  add(file, "&Open…", {QKeySequence::Open}, "Open an image (or drop a file on the window)", [this]() {
    if (const QString path = ask_for_image("Open image"); !path.isEmpty()) open_file(path);
  });
  recent_ = new RecentFiles(file->addMenu("Open &Recent"), this);
  connect(recent_, &RecentFiles::open_requested, this, &MainWindow::open_file);
  add(file, "Open &Default Image", {}, {}, &MainWindow::load_default_image);
  add(file, "&Add Image as Pane…", {QKeySequence("Ctrl+Shift+O")},
      "Add an image file as a pane, compared with the reference (or drop a file on a pane)", [this]() {
        if (const QString path = ask_for_image("Add image as pane (e.g. a network's output)");
            !path.isEmpty())
          add_image_pane(path);
      });
  file->addSeparator();
  add(file, "Load &Reference Image…", {QKeySequence("Ctrl+R")}, "Load a reference image to compare against",
      [this]() {
        if (const QString path = ask_for_image("Load reference image (e.g. a MATLAB output)");
            !path.isEmpty())
          doc_->load_reference(path);
      });
  add(file, "&Clear Reference Image", {}, {}, [this]() { doc_->clear_reference(); });
  add(file, "&Identify LR Image…", {}, "Find which resizer made an LR image from the loaded one", [this]() {
    if (const QString path = ask_for_image("LR image to identify (the loaded image is the HR)");
        !path.isEmpty())
      identify_lr(path);
  });
  file->addSeparator();
  export_action_ =
      add(file, "&Export Figure…", {QKeySequence("Ctrl+E")}, "Export a figure (when available)", [this]() {
        if (export_handler_) export_handler_();
      });
  export_action_->setEnabled(false);
  export_action_->setToolTip("Figure export is not part of this build");
  file->addSeparator();
  add(file, "&Quit", {QKeySequence::Quit}, "Quit", &QWidget::close);

  view_menu_ = menuBar()->addMenu("&View");
  add(view_menu_, "Zoom &In", {QKeySequence("+"), QKeySequence("="), QKeySequence::ZoomIn},
      "Zoom in (all panes together)", [this]() { view_->zoom_about(1.25, view_->center()); });
  add(view_menu_, "Zoom &Out", {QKeySequence("-"), QKeySequence::ZoomOut}, "Zoom out (all panes together)",
      [this]() { view_->zoom_about(0.8, view_->center()); });
  add(view_menu_, "&Fit", {QKeySequence("F")}, "Fit the whole image", &MainWindow::fit_view);
  add(view_menu_, "&1:1 (one output pixel per screen pixel)", {QKeySequence("1")},
      "1:1, one output pixel per screen pixel", &MainWindow::one_to_one);
  const auto pan = [this](double dx, double dy) {
    view_->pan_screen(QPointF(view_->viewport().width() * dx, view_->viewport().height() * dy));
  };
  add(view_menu_, "Pan Left", {QKeySequence(Qt::Key_Left)}, "Pan left", [pan]() { pan(1.0 / 8, 0); });
  add(view_menu_, "Pan Right", {QKeySequence(Qt::Key_Right)}, "Pan right", [pan]() { pan(-1.0 / 8, 0); });
  add(view_menu_, "Pan Up", {QKeySequence(Qt::Key_Up)}, "Pan up", [pan]() { pan(0, 1.0 / 8); });
  add(view_menu_, "Pan Down", {QKeySequence(Qt::Key_Down)}, "Pan down", [pan]() { pan(0, -1.0 / 8); });
  view_menu_->addSeparator();
  grid_action_ = add(view_menu_, "Pixel &Grid and Values", {QKeySequence("G")},
                     "Pixel grid and values at high zoom", [this](bool on) {
                       for (PaneWidget* p : panes_) p->view()->set_grid(on);
                       wipe_->set_grid(on);
                     });
  diff_action_ = add(view_menu_, "Show &Differences", {QKeySequence("D")},
                     "Show difference maps instead of results", &MainWindow::set_diff_mode);
  wipe_action_ = add(view_menu_, "&Wipe (compare two panes)", {QKeySequence("W")},
                     "Wipe: compare two panes in one view", &MainWindow::set_wipe_mode);
  line_action_ = add(view_menu_, "&Line Profile Tool", {QKeySequence("L")},
                     "Line profile: drag on a pane draws the line (Shift+drag always does)", [this](bool on) {
                       for (PaneWidget* p : panes_) p->view()->set_line_tool(on);
                       wipe_->set_line_tool(on);
                     });
  for (QAction* a : {grid_action_, diff_action_, wipe_action_, line_action_}) a->setCheckable(true);
  grid_action_->setChecked(true);

  view_menu_->addSeparator();
  ab_action_ = add(view_menu_, "&A/B: Show the Reference in Every Pane", {},
                   "A/B: every pane shows the image it is compared with, at the same zoom and offset",
                   &MainWindow::set_ab);
  ab_action_->setCheckable(true);
  ab_action_->setIconText("A/B");
  QAction* hold = add(view_menu_, "Show the Reference While Space Is Held", {QKeySequence(Qt::Key_Space)},
                      "Hold: every pane shows the image it is compared with until the key is released",
                      [this]() { set_flicker_hold(true); });
  hold->setAutoRepeat(false);
  flicker_release_ = new QTimer(this);
  flicker_release_->setSingleShot(true);
  flicker_release_->setInterval(kFlickerReleaseMs);
  connect(flicker_release_, &QTimer::timeout, this, [this]() { set_flicker_hold(false); });
  flicker_timer_ = new QTimer(this);
  flicker_timer_->setInterval(500);
  connect(flicker_timer_, &QTimer::timeout, this, [this]() {
    flicker_phase_ = !flicker_phase_;
    refresh_panes();
  });
  timed_flicker_action_ = add(view_menu_, "&Timed Flicker", {QKeySequence("T")},
                              "Timed flicker: each pane and its reference in turn (View > Flicker Interval)",
                              &MainWindow::set_timed_flicker);
  timed_flicker_action_->setCheckable(true);
  QMenu* interval = view_menu_->addMenu("Flicker &Interval");
  auto* intervals = new QActionGroup(this);
  for (const int ms : {250, 500, 1000, 2000}) {
    QAction* a = interval->addAction(QString("%1 s").arg(ms / 1000.0), this,
                                     [this, ms]() { set_flicker_interval(ms); });
    a->setCheckable(true);
    a->setChecked(ms == flicker_timer_->interval());
    a->setData(ms);
    intervals->addAction(a);
  }
  view_menu_->addSeparator();
  const QString nudge_what = "Nudge the pane under the mouse one pixel %1 before it is compared";
  add(view_menu_, "Nudge Pane Left", {QKeySequence("Ctrl+Left")}, nudge_what.arg("left"),
      [this]() { nudge(QPoint(-1, 0)); });
  add(view_menu_, "Nudge Pane Right", {QKeySequence("Ctrl+Right")}, nudge_what.arg("right"),
      [this]() { nudge(QPoint(1, 0)); });
  add(view_menu_, "Nudge Pane Up", {QKeySequence("Ctrl+Up")}, nudge_what.arg("up"),
      [this]() { nudge(QPoint(0, -1)); });
  add(view_menu_, "Nudge Pane Down", {QKeySequence("Ctrl+Down")}, nudge_what.arg("down"),
      [this]() { nudge(QPoint(0, 1)); });
  add(view_menu_, "Reset Nudge of the Pane", {QKeySequence("Ctrl+0")},
      "Undo the nudge of the pane under the mouse", [this]() {
        if (const int i = nudge_target(); i >= 0) doc_->reset_nudge(i);
      });
  add(view_menu_, "Reset All Nudges", {}, {}, [this]() { doc_->reset_nudge(-1); });
  view_menu_->addSeparator();
  add(view_menu_, "&Clear Region", {QKeySequence(Qt::Key_Escape)},
      "Clear the statistics region (Ctrl+drag on a pane draws one)",
      [this]() { doc_->set_region(std::nullopt); });
  add(view_menu_, "Copy Region as --&crop", {}, "Copy the region as resizelab's --crop x,y,w,h", [this]() {
    if (!doc_->region()) {
      statusBar()->showMessage("No region: Ctrl+drag on a pane to draw one", 4000);
      return;
    }
    const QString arg = crop_argument(*doc_->region());
    QGuiApplication::clipboard()->setText(arg);
    statusBar()->showMessage("Copied " + arg + " (File > Export uses the region as its crop)", 6000);
  });

  QMenu* presets = menuBar()->addMenu("&Presets");
  add(presets, "MATLAB &Methods (default)", {},
      "Panes: MATLAB bicubic, nearest, bilinear, bicubic without antialiasing",
      [this]() { apply_panes(kDefaultPanes); });
  add(presets, "MATLAB vs the &Libraries", {},
      "Panes: MATLAB bicubic, OpenCV INTER_CUBIC, Pillow BICUBIC, torch bicubic (no antialias)",
      [this]() { apply_panes(libraries_preset()); });
  QMenu* sr = presets->addMenu("&Super-Resolution Baselines");
  for (const int s : {2, 3, 4})
    add(sr, QString("\u00d7&%1").arg(s), {},
        QString("Panes: the image as HR, down by 1/%1 (MATLAB bicubic) and up by %1 with bicubic, nearest, "
                "bilinear, lanczos3; compared with the HR")
            .arg(s),
        [this, s]() { apply_sr_baselines(s); });

  QMenu* help = menuBar()->addMenu("&Help");
  add(help, "&Keyboard Shortcuts", {QKeySequence::HelpContents}, "This list", [this]() {
    ShortcutsDialog d(*this, this);
    d.exec();
  });
  add(help, "&About ResizeLab", {}, {}, [this]() {
    show_error(QString());  // clears the message line
    QDialog d(this);
    d.setWindowTitle("About ResizeLab");
    auto* l = new QVBoxLayout(&d);
    l->addWidget(
        new QLabel("<b>ResizeLab</b><br>MATLAB-exact imresize (CPU and CUDA) next to nearest, "
                   "bilinear and plain bicubic."));
    auto* bb = new QDialogButtonBox(QDialogButtonBox::Ok);
    connect(bb, &QDialogButtonBox::accepted, &d, &QDialog::accept);
    l->addWidget(bb);
    d.exec();
  });
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
  connect(view, &PaneView::clicked, this, &MainWindow::toggle_lock);
  connect(view, &PaneView::left_view, this, [this]() { update_inspector(std::nullopt); });
  connect(view, &PaneView::line_drawn, this, [this](QLineF l) { set_profile_line(l); });
  connect(view, &PaneView::region_drawn, this, [this](QRectF r, bool finished) {
    if (finished)
      set_region_from(r);
    else
      show_region_outline(r);
  });
}

void MainWindow::sync_pane_widgets() {
  const auto n = static_cast<std::size_t>(doc_->pane_count());
  for (PaneWidget* p : panes_) grid_->removeWidget(p);
  while (panes_.size() > n) {
    delete panes_.back();
    panes_.pop_back();
  }
  while (panes_.size() < n) {
    auto* p = new PaneWidget(static_cast<int>(panes_.size()), view_);
    p->set_config(doc_->pane(static_cast<int>(panes_.size())));
    connect(p, &PaneWidget::config_edited, doc_, &Document::set_pane);
    connect(p, &PaneWidget::file_dropped, this,
            [this](int i, const QString& path) { doc_->set_pane(i, file_pane(path)); });
    connect(p, &PaneWidget::remove_requested, doc_, &Document::remove_pane);
    follow_view(p->view());
    const int i = static_cast<int>(panes_.size());
    connect(p->view(), &PaneView::hovered, this, [this, i]() { hovered_pane_ = i; });
    connect(p->view(), &PaneView::left_view, this, [this, i]() {
      if (hovered_pane_ == i) hovered_pane_ = -1;
    });
    // A new pane shows what the others show.
    p->view()->set_grid(grid_action_->isChecked());
    p->view()->set_line_tool(line_action_->isChecked());
    p->view()->set_profile_line(profile_line_);
    panes_.push_back(p);
  }
  // Two columns up to six panes (three columns and both docks do not fit a 1280 px screen), then
  // three, then four (16 panes: 4 x 4).
  const int cols = n <= 6 ? 2 : n <= 12 ? 3 : 4;
  for (std::size_t i = 0; i < n; ++i)
    grid_->addWidget(panes_[i], static_cast<int>(i) / cols, static_cast<int>(i) % cols);
  // Equal shares whatever the headers say: a long statistics line (a region, a nudge, a file's name)
  // is elided, it never widens its column; the rows and columns of a smaller grid take none.
  for (int k = 0; k < 4; ++k) {
    grid_->setColumnStretch(k, k < cols ? 1 : 0);
    grid_->setRowStretch(k, k < (static_cast<int>(n) + cols - 1) / cols ? 1 : 0);
  }
  panes_[0]->view()->set_defines_viewport(!wipe_action_->isChecked());
  view_bar_->set_pane_count(static_cast<int>(n));
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
  const auto dock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
    auto* d = new QDockWidget(title, this);
    d->setObjectName(name);
    d->setWidget(w);
    addDockWidget(area, d);
    return d;
  };
  overview_ = new OverviewWidget(view_);
  display_range_ = new DisplayRangeControl;
  connect(display_range_, &DisplayRangeControl::changed, doc_, &Document::set_display_settings);
  auto* ow = new QWidget;
  auto* ol = new QVBoxLayout(ow);
  ol->setContentsMargins(0, 0, 0, 0);
  ol->setSpacing(2);
  ol->addWidget(overview_, 1);
  ol->addWidget(display_range_);  // under the overview it applies to
  QDockWidget* od = dock("Overview", "overviewDock", ow, Qt::LeftDockWidgetArea);
  inspector_ = new Inspector;
  QDockWidget* id = dock("Inspector", "inspectorDock", inspector_, Qt::LeftDockWidgetArea);
  resizeDocks({od, id}, {300, 600}, Qt::Vertical);

  diff_panel_ = new DifferencePanel(doc_);
  connect(diff_panel_, &DifferencePanel::error, this, &MainWindow::show_error);
  connect(diff_panel_, &DifferencePanel::load_reference_requested, this, [this]() {
    if (const QString path = ask_for_image("Load reference image"); !path.isEmpty())
      doc_->load_reference(path);
  });
  dock("Differences", "differenceDock", diff_panel_, Qt::RightDockWidgetArea);
}

void MainWindow::set_export_handler(std::function<void()> handler) {
  export_handler_ = std::move(handler);
  export_action_->setEnabled(static_cast<bool>(export_handler_));
  export_action_->setToolTip(export_handler_ ? "Export the comparison as PNG, SVG or PDF" : QString());
}

void MainWindow::add_tool_dock(QDockWidget* dock, Qt::DockWidgetArea area) {
  addDockWidget(area, dock);
  // Tabbed with the difference panel on the right, so the panes keep their room.
  if (auto* diff = findChild<QDockWidget*>("differenceDock"); diff && area == Qt::RightDockWidgetArea) {
    tabifyDockWidget(diff, dock);
    diff->raise();
  }
  view_menu_->addAction(dock->toggleViewAction());
  keep_dock_tab_names_whole();
  // The main window makes (and reuses) the dock tab bars as docks are shown, hidden and moved.
  connect(dock, &QDockWidget::visibilityChanged, this, &MainWindow::keep_dock_tab_names_whole);
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

void MainWindow::apply_scale_text(const QString& text) { params_->apply_scale_text(text); }
void MainWindow::apply_size_text(const QString& text) { params_->apply_size_text(text); }

void MainWindow::set_diff_mode(bool on) {
  if (diff_action_->isChecked() != on) diff_action_->setChecked(on);
  refresh_panes();
}

void MainWindow::set_wipe_mode(bool on) {
  if (wipe_action_->isChecked() != on) wipe_action_->setChecked(on);
  stack_->setCurrentIndex(on ? 1 : 0);
  // The wipe view is the one the overview outlines while it is shown.
  panes_[0]->view()->set_defines_viewport(!on);
  wipe_->set_defines_viewport(on);
  view_->set_viewport(QSizeF(on ? wipe_->size() : panes_[0]->view()->size()));
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
  apply_panes(sr_baselines_preset(s));
  DiffSettings d = doc_->diff_settings();
  d.against = DiffAgainst::Source;
  if (!d.protocol) d.protocol = SrProtocol::Srcnn;  // the numbers an SR table prints
  set_diff_settings(d);
}

void MainWindow::set_profile_line(std::optional<QLineF> src) {
  profile_line_ = src;
  for (PaneWidget* p : panes_) p->view()->set_profile_line(src);
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

void MainWindow::refresh_panes() {
  const bool diff = diff_action_->isChecked();
  const Comparison& cmp = doc_->comparison();
  // A/B: the image the panes are compared with, in every pane's place.
  const bool flick = showing_reference() && !cmp.reference_display.isNull();
  const std::shared_ptr<const Image> ref_values = cmp.reference();
  const QString ref_name = cmp.against_image() ? "showing: " + doc_->reference_name()
                           : cmp.against_source()
                               ? QString("showing: the image itself (HR)")
                               : QString("showing: pane %1 (reference)").arg(kReferencePane + 1);
  // What pane i shows: the reference while flickering, its map in difference mode, else its result
  // (moved by its nudge).
  const auto layer = [&](int i) -> std::pair<QImage, std::shared_ptr<const Image>> {
    const PaneDiff& d = doc_->diff(i);
    if (flick) return {cmp.reference_display, ref_values};
    if (diff && d.map) return {d.colored, d.map};
    if (d.nudged) return {d.nudged_display, d.nudged};
    return {doc_->result(i).display, doc_->result(i).image};
  };
  for (int i = 0; i < static_cast<int>(panes_.size()) && i < doc_->pane_count(); ++i) {
    PaneWidget* p = panes_[static_cast<std::size_t>(i)];
    const PaneResult& r = doc_->result(i);
    const PaneDiff& d = doc_->diff(i);
    p->set_config(doc_->pane(i));
    p->set_reference(i == Document::kReferencePane && doc_->comparison().reference_is_pane());
    p->setToolTip(r.note);  // a library pane: how its tables combine, and what was adapted
    p->set_showing(flick && !cmp.is_reference(i) ? ref_name : QString());
    if (!r.error.isEmpty() && !flick) {
      p->view()->set_image(QImage(), nullptr);
      p->view()->set_message(r.error);
    } else if (diff && !flick && !d.map && !d.error.isEmpty()) {
      p->view()->set_image(QImage(), nullptr);
      p->view()->set_message(d.error);
    } else {
      const auto [img, values] = layer(i);
      p->view()->set_image(img, values);
    }
    QString info;
    if (r.image)
      info = QString("%1×%2 · %3 ms · %4")
                 .arg(r.image->cols())
                 .arg(r.image->rows())
                 .arg(QString::number(r.ms, 'f', 1), r.device);
    if (r.upscaled_by > 1) info = QString("LR ×%1 · ").arg(r.upscaled_by) + info;  // an LR file, upscaled
    p->set_info(info, diff_summary(d));
  }
  if (wipe_action_->isChecked()) {
    const int a = view_bar_->wipe_left(), b = view_bar_->wipe_right();
    const auto [ia, va] = layer(a);
    const auto [ib, vb] = layer(b);
    wipe_->set_image(ia, va);
    const auto title = [&](int i) {
      const QString t = panes_[static_cast<std::size_t>(i)]->title();
      return flick && !cmp.is_reference(i) ? t + " · " + ref_name : t;
    };
    wipe_->set_second(ib, vb, title(a), title(b));
  }
  show_region_outline(doc_->region() ? std::optional<QRectF>(QRectF(*doc_->region())) : std::nullopt);
  update_inspector(hover_);
}

bool MainWindow::showing_reference() const {
  if (flicker_held_) return true;
  if (flicker_timer_->isActive()) return flicker_phase_;
  return ab_action_->isChecked();
}

void MainWindow::set_ab(bool on) {
  if (ab_action_->isChecked() != on) ab_action_->setChecked(on);
  refresh_panes();
}

void MainWindow::set_flicker_hold(bool held) {
  if (held == flicker_held_) return;
  flicker_held_ = held;
  refresh_panes();
}

void MainWindow::set_timed_flicker(bool on) {
  if (timed_flicker_action_->isChecked() != on) timed_flicker_action_->setChecked(on);
  flicker_phase_ = false;
  if (on)
    flicker_timer_->start();
  else
    flicker_timer_->stop();
  refresh_panes();
}

void MainWindow::set_flicker_interval(int ms) {
  flicker_timer_->setInterval(std::clamp(ms, 50, 10000));
  for (QAction* a : findChildren<QAction*>())
    if (a->actionGroup() && a->data().toInt() > 0)
      a->setChecked(a->data().toInt() == flicker_timer_->interval());
}

int MainWindow::flicker_interval() const { return flicker_timer_->interval(); }

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
  if (flicker_held_) {
    const bool space = (e->type() == QEvent::KeyRelease || e->type() == QEvent::KeyPress ||
                        e->type() == QEvent::ShortcutOverride) &&
                       static_cast<QKeyEvent*>(e)->key() == Qt::Key_Space;
    // An X server's key repeat can arrive as release + press pairs that are not marked as repeats:
    // a release ends the hold only when no press follows it shortly.
    if (space && e->type() == QEvent::KeyRelease && !static_cast<QKeyEvent*>(e)->isAutoRepeat())
      flicker_release_->start();
    else if (space)
      flicker_release_->stop();
    // A key released in another window never arrives here: leaving the application ends the hold too.
    if (e->type() == QEvent::ApplicationDeactivate) set_flicker_hold(false);
  }
  return QMainWindow::eventFilter(o, e);
}

int MainWindow::nudge_target() const {
  if (wipe_action_->isChecked()) return view_bar_->wipe_right();
  return hovered_pane_;
}

void MainWindow::nudge(QPoint delta) {
  const int i = nudge_target();
  if (i < 0) {
    statusBar()->showMessage("Point at a pane to nudge it", 4000);
    return;
  }
  if (!doc_->nudge_pane(i, delta))
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
  wipe_->set_region(src);
}

void MainWindow::refresh_status() {
  status_->refresh();
  params_->refresh();  // keep the controls in step with the document
}

void MainWindow::toggle_lock(QPointF src) {
  const PaneResult& r = doc_->result(Document::kReferencePane);
  if (!r.image) return;
  const QPoint op = panes_[Document::kReferencePane]->view()->output_pixel(src);
  if (!inside(*r.image, op) || (locked_ && *locked_ == op)) {
    locked_.reset();
    statusBar()->showMessage("Plots follow the cursor again", 3000);
    update_inspector(src);
    return;
  }
  locked_.reset();  // so the pixel below is sent
  emit pixel_hovered(op.y(), op.x());
  locked_ = op;
  statusBar()->showMessage(
      QString("Plots locked on output pixel (%1, %2); click it again to release").arg(op.y()).arg(op.x()),
      5000);
}

void MainWindow::update_inspector(std::optional<QPointF> src) {
  hover_ = src;
  for (PaneWidget* p : panes_) p->view()->set_hover(src);
  wipe_->set_hover(src);
  if (!src || !doc_->source()) return;
  const auto output_pixel = [this, &src](int i) {
    return panes_[static_cast<std::size_t>(i)]->view()->output_pixel(*src);
  };
  const PaneResult& r = doc_->result(Document::kReferencePane);
  if (const QPoint op = output_pixel(Document::kReferencePane); r.image && !locked_ && inside(*r.image, op))
    emit pixel_hovered(op.y(), op.x());
  inspector_->setText(inspector_html(*doc_, *src, output_pixel));
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
  QSettings s;
  save_viewer_settings(s, current_settings());
  e->accept();
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
