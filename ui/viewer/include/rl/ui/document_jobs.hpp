// The document's source jobs, as pure functions of their inputs that run off the GUI thread:
// loading and preparing a source for display. The panes and differences are the comparison model's
// (rl/ui/comparison.hpp).
#pragma once

#include <QImage>
#include <QString>
#include <memory>

#include "rl/image.hpp"
#include "rl/ui/image_convert.hpp"

namespace rl::ui {

// How floating-point images are shown: auto maps the source's finite min..max to black..white,
// otherwise lo..hi (MATLAB's imshow uses 0..1). Integer images ignore it.
struct DisplaySettings {
  bool auto_range = true;
  double lo = 0.0, hi = 1.0;
  // The channel every picture shows (panes, the reference, the overview); the maps follow it (see
  // Document::set_display_settings).
  ViewChannel channel = ViewChannel::All;
  // tev's exposure and offset before the black and white points, for every class, panes and maps alike
  // (toned_range).
  Tone tone = {};
  bool operator==(const DisplaySettings&) const = default;
};

// Longest side of the overview's copy of the source.
inline constexpr int kPreviewSide = 1024;

// What showing a source needs besides its pixels: the overview copy and the finite value range.
struct PreparedSource {
  std::shared_ptr<const Image> image;
  std::shared_ptr<const Image> preview_image;  // at most kPreviewSide on its longest side
  double lo = 0.0, hi = 1.0;                   // finite min..max of a float source; 0..1 otherwise
  QImage preview;                              // preview_image through the display range
  QString error;                               // set instead of the rest when loading failed
};
PreparedSource prepare_source(std::shared_ptr<const Image> image, const DisplaySettings& display);
// Loads `path` and prepares it; a reference (prepare = false) gets only `image` (or `error`).
PreparedSource load_source(const QString& path, const DisplaySettings& display, bool prepare = true);

// The range float images are shown through: the source's lo..hi (auto) or the fixed one.
DisplayRange effective_range(const DisplaySettings& d, double source_lo, double source_hi);

}  // namespace rl::ui
