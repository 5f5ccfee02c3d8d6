// The viewer's document model: the source image, the resize parameters, the four comparison panes,
// their results (computed off the GUI thread), and the difference maps. Widgets observe its signals.
#pragma once

#include <QFutureWatcher>
#include <QImage>
#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <array>
#include <atomic>
#include <memory>
#include <optional>

#include "rl/device_policy.hpp"
#include "rl/image.hpp"
#include "rl/metrics.hpp"
#include "rl/peers.hpp"
#include "rl/plan.hpp"
#include "rl/spec.hpp"
#include "rl/ui/image_convert.hpp"

namespace rl::ui {

// The one device enum and its spellings are rl::Device (rl/device_policy.hpp); these are its Qt forms.
QString to_qstring(Device d);
std::optional<Device> parse_device(const QString& s);

struct PaneConfig {
  Method method = Method::Bicubic;
  bool antialiasing = true;
  // Set: the pane shows that library's resize (Pillow, OpenCV, torch) instead of MATLAB's
  // method/antialiasing above (see run_peer_pane).
  std::optional<peers::PeerSpec> peer = std::nullopt;
  bool operator==(const PaneConfig&) const = default;
};
// The comparison a new document shows: MATLAB's default (bicubic, antialiased) as the reference,
// then nearest, bilinear and bicubic without antialiasing.
inline constexpr std::array<PaneConfig, 4> kDefaultPanes{
    {{Method::Bicubic, true}, {Method::Nearest, false}, {Method::Bilinear, false}, {Method::Bicubic, false}}};
// 0.4: at 1/n with odd n the unantialiased kernels all sample pixel centres and agree.
inline constexpr double kDefaultScale = 0.4;
QString pane_label(const PaneConfig& c);  // e.g. "bicubic (antialiased)", "OpenCV INTER_CUBIC"
// The preset "MATLAB vs the libraries": MATLAB bicubic (antialiased), OpenCV INTER_CUBIC, Pillow
// BICUBIC and torch bicubic without antialiasing.
std::array<PaneConfig, 4> libraries_preset();

struct PaneResult {
  std::shared_ptr<const Image> image;  // the resizer's output, in the source's element type
  std::shared_ptr<const Plan> plan;
  QImage display;   // image through the display mapping
  double ms = 0.0;  // time of the resize alone
  QString device;   // "CPU" or "CUDA"
  QString error;    // set instead of image when this pane failed
  QString note;     // peer panes: how the library's tables combine, and any size or type adaptation
};

enum class DiffAgainst { ReferencePane, ReferenceImage };
struct DiffSettings {
  DiffAgainst against = DiffAgainst::ReferencePane;
  DiffMode mode = DiffMode::AbsMaxChannel;
  int channel = 0;           // for AbsChannel and Signed
  bool fixed_range = false;  // otherwise: 0..max (signed: -max..max) over all panes
  double fixed_max = 8.0;
  bool operator==(const DiffSettings&) const = default;
};

struct PaneDiff {
  std::shared_ptr<const Image> map;  // rows x cols x 1 float64
  QImage colored;
  std::optional<DiffStats> stats;
  QString error;
};

// How floating-point images are shown: auto maps the source's finite min..max to black..white,
// otherwise lo..hi (MATLAB's imshow uses 0..1). Integer images ignore it.
struct DisplaySettings {
  bool auto_range = true;
  double lo = 0.0, hi = 1.0;
  bool operator==(const DisplaySettings&) const = default;
};

// The source region one output pixel reads: the rectangle spanned by the input rows and columns of
// its taps (the plan's index tables, after boundary mapping; source pixel edges, 0-based), and the
// pixel's centre u mapped to source coordinates.
struct Footprint {
  QRectF rect;
  QPointF centre;
};
// nullopt when the pixel is outside the plan's output.
std::optional<Footprint> footprint_of(const Plan& plan, int out_row, int out_col);

struct PreparedSource;

class Document : public QObject {
  Q_OBJECT
 public:
  static constexpr int kPanes = static_cast<int>(kDefaultPanes.size());
  static constexpr int kReferencePane = 0;

  explicit Document(QObject* parent = nullptr);
  ~Document() override;

  // ---- source ----
  void set_source(Image img, const QString& name);
  // Loads off the GUI thread; on failure emits error_occurred and keeps the current image.
  void load_file(const QString& path);
  void load_reference(const QString& path);
  void clear_reference();
  const std::shared_ptr<const Image>& source() const { return source_; }
  const QString& source_name() const { return source_name_; }
  const QString& source_path() const { return source_path_; }
  const QImage& source_preview() const { return preview_; }  // downsampled for the overview
  const std::shared_ptr<const Image>& reference_image() const { return reference_; }
  const QString& reference_name() const { return reference_name_; }

  // ---- parameters ----
  // `text` is how the user wrote it ("1/3"), kept for display.
  void set_scale(double s, const QString& text = {});
  void set_out_size(double rows, double cols);  // one may be NaN
  void set_boundary(Boundary b);
  void set_device(Device d);
  void set_pane(int i, const PaneConfig& c);
  void set_diff_settings(const DiffSettings& d);
  // Re-maps the overview and the panes of a floating-point source (display_changed follows).
  void set_display_settings(const DisplaySettings& d);
  const ResizeSpec& spec() const { return spec_; }
  const QString& scale_text() const { return scale_text_; }
  Device device() const { return device_; }
  const PaneConfig& pane(int i) const { return panes_[static_cast<std::size_t>(i)]; }
  const DiffSettings& diff_settings() const { return diff_; }
  const DisplaySettings& display_settings() const { return display_; }
  // The range floating-point images are shown through now (auto: the source's finite min..max).
  DisplayRange display_range() const;

  // ---- results ----
  const PaneResult& result(int i) const { return results_[static_cast<std::size_t>(i)]; }
  const PaneDiff& diff(int i) const { return diffs_[static_cast<std::size_t>(i)]; }
  double diff_lo() const { return diff_lo_; }
  double diff_hi() const { return diff_hi_; }
  QString diff_label() const;
  const QString& device_note() const { return device_note_; }  // e.g. "CPU (no usable CUDA device: ...)"
  bool busy() const { return busy_; }
  quint64 generation() const { return gen_; }
  // How many finished jobs were discarded because a newer request had superseded them.
  int dropped_results() const { return dropped_; }

  // Starts a new computation now (setters schedule one on the next event-loop turn).
  void compute_now();

 signals:
  void source_changed();
  // The overview image was re-mapped through a new display range.
  void display_changed();
  void file_loaded(const QString& path);
  void reference_changed();
  void params_changed();
  void results_changed();
  void diffs_changed();
  void busy_changed(bool busy);
  void error_occurred(const QString& message);

 private:
  struct ComputeOut;
  void adopt_source(const PreparedSource& p, const QString& name, const QString& path);
  void schedule_compute();
  void start_diff();
  void update_busy();
  void finish_compute(quint64 gen, const ComputeOut& out);

  std::shared_ptr<const Image> source_;
  QString source_name_, source_path_;
  QImage preview_;
  std::shared_ptr<const Image> preview_image_;  // the downsampled source preview_ is mapped from
  double source_lo_ = 0.0, source_hi_ = 1.0;    // finite min..max of the source
  DisplaySettings display_;
  std::shared_ptr<const Image> reference_;
  QString reference_name_;

  ResizeSpec spec_;
  QString scale_text_ = QString::number(kDefaultScale, 'g', 6);
  Device device_ = Device::Auto;
  std::array<PaneConfig, kPanes> panes_;
  DiffSettings diff_;

  std::array<PaneResult, kPanes> results_;
  std::array<PaneDiff, kPanes> diffs_;
  double diff_lo_ = 0.0, diff_hi_ = 1.0;
  QString device_note_;

  // Generation counters: a job remembers the value it started with; the GUI thread drops its
  // result when the counter has moved on. Atomic so running jobs can stop early.
  std::shared_ptr<std::atomic<quint64>> live_gen_;
  quint64 gen_ = 0, diff_gen_ = 0, load_gen_ = 0, ref_gen_ = 0;
  bool compute_pending_ = false;
  int running_compute_ = 0, running_diff_ = 0, running_load_ = 0;
  bool busy_ = false;
  int dropped_ = 0;
  QList<QFutureWatcherBase*> watchers_;
};

}  // namespace rl::ui
