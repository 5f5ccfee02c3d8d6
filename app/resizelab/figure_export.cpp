// prepare_export: the request read, the image and reference loaded, the panes computed with the core
// (compute_comparison, as the window does) and what depends on them checked; export_main writes it.
#include "figure_export.hpp"

#include <QFileInfo>
#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "exit_codes.hpp"
#include "resizelab_options.hpp"
#include "resizelab_request.hpp"
#include "rl/atomic_file.hpp"
#include "rl/image_io.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/default_image.hpp"
#include "rl/ui/figure.hpp"
#include "rl/ui/statistics_text.hpp"

namespace rl::app {
namespace {

// The shared table: kExitFailure covers both unreadable input and an unwritable figure.
using rl::app::kExitFailure, rl::app::kExitUsage;

[[noreturn]] void fail(int code, const QString& message) { throw CommandLineError{code, message}; }

// An image's width × height in the figure's title and the options' errors (the viewer's one spelling).
QString qsize_text(const rl::Image& img) { return ui::size_text(img.cols(), img.rows()); }

// With the decoders' messages captured, as `imresize` reads: libpng's and libjpeg's text becomes the
// one-line reason, and a JPEG they call corrupt is refused instead of drawn with grey.
std::shared_ptr<const rl::Image> load_image(const QString& path, const char* what) {
  try {
    rl::io::LoadOptions options;
    options.capture_decoder_messages = true;
    return std::make_shared<const rl::Image>(rl::io::load(path.toStdString(), options));
  } catch (const std::exception& e) {
    fail(kExitFailure, QStringLiteral("cannot read %1 '%2': %3")
                           .arg(QLatin1String(what), path, QString::fromUtf8(e.what())));
  }
}

// The figure's own settings from the request: diff kind and protocol, layout, width, dpi, plots, maps
// shown; sr-paper's protocol defaults to srcnn (the Y-channel numbers most SR tables print) and it
// draws no plots.
void figure_settings(const Request& r, ui::FigureSpec& spec) {
  ui::DiffSettings& d = spec.comparison.diff;
  if (r.diff) r.diff->apply_to(d);
  d.protocol = r.metrics;
  d.niqe = r.niqe;
  spec.layout = r.layout.value_or(spec.layout);
  spec.width_px = r.width_px.value_or(spec.width_px);
  spec.dpi = r.dpi.value_or(spec.dpi);
  spec.plots = r.plots.value_or(spec.plots);
  spec.show_diffs = r.show_diffs.value_or(spec.show_diffs);
  spec.crop_scores = r.crop_scores;
  if (spec.layout != ui::FigureLayout::SrPaper) return;
  if (!d.protocol) d.protocol = rl::SrProtocol::Srcnn;
  spec.plots.clear();
}

// Load: the image (or the built-in one) and the reference into the comparison; the crop must lie in
// the image.
void load_inputs(const Request& r, ui::FigureSpec& spec) {
  ui::Comparison& cmp = spec.comparison;
  if (r.image.isEmpty()) {
    try {
      cmp.source = std::make_shared<const rl::Image>(rl::ui::default_image());
    } catch (const std::exception& e) {
      fail(kExitFailure, QString::fromUtf8(e.what()));
    }
  } else {
    cmp.source = load_image(r.image, "image");
  }
  if (!r.reference.isEmpty()) {
    cmp.reference_image = load_image(r.reference, "reference");
    cmp.diff.against = ui::DiffAgainst::ReferenceImage;
    spec.reference_label = QFileInfo(r.reference).fileName();
  }
  spec.source_path = r.image;
  spec.reference_path = r.reference;
  const rl::Image& src = *cmp.source;
  QList<QRect> crops;  // the figure shows whole source pixels
  for (const QRectF& c : r.crops) crops << c.toAlignedRect();
  for (const QRect& crop : crops)
    if (!QRect(0, 0, src.cols(), src.rows()).contains(crop))
      fail(kExitUsage, QStringLiteral("--crop %1,%2,%3,%4 is outside the %5 image")
                           .arg(crop.x())
                           .arg(crop.y())
                           .arg(crop.width())
                           .arg(crop.height())
                           .arg(qsize_text(src)));
  if (!crops.isEmpty()) spec.crop = crops.first();
  if (spec.layout == ui::FigureLayout::SrPaper) spec.crops = crops;
}

// Compute: the comparison the viewer would make of these settings, by the same function.
void compute(const Request& r, ui::FigureSpec& spec) {
  ui::Comparison& cmp = spec.comparison;
  if (r.size)
    cmp.base.out_size = r.size;
  else if (r.sr_scale)  // so the protocol scores at the factor with file panes alone too
    cmp.base.scale = std::pair{double(*r.sr_scale), double(*r.sr_scale)};
  else
    cmp.base.scale = r.scale.value_or(default_scale_for(r.panes).value_or(std::pair{0.5, 0.5}));
  cmp.base.boundary = r.boundary.value_or(rl::Boundary::Modern);
  cmp.resize_class = r.resize_class.value_or(ui::ResizeClass::Keep);
  if (r.sr_scale) cmp.diff.against = ui::DiffAgainst::Source;
  for (const PaneChoice& c : r.panes) {
    ui::PaneConfig config = c.config;
    if (r.sr_scale && !config.is_file()) {
      config.sr_round_trip = *r.sr_scale;
      config.sr_degradation = r.sr_degradation();
    }
    if (config.is_file()) config.file_upscale = r.upscale;
    cmp.panes.push_back(config);
  }
  cmp.screen = false;  // the figure converts and colours the crops it draws
  ui::compute_comparison(cmp, ui::run_on_cpu, [] { return false; });
  for (std::size_t i = 0; i < cmp.results.size(); ++i) {
    const ui::PaneResult& res = cmp.results[i];
    const QString& name = r.panes[static_cast<int>(i)].name;
    if (!res.error.isEmpty())
      fail(kExitFailure, cmp.panes[i].is_file()
                             ? QStringLiteral("pane %1: %2").arg(name, res.error)
                             : QStringLiteral("cannot resize with %1: %2").arg(name, res.error));
  }
  spec.labels = figure_labels(cmp);
}

// Validate: --pixel must be an output pixel of the reference pane and --profile must lie in the image,
// which only the computed plan and the loaded image can tell.
void validate(const Request& r, ui::FigureSpec& spec) {
  const rl::Image& src = *spec.comparison.source;
  const rl::Image& ref_out = *spec.comparison.results.front().image;  // a file pane has no plan
  if (r.pixel) {
    const double row = (*r.pixel)[0], col = (*r.pixel)[1];
    if (row != std::floor(row) || col != std::floor(col) || row < 0 || col < 0 || row >= ref_out.rows() ||
        col >= ref_out.cols())
      fail(kExitUsage,
           QStringLiteral("--pixel %1,%2 is not an output pixel: the reference pane's output is %3 "
                          "(width \u00d7 height; --pixel is ROW,COL, 0-based)")
               .arg(row)
               .arg(col)
               .arg(qsize_text(ref_out)));
    spec.pixel = QPoint(static_cast<int>(col), static_cast<int>(row));
  }
  if (r.profile) {
    const auto& v = *r.profile;
    for (int k = 0; k < 4; ++k)
      if (v[k] < 0 || v[k] > (k % 2 == 0 ? src.rows() : src.cols()) - 1)
        fail(kExitUsage, QStringLiteral("--profile %1,%2,%3,%4 leaves the %5 image (width \u00d7 height; "
                                        "--profile is ROW,COL,ROW,COL, 0-based)")
                             .arg(v[0])
                             .arg(v[1])
                             .arg(v[2])
                             .arg(v[3])
                             .arg(qsize_text(src)));
    spec.profile = QLineF(v[1], v[0], v[3], v[2]);
  }
}

}  // namespace

QStringList figure_labels(const ui::Comparison& c) {
  QStringList labels;
  for (std::size_t i = 0; i < c.panes.size(); ++i) {
    const ui::PaneConfig& p = c.panes[i];
    const QString label = i < c.results.size() ? ui::pane_label(p, c.results[i]) : ui::pane_label(p);
    const bool matlab = !p.peer && !p.is_file() && p.sr_round_trip == 0;
    labels << (i == static_cast<std::size_t>(ui::kReferencePane) && matlab ? QStringLiteral("MATLAB ") + label
                                                                           : label);
  }
  return labels;
}

QString figure_title(const ui::FigureSpec& spec) {
  if (spec.layout == ui::FigureLayout::SrPaper) return {};
  const ui::Comparison& cmp = spec.comparison;
  if (!cmp.source || cmp.results.empty()) return {};
  const rl::Image& src = *cmp.source;
  QString sizes;
  for (std::size_t i = 0; i < cmp.results.size(); ++i) {
    const ui::PaneResult& res = cmp.results[i];
    // A library's tables describe its own size rule; a file was not resized from the image; a round
    // trip has two plans, and none is kept. The last MATLAB pane's sizes.
    if (cmp.panes[i].peer || cmp.panes[i].is_file() || !res.plan) continue;
    const QString sr = QString::number(res.plan->rows.scale, 'g', 4),
                  scs = QString::number(res.plan->cols.scale, 'g', 4);
    sizes = QStringLiteral("%1 \u2192 %2 (scale %3)")
                .arg(qsize_text(src), ui::size_text(res.plan->out_cols, res.plan->out_rows),
                     sr == scs ? sr : sr + QStringLiteral(" x ") + scs);
  }
  if (sizes.isEmpty() && cmp.results.front().image) {  // only files and libraries: their size
    const rl::Image& first = *cmp.results.front().image;
    sizes = qsize_text(first);
  }
  const QRect crop = spec.crop;
  const QString crop_text = crop.isEmpty() ? QStringLiteral("whole image")
                                           : QStringLiteral("crop x %1, y %2, %3 px")
                                                 .arg(crop.x())
                                                 .arg(crop.y())
                                                 .arg(ui::size_text(crop.width(), crop.height()));
  return QStringLiteral("%1: %2, %3 boundary, %4")
      .arg(spec.source_path.isEmpty() ? QStringLiteral("test image") : QFileInfo(spec.source_path).fileName(),
           sizes, QString::fromStdString(rl::to_string(cmp.base.boundary)), crop_text);
}

ExportJob prepare_export(const QStringList& args) {
  return prepare_export(parse_request(args, OptionMode::Export));
}

ExportJob prepare_export(Request request) {
  ExportJob job;
  if (request.help) {
    job.help = true;
    return job;
  }
  if (request.panes.isEmpty()) request.panes = parse_panes(QStringLiteral("matlab,nearest,bilinear,bicubic"));
  try {
    rl::check_output_writable(request.out.toStdString());
  } catch (const std::exception& e) {
    fail(kExitFailure, QString::fromUtf8(e.what()));
  }
  ui::FigureSpec spec;
  figure_settings(request, spec);
  load_inputs(request, spec);
  compute(request, spec);
  validate(request, spec);
  if (spec.layout == ui::FigureLayout::SrPaper)
    if (const QString why = ui::sr_paper_geometry(spec).error; !why.isEmpty()) fail(kExitUsage, why);
  spec.title = figure_title(spec);
  job.spec = std::move(spec);
  job.path = request.out;
  return job;
}

}  // namespace rl::app
