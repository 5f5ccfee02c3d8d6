// The viewer's main window: parameters toolbar, the four comparison panes (or one wipe view),
// overview, inspector and difference docks, status bar, menus, drag and drop, remembered settings.
#pragma once

#include <QMainWindow>
#include <array>
#include <functional>
#include <optional>

#include "rl/ui/document.hpp"

class QAction;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QMenu;
class QProgressBar;
class QSlider;
class QSpinBox;
class QStackedWidget;
class QTableWidget;

namespace rl::ui {

class ColorbarWidget;
class OverviewWidget;
class PaneView;
class PaneWidget;
class ViewState;

class MainWindow : public QMainWindow {
  Q_OBJECT
 public:
  // Restores the settings and opens the built-in default image.
  explicit MainWindow(QWidget* parent = nullptr);
  ~MainWindow() override;

  Document* document() const { return doc_; }
  ViewState* view_state() const { return view_; }
  PaneWidget* pane(int i) const { return panes_[static_cast<std::size_t>(i)]; }
  PaneView* pane_view(int i) const;
  PaneView* wipe_view() const { return wipe_; }
  OverviewWidget* overview() const { return overview_; }
  QLineEdit* scale_edit() const { return scale_edit_; }
  QLineEdit* size_edit() const { return size_edit_; }
  // The message shown inside the window (empty when none).
  QString error_text() const;
  bool error_visible() const;
  QString inspector_text() const;

  void open_file(const QString& path);
  void load_default_image();
  // Applies a scale typed by the user ("0.5", "1/3"); errors go to the in-window message.
  void apply_scale_text(const QString& text);
  void apply_size_text(const QString& text);
  void set_diff_mode(bool on);
  void set_wipe_mode(bool on);
  void fit_view();
  void one_to_one();
  void show_error(const QString& message);
  // Draws on the overview the source region the reference pane's output pixel reads (its
  // footprint, from the plan's tables); follows pixel_hovered. Kept across new results.
  void show_footprint(int out_row, int out_col);
  // The float display range control and the document together.
  void set_display_settings(const DisplaySettings& d);
  // Shows every pane's value at a source point in the inspector, as hovering there does.
  void inspect(std::optional<QPointF> src) { update_inspector(src); }
  // A click on a pane locks the plots, the worked example and the footprint on that output pixel of
  // the reference pane; a second click on the same pixel releases them to follow the cursor again.
  void toggle_lock(QPointF src);
  std::optional<QPoint> locked_pixel() const { return locked_; }

  // ---- hooks for plots and figure export ----
  // File > Export is disabled until a handler is installed.
  QAction* export_action() const { return export_action_; }
  void set_export_handler(std::function<void()> handler);
  void add_tool_dock(class QDockWidget* dock, Qt::DockWidgetArea area = Qt::RightDockWidgetArea);
  QMenu* view_menu() const { return view_menu_; }

 signals:
  // The output pixel of the reference pane under the cursor (row, col, 0-based).
  void pixel_hovered(int out_row, int out_col);

 protected:
  void closeEvent(QCloseEvent*) override;
  void dragEnterEvent(QDragEnterEvent*) override;
  void dropEvent(QDropEvent*) override;

 private:
  std::optional<QPoint> locked_;  // (col, row) of the reference pane, when locked
  void build_actions();
  void build_toolbar();
  void build_central();
  void build_docks();
  void build_status();
  void restore_settings();
  void save_settings() const;
  void add_recent(const QString& path);
  void rebuild_recent_menu();
  void refresh_panes();
  void refresh_status();
  void refresh_diff_panel();
  void update_inspector(std::optional<QPointF> src);
  void show_shortcuts();
  void on_source_changed();
  void refresh_footprint();

  Document* doc_;
  ViewState* view_;
  std::array<PaneWidget*, Document::kPanes> panes_{};
  PaneView* wipe_ = nullptr;
  QComboBox* wipe_a_ = nullptr;
  QComboBox* wipe_b_ = nullptr;
  QStackedWidget* stack_ = nullptr;
  QLabel* banner_ = nullptr;
  QWidget* banner_box_ = nullptr;
  OverviewWidget* overview_ = nullptr;
  QLabel* inspector_ = nullptr;
  ColorbarWidget* colorbar_ = nullptr;
  QLabel* diff_desc_ = nullptr;
  QComboBox* diff_against_ = nullptr;
  QComboBox* diff_mode_ = nullptr;
  QSpinBox* diff_channel_ = nullptr;
  QCheckBox* diff_fixed_ = nullptr;
  QDoubleSpinBox* diff_max_ = nullptr;
  QTableWidget* stats_table_ = nullptr;
  QSlider* scale_slider_ = nullptr;
  QLineEdit* scale_edit_ = nullptr;
  QLineEdit* size_edit_ = nullptr;
  QComboBox* boundary_box_ = nullptr;
  QComboBox* device_box_ = nullptr;
  QComboBox* display_mode_ = nullptr;
  QDoubleSpinBox* display_lo_ = nullptr;
  QDoubleSpinBox* display_hi_ = nullptr;
  QLabel* status_image_ = nullptr;
  QLabel* status_scale_ = nullptr;
  QLabel* status_device_ = nullptr;
  QLabel* status_times_ = nullptr;
  QProgressBar* busy_bar_ = nullptr;
  QMenu* recent_menu_ = nullptr;
  QMenu* view_menu_ = nullptr;
  QAction* export_action_ = nullptr;
  QAction* diff_action_ = nullptr;
  QAction* wipe_action_ = nullptr;
  QAction* grid_action_ = nullptr;
  std::function<void()> export_handler_;
  QStringList recent_;
  QString last_dir_;
  QSize last_source_size_;
  bool fit_on_results_ = true;
  std::optional<QPointF> hover_;
  std::optional<QPoint> footprint_pixel_;  // (col, row) of the reference pane's output
};

}  // namespace rl::ui
