// The main window: wires the document, the shared view and the widgets, and owns menus, shortcuts,
// settings and the in-window error message.
#include "rl/ui/main_window.hpp"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTableWidget>
#include <QToolBar>
#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>
#include <exception>

#include "rl/parse.hpp"
#include "rl/ui/colorbar_widget.hpp"
#include "rl/ui/default_image.hpp"
#include "rl/ui/overview_widget.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/view_state.hpp"

namespace rl::ui {

namespace {

constexpr int kMaxRecent = 8;
constexpr int kSliderMin = -400, kSliderMax = 300;  // 100 * log2(scale): 1/16 .. 8

QString shape_text(const Image& img) {
  return QString("%1×%2×%3 %4")
      .arg(img.cols())
      .arg(img.rows())
      .arg(img.channels())
      .arg(QString::fromStdString(to_string(img.type())));
}

QString format_number(double v, ElemType t) {
  return is_integer(t) ? QString::number(v, 'f', 0) : QString::number(v, 'g', 6);
}

QString stats_text(const PaneDiff& d) {
  if (!d.error.isEmpty()) return "difference: " + d.error;
  if (!d.stats) return {};
  const DiffStats& s = *d.stats;
  const QString psnr = std::isinf(s.psnr) ? QString("∞") : QString::number(s.psnr, 'f', 2);
  return QString("max |Δ| %1 · mean |Δ| %2 · PSNR %3 dB · %4 px differ (%5%)")
      .arg(QString::number(s.max_abs, 'g', 4), QString::number(s.mean_abs, 'g', 4), psnr)
      .arg(s.differing)
      .arg(QString::number(s.differing_percent(), 'f', 2));
}

// A scale as the user would write it: 1/3 rather than 0.333333.
QString scale_to_text(double s) {
  const double inv = 1.0 / s;
  if (s < 1 && std::abs(inv - std::round(inv)) < 1e-9) return QString("1/%1").arg(std::lround(inv));
  return QString::number(s, 'g', 4);
}

}  // namespace

MainWindow::MainWindow(QWidget* parent)
    : QMainWindow(parent), doc_(new Document(this)), view_(new ViewState(this)) {
  setWindowTitle("ResizeLab");
  setAcceptDrops(true);
  build_actions();
  build_toolbar();
  build_central();
  build_docks();
  build_status();

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
  connect(doc_, &Document::diffs_changed, this, [this]() {
    refresh_panes();
    refresh_diff_panel();
  });
  connect(doc_, &Document::params_changed, this, &MainWindow::refresh_status);
  connect(doc_, &Document::display_changed, this, [this]() { overview_->set_image(doc_->source_preview()); });
  connect(this, &MainWindow::pixel_hovered, this, &MainWindow::show_footprint);
  connect(doc_, &Document::busy_changed, this, [this](bool b) {
    busy_bar_->setVisible(b);
    if (b)
      for (PaneWidget* p : panes_)
        if (p->view()->display().isNull()) p->view()->set_message("computing…");
  });
  connect(doc_, &Document::error_occurred, this, &MainWindow::show_error);
  connect(doc_, &Document::file_loaded, this, [this](const QString& path) {
    add_recent(path);
    banner_box_->hide();
  });
  connect(doc_, &Document::reference_changed, this, [this]() {
    const QSignalBlocker b(diff_against_);
    diff_against_->setItemText(
        1, doc_->reference_image() ? "loaded: " + doc_->reference_name() : "loaded image (none)");
    diff_against_->setCurrentIndex(doc_->diff_settings().against == DiffAgainst::ReferenceImage ? 1 : 0);
  });

  restore_settings();
  load_default_image();
}

MainWindow::~MainWindow() = default;

PaneView* MainWindow::pane_view(int i) const { return panes_[static_cast<std::size_t>(i)]->view(); }

void MainWindow::build_actions() {
  QMenu* file = menuBar()->addMenu("&File");
  QAction* open = file->addAction("&Open…", this, [this]() {
    const QString path = QFileDialog::getOpenFileName(
        this, "Open image", last_dir_,
        "Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.ppm *.pgm *.pnm *.npy);;All files (*)");
    if (!path.isEmpty()) open_file(path);
  });
  open->setShortcut(QKeySequence::Open);
  recent_menu_ = file->addMenu("Open &Recent");
  file->addAction("Open &Default Image", this, &MainWindow::load_default_image);
  file->addSeparator();
  QAction* ref = file->addAction("Load &Reference Image…", this, [this]() {
    const QString path = QFileDialog::getOpenFileName(
        this, "Load reference image (e.g. a MATLAB output)", last_dir_,
        "Images (*.png *.jpg *.jpeg *.tif *.tiff *.bmp *.ppm *.pgm *.pnm *.npy);;All files (*)");
    if (!path.isEmpty()) doc_->load_reference(path);
  });
  ref->setShortcut(QKeySequence("Ctrl+R"));
  file->addAction("&Clear Reference Image", doc_, &Document::clear_reference);
  file->addSeparator();
  export_action_ = file->addAction("&Export Figure…", this, [this]() {
    if (export_handler_) export_handler_();
  });
  export_action_->setShortcut(QKeySequence("Ctrl+E"));
  export_action_->setEnabled(false);
  export_action_->setToolTip("Figure export is not part of this build");
  file->addSeparator();
  QAction* quit = file->addAction("&Quit", this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);

  view_menu_ = menuBar()->addMenu("&View");
  const auto add = [this](const QString& text, const QKeySequence& key, auto slot) {
    QAction* a = view_menu_->addAction(text, this, slot);
    a->setShortcut(key);
    addAction(a);  // keep shortcuts live while menus are closed
    return a;
  };
  add("Zoom &In", QKeySequence("+"), [this]() {
    view_->zoom_about(1.25, view_->center());
  })->setShortcuts({QKeySequence("+"), QKeySequence("="), QKeySequence::ZoomIn});
  add("Zoom &Out", QKeySequence("-"), [this]() {
    view_->zoom_about(0.8, view_->center());
  })->setShortcuts({QKeySequence("-"), QKeySequence::ZoomOut});
  add("&Fit", QKeySequence("F"), &MainWindow::fit_view);
  add("&1:1 (one output pixel per screen pixel)", QKeySequence("1"), &MainWindow::one_to_one);
  add("Pan Left", QKeySequence(Qt::Key_Left),
      [this]() { view_->pan_screen(QPointF(view_->viewport().width() / 8, 0)); });
  add("Pan Right", QKeySequence(Qt::Key_Right),
      [this]() { view_->pan_screen(QPointF(-view_->viewport().width() / 8, 0)); });
  add("Pan Up", QKeySequence(Qt::Key_Up),
      [this]() { view_->pan_screen(QPointF(0, view_->viewport().height() / 8)); });
  add("Pan Down", QKeySequence(Qt::Key_Down),
      [this]() { view_->pan_screen(QPointF(0, -view_->viewport().height() / 8)); });
  view_menu_->addSeparator();
  grid_action_ = add("Pixel &Grid and Values", QKeySequence("G"), [this](bool on) {
    for (PaneWidget* p : panes_) p->view()->set_grid(on);
    wipe_->set_grid(on);
  });
  grid_action_->setCheckable(true);
  grid_action_->setChecked(true);
  diff_action_ = add("Show &Differences", QKeySequence("D"), &MainWindow::set_diff_mode);
  diff_action_->setCheckable(true);
  wipe_action_ = add("&Wipe (compare two panes)", QKeySequence("W"), &MainWindow::set_wipe_mode);
  wipe_action_->setCheckable(true);

  QMenu* help = menuBar()->addMenu("&Help");
  QAction* keys = help->addAction("&Keyboard Shortcuts", this, &MainWindow::show_shortcuts);
  keys->setShortcut(QKeySequence::HelpContents);
  help->addAction("&About ResizeLab", this, [this]() {
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

void MainWindow::build_toolbar() {
  QToolBar* tb = addToolBar("Parameters");
  tb->setObjectName("parameters");
  tb->addWidget(new QLabel(" Scale "));
  scale_slider_ = new QSlider(Qt::Horizontal);
  scale_slider_->setRange(kSliderMin, kSliderMax);
  scale_slider_->setFixedWidth(160);
  scale_slider_->setToolTip("Scale, logarithmic from 1/16 to 8");
  tb->addWidget(scale_slider_);
  scale_edit_ = new QLineEdit;
  scale_edit_->setFixedWidth(70);
  scale_edit_->setToolTip("Scale: a number or a fraction such as 1/3 (Enter to apply)");
  tb->addWidget(scale_edit_);
  tb->addWidget(new QLabel("  or size "));
  size_edit_ = new QLineEdit;
  size_edit_->setFixedWidth(90);
  size_edit_->setPlaceholderText("rows,cols");
  size_edit_->setToolTip("Output size rows,cols; one may be NaN to keep the aspect ratio (Enter to apply)");
  tb->addWidget(size_edit_);
  tb->addWidget(new QLabel("  Boundary "));
  boundary_box_ = new QComboBox;
  boundary_box_->addItem("modern (mirror)", static_cast<int>(Boundary::Modern));
  boundary_box_->addItem("legacy (clamp)", static_cast<int>(Boundary::Legacy));
  tb->addWidget(boundary_box_);
  tb->addWidget(new QLabel("  Device "));
  device_box_ = new QComboBox;
  for (Device d : {Device::Auto, Device::Cpu, Device::Cuda})
    device_box_->addItem(to_qstring(d), static_cast<int>(d));
  tb->addWidget(device_box_);

  connect(scale_slider_, &QSlider::valueChanged, this, [this](int v) {
    double s = std::exp2(v / 100.0);
    // Snap to 1/n and to integers near the handle, the scales people actually compare.
    const double inv = std::round(1.0 / s);
    if (s < 1 && std::abs(1.0 / s - inv) < 0.03 * inv)
      s = 1.0 / inv;
    else if (s >= 1 && std::abs(s - std::round(s)) < 0.03 * s)
      s = std::round(s);
    const QString text = scale_to_text(s);
    scale_edit_->setText(text);
    size_edit_->clear();
    doc_->set_scale(s, text);
  });
  connect(scale_edit_, &QLineEdit::returnPressed, this, [this]() { apply_scale_text(scale_edit_->text()); });
  connect(size_edit_, &QLineEdit::returnPressed, this, [this]() { apply_size_text(size_edit_->text()); });
  connect(boundary_box_, &QComboBox::currentIndexChanged, this,
          [this]() { doc_->set_boundary(static_cast<Boundary>(boundary_box_->currentData().toInt())); });
  connect(device_box_, &QComboBox::currentIndexChanged, this,
          [this]() { doc_->set_device(static_cast<Device>(device_box_->currentData().toInt())); });

  QToolBar* vt = addToolBar("View");
  vt->setObjectName("view");
  vt->addAction(diff_action_);
  vt->addAction(grid_action_);
  vt->addSeparator();
  vt->addAction(wipe_action_);
  wipe_a_ = new QComboBox;
  wipe_b_ = new QComboBox;
  for (int i = 0; i < Document::kPanes; ++i) {
    wipe_a_->addItem(QString("pane %1").arg(i + 1));
    wipe_b_->addItem(QString("pane %1").arg(i + 1));
  }
  wipe_b_->setCurrentIndex(1);
  wipe_a_->setToolTip("Left of the wipe line");
  wipe_b_->setToolTip("Right of the wipe line");
  vt->addWidget(wipe_a_);
  vt->addWidget(new QLabel(" | "));
  vt->addWidget(wipe_b_);
  connect(wipe_a_, &QComboBox::currentIndexChanged, this, &MainWindow::refresh_panes);
  connect(wipe_b_, &QComboBox::currentIndexChanged, this, &MainWindow::refresh_panes);
}

void MainWindow::build_central() {
  auto* central = new QWidget;
  auto* v = new QVBoxLayout(central);
  v->setContentsMargins(2, 2, 2, 2);
  v->setSpacing(2);

  banner_box_ = new QWidget;
  banner_box_->setObjectName("errorBanner");
  banner_box_->setStyleSheet("#errorBanner { background: #fde2e1; border: 1px solid #c0392b; }");
  auto* bl = new QHBoxLayout(banner_box_);
  bl->setContentsMargins(8, 4, 4, 4);
  banner_ = new QLabel;
  banner_->setWordWrap(true);
  banner_->setStyleSheet("color: #7b1d15;");
  banner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* close = new QToolButton;
  close->setText("✕");
  close->setAutoRaise(true);
  close->setToolTip("Dismiss");
  connect(close, &QToolButton::clicked, banner_box_, &QWidget::hide);
  bl->addWidget(banner_, 1);
  bl->addWidget(close);
  banner_box_->hide();
  v->addWidget(banner_box_);

  stack_ = new QStackedWidget;
  auto* grid_page = new QWidget;
  auto* grid = new QGridLayout(grid_page);
  grid->setContentsMargins(0, 0, 0, 0);
  grid->setSpacing(4);
  for (int i = 0; i < Document::kPanes; ++i) {
    auto* p = new PaneWidget(i, view_);
    panes_[static_cast<std::size_t>(i)] = p;
    grid->addWidget(p, i / 2, i % 2);
    p->set_config(doc_->pane(i));
    connect(p, &PaneWidget::config_edited, doc_, &Document::set_pane);
    connect(p->view(), &PaneView::hovered, this, [this](QPointF s) { update_inspector(s); });
    connect(p->view(), &PaneView::clicked, this, &MainWindow::toggle_lock);
    connect(p->view(), &PaneView::left_view, this, [this]() { update_inspector(std::nullopt); });
  }
  panes_[0]->view()->set_defines_viewport(true);
  stack_->addWidget(grid_page);
  wipe_ = new PaneView(view_);
  wipe_->set_split(0.5);
  connect(wipe_, &PaneView::hovered, this, [this](QPointF s) { update_inspector(s); });
  connect(wipe_, &PaneView::clicked, this, &MainWindow::toggle_lock);
  connect(wipe_, &PaneView::left_view, this, [this]() { update_inspector(std::nullopt); });
  stack_->addWidget(wipe_);
  v->addWidget(stack_, 1);
  setCentralWidget(central);
}

void MainWindow::build_docks() {
  auto* od = new QDockWidget("Overview", this);
  od->setObjectName("overviewDock");
  overview_ = new OverviewWidget(view_);
  auto* ow = new QWidget;
  auto* ol = new QVBoxLayout(ow);
  ol->setContentsMargins(0, 0, 0, 0);
  ol->setSpacing(2);
  ol->addWidget(overview_, 1);
  // How float images are shown (overview and panes), under the overview it applies to.
  auto* drow = new QHBoxLayout;
  drow->setContentsMargins(4, 0, 4, 2);
  auto* dlabel = new QLabel("Float display");
  display_mode_ = new QComboBox;
  display_mode_->addItem("auto (min–max)");
  display_mode_->addItem("fixed");
  display_mode_->setToolTip(
      "How floating-point images are shown: the source's min..max, or a fixed range (0..1 as in "
      "MATLAB's imshow) mapped to black..white. Integer images are shown as they are.");
  dlabel->setToolTip(display_mode_->toolTip());
  display_lo_ = new QDoubleSpinBox;
  display_hi_ = new QDoubleSpinBox;
  for (QDoubleSpinBox* b : {display_lo_, display_hi_}) {
    b->setDecimals(3);
    b->setRange(-1e9, 1e9);
    b->setButtonSymbols(QAbstractSpinBox::NoButtons);
    b->setMinimumWidth(50);
  }
  display_lo_->setToolTip("Shown as black (fixed range)");
  display_hi_->setToolTip("Shown as white (fixed range)");
  display_hi_->setValue(1.0);
  drow->addWidget(dlabel);
  drow->addWidget(display_mode_, 1);
  ol->addLayout(drow);
  auto* rrow = new QHBoxLayout;
  rrow->setContentsMargins(4, 0, 4, 2);
  rrow->addWidget(new QLabel("black at"));
  rrow->addWidget(display_lo_, 1);
  rrow->addWidget(new QLabel("white at"));
  rrow->addWidget(display_hi_, 1);
  ol->addLayout(rrow);
  od->setWidget(ow);
  const auto push_display = [this]() {
    DisplaySettings d;
    d.auto_range = display_mode_->currentIndex() == 0;
    d.lo = display_lo_->value();
    d.hi = display_hi_->value();
    display_lo_->setEnabled(!d.auto_range);
    display_hi_->setEnabled(!d.auto_range);
    doc_->set_display_settings(d);
  };
  connect(display_mode_, &QComboBox::currentIndexChanged, this, push_display);
  connect(display_lo_, &QDoubleSpinBox::valueChanged, this, push_display);
  connect(display_hi_, &QDoubleSpinBox::valueChanged, this, push_display);
  addDockWidget(Qt::LeftDockWidgetArea, od);

  auto* id = new QDockWidget("Inspector", this);
  id->setObjectName("inspectorDock");
  inspector_ = new QLabel("Hover over a pane to read every pane's value at that point.");
  inspector_->setWordWrap(true);
  inspector_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
  inspector_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  inspector_->setMinimumWidth(240);
  id->setWidget(inspector_);
  addDockWidget(Qt::LeftDockWidgetArea, id);
  resizeDocks({od, id}, {300, 600}, Qt::Vertical);

  auto* dd = new QDockWidget("Differences", this);
  dd->setObjectName("differenceDock");
  auto* w = new QWidget;
  auto* l = new QVBoxLayout(w);
  auto* form = new QFormLayout;
  diff_against_ = new QComboBox;
  diff_against_->addItem("pane 1 (reference)");
  diff_against_->addItem("loaded image (none)");
  auto* load_ref = new QPushButton("Load reference…");
  auto* against_row = new QHBoxLayout;
  against_row->addWidget(diff_against_, 1);
  against_row->addWidget(load_ref);
  form->addRow("Against", against_row);
  diff_mode_ = new QComboBox;
  diff_mode_->addItem("|a − b|, max over channels", static_cast<int>(DiffMode::AbsMaxChannel));
  diff_mode_->addItem("|a − b|, one channel", static_cast<int>(DiffMode::AbsChannel));
  diff_mode_->addItem("signed a − b, one channel", static_cast<int>(DiffMode::Signed));
  form->addRow("Map", diff_mode_);
  diff_channel_ = new QSpinBox;
  diff_channel_->setRange(1, 4);
  form->addRow("Channel", diff_channel_);
  diff_fixed_ = new QCheckBox("fixed, up to");
  diff_max_ = new QDoubleSpinBox;
  diff_max_->setDecimals(4);
  diff_max_->setRange(1e-4, 65535);
  diff_max_->setValue(8);
  auto* range_row = new QHBoxLayout;
  range_row->addWidget(diff_fixed_);
  range_row->addWidget(diff_max_, 1);
  form->addRow("Range", range_row);
  l->addLayout(form);
  auto* bar_row = new QHBoxLayout;
  colorbar_ = new ColorbarWidget;
  colorbar_->setMinimumHeight(170);
  bar_row->addWidget(colorbar_);
  diff_desc_ = new QLabel;
  diff_desc_->setWordWrap(true);
  diff_desc_->setAlignment(Qt::AlignTop);
  bar_row->addWidget(diff_desc_, 1);
  l->addLayout(bar_row);
  stats_table_ = new QTableWidget(Document::kPanes, 5);
  stats_table_->setHorizontalHeaderLabels({"max |Δ|", "mean |Δ|", "PSNR dB", "differ", "%"});
  stats_table_->verticalHeader()->setVisible(true);
  stats_table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  stats_table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  stats_table_->setMinimumHeight(140);
  l->addWidget(stats_table_);
  l->addStretch(1);
  dd->setWidget(w);
  addDockWidget(Qt::RightDockWidgetArea, dd);

  const auto push = [this]() {
    DiffSettings s = doc_->diff_settings();
    s.against = diff_against_->currentIndex() == 1 && doc_->reference_image() ? DiffAgainst::ReferenceImage
                                                                              : DiffAgainst::ReferencePane;
    s.mode = static_cast<DiffMode>(diff_mode_->currentData().toInt());
    s.channel = diff_channel_->value() - 1;
    s.fixed_range = diff_fixed_->isChecked();
    s.fixed_max = diff_max_->value();
    diff_channel_->setEnabled(s.mode != DiffMode::AbsMaxChannel);
    doc_->set_diff_settings(s);
  };
  connect(diff_against_, &QComboBox::currentIndexChanged, this, [this, push]() {
    if (diff_against_->currentIndex() == 1 && !doc_->reference_image()) {
      const QSignalBlocker b(diff_against_);
      diff_against_->setCurrentIndex(0);
      show_error("No reference image is loaded: use File > Load Reference Image.");
      return;
    }
    push();
  });
  connect(diff_mode_, &QComboBox::currentIndexChanged, this, push);
  connect(diff_channel_, &QSpinBox::valueChanged, this, push);
  connect(diff_fixed_, &QCheckBox::toggled, this, push);
  connect(diff_max_, &QDoubleSpinBox::valueChanged, this, push);
  connect(load_ref, &QPushButton::clicked, this, [this]() {
    const QString path = QFileDialog::getOpenFileName(this, "Load reference image", last_dir_);
    if (!path.isEmpty()) doc_->load_reference(path);
  });
}

void MainWindow::build_status() {
  status_image_ = new QLabel;
  status_scale_ = new QLabel;
  status_device_ = new QLabel;
  status_times_ = new QLabel;
  busy_bar_ = new QProgressBar;
  busy_bar_->setRange(0, 0);  // indeterminate: work is running
  busy_bar_->setMaximumWidth(120);
  busy_bar_->setFormat("computing");
  busy_bar_->hide();
  statusBar()->addWidget(status_image_);
  statusBar()->addWidget(status_scale_);
  statusBar()->addWidget(status_device_);
  statusBar()->addWidget(status_times_, 1);
  statusBar()->addPermanentWidget(busy_bar_);
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
}

QString MainWindow::error_text() const { return banner_box_->isHidden() ? QString() : banner_->text(); }
bool MainWindow::error_visible() const { return !banner_box_->isHidden(); }
QString MainWindow::inspector_text() const { return inspector_->text(); }

void MainWindow::show_error(const QString& message) {
  if (message.isEmpty()) {
    banner_box_->hide();
    return;
  }
  banner_->setText(message);
  banner_box_->show();
}

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

void MainWindow::apply_scale_text(const QString& text) {
  try {
    const double s = parse_scale_value(text.toStdString());
    {
      const QSignalBlocker b(scale_slider_);
      scale_slider_->setValue(static_cast<int>(std::lround(100 * std::log2(s))));
    }
    scale_edit_->setText(text.trimmed());
    size_edit_->clear();
    doc_->set_scale(s, text.trimmed());
  } catch (const std::exception& e) {
    show_error(QString::fromStdString(e.what()));
  }
}

void MainWindow::apply_size_text(const QString& text) {
  try {
    const auto [r, c] = parse_size(text.toStdString());
    doc_->set_out_size(r, c);
    size_edit_->setText(text.trimmed());
  } catch (const std::exception& e) {
    show_error(QString::fromStdString(e.what()));
  }
}

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
  {
    const QSignalBlocker b1(display_mode_), b2(display_lo_), b3(display_hi_);
    display_mode_->setCurrentIndex(d.auto_range ? 0 : 1);
    display_lo_->setValue(d.lo);
    display_hi_->setValue(d.hi);
    display_lo_->setEnabled(!d.auto_range);
    display_hi_->setEnabled(!d.auto_range);
  }
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
  for (int i = 0; i < Document::kPanes; ++i) {
    PaneWidget* p = panes_[static_cast<std::size_t>(i)];
    const PaneResult& r = doc_->result(i);
    const PaneDiff& d = doc_->diff(i);
    p->set_config(doc_->pane(i));
    if (!r.error.isEmpty()) {
      p->view()->set_image(QImage(), nullptr);
      p->view()->set_message(r.error);
    } else if (diff && d.map) {
      p->view()->set_image(d.colored, d.map);
    } else if (diff && !d.error.isEmpty()) {
      p->view()->set_image(QImage(), nullptr);
      p->view()->set_message(d.error);
    } else {
      p->view()->set_image(r.display, r.image);
    }
    QString info;
    if (r.image)
      info = QString("%1×%2 · %3 ms · %4")
                 .arg(r.image->cols())
                 .arg(r.image->rows())
                 .arg(QString::number(r.ms, 'f', 1), r.device);
    p->set_info(info, stats_text(d));
  }
  if (wipe_action_->isChecked()) {
    const int a = wipe_a_->currentIndex(), b = wipe_b_->currentIndex();
    const auto layer = [&](int i) -> std::pair<QImage, std::shared_ptr<const Image>> {
      if (diff && doc_->diff(i).map) return {doc_->diff(i).colored, doc_->diff(i).map};
      return {doc_->result(i).display, doc_->result(i).image};
    };
    const auto [ia, va] = layer(a);
    const auto [ib, vb] = layer(b);
    wipe_->set_image(ia, va);
    wipe_->set_second(ib, vb, panes_[static_cast<std::size_t>(a)]->title(),
                      panes_[static_cast<std::size_t>(b)]->title());
  }
  update_inspector(hover_);
}

void MainWindow::refresh_status() {
  const auto& src = doc_->source();
  status_image_->setText(src ? QString("%1: %2").arg(doc_->source_name(), shape_text(*src)) : QString());
  const ResizeSpec& spec = doc_->spec();
  QString sc = spec.scale ? QString("scale %1").arg(doc_->scale_text())
                          : QString("size %1,%2").arg(spec.out_size->first).arg(spec.out_size->second);
  const auto& r0 = doc_->result(Document::kReferencePane);
  if (r0.image) sc += QString(" → %1×%2").arg(r0.image->cols()).arg(r0.image->rows());
  sc += QString(" · %1").arg(QString::fromStdString(to_string(spec.boundary)));
  status_scale_->setText(sc);
  QString dev = QString("device %1: ").arg(to_qstring(doc_->device()));
  dev += r0.device.isEmpty() ? QString("–") : r0.device;
  if (!doc_->device_note().isEmpty()) dev += " · " + doc_->device_note();
  status_device_->setText(dev);
  QStringList times;
  for (int i = 0; i < Document::kPanes; ++i)
    if (doc_->result(i).image)
      times << QString("%1: %2 ms").arg(i + 1).arg(QString::number(doc_->result(i).ms, 'f', 1));
  status_times_->setText(times.join("  "));
  // Keep the controls in step with the document (e.g. after restoring settings).
  const QSignalBlocker b1(boundary_box_), b2(device_box_);
  boundary_box_->setCurrentIndex(boundary_box_->findData(static_cast<int>(spec.boundary)));
  device_box_->setCurrentIndex(device_box_->findData(static_cast<int>(doc_->device())));
  if (spec.scale && !scale_edit_->hasFocus()) scale_edit_->setText(doc_->scale_text());
}

void MainWindow::refresh_diff_panel() {
  const DiffSettings& s = doc_->diff_settings();
  const bool sgn = s.mode == DiffMode::Signed;
  colorbar_->set(sgn ? Colormap::Diverging : Colormap::Inferno, doc_->diff_lo(), doc_->diff_hi(),
                 sgn ? "a − b" : "|a − b|");
  diff_desc_->setText(QString("%1<br>range %2 … %3 (%4)")
                          .arg(doc_->diff_label().toHtmlEscaped())
                          .arg(doc_->diff_lo())
                          .arg(doc_->diff_hi())
                          .arg(s.fixed_range ? "fixed" : "auto"));
  for (int i = 0; i < Document::kPanes; ++i) {
    const PaneDiff& d = doc_->diff(i);
    stats_table_->setVerticalHeaderItem(i, new QTableWidgetItem(QString::number(i + 1)));
    QStringList cells(5);
    if (d.stats) {
      cells = {QString::number(d.stats->max_abs, 'g', 5), QString::number(d.stats->mean_abs, 'g', 5),
               std::isinf(d.stats->psnr) ? QString("∞") : QString::number(d.stats->psnr, 'f', 2),
               QString::number(d.stats->differing), QString::number(d.stats->differing_percent(), 'f', 2)};
    } else if (!d.error.isEmpty()) {
      cells[0] = d.error;
    }
    for (int c = 0; c < 5; ++c) stats_table_->setItem(i, c, new QTableWidgetItem(cells[c]));
  }
}

void MainWindow::toggle_lock(QPointF src) {
  const PaneResult& r = doc_->result(Document::kReferencePane);
  if (!r.image) return;
  const QPoint op = panes_[Document::kReferencePane]->view()->output_pixel(src);
  const bool inside = op.x() >= 0 && op.y() >= 0 && op.x() < r.image->cols() && op.y() < r.image->rows();
  if (!inside || (locked_ && *locked_ == op)) {
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
  const auto& source = doc_->source();
  if (!src || !source) return;
  const int sxp = static_cast<int>(std::floor(src->x())), syp = static_cast<int>(std::floor(src->y()));
  const auto values = [](const Image& img, int r, int c) {
    if (r < 0 || c < 0 || r >= img.rows() || c >= img.cols()) return QString("outside");
    QStringList v;
    for (int k = 0; k < img.channels(); ++k) v << format_number(img.at(r, c, k), img.type());
    return v.join(" ");
  };
  QString html =
      QString("<b>source</b><br>&nbsp;(%1, %2): %3").arg(syp).arg(sxp).arg(values(*source, syp, sxp));
  for (int i = 0; i < Document::kPanes; ++i) {
    const PaneResult& r = doc_->result(i);
    if (!r.image) continue;
    const QPoint op = panes_[static_cast<std::size_t>(i)]->view()->output_pixel(*src);
    html += QString("<br><b>%1</b> %2<br>&nbsp;(%3, %4): %5")
                .arg(i + 1)
                .arg(pane_label(doc_->pane(i)).toHtmlEscaped())
                .arg(op.y())
                .arg(op.x())
                .arg(values(*r.image, op.y(), op.x()));
    const PaneDiff& d = doc_->diff(i);
    if (d.map) html += QString(" · Δ %1").arg(values(*d.map, op.y(), op.x()));
    if (i == Document::kReferencePane && !locked_ && op.x() >= 0 && op.y() >= 0 && op.x() < r.image->cols() &&
        op.y() < r.image->rows())
      emit pixel_hovered(op.y(), op.x());
  }
  html += "<br><br><small>(row, col), 0-based, in each pane's own pixels</small>";
  inspector_->setText(html);
}

void MainWindow::show_shortcuts() {
  QDialog d(this);
  d.setWindowTitle("Keyboard shortcuts");
  auto* l = new QVBoxLayout(&d);
  QString html = "<table cellspacing=4>";
  const auto row = [&](const QString& k, const QString& what) {
    html += QString("<tr><td><b>%1</b></td><td>%2</td></tr>").arg(k.toHtmlEscaped(), what.toHtmlEscaped());
  };
  row("Ctrl+O", "Open an image (or drop a file on the window)");
  row("Ctrl+R", "Load a reference image to compare against");
  row("Ctrl+E", "Export a figure (when available)");
  row("+ / =  and  -", "Zoom in / out (all panes together)");
  row("Mouse wheel", "Zoom about the cursor");
  row("Drag", "Pan all panes; in wipe mode drag the yellow line to move it");
  row("Click",
      "Lock the kernel, tap-weight and worked-example plots and the footprint on that pixel; click it again "
      "to release");
  row("Double click / F", "Fit the whole image");
  row("1", "1:1, one output pixel per screen pixel");
  row("Arrow keys", "Pan");
  row("G", "Pixel grid and values at high zoom");
  row("D", "Show difference maps instead of results");
  row("W", "Wipe: compare two panes in one view");
  row("Scale field", "Type 0.5 or 1/3 and press Enter");
  row("Size field", "Type rows,cols (one may be NaN) and press Enter");
  row("F1", "This list");
  row("Ctrl+Q", "Quit");
  html += "</table>";
  l->addWidget(new QLabel(html));
  auto* bb = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(bb, &QDialogButtonBox::rejected, &d, &QDialog::reject);
  l->addWidget(bb);
  d.exec();
}

void MainWindow::add_recent(const QString& path) {
  const QString abs = QFileInfo(path).absoluteFilePath();
  recent_.removeAll(abs);
  recent_.prepend(abs);
  while (recent_.size() > kMaxRecent) recent_.removeLast();
  rebuild_recent_menu();
  save_settings();
}

void MainWindow::rebuild_recent_menu() {
  recent_menu_->clear();
  for (const QString& p : recent_) recent_menu_->addAction(p, this, [this, p]() { open_file(p); });
  recent_menu_->setEnabled(!recent_.isEmpty());
}

void MainWindow::restore_settings() {
  QSettings s;
  if (!restoreGeometry(s.value("window/geometry").toByteArray())) resize(1500, 940);
  restoreState(s.value("window/state").toByteArray());
  recent_ = s.value("files/recent").toStringList();
  last_dir_ = s.value("files/last_dir").toString();
  rebuild_recent_menu();
  grid_action_->setChecked(s.value("view/grid", true).toBool());
  for (PaneWidget* p : panes_) p->view()->set_grid(grid_action_->isChecked());
  wipe_->set_grid(grid_action_->isChecked());
  for (int i = 0; i < Document::kPanes; ++i) {
    const QString key = QString("panes/%1/").arg(i);
    PaneConfig c = doc_->pane(i);
    if (auto m = parse_method(s.value(key + "method").toString().toStdString())) c.method = *m;
    c.antialiasing = s.value(key + "antialiasing", c.antialiasing).toBool();
    doc_->set_pane(i, c);
    panes_[static_cast<std::size_t>(i)]->set_config(c);
  }
  if (auto b = parse_boundary(s.value("params/boundary").toString().toStdString())) doc_->set_boundary(*b);
  if (auto d = parse_device(s.value("params/device").toString())) doc_->set_device(*d);
  const QString size = s.value("params/size").toString();
  // 0.4 by default: at 1/n with odd n the unantialiased kernels all sample pixel centres and agree.
  const QString scale = s.value("params/scale", "0.4").toString();
  apply_scale_text(scale);
  if (!size.isEmpty()) apply_size_text(size);
  banner_box_->hide();  // a stale bad value in the settings is not worth a message
  DiffSettings ds = doc_->diff_settings();
  ds.mode = static_cast<DiffMode>(std::clamp(s.value("diff/mode", 0).toInt(), 0, 2));
  ds.channel = std::clamp(s.value("diff/channel", 0).toInt(), 0, 3);
  ds.fixed_range = s.value("diff/fixed", false).toBool();
  ds.fixed_max = s.value("diff/max", 8.0).toDouble();
  {
    const QSignalBlocker b1(diff_mode_), b2(diff_channel_), b3(diff_fixed_), b4(diff_max_);
    diff_mode_->setCurrentIndex(diff_mode_->findData(static_cast<int>(ds.mode)));
    diff_channel_->setValue(ds.channel + 1);
    diff_channel_->setEnabled(ds.mode != DiffMode::AbsMaxChannel);
    diff_fixed_->setChecked(ds.fixed_range);
    diff_max_->setValue(ds.fixed_max);
  }
  doc_->set_diff_settings(ds);
  DisplaySettings disp;
  disp.auto_range = s.value("display/auto", true).toBool();
  disp.lo = s.value("display/lo", 0.0).toDouble();
  disp.hi = s.value("display/hi", 1.0).toDouble();
  set_display_settings(disp);
  diff_action_->setChecked(s.value("view/diff", false).toBool());
}

void MainWindow::save_settings() const {
  QSettings s;
  s.setValue("window/geometry", saveGeometry());
  s.setValue("window/state", saveState());
  s.setValue("files/recent", recent_);
  s.setValue("files/last_dir", last_dir_);
  s.setValue("view/grid", grid_action_->isChecked());
  s.setValue("view/diff", diff_action_->isChecked());
  for (int i = 0; i < Document::kPanes; ++i) {
    const QString key = QString("panes/%1/").arg(i);
    s.setValue(key + "method", QString::fromStdString(to_string(doc_->pane(i).method)));
    s.setValue(key + "antialiasing", doc_->pane(i).antialiasing);
  }
  s.setValue("params/boundary", QString::fromStdString(to_string(doc_->spec().boundary)));
  s.setValue("params/device", to_qstring(doc_->device()));
  s.setValue("params/scale", doc_->scale_text());
  s.setValue("params/size", doc_->spec().out_size ? size_edit_->text() : QString());
  const DiffSettings& ds = doc_->diff_settings();
  s.setValue("diff/mode", static_cast<int>(ds.mode));
  s.setValue("diff/channel", ds.channel);
  s.setValue("diff/fixed", ds.fixed_range);
  s.setValue("diff/max", ds.fixed_max);
  const DisplaySettings& disp = doc_->display_settings();
  s.setValue("display/auto", disp.auto_range);
  s.setValue("display/lo", disp.lo);
  s.setValue("display/hi", disp.hi);
}

void MainWindow::closeEvent(QCloseEvent* e) {
  save_settings();
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
