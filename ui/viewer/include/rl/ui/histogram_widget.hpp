// The histogram dock's picture: each channel's histogram of an image (or a part of it), computed on a
// worker thread, so that hovering over a 48 MP pane never stalls the window.
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

class QComboBox;

namespace rl::ui {

struct Histogram {
  // The bins split [lo, hi] into equal widths: a uint8 image's 256 bins are its 256 levels; uint16
  // 0..65535; any other class the finite min..max of the part.
  double lo = 0.0, hi = 1.0;
  QStringList names;                               // each channel's: "R", "G", "B", "alpha", "grey"
  std::vector<std::vector<std::uint64_t>> counts;  // [channel][bin]
  std::uint64_t pixels = 0, non_finite = 0;        // pixels counted; NaN and ±inf values left out
};

// The channels' names: grey; grey, alpha; R, G, B; R, G, B, alpha; else "channel N".
QStringList channel_names(int channels);
// The bin of value v (finite) of `bins` equal bins over [lo, hi].
int histogram_bin(double v, double lo, double hi, int bins);
// `part` (x = column; empty: the whole image) of `img`, clipped to it.
Histogram histogram_of(const Image& img, const QRect& part = {}, int bins = 256);

class HistogramWidget : public QWidget {
  Q_OBJECT
 public:
  explicit HistogramWidget(QWidget* parent = nullptr);
  // Starts the histogram of `part` of `img` (nothing when the same image and part are shown or on
  // their way); `label` names it ("pane 2 · nearest, region 34,30,114,114").
  void set_image(std::shared_ptr<const Image> img, const QRect& part, const QString& label);
  const std::optional<Histogram>& histogram() const { return histogram_; }
  bool computing() const { return computing_; }
  QString label() const { return label_; }
  // The channel drawn: -1 every channel, else its index.
  void set_channel(int channel);
  QSize sizeHint() const override { return {260, 220}; }

 protected:
  void paintEvent(QPaintEvent*) override;

 private:
  std::shared_ptr<const Image> image_;
  QRect part_;
  QString label_;
  std::optional<Histogram> histogram_;
  bool computing_ = false;
  std::uint64_t generation_ = 0;
  QComboBox* channel_ = nullptr;
};

}  // namespace rl::ui
