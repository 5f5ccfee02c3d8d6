// The document's work, as pure functions of their inputs that run off the GUI thread: preparing a
// source, resizing every pane, and the difference maps with their shared colour scale.
#pragma once

#include <QImage>
#include <QString>
#include <array>
#include <functional>
#include <memory>

#include "rl/ui/document.hpp"

namespace rl::ui {

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

// Runs one plan on the chosen device and names it in `device` ("CPU" or "CUDA").
using RunPlan = std::function<Image(const Plan& plan, const Image& src, QString& device)>;
// Every pane's plan, result and display image, or its error; stops early (returning what it has)
// once `superseded` says a newer request made the work pointless.
std::array<PaneResult, Document::kPanes> resize_panes(const Image& src, const ResizeSpec& base,
                                                      const std::array<PaneConfig, Document::kPanes>& panes,
                                                      DisplayRange range, const RunPlan& run,
                                                      const std::function<bool()>& superseded);

// A peer pane: the library's pixels for `src` at the document's output size (MATLAB's size rule on
// `base`), and its tables as a Plan for the kernel, tap and worked-example views. With a scale, the
// library's own call (scale_factor / fx) is used when its size rule gives the same size; otherwise
// the size is given, as F.interpolate(size=) / cv2.resize(dsize) / Image.resize would be called. A
// type the library does not take goes through float32 (im2single) and back to the source's type.
struct PeerPane {
  std::shared_ptr<const Image> image;
  std::shared_ptr<const Plan> plan;
  double ms = 0.0;  // the library's resize alone
  QString note;     // what was adapted, then the tables' note
};
// Throws std::invalid_argument / std::runtime_error with one line.
PeerPane run_peer_pane(const Image& src, const ResizeSpec& base, const peers::PeerSpec& peer);

struct PaneDiffs {
  std::array<PaneDiff, Document::kPanes> diffs;
  double lo = 0.0, hi = 1.0;  // the colour scale every map was coloured with
};
// Each pane's map and statistics against `ref` (converted to the pane's element type), coloured on
// one scale: 0..max (signed: -max..max) of the largest finite |difference|, or the fixed maximum.
PaneDiffs diff_panes(const std::array<std::shared_ptr<const Image>, Document::kPanes>& images,
                     const Image& ref, const DiffSettings& settings);

}  // namespace rl::ui
