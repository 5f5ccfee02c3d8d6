// What a resizelab command line asks for, typed: read once by the option table for the window and
// --export alike, so that both take the same values with the same errors (exit 2, one line) and the
// window receives values, never text.
#pragma once

#include <QList>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QStringList>
#include <optional>
#include <utility>
#include <vector>

#include "degrade_args.hpp"
#include "pane_options.hpp"
#include "resizelab_options.hpp"
#include "rl/device_policy.hpp"
#include "rl/spec.hpp"
#include "rl/sr_protocol.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/dock_table.hpp"
#include "rl/ui/figure.hpp"

namespace rl::app {

// The difference map's kind as --diff names it: abs, signed, abs:C, signed:C, ssim.
struct DiffKind {
  DiffMode mode = DiffMode::AbsMaxChannel;
  int channel = -1;  // 0-based; -1: every channel (abs: their maximum, signed: the largest magnitude)
  bool ssim_map = false;
  void apply_to(ui::DiffSettings& d) const;  // the other settings (protocol, range) stay
};

struct Request {
  bool help = false, version = false;
  QString image;  // IMAGE; empty: the built-in test image
  // The resize (--scale S or R,C, --size R,C, --sr-scale S, --boundary): nullopt where not given.
  std::optional<std::pair<double, double>> scale, size;
  std::optional<int> sr_scale;
  // The round trip's LR (--degradation, --sigma, --noise, --seed), checked at sr_scale (the core's
  // rules); the window without --sr-scale: the Presets' model for the run.
  rl::app::DegradeArgs degradation;
  ui::SrDegradation sr_degradation() const;
  std::optional<rl::Boundary> boundary;
  std::optional<rl::Device> device;             // --device: the window's Device box for this run
  std::optional<ui::ResizeClass> resize_class;  // --as: the window's Class box for this run
  // The panes (--panes, empty when not given: each mode has its default) and LR files' --upscale.
  QList<PaneChoice> panes;
  std::optional<rl::Method> upscale;
  QString reference;  // --reference FILE: every pane compared with it
  // --max-pixels N: the pixel limit of every image read (set as RL_MAX_PIXELS for the run).
  std::optional<qulonglong> max_pixels;
  // The comparison shown: --diff's kind, whether maps are shown (the window's --diff, the export's
  // --no-diff), --metrics, every --crop in order.
  std::optional<DiffKind> diff;
  std::optional<bool> show_diffs;
  std::optional<rl::SrProtocol> metrics;
  // --metrics niqe[:Q] with --niqe-model's files (empty: the pristine model), read by check().
  std::optional<ui::NiqeChoice> niqe;
  QString niqe_model_mean, niqe_model_cov;
  QList<QRectF> crops;
  // The figure (--export): its file, layout, width, dpi and plots, with the pixel and line they explain.
  QString out;
  std::optional<ui::FigureLayout> layout;
  bool crop_scores = false;  // --crop-scores: sr-paper's insets scored on their crops
  std::optional<int> width_px;
  std::optional<double> dpi;
  std::optional<QList<ui::FigurePlot>> plots;  // an empty list: none
  std::optional<std::vector<double>> pixel, profile;
  // The window's display for this run (--exposure, --offset, --display-range, --channel): nullopt where
  // not given; a range is {black, white}, or auto as nullopt inside.
  std::optional<double> exposure, offset;
  std::optional<std::optional<std::pair<double, double>>> display_range;
  std::optional<ui::ViewChannel> channel;
  // The window's own: the inspected point, the panel brought forward, the screenshot, --watch.
  std::optional<QPointF> inspect;
  const ui::DockSpec* panel = nullptr;  // a row of the dock table
  QString screenshot;
  bool watch = false;
};

// Reads `args` (program name first) for `mode` (Window or Export): the table's words (parse_options)
// turned into values in command-line order, the last one given winning, and the rules that need no
// file checked. Throws CommandLineError (exit 2, one line).
Request parse_request(const QStringList& args, OptionMode mode);

// --max-pixels for the rest of the process: every image it reads (IMAGE, file: panes, --reference)
// goes through the readers' one limit, read from RL_MAX_PIXELS. The programs call it once parsed.
void apply_max_pixels(const Request& r);

// Which entry point `args` asks for: Export when --export is given before "--" (values of options are
// skipped, so `--reference --export` names a file), else Window.
OptionMode requested_mode(const QStringList& args);

}  // namespace rl::app
