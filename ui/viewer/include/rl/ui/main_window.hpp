// The viewer's main window: wires the document, the shared view state and the parts (parameters
// toolbar, panes or wipe view, overview, inspector and difference docks, menus, settings).
#pragma once

#include <QLineF>
#include <QMainWindow>
#include <array>
#include <functional>
#include <optional>
#include <vector>

#include "rl/ui/dock_table.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/viewer_settings.hpp"

class QAction;
class QActionGroup;
class QDockWidget;
class QGridLayout;
class QLabel;
class QLineEdit;
class QMenu;
class QStackedWidget;
class QTimer;

namespace rl::ui {

class DifferencePanel;
class DisplayRangeControl;
class FlickerController;
class ErrorBanner;
class Inspector;
class OverviewWidget;
class PaneView;
class PaneWidget;
class ParameterToolbar;
class RecentFiles;
class StatusLine;
class ViewState;
class ViewToolbar;

class IdentifyDialog;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // Restores the settings and opens the built-in default image.
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  Document* document() const { return doc_; }
  ViewState* view_state() const { return view_; }
  PaneWidget* pane(int i) const { return panes_[static_cast<std::size_t>(i)]; }
  int pane_count() const { return static_cast<int>(panes_.size()); }
  QWidget* pane_grid() const { return grid_page_; }  // where a dropped file adds a pane
  PaneView* pane_view(int i) const;
  PaneView* wipe_view() const { return wipe_; }
  OverviewWidget* overview() const { return overview_; }
  QLineEdit* scale_edit() const;
  QLineEdit* size_edit() const;
  // The message shown inside the window (empty when none).
  QString error_text() const;
  bool error_visible() const;
  QString inspector_text() const;

  void open_file(const QString& path);
  // File > Add Image as Pane…: a pane showing this image file (see PaneConfig::file), after the others.
  void add_image_pane(const QString& path);
  // Every pane at once (--panes), 1..Document::kMaxPanes of them.
  void set_panes(const std::vector<PaneConfig>& panes);
  // File > Identify LR Image…: opens the dialog on this LR file (the loaded image is the HR) and starts.
  IdentifyDialog* identify_lr(const QString& lr_path);
  void load_default_image();
  // The scale (rows and columns alike) or the output size (one side may be NaN), as the toolbar shows it.
  void set_scale(double s);
  void set_out_size(double rows, double cols);
  void set_diff_mode(bool on);
  // The difference settings, shown in the Differences dock and applied to the document.
  void set_diff_settings(const DiffSettings& d);
  void set_wipe_mode(bool on);
  void fit_view();
  // Sets every pane at once (the Presets menu: kDefaultPanes, libraries_preset()). Panes with no
  // SR round trip are compared with the reference pane again if they were compared with the HR.
  void apply_panes(const std::array<PaneConfig, Document::kPanes>& panes);
  // Presets > Super-Resolution Baselines > xS: sr_baselines_preset(s, sr_degradation()) compared with
  // the loaded image (the HR) and scored by srcnn unless another protocol is chosen.
  void apply_sr_baselines(int s);
  // The LR the SR round trips start from (Presets > Super-Resolution Baselines > LR by BI / BD /
  // BD-VSR / DN, or --degradation): checked in the menu, given to every round-trip pane shown now and
  // to the next preset. A menu choice takes the model's default parameters.
  void set_sr_degradation(const SrDegradation& d);
  const SrDegradation& sr_degradation() const { return sr_degradation_; }
  void one_to_one();
  void show_error(const QString& message);
  // Draws on the overview the source region the reference pane's output pixel reads (its
  // footprint, from the plan's tables); follows pixel_hovered. Kept across new results.
  void show_footprint(int out_row, int out_col);
  // The float display range control and the document together.
  void set_display_settings(const DisplaySettings& d);
  // Shows every pane's value at a source point in the inspector, as hovering there does.
  void inspect(std::optional<QPointF> src) { update_inspector(src); }
  // A click on a pane locks the plots, the worked example, the footprint and the readouts (readout())
  // on that output pixel of the reference pane and on the pane clicked (`pane`; -1: the one under the
  // pointer, else the reference pane); a second click on the same pixel releases them to follow the
  // cursor again.
  void toggle_lock(QPointF src, int pane = -1);
  std::optional<QPoint> locked_pixel() const { return locked_; }
  // What every readout (the Inspector, the Histogram dock, the status bar's pixel) reads: one rule.
  struct Readout {
    int pane = -1;               // a pane; pane_count(): the HR or the loaded reference; -1: none yet
    std::optional<QPointF> src;  // the point, in source coordinates
    bool locked = false;
  };
  // After a click locked a pixel: the pane clicked, at the centre of the locked pixel of the reference
  // pane in the results shown now (where the teaching docks are); else the pane under the pointer (the
  // wipe's right one) at the pointer, or the last ones while the pointer is off the panes.
  Readout readout() const;
  // Whether the values the readouts would print for pane i are about to be replaced: the image is
  // loading, or pane i's result is waiting to be made again (the HR's, pane_count(): the newest request
  // has not started; the source's, -1: loading). The readouts say "waiting…" then.
  bool readout_pending(int i) const;
  // The line profile's line in source coordinates (pixel edges at integers, as the panes' hover),
  // drawn on every pane; set by Shift+drag or the line tool.
  void set_profile_line(std::optional<QLineF> src);
  // ---- A/B flicker: every pane shows the image it is compared with (the reference pane's result or
  // the loaded reference) in its own place, at the same zoom and offset, while Space is held, while
  // the A/B toggle is on, or on every other tick of the timed flicker. ----
  bool showing_reference() const;
  void set_ab(bool on);  // the toolbar's A/B toggle
  void set_flicker_hold(bool held);
  void set_timed_flicker(bool on);
  void set_flicker_interval(int ms);
  int flicker_interval() const;
  const QTimer* flicker_timer() const;
  // ---- nudge and region (fields of the comparison; see DiffSettings) ----
  // The pane the nudge keys move: the pane under the mouse (in wipe mode the right one); -1: none.
  int nudge_target() const;
  void nudge(QPoint delta);
  // Sets the statistics region from a dragged source rectangle (whole pixels covering it).
  void set_region_from(const QRectF& src);
  // The window's state now as settings, and putting settings into effect.
  ViewerSettings current_settings() const;
  void apply_settings(const ViewerSettings& v);
  // The run starts here: what the command line set (applied before this) is this run's only, so the
  // settings saved are the restored ones with what the user changed from this state since
  // (settings_to_save). The constructor marks the restored state; call it again after the command line.
  void mark_session_start();
  // What closing the window saves now.
  ViewerSettings settings_to_save() const;
  // View > Reset to Defaults: the default panes, scale, boundary, device, differences and display;
  // the window's size and docks and the recent files stay.
  void reset_to_defaults();
  // Shrinks the window to the screen's available area and moves it onto the screen when needed.
  void fit_to_screen();

  // ---- the pane and zoom keys (rl/ui/keymap.hpp) ----
  // Pane i alone at full size (1-9, [ ]); -1: all panes again (the same key, or Esc).
  void show_solo(int i);
  int solo_pane() const { return solo_; }
  void step_pane(int delta);
  // Pane i moves to the first place and becomes the reference (Alt+1-9).
  void make_reference(int i);
  // The zoom at which the panes write their pixel values (V), about the cursor or the centre.
  void zoom_to_values();
  // Esc: all panes again from a pane shown alone, else the statistics region cleared.
  void escape();
  // The status bar's zoom (100%: 1:1) and the output pixel under the mouse.
  QString view_status_text() const;
  // What the wipe's choices are called: each pane's title, then the HR or the loaded reference when
  // the panes are compared with it (a wipe target too).
  QStringList wipe_names() const;
  // The HR's cell after the panes while they are compared with the image itself (SR mode); null
  // before the first results.
  PaneView* hr_view() const { return hr_in_grid_ ? hr_view_ : nullptr; }

  // ---- hooks for plots and figure export ----
  // File > Export is disabled until a handler is installed.
  void set_export_handler(std::function<void()> handler);
  // The dock `id` of the dock table (its object name, title and area) holding `widget`: tabbed with
  // the difference panel on the right, and listed in the View menu.
  QDockWidget* add_dock(DockId id, QWidget* widget);
  QDockWidget* dock(DockId id) const;  // null until it is made

 signals:
  // The output pixel of the reference pane under the cursor (row, col, 0-based).
  void pixel_hovered(int out_row, int out_col);
  void profile_line_changed(std::optional<QLineF> src);
  // The readout (its point, or the results or pending state it reads) may have changed.
  void readouts_changed();

 protected:
  void closeEvent(QCloseEvent*) override;
  void dragEnterEvent(QDragEnterEvent*) override;
  void dropEvent(QDropEvent*) override;

 private:
  void build_actions();
  void build_pane_actions();  // View > Panes (main_window_keys.cpp)
  void connect_keys();        // focus back on the panes after Enter; the status bar's zoom
  void focus_panes();
  void apply_solo();
  int cell_count() const;
  PaneView* shown_view() const;  // the view shown alone, else pane 1's
  void refresh_view_status();
  bool hr_pane_wanted() const;  // main_window_hr.cpp
  void refresh_hr_pane();
  void build_central();
  void build_docks();
  void follow_view(PaneView* view);
  int cell_of(const PaneView* view) const;  // its pane, pane_count() for the HR's, -1 for the wipe
  // One PaneWidget per document pane, in a grid of two to four columns.
  void sync_pane_widgets();
  QString ask_for_image(const QString& title);
  void refresh_panes();
  void refresh_status();
  void show_progress();  // each pane's step of the running work (Document::pane_step) in its header
  void update_inspector(std::optional<QPointF> src);  // the pointer's point; nullopt: off the panes
  void refresh_readouts();
  void on_source_changed();
  void refresh_footprint();
  void keep_dock_tab_names_whole();
  // The dock `id` of the dock table holding `widget` in its area, listed under View > Docks.
  QDockWidget* make_dock(DockId id, QWidget* widget);
  bool eventFilter(QObject* o, QEvent* e) override;
  void show_region_outline(std::optional<QRectF> src);

  Document* doc_;
  ViewState* view_;
  FlickerController* flicker_;
  ParameterToolbar* params_ = nullptr;
  std::vector<PaneWidget*> panes_;
  QTimer* progress_timer_ = nullptr;
  QWidget* grid_page_ = nullptr;
  QGridLayout* grid_ = nullptr;
  PaneView* wipe_ = nullptr;
  ViewToolbar* view_bar_ = nullptr;
  QStackedWidget* stack_ = nullptr;
  ErrorBanner* banner_ = nullptr;
  OverviewWidget* overview_ = nullptr;
  DisplayRangeControl* display_range_ = nullptr;
  Inspector* inspector_ = nullptr;
  DifferencePanel* diff_panel_ = nullptr;
  StatusLine* status_ = nullptr;
  RecentFiles* recent_ = nullptr;
  QMenu* view_menu_ = nullptr;
  QMenu* docks_menu_ = nullptr;  // View > Docks (make_dock)
  QAction* export_action_ = nullptr;
  QAction* diff_action_ = nullptr;
  QAction* wipe_action_ = nullptr;
  QAction* grid_action_ = nullptr;
  QAction* line_action_ = nullptr;
  QAction* ab_action_ = nullptr;
  QAction* timed_flicker_action_ = nullptr;
  int solo_ = -1;               // the pane shown alone; -1: all
  QWidget* hr_pane_ = nullptr;  // the HR's cell (main_window_hr.cpp)
  QLabel* hr_title_ = nullptr;
  PaneView* hr_view_ = nullptr;
  bool hr_in_grid_ = false;
  int hovered_pane_ = -1;  // the pane view under the mouse (panes_ index); -1: none
  std::optional<QLineF> profile_line_;
  std::function<void()> export_handler_;
  QString last_dir_;
  QSize last_source_size_;
  bool fit_on_results_ = true;
  std::optional<QPointF> hover_;
  std::optional<QPoint> locked_;                // (col, row) of the reference pane, when locked
  int locked_pane_ = -1;                        // the pane clicked to lock (readout())
  int last_pane_ = -1;                          // the last pane under the pointer
  std::optional<QPointF> last_hover_;           // the last point under the pointer on a pane
  std::optional<QPoint> footprint_pixel_;       // (col, row) of the reference pane's output
  SrDegradation sr_degradation_;                // see set_sr_degradation
  QActionGroup* degradation_group_ = nullptr;   // its menu items (data: the Degradation as int)
  std::array<QAction*, 3> sr_scale_actions_{};  // Super-Resolution Baselines > x2, x3, x4
  ViewerSettings restored_;                     // as read at start-up
  ViewerSettings session_start_;                // the state once the command line was applied
};

}  // namespace rl::ui
