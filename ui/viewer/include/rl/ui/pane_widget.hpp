// A pane with its header: which method and antialiasing it runs (editable), or the image file it shows
// (with the method an LR file is upscaled by), the result's size, time and device, and its difference
// statistics; the drawing itself is a PaneView. An image file dropped on it becomes its source.
#pragma once

#include <QWidget>

#include "rl/ui/document.hpp"

class QCheckBox;
class QComboBox;
class QLabel;
class QToolButton;

namespace rl::ui {

class ElidedLabel;
class PaneView;
class ViewState;

class PaneWidget : public QWidget {
  Q_OBJECT
 public:
  PaneWidget(int index, ViewState* view, QWidget* parent = nullptr);
  void set_config(const PaneConfig& c);  // without emitting config_edited
  // Whether the header says "reference" (pane 1 unless a loaded image is the reference).
  void set_reference(bool is_reference);
  PaneConfig config() const;  // what the header shows
  void set_info(const QString& info, const QString& stats);
  // Where the pane's work is while the document computes ("resizing…"), shown at the start of the
  // statistics line; empty: none.
  void set_progress(const QString& step);
  const QString& progress() const { return progress_; }
  // While the A/B flicker shows another image here, which one ("showing: reference"); empty: its own.
  void set_showing(const QString& what);
  QString showing() const;
  PaneView* view() const { return view_; }
  QComboBox* method_box() const { return method_; }
  QComboBox* upscale_box() const { return upscale_; }     // a file pane's: "as is" or a MATLAB method
  QToolButton* remove_button() const { return remove_; }  // a file pane's: removes the pane
  const ElidedLabel* file_label() const { return file_; }
  QCheckBox* antialias_box() const { return aa_; }
  QString title() const;
  // The factor the result's LR file was upscaled by (PaneResult::upscaled_by): a file read at the
  // reference's size (1) has no upscale box, so only an LR file's header says "up: bicubic".
  void set_upscaled_by(int factor);
  // The size, time and device line and the statistics line (ElidedLabel: elided, never clipped).
  const ElidedLabel* info_label() const { return info_; }
  const ElidedLabel* stats_label() const { return stats_; }

 signals:
  void config_edited(int index, const PaneConfig& c);
  void file_dropped(int index, const QString& path);
  void remove_requested(int index);  // a file pane's ✕

 protected:
  void dragEnterEvent(QDragEnterEvent* e) override;
  void dropEvent(QDropEvent* e) override;

 private:
  void fit_method_box();  // the closed boxes (method, upscale) as wide as the names they show
  void show_name();       // "1 · reference", "2 · SR ×4": the number, the role, a round trip's factor

  int index_;
  PaneView* view_;
  QLabel* name_;
  QComboBox* method_;
  QCheckBox* aa_;
  bool reference_;
  int sr_round_trip_ = 0;         // PaneConfig::sr_round_trip of the pane shown: kept when the method changes
  SrDegradation sr_degradation_;  // ...and its PaneConfig::sr_degradation
  QString file_path_;             // PaneConfig::file of the pane shown: the header shows the file instead
  ElidedLabel* file_;
  QComboBox* upscale_;
  int upscaled_by_ = 0;  // set_upscaled_by; 0: not read yet, or failed
  QToolButton* remove_;
  ElidedLabel* info_;
  ElidedLabel* stats_;
  QString stats_text_, progress_;
  void show_stats();
};

}  // namespace rl::ui
