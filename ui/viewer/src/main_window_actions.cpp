// The main window's menus and actions (File, View, Presets, Help): each action's text, shortcut and
// status tip (its line in Help > Keyboard Shortcuts), wired to the window's slots.
#include <QAction>
#include <QActionGroup>
#include <QClipboard>
#include <QDialog>
#include <QDialogButtonBox>
#include <QGuiApplication>
#include <QLabel>
#include <QMenuBar>
#include <QStatusBar>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

#include "rl/ui/flicker_controller.hpp"
#include "rl/ui/keymap.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/pane_widget.hpp"
#include "rl/ui/recent_files.hpp"
#include "rl/ui/shortcuts_dialog.hpp"
#include "rl/ui/view_state.hpp"

namespace rl::ui {

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
  // An action whose keys and status tip are the keymap's (rl/ui/keymap.hpp).
  const auto bind = [add](QMenu* menu, const QString& text, const QString& id, auto slot) {
    const KeyBinding& k = key_binding(id);
    return add(menu, text, k.keys, k.what, slot);
  };
  QMenu* file = menuBar()->addMenu("&File");
  bind(file, "&Open…", "open", [this]() {
    if (const QString path = ask_for_image("Open image"); !path.isEmpty()) open_file(path);
  });
  recent_ = new RecentFiles(file->addMenu("Open &Recent"), this);
  connect(recent_, &RecentFiles::open_requested, this, &MainWindow::open_file);
  add(file, "Open &Default Image", {}, {}, &MainWindow::load_default_image);
  bind(file, "&Add Image as Pane…", "add_pane", [this]() {
    if (const QString path = ask_for_image("Add image as pane (e.g. a network's output)"); !path.isEmpty())
      add_image_pane(path);
  });
  file->addSeparator();
  bind(file, "Load &Reference Image…", "load_reference", [this]() {
    if (const QString path = ask_for_image("Load reference image (e.g. a MATLAB output)"); !path.isEmpty())
      doc_->load_reference(path);
  });
  add(file, "&Clear Reference Image", {}, {}, [this]() { doc_->clear_reference(); });
  add(file, "&Identify LR Image…", {}, "Find which resizer made an LR image from the loaded one", [this]() {
    if (const QString path = ask_for_image("LR image to identify (the loaded image is the HR)");
        !path.isEmpty())
      identify_lr(path);
  });
  file->addSeparator();
  export_action_ = bind(file, "&Export Figure…", "export", [this]() {
    if (export_handler_) export_handler_();
  });
  export_action_->setEnabled(false);
  export_action_->setToolTip("Figure export is not part of this build");
  file->addSeparator();
  bind(file, "&Quit", "quit", &QWidget::close);

  view_menu_ = menuBar()->addMenu("&View");
  bind(view_menu_, "Zoom &In", "zoom_in", [this]() { view_->zoom_about(1.25, view_->center()); });
  bind(view_menu_, "Zoom &Out", "zoom_out", [this]() { view_->zoom_about(0.8, view_->center()); });
  bind(view_menu_, "&Fit", "fit", &MainWindow::fit_view);
  bind(view_menu_, "&1:1 (one output pixel per screen pixel)", "one_to_one", &MainWindow::one_to_one);
  bind(view_menu_, "Zoom to Pixel &Values", "zoom_values", &MainWindow::zoom_to_values);
  const auto pan = [this](double dx, double dy) {
    view_->pan_screen(QPointF(view_->viewport().width() * dx, view_->viewport().height() * dy));
  };
  bind(view_menu_, "Pan Left", "pan_left", [pan]() { pan(1.0 / 8, 0); });
  bind(view_menu_, "Pan Right", "pan_right", [pan]() { pan(-1.0 / 8, 0); });
  bind(view_menu_, "Pan Up", "pan_up", [pan]() { pan(0, 1.0 / 8); });
  bind(view_menu_, "Pan Down", "pan_down", [pan]() { pan(0, -1.0 / 8); });
  build_pane_actions();
  view_menu_->addSeparator();
  grid_action_ = bind(view_menu_, "Pixel &Grid and Values", "grid", [this](bool on) {
    for (PaneWidget* p : panes_) p->view()->set_grid(on);
    wipe_->set_grid(on);
  });
  diff_action_ = bind(view_menu_, "Show &Differences", "differences", &MainWindow::set_diff_mode);
  wipe_action_ = bind(view_menu_, "&Wipe (compare two panes)", "wipe", &MainWindow::set_wipe_mode);
  line_action_ = bind(view_menu_, "&Line Profile Tool", "line_tool", [this](bool on) {
    for (PaneWidget* p : panes_) p->view()->set_line_tool(on);
    wipe_->set_line_tool(on);
  });
  for (QAction* a : {grid_action_, diff_action_, wipe_action_, line_action_}) a->setCheckable(true);
  // tev's tone keys, each a change of the display control's exposure and offset: E and Shift+E half
  // a stop; O and Shift+O a tenth of the loaded image's black-to-white range before the tone (tev's
  // 0.1 on its 0..1 images, so a step means as much on an 8-bit, a 16-bit or a floating-point image);
  // R both back to 0.
  const auto retone = [this](auto change) {
    DisplaySettings d = doc_->display_settings();
    change(d.tone);
    d.tone.exposure = std::clamp(d.tone.exposure, -kMaxExposure, kMaxExposure);
    d.tone.offset = std::clamp(d.tone.offset, -kMaxOffset, kMaxOffset);
    set_display_settings(d);
  };
  const auto expose = [retone](double stops) { retone([&](Tone& t) { t.exposure += stops; }); };
  const auto offset = [this, retone](double tenths) {
    const auto& src = doc_->source();
    const ShownRange r = shown_range(src ? src->type() : ElemType::F64, doc_->display_range());
    const double span = r.white - r.black;
    const double step = std::isfinite(span) && span > 0 ? span / 10 : 0.1;
    retone([&](Tone& t) { t.offset += tenths * step; });
  };
  bind(view_menu_, "E&xposure Up", "exposure_up", [expose]() { expose(0.5); });
  bind(view_menu_, "Exposure Down", "exposure_down", [expose]() { expose(-0.5); });
  bind(view_menu_, "Offset Up", "offset_up", [offset]() { offset(1); });
  bind(view_menu_, "Offset Down", "offset_down", [offset]() { offset(-1); });
  bind(view_menu_, "Reset Exposure and Offset", "reset_tone",
       [retone]() { retone([](Tone& t) { t = {}; }); });
  grid_action_->setChecked(true);

  view_menu_->addSeparator();
  ab_action_ = add(view_menu_, "&A/B: Show the Reference in Every Pane", {},
                   "A/B: every pane shows the image it is compared with, at the same zoom and offset",
                   &MainWindow::set_ab);
  ab_action_->setCheckable(true);
  ab_action_->setIconText("A/B");
  QAction* hold = bind(view_menu_, "Show the Reference While Space Is Held", "hold_reference",
                       [this]() { set_flicker_hold(true); });
  hold->setAutoRepeat(false);
  timed_flicker_action_ = bind(view_menu_, "&Timed Flicker", "timed_flicker", &MainWindow::set_timed_flicker);
  timed_flicker_action_->setCheckable(true);
  QMenu* interval = view_menu_->addMenu("Flicker &Interval");
  auto* intervals = new QActionGroup(this);
  for (const int ms : {250, 500, 1000, 2000}) {
    QAction* a = interval->addAction(QString("%1 s").arg(ms / 1000.0), this,
                                     [this, ms]() { set_flicker_interval(ms); });
    a->setCheckable(true);
    a->setChecked(ms == flicker_->interval());
    a->setData(ms);
    intervals->addAction(a);
  }
  view_menu_->addSeparator();
  bind(view_menu_, "Nudge Pane Left", "nudge_left", [this]() { nudge(QPoint(-1, 0)); });
  bind(view_menu_, "Nudge Pane Right", "nudge_right", [this]() { nudge(QPoint(1, 0)); });
  bind(view_menu_, "Nudge Pane Up", "nudge_up", [this]() { nudge(QPoint(0, -1)); });
  bind(view_menu_, "Nudge Pane Down", "nudge_down", [this]() { nudge(QPoint(0, 1)); });
  bind(view_menu_, "Reset Nudge of the Pane", "reset_nudge", [this]() {
    if (const int i = nudge_target(); i >= 0 && i < pane_count()) doc_->reset_nudge(i);
  });
  add(view_menu_, "Reset All Nudges", {}, {}, [this]() { doc_->reset_nudge(-1); });
  view_menu_->addSeparator();
  bind(view_menu_, "All Panes / &Clear Region", "escape", &MainWindow::escape);
  add(view_menu_, "Clear Region", {}, {}, [this]() { doc_->set_region(std::nullopt); });
  add(view_menu_, "Copy Region as --&crop", {}, "Copy the region as resizelab's --crop x,y,w,h", [this]() {
    if (!doc_->region()) {
      statusBar()->showMessage("No region: Ctrl+drag on a pane to draw one", 4000);
      return;
    }
    const QString arg = crop_argument(*doc_->region());
    QGuiApplication::clipboard()->setText(arg);
    statusBar()->showMessage("Copied " + arg + " (File > Export uses the region as its crop)", 6000);
  });

  view_menu_->addSeparator();
  add(view_menu_, "&Reset to Defaults", {},
      "The default panes, scale, boundary, device, differences and display (the window's layout stays)",
      &MainWindow::reset_to_defaults);

  QMenu* presets = menuBar()->addMenu("&Presets");
  add(presets, "MATLAB &Methods (default)", {},
      "Panes: MATLAB bicubic, nearest, bilinear, bicubic without antialiasing",
      [this]() { apply_panes(kDefaultPanes); });
  add(presets, "MATLAB vs the &Libraries", {},
      "Panes: MATLAB bicubic, OpenCV INTER_CUBIC, Pillow BICUBIC, torch bicubic (no antialias)",
      [this]() { apply_panes(libraries_preset()); });
  QMenu* sr = presets->addMenu("&Super-Resolution Baselines");
  for (std::size_t i = 0; i < sr_scale_actions_.size(); ++i) {
    const int s = static_cast<int>(i) + 2;
    sr_scale_actions_[i] =
        add(sr, QString("\u00d7&%1").arg(s), {},
            QString("Panes: the image as HR, down by 1/%1 (the LR chosen below) and up by %1 with bicubic, "
                    "nearest, bilinear, lanczos3; compared with the HR")
                .arg(s),
            [this, s]() { apply_sr_baselines(s); });
  }
  // The LR the round trips start from: the SR tables' degradation models (docs/DEGRADATIONS.md).
  sr->addSection("LR made by");
  degradation_group_ = new QActionGroup(this);
  const auto sigma = [](Degradation d) { return QString::number(degradation_info(d).default_parameter); };
  const std::pair<Degradation, QString> models[] = {
      {Degradation::Bi, "&BI: MATLAB bicubic"},
      {Degradation::Bd, QString("B&D: Gaussian blur (sigma %1), then sampled").arg(sigma(Degradation::Bd))},
      {Degradation::BdVsr,
       QString("BD-&VSR: BasicVSR's blur (sigma %1), even factors").arg(sigma(Degradation::BdVsr))},
      {Degradation::Dn, QString("D&N: MATLAB bicubic, then noise (sigma %1)").arg(sigma(Degradation::Dn))}};
  for (const auto& [model, text] : models) {
    const DegradationInfo& info = degradation_info(model);
    QAction* a = add(sr, text, {},
                     QString("SR round trips start from the LR of %1 (%2)")
                         .arg(degradation_label(model), QString::fromLatin1(info.source)),
                     [this, model]() {  // the model chosen again keeps the parameters it has
                       if (model != sr_degradation_.model) set_sr_degradation(SrDegradation::of(model));
                     });
    a->setCheckable(true);
    a->setChecked(model == sr_degradation_.model);
    a->setData(static_cast<int>(model));
    degradation_group_->addAction(a);
  }

  QMenu* help = menuBar()->addMenu("&Help");
  bind(help, "&Keyboard Shortcuts", "shortcuts", [this]() {
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

}  // namespace rl::ui
