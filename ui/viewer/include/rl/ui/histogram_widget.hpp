// The histogram dock's picture: the histogram of each channel the view shows (every one, R, G, B, alpha
// or Y) of an image or a part of it, computed on a worker thread, so that hovering over a 48 MP pane
// never stalls the window.
#pragma once

#include <QFutureWatcher>
#include <QRect>
#include <QString>
#include <QStringList>
#include <QWidget>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "rl/image.hpp"
#include "rl/ui/image_convert.hpp"

namespace rl::ui {

struct Histogram {
  // The bins split [lo, hi] into equal widths: a uint8 image's 256 bins are its 256 levels; uint16
  // 0..65535; any other class the finite min..max of the part.
  double lo = 0.0, hi = 1.0;
  QStringList names;                               // each channel's: "R", "G", "B", "alpha", "grey", "Y"
  std::vector<std::vector<std::uint64_t>> counts;  // [channel][bin]
  std::uint64_t pixels = 0, non_finite = 0;        // pixels counted; NaN and ±inf values left out
};

// The bin of value v (finite) of `bins` equal bins over [lo, hi].
int histogram_bin(double v, double lo, double hi, int bins);
// `part` (x = column; empty: the whole image) of `img`, clipped to it, of the channels `view` shows:
// every one (All); the one R, G, B or alpha shows (view_channel_index: a grey image's grey; none for
// alpha where there is none); or Y, the luma of R, G and B by the view's rule (rl::ui::luma; a grey
// image's grey), rounded halves up for an integer class as the view rounds it.
Histogram histogram_of(const Image& img, const QRect& part = {}, int bins = 256,
                       ViewChannel view = ViewChannel::All);

class HistogramWidget : public QWidget {
  Q_OBJECT
 public:
  explicit HistogramWidget(QWidget* parent = nullptr);
  // Starts the histogram of `part` of `img` in the channels `view` shows (nothing when the same are
  // shown or on their way); `label` names it ("pane 2 · nearest, region 34,30,114,114").
  void set_image(std::shared_ptr<const Image> img, const QRect& part, const QString& label,
                 ViewChannel view = ViewChannel::All);
  // The image counted is about to be replaced (its pane is being resized again): nothing is drawn but
  // "`label`: waiting…" until the next set_image.
  void set_waiting(const QString& label);
  bool waiting() const { return waiting_; }
  const std::optional<Histogram>& histogram() const { return histogram_; }
  bool computing() const { return computing_; }
  QString label() const { return label_; }
  QSize sizeHint() const override { return {260, 220}; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  std::shared_ptr<const Image> image_;
  QRect part_;
  ViewChannel view_ = ViewChannel::All;
  QString label_;
  std::optional<Histogram> histogram_;
  bool computing_ = false;
  bool waiting_ = false;
  std::uint64_t generation_ = 0;
};

}  // namespace rl::ui
