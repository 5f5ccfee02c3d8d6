// The viewer's document model: the source image, the display settings, and the comparison of four
// panes (rl/ui/comparison.hpp), computed off the GUI thread. Widgets observe its signals.
#pragma once

#include <QFileSystemWatcher>
#include <QFutureWatcher>
#include <QHash>
#include <QImage>
#include <QObject>
#include <QString>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <tuple>
#include <vector>

#include "rl/device_policy.hpp"
#include "rl/image.hpp"
#include "rl/push_protocol.hpp"
#include "rl/regular_file.hpp"
#include "rl/spec.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/document_jobs.hpp"
#include "rl/ui/image_convert.hpp"

class QTimer;

namespace rl::ui {

// The one device enum and its spellings are rl::Device (rl/device_policy.hpp); these are its Qt forms.
QString to_qstring(Device d);
std::optional<Device> parse_device(const QString& s);

// 0.4: at 1/n with odd n the unantialiased kernels all sample pixel centres and agree.
inline constexpr double kDefaultScale = 0.4;

class Document : public QObject {
  Q_OBJECT
 public:
  // The panes a new document shows (kDefaultPanes); image files add more, up to kMaxPanes.
  static constexpr int kPanes = static_cast<int>(std::tuple_size_v<decltype(kDefaultPanes)>);
  static constexpr int kMaxPanes = 16;
  static constexpr int kReferencePane = rl::ui::kReferencePane;

  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  // ---- source ----
  void set_source(Image img, const QString& name);
  // Loads off the GUI thread; on failure emits error_occurred and keeps the current image. While it
  // loads, loading_path() names the file (loading_changed when it starts and ends), so that nothing
  // describes the image it is replacing as if it stayed.
  void load_file(const QString& path);
  const QString& loading_path() const { return loading_path_; }
  void load_reference(const QString& path);
  void clear_reference();
  const std::shared_ptr<const Image>& source() const { return comparison_.source; }
  const QString& source_name() const { return source_name_; }
  const QString& source_path() const { return source_path_; }
  const QImage& source_preview() const { return preview_; }  // downsampled for the overview
  const std::shared_ptr<const Image>& reference_image() const { return comparison_.reference_image; }
  const QString& reference_name() const { return reference_name_; }
  const QString& reference_path() const { return reference_path_; }

  // ---- parameters ----
  // `text` is how the user wrote it ("1/3"), kept for display.
  void set_scale(double s, const QString& text = {});
  void set_out_size(double rows, double cols);  // one may be NaN
  void set_boundary(Boundary b);
  void set_device(Device d);
  // The class MATLAB's panes resize in (ResizeClass: imresize --as keep|double|single).
  void set_resize_class(ResizeClass c);
  ResizeClass resize_class() const { return comparison_.resize_class; }
  void set_pane(int i, const PaneConfig& c);
  // Every pane at once, 1..kMaxPanes of them (more are dropped); pane_count_changed when the count moves.
  void set_panes(const std::vector<PaneConfig>& panes);
  // Adds a pane after the others; false (and nothing done) at kMaxPanes.
  bool add_pane(const PaneConfig& c);
  // Removes pane i (the ones after it move up, with their nudges); the last pane stays.
  void remove_pane(int i);
  int pane_count() const { return static_cast<int>(comparison_.panes.size()); }
  // --watch: the file panes' files are watched; one rewritten or replaced (saved by rename, as editors
  // do) is read again, and the panes recomputed with the view unchanged.
  void set_watch(bool on);
  void set_diff_settings(const DiffSettings& d);
  // Whether the window shows the difference maps: their colours are made only while it does (a 48 MP
  // pane's take 256 MB with their halvings); turned on, the colours are made by a comparison job.
  void set_maps_shown(bool on);
  // The region the statistics are of, in source pixels (clipped to the source; nullopt or an empty
  // rectangle clears it). Only the comparison is redone.
  void set_region(std::optional<QRect> source_rect);
  const std::optional<QRect>& region() const { return comparison_.diff.region; }
  // Moves pane i by `delta` pane pixels more (see DiffSettings::nudges); false, and nothing changes,
  // for the pane that is the reference. reset_nudge(i) puts it back; -1: every pane.
  bool nudge_pane(int i, QPoint delta);
  void reset_nudge(int i);
  QPoint nudge(int i) const { return comparison_.diff.nudge(i); }
  // Re-maps the overview and the panes of a floating-point source (display_changed follows).
  void set_display_settings(const DisplaySettings& d);
  const ResizeSpec& spec() const { return comparison_.base; }
  const QString& scale_text() const { return scale_text_; }
  Device device() const { return device_; }
  const PaneConfig& pane(int i) const { return comparison_.panes[static_cast<std::size_t>(i)]; }
  const DiffSettings& diff_settings() const { return comparison_.diff; }
  const DisplaySettings& display_settings() const { return display_; }
  // The range floating-point images are shown through now (auto: the source's finite min..max).
  DisplayRange display_range() const;

  // ---- results ----
  // What the panes and docks draw; a figure of the same settings builds the same (compute_comparison).
  const Comparison& comparison() const { return comparison_; }
  const PaneResult& result(int i) const { return comparison_.results[static_cast<std::size_t>(i)]; }
  const PaneDiff& diff(int i) const { return comparison_.diffs[static_cast<std::size_t>(i)]; }
  const DiffScale& diff_scale() const { return comparison_.scale; }
  double diff_lo() const { return comparison_.scale.lo; }
  double diff_hi() const { return comparison_.scale.hi; }
  QString diff_label() const;
  const QString& device_note() const { return device_note_; }  // e.g. "CPU (no usable CUDA device: ...)"
  bool busy() const { return busy_; }
  // Where pane i is in the work running now (the newest request's resize job, or a comparison of
  // results); nullopt when nothing runs for it.
  std::optional<PaneStep> pane_step(int i) const;
  // Test hook: each step a resize job writes (pane, step), called on the job's thread, so a test sees
  // every step however short it is (pane_step is a reading at one moment). Jobs started later use it.
  void set_step_observer(std::function<void(int, PaneStep)> f) { step_observer_ = std::move(f); }
  quint64 generation() const { return gen_; }
  // How many finished jobs were discarded because a newer request had superseded them.
  int dropped_results() const { return dropped_; }
  // How many resize jobs have started (a request superseded before its job starts starts none).
  int jobs_started() const { return jobs_started_; }

  // Starts a new computation now (setters schedule one on the next event-loop turn).
  void compute_now();

  // ---- images pushed over the window's socket (document_push.cpp, push_server.hpp) ----
  // Shows `img` as it is: as pane `name` (that pane updated in place when it exists, else one added),
  // as the reference, or as the HR (the loaded image; with an integer `scale` s >= 2 the resizer panes
  // become SR round trips at s and compare with it). Returns "" or a one-line error.
  QString push_image(const QString& name, push::Role role, Image img, double scale);
  QString close_pushed(const QString& name, push::Role role);
  int pushed_pane(const QString& name) const;  // -1 when no pane was pushed with that name

 signals:
  void source_changed();
  // The overview image was re-mapped through a new display range.
  void display_changed();
  void file_loaded(const QString& path);
  void loading_changed();
  void reference_changed();
  void params_changed();
  void results_changed();
  void diffs_changed();
  void busy_changed(bool busy);
  void pane_count_changed();
  // A watched file pane's file changed on disk and is being read again.
  void file_changed(const QString& path);
  void error_occurred(const QString& message);

 private:
  struct ComputeOut;
  void clear_results();
  void adopt_source(const PreparedSource& p, const QString& name, const QString& path);
  void schedule_compute();
  void start_diff();
  void update_busy();
  void finish_compute(quint64 gen, const ComputeOut& out);
  bool has_file_pane() const;
  void rewatch();        // the watcher follows the file panes' files (and their folders)
  void check_watched();  // recomputes when a watched file's rl::FileStat changed

  // Inputs (source, spec, panes, diff settings, reference) and results, kept together.
  Comparison comparison_;
  QString source_name_, source_path_;
  QString loading_path_;  // the file load_file is reading, empty when none
  QImage preview_;
  std::shared_ptr<const Image> preview_image_;  // the downsampled source preview_ is mapped from
  double source_lo_ = 0.0, source_hi_ = 1.0;    // finite min..max of the source
  DisplaySettings display_;
  QString reference_name_, reference_path_;

  QString scale_text_ = QString::number(kDefaultScale, 'g', 6);
  Device device_ = Device::Auto;
  QString device_note_;

  // Generation counters: a job remembers the value it started with; the GUI thread drops its
  // result when the counter has moved on. Atomic so running jobs can stop early.
  std::shared_ptr<std::atomic<quint64>> live_gen_;
  quint64 gen_ = 0, diff_gen_ = 0, load_gen_ = 0, ref_gen_ = 0;
  bool compute_pending_ = false;
  int running_compute_ = 0, running_diff_ = 0, running_load_ = 0;
  // The newest resize job's PaneStep per pane, written by the job, read by pane_step.
  std::shared_ptr<std::vector<std::atomic<int>>> steps_;
  std::function<void(int, PaneStep)> step_observer_;
  bool busy_ = false;
  int dropped_ = 0, jobs_started_ = 0;
  // A load stopped the work on the source it replaces: a failed load computes that source again.
  bool stopped_for_load_ = false;
  QList<QFutureWatcherBase*> watchers_;

  bool watch_ = false;
  QFileSystemWatcher* file_watcher_ = nullptr;
  QTimer* watch_settle_ = nullptr;                          // a save is several writes: read once they stop
  QHash<QString, std::optional<FileStat>> watched_stamps_;  // path -> its stat last read
  bool pane_error_shown_ = false;                           // a file pane's error is in the banner
};

}  // namespace rl::ui
