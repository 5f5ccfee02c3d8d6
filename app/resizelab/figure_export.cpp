// export_main: argument parsing, pane computation with the core, and write_figure.
#include "figure_export.hpp"

#include <QFileInfo>
#include <QGuiApplication>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <initializer_list>
#include <stdexcept>
#include <vector>

#include "exit_codes.hpp"
#include "resizelab_options.hpp"
#include "rl/atomic_file.hpp"
#include "rl/image_io.hpp"
#include "rl/parse.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"
#include "rl/ui/comparison.hpp"
#include "rl/ui/default_image.hpp"
#include "rl/ui/figure.hpp"

namespace rl::ui {
namespace {

// The shared table: kExitFailure covers both unreadable input and an unwritable figure.
constexpr int kExitInput = rl::app::kExitFailure, kExitUsage = rl::app::kExitUsage,
              kExitOutput = rl::app::kExitFailure;

[[noreturn]] void fail(int code, const QString& message) { throw ExportError{code, message}; }

// A pane name that asks for a library's resize ("opencv-...", "pillow-...", "torch-...").
bool peer_named(const QString& name) {
  for (const char* lib : {"opencv-", "pillow-", "torch-"})
    if (name.toLower().startsWith(QLatin1String(lib))) return true;
  return false;
}

// The help: every --export option of the table, with the method, library and file lists read from core,
// peers and io.
void print_usage() {
  const QString intro = QStringLiteral(
      "Writes the comparison figure File > Export writes, without a display.\n"
      "Exit status: 0 written; 1 the image cannot be read or resized, or the figure cannot be written;\n"
      "2 bad option or value. Every error is one line on stderr.");
  std::fputs(options_help(OptionMode::Export, intro).toLocal8Bit().constData(), stdout);
}

std::shared_ptr<const rl::Image> load_image(const QString& path, const char* what) {
  try {
    return std::make_shared<const rl::Image>(rl::io::load(path.toStdString()));
  } catch (const std::exception& e) {
    fail(kExitInput, QStringLiteral("cannot read %1 '%2': %3")
                         .arg(QLatin1String(what), path, QString::fromUtf8(e.what())));
  }
}

// --plots: comma-separated plot names, each once; an empty list draws none.
QList<FigurePlot> parse_plots(const QString& s) {
  QList<FigurePlot> out;
  for (const QString& name : s.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const auto p = parse_figure_plot(name);
    if (!p)
      fail(kExitUsage, QStringLiteral("--plots takes %1, got '%2'").arg(figure_plot_names(), name.trimmed()));
    if (out.contains(*p)) fail(kExitUsage, QStringLiteral("--plots names '%1' twice").arg(name.trimmed()));
    out.append(*p);
  }
  return out;
}

// The value of `option` named `given` among `names`; a usage error listing them otherwise.
// --diff: |a - ref| (max over channels) or signed a - ref, the channel of largest magnitude per pixel.
void set_diff_choice(DiffSettings& d, const QString& option, const QString& given);

template <class T>
T choice(const QString& option, const QString& given, std::initializer_list<T> values,
         const QStringList& names) {
  const int i = static_cast<int>(names.indexOf(given));
  if (i < 0)
    fail(kExitUsage, QStringLiteral("%1 must be %2, got '%3'").arg(option, names.join(" or "), given));
  return *(values.begin() + i);
}

// --diff: the map's kind, with ":C" one channel (1-based) of abs or signed; the other settings
// (--metrics's protocol) stay.
void set_diff_choice(DiffSettings& d, const QString& option, const QString& given) {
  const qsizetype colon = given.indexOf(QLatin1Char(':'));
  const QString kind_text = colon < 0 ? given : given.left(colon);
  const int kind = choice(option, kind_text, {0, 1, 2}, {"abs", "signed", "ssim"});
  d.mode = kind == 1 ? DiffMode::Signed : DiffMode::AbsMaxChannel;
  d.ssim_map = kind == 2;
  d.channel = -1;
  if (colon < 0) return;
  bool ok = false;
  const int channel = given.mid(colon + 1).toInt(&ok);
  if (kind == 2 || !ok || channel < 1 || channel > 4)
    fail(kExitUsage,
         QStringLiteral("%1 takes abs, signed or ssim, or abs:C or signed:C for channel C (1..4), "
                        "got '%2'")
             .arg(option, given));
  d.mode = kind == 1 ? DiffMode::Signed : DiffMode::AbsChannel;
  d.channel = channel - 1;
}

}  // namespace

namespace {

// What the command line asks for, before anything is read: parse_request's result.
struct ExportRequest {
  bool help = false;
  QString out, image, reference;
  std::optional<std::pair<double, double>> scale, size;
  std::optional<int> sr_scale;  // --sr-scale: resizer panes are SR round trips, compared with IMAGE
  QList<QRect> crops;           // every --crop, in order
  rl::Boundary boundary = rl::Boundary::Modern;
  QList<PaneChoice> panes;
  std::optional<rl::Method> upscale;  // --upscale: how LR file panes reach the reference's size
  std::optional<std::vector<double>> pixel, profile;
  FigureSpec spec;  // the figure's own settings: diff mode, layout, width, dpi, plots, maps shown
};

// What --sr-scale and --layout sr-paper take and refuse; sr-paper's protocol defaults to srcnn (the
// Y-channel numbers most SR tables print) and it draws no plots.
void check_sr_options(const ParsedOptions& opts, ExportRequest& r) {
  const bool paper = r.spec.layout == FigureLayout::SrPaper;
  if (r.crops.size() > 1 && !paper)
    fail(kExitUsage,
         QStringLiteral("--crop given %1 times: only --layout sr-paper shows more than one region")
             .arg(r.crops.size()));
  if (paper && !r.sr_scale)
    fail(kExitUsage, QStringLiteral("--layout sr-paper needs --sr-scale S (the SR factor)"));
  if (r.sr_scale && (r.scale || r.size))
    fail(kExitUsage, QStringLiteral("--sr-scale is the scale: give no --scale or --size with it"));
  if (r.sr_scale && opts.has(QStringLiteral("reference")))
    fail(kExitUsage, QStringLiteral("--sr-scale compares with IMAGE, the HR: give no --reference"));
  if (!paper) return;
  for (const char* o : {"diff", "no-diff", "plots", "no-kernel-plot", "pixel", "profile"})
    if (opts.has(QLatin1String(o)))
      fail(kExitUsage, QStringLiteral("--%1 has no place in --layout sr-paper (it draws insets and scores)")
                           .arg(QLatin1String(o)));
  if (!r.spec.comparison.diff.protocol) r.spec.comparison.diff.protocol = rl::SrProtocol::Srcnn;
  r.spec.plots.clear();
}

// Parse: the option table's words turned into settings, in command-line order (the last one given
// wins; --no-kernel-plot and --plots replace each other). Checks what needs no image: values, the
// figure's file type, that its folder is writable.
ExportRequest parse_request(const QStringList& args) {
  ExportRequest r;
  const ParsedOptions opts = parse_options(args, OptionMode::Export);
  if (opts.has(QStringLiteral("help"))) {
    r.help = true;
    return r;
  }
  FigureSpec& spec = r.spec;
  try {
    for (const auto& [name, v] : opts.given) {
      const QString option = QStringLiteral("--") + name;
      if (name == QLatin1String("export"))
        r.out = v;
      else if (name == QLatin1String("scale"))
        r.scale = rl::parse_scale(v.toStdString());
      else if (name == QLatin1String("size"))
        r.size = rl::parse_size(v.toStdString());
      else if (name == QLatin1String("crop")) {
        const auto c = parse_crop(v);
        if (!c) fail(kExitUsage, crop_error(v));
        r.crops << c->toAlignedRect();  // the figure shows whole source pixels
      } else if (name == QLatin1String("sr-scale")) {
        bool ok = false;
        r.sr_scale = v.toInt(&ok);
        if (!ok || *r.sr_scale < 2 || *r.sr_scale > 16)
          fail(kExitUsage, QStringLiteral("--sr-scale takes an integer SR factor 2..16, got '%1'").arg(v));
      } else if (name == QLatin1String("boundary")) {
        const auto parsed = rl::parse_boundary(v.toStdString());
        if (!parsed) fail(kExitUsage, QStringLiteral("--boundary must be modern or legacy, got '%1'").arg(v));
        r.boundary = *parsed;
      } else if (name == QLatin1String("panes"))
        r.panes = parse_panes(v);
      else if (name == QLatin1String("upscale"))
        r.upscale = parse_upscale(v);
      else if (name == QLatin1String("reference"))
        r.reference = v;
      else if (name == QLatin1String("diff"))
        set_diff_choice(spec.comparison.diff, option, v);
      else if (name == QLatin1String("metrics"))
        spec.comparison.diff.protocol = parse_metrics(v);
      else if (name == QLatin1String("layout")) {
        const auto l = parse_figure_layout(v);
        if (!l) fail(kExitUsage, QStringLiteral("--layout must be row, grid or sr-paper, got '%1'").arg(v));
        spec.layout = *l;
      } else if (name == QLatin1String("width")) {
        bool ok = false;
        spec.width_px = v.toInt(&ok);
        if (!ok || spec.width_px < 200 || spec.width_px > 20000)
          fail(kExitUsage, QStringLiteral("--width must be an integer 200..20000, got '%1'").arg(v));
      } else if (name == QLatin1String("dpi")) {
        bool ok = false;
        spec.dpi = v.toDouble(&ok);
        if (!ok || !(spec.dpi >= 30 && spec.dpi <= 2400))
          fail(kExitUsage, QStringLiteral("--dpi must be 30..2400, got '%1'").arg(v));
      } else if (name == QLatin1String("no-kernel-plot"))
        spec.plots.clear();  // the same as an empty --plots
      else if (name == QLatin1String("plots"))
        spec.plots = parse_plots(v);
      else if (name == QLatin1String("pixel"))
        r.pixel = parse_numbers(option, v, 2, QStringLiteral("R,C"));
      else if (name == QLatin1String("profile"))
        r.profile = parse_numbers(option, v, 4, QStringLiteral("R0,C0,R1,C1"));
      else if (name == QLatin1String("no-diff"))
        spec.show_diffs = false;
    }
  } catch (const std::invalid_argument& e) {
    fail(kExitUsage, QString::fromUtf8(e.what()));
  }
  if (!opts.positional.isEmpty()) r.image = opts.positional.first();
  if (r.out.isEmpty()) fail(kExitUsage, QStringLiteral("--export needs a file name"));
  const QString ext = QFileInfo(r.out).suffix().toLower();
  if (ext != QLatin1String("png") && ext != QLatin1String("svg") && ext != QLatin1String("pdf"))
    fail(kExitUsage, QStringLiteral("the figure must end in .png, .svg or .pdf, got '%1'").arg(r.out));
  if (r.scale && r.size) fail(kExitUsage, QStringLiteral("give --scale or --size, not both"));
  check_sr_options(opts, r);
  if (!opts.has(QStringLiteral("panes")))
    r.panes = parse_panes(QStringLiteral("matlab,nearest,bilinear,bicubic"));
  try {
    rl::check_output_writable(r.out.toStdString());
  } catch (const std::exception& e) {
    fail(kExitOutput, QString::fromUtf8(e.what()));
  }
  return r;
}

// Load: the image (or the built-in one) and the reference into the comparison; the crop must lie in
// the image.
void load_inputs(const ExportRequest& r, FigureSpec& spec) {
  Comparison& cmp = spec.comparison;
  if (r.image.isEmpty()) {
    try {
      cmp.source = std::make_shared<const rl::Image>(rl::ui::default_image());
    } catch (const std::exception& e) {
      fail(kExitInput, QString::fromUtf8(e.what()));
    }
  } else {
    cmp.source = load_image(r.image, "image");
  }
  if (!r.reference.isEmpty()) {
    cmp.reference_image = load_image(r.reference, "reference");
    cmp.diff.against = DiffAgainst::ReferenceImage;
    spec.reference_label = QFileInfo(r.reference).fileName();
  }
  spec.source_path = r.image;
  spec.reference_path = r.reference;
  const rl::Image& src = *cmp.source;
  for (const QRect& crop : r.crops)
    if (!QRect(0, 0, src.cols(), src.rows()).contains(crop))
      fail(kExitUsage, QStringLiteral("--crop %1,%2,%3,%4 is outside the %5x%6 image")
                           .arg(crop.x())
                           .arg(crop.y())
                           .arg(crop.width())
                           .arg(crop.height())
                           .arg(src.cols())
                           .arg(src.rows()));
  if (!r.crops.isEmpty()) spec.crop = r.crops.first();
  if (spec.layout == FigureLayout::SrPaper) spec.crops = r.crops;
}

// Compute: the comparison the viewer would make of these settings, by the same function. Returns the
// size line of the title ("RxC -> RxC (scale s)", from the last MATLAB pane).
QString compute(const ExportRequest& r, FigureSpec& spec) {
  Comparison& cmp = spec.comparison;
  if (r.size)
    cmp.base.out_size = r.size;
  else if (r.sr_scale)  // so the protocol scores at the factor with file panes alone too
    cmp.base.scale = std::pair{double(*r.sr_scale), double(*r.sr_scale)};
  else
    cmp.base.scale = r.scale.value_or(default_scale_for(r.panes).value_or(std::pair{0.5, 0.5}));
  cmp.base.boundary = r.boundary;
  if (r.sr_scale) cmp.diff.against = DiffAgainst::Source;
  for (const PaneChoice& c : r.panes) {
    PaneConfig config = c.config;
    if (r.sr_scale && !config.is_file()) config.sr_round_trip = *r.sr_scale;
    if (config.is_file()) config.file_upscale = r.upscale;
    cmp.panes.push_back(config);
    spec.labels << (config.sr_round_trip ? pane_label(config) : c.label);  // sr-paper names its insets itself
  }
  compute_comparison(cmp, run_on_cpu, [] { return false; });
  for (std::size_t i = 0; i < cmp.panes.size(); ++i)  // an LR file's label says how it was upscaled
    if (cmp.panes[i].is_file()) spec.labels[static_cast<int>(i)] = pane_label(cmp.panes[i], cmp.results[i]);
  const rl::Image& src = *cmp.source;
  QString size_text;
  for (std::size_t i = 0; i < cmp.results.size(); ++i) {
    const PaneResult& res = cmp.results[i];
    const QString& name = r.panes[static_cast<int>(i)].name;
    if (!res.error.isEmpty())
      fail(kExitInput, cmp.panes[i].is_file()
                           ? QStringLiteral("pane %1: %2").arg(name, res.error)
                           : QStringLiteral("cannot resize with %1: %2").arg(name, res.error));
    // A library's tables describe its own size rule; a file was not resized from the image; a round
    // trip has two plans, and none is kept.
    if (cmp.panes[i].peer || cmp.panes[i].is_file() || !res.plan) continue;
    const QString sr = QString::number(res.plan->rows.scale, 'g', 4),
                  scs = QString::number(res.plan->cols.scale, 'g', 4);
    size_text = QStringLiteral("%1x%2 \u2192 %3x%4 (scale %5)")
                    .arg(src.rows())
                    .arg(src.cols())
                    .arg(res.plan->out_rows)
                    .arg(res.plan->out_cols)
                    .arg(sr == scs ? sr : sr + QStringLiteral(" x ") + scs);
  }
  if (size_text.isEmpty()) {  // only files and libraries: the size they are compared at
    const rl::Image& first = *cmp.results.front().image;
    size_text = QStringLiteral("%1x%2").arg(first.rows()).arg(first.cols());
  }
  return size_text;
}

// Validate: --pixel must be an output pixel of the reference pane and --profile must lie in the image,
// which only the computed plan and the loaded image can tell.
void validate(const ExportRequest& r, FigureSpec& spec) {
  const rl::Image& src = *spec.comparison.source;
  const rl::Image& ref_out = *spec.comparison.results.front().image;  // a file pane has no plan
  if (r.pixel) {
    const double row = (*r.pixel)[0], col = (*r.pixel)[1];
    if (row != std::floor(row) || col != std::floor(col) || row < 0 || col < 0 || row >= ref_out.rows() ||
        col >= ref_out.cols())
      fail(kExitUsage,
           QStringLiteral("--pixel %1,%2 is not an output pixel: the reference pane's output is %3x%4 "
                          "(rows x columns, 0-based)")
               .arg(row)
               .arg(col)
               .arg(ref_out.rows())
               .arg(ref_out.cols()));
    spec.pixel = QPoint(static_cast<int>(col), static_cast<int>(row));
  }
  if (r.profile) {
    const auto& v = *r.profile;
    for (int k = 0; k < 4; ++k)
      if (v[k] < 0 || v[k] > (k % 2 == 0 ? src.rows() : src.cols()) - 1)
        fail(kExitUsage,
             QStringLiteral("--profile %1,%2,%3,%4 leaves the %5x%6 image (rows x columns, 0-based)")
                 .arg(v[0])
                 .arg(v[1])
                 .arg(v[2])
                 .arg(v[3])
                 .arg(src.rows())
                 .arg(src.cols()));
    spec.profile = QLineF(v[1], v[0], v[3], v[2]);
  }
}

}  // namespace

ExportJob prepare_export(const QStringList& args) {
  ExportRequest request = parse_request(args);
  ExportJob job;
  if (request.help) {
    job.help = true;
    return job;
  }
  FigureSpec& spec = request.spec;
  load_inputs(request, spec);
  const QString size_text = compute(request, spec);
  validate(request, spec);
  if (spec.layout == FigureLayout::SrPaper) {
    if (const QString why = sr_paper_geometry(spec).error; !why.isEmpty()) fail(kExitUsage, why);
    job.spec = std::move(spec);
    job.path = request.out;
    return job;  // no title: a paper's figure has its caption in the paper
  }
  const QRect crop = request.crops.isEmpty() ? QRect() : request.crops.first();
  const QString crop_text = crop.isEmpty() ? QStringLiteral("whole image")
                                           : QStringLiteral("crop x %1, y %2, %3x%4 px")
                                                 .arg(crop.x())
                                                 .arg(crop.y())
                                                 .arg(crop.width())
                                                 .arg(crop.height());
  spec.title =
      QStringLiteral("%1: %2, %3 boundary, %4")
          .arg(request.image.isEmpty() ? QStringLiteral("test image") : QFileInfo(request.image).fileName(),
               size_text, QString::fromStdString(rl::to_string(request.boundary)), crop_text);
  job.spec = std::move(spec);
  job.path = request.out;
  return job;
}

// --panes: each name a pane; a library pane's error says what is wrong with its method or option.
std::optional<std::pair<double, double>> default_scale_for(const QList<PaneChoice>& panes) {
  for (const PaneChoice& c : panes)
    if (c.config.is_file()) return std::pair{1.0, 1.0};
  return std::nullopt;
}

QList<PaneChoice> parse_panes(const QString& list) {
  QList<PaneChoice> choices;
  for (const QString& raw : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const QString name = raw.trimmed();
    if (name.compare(QLatin1String("file:"), Qt::CaseInsensitive) == 0)
      fail(kExitUsage, QStringLiteral("pane 'file:' needs a path (file:PATH)"));
    const auto c = parse_pane(name);
    if (!c && peer_named(name)) try {
        (void)rl::peers::parse_peer_spec(name.toLower().toStdString());
      } catch (const std::invalid_argument& e) {
        fail(kExitUsage, QStringLiteral("pane '%1': %2").arg(name, QString::fromUtf8(e.what())));
      }
    if (!c)
      fail(kExitUsage, QStringLiteral("unknown pane '%1' (see --help; e.g. matlab, bicubic-noaa, "
                                      "opencv-cubic, pillow-bicubic, torch-bicubic-aa)")
                           .arg(raw));
    choices.append(*c);
  }
  if (choices.isEmpty()) fail(kExitUsage, QStringLiteral("--panes is empty"));
  if (choices.size() > 16) fail(kExitUsage, QStringLiteral("at most 16 panes"));
  return choices;
}

rl::Method parse_upscale(const QString& s) {
  const auto m = rl::parse_method(s.trimmed().toLower().toStdString());
  if (!m || *m == rl::Method::Custom)
    fail(kExitUsage, QStringLiteral("--upscale takes one of %1, got '%2'").arg(matlab_method_list(), s));
  return *m;
}

std::optional<PaneChoice> parse_pane(const QString& raw) {
  // file:PATH, the path as given (its case kept).
  if (raw.startsWith(QLatin1String("file:"), Qt::CaseInsensitive) && raw.size() > 5) {
    PaneChoice c{raw, {}, file_pane(raw.mid(5))};
    c.label = pane_label(c.config);
    return c;
  }
  const QString name = raw.toLower();
  if (peer_named(name)) {
    try {
      PaneChoice c{raw, {}, {rl::Method::Bicubic, false, rl::peers::parse_peer_spec(name.toStdString())}};
      c.label = pane_label(c.config);
      return c;
    } catch (const std::invalid_argument&) {
      return std::nullopt;
    }
  }
  if (name == QLatin1String("matlab"))
    return PaneChoice{raw, QStringLiteral("MATLAB bicubic (antialiased)"), {rl::Method::Bicubic, true}};
  QString base = name;
  bool aa = false;
  if (name.endsWith(QLatin1String("-noaa")))
    base.chop(5);
  else if (name.endsWith(QLatin1String("-aa"))) {
    base.chop(3);
    aa = true;
  }
  const auto m = rl::parse_method(base.toStdString());
  if (!m || *m == rl::Method::Custom) return std::nullopt;
  QString label = QString::fromStdString(rl::to_string(*m));
  if (*m != rl::Method::Nearest || aa)
    label += aa ? QStringLiteral(", antialiased") : QStringLiteral(", no antialiasing");
  return PaneChoice{raw, label, {*m, aa}};
}

QString pane_name(const PaneConfig& c) {
  if (c.is_file()) return QStringLiteral("file:") + c.file;
  if (c.peer) return QString::fromStdString(rl::peers::to_string(*c.peer));
  if (c.method == rl::Method::Bicubic && c.antialiasing) return QStringLiteral("matlab");
  return QString::fromStdString(rl::to_string(c.method)) +
         (c.antialiasing ? QStringLiteral("-aa") : QString());
}

namespace {

// Numbers as the parsers read them back to the same double (17 significant digits when needed).
QString exact(double v) {
  if (std::isnan(v)) return QStringLiteral("NaN");
  const QString shortest = QString::number(v, 'g', 15);
  return shortest.toDouble() == v ? shortest : QString::number(v, 'g', 17);
}

QString pair_text(const std::pair<double, double>& p, bool always_both) {
  return !always_both && p.first == p.second ? exact(p.first) : exact(p.first) + "," + exact(p.second);
}

QString rect_text(const QRect& r) {
  return QStringLiteral("%1,%2,%3,%4").arg(r.x()).arg(r.y()).arg(r.width()).arg(r.height());
}

// The values option `name` takes to say what `s` holds (none: the default, or not this figure's).
QStringList option_values(const QString& name, const FigureSpec& s, const QString& path,
                          QStringList& left_out) {
  const Comparison& c = s.comparison;
  const FigureSpec defaults;
  const bool paper = s.layout == FigureLayout::SrPaper;
  const bool sr = c.against_source() && c.sr_scale() > 0;
  const auto one = [](const QString& v) { return QStringList{v}; };
  if (name == QLatin1String("export")) return one(path);
  if (name == QLatin1String("scale") && c.base.scale && !sr) return one(pair_text(*c.base.scale, false));
  if (name == QLatin1String("size") && c.base.out_size && !sr) return one(pair_text(*c.base.out_size, true));
  if (name == QLatin1String("sr-scale") && sr) return one(QString::number(c.sr_scale()));
  if (name == QLatin1String("crop")) {
    QStringList crops;
    for (const QRect& r : paper ? sr_paper_crops(s) : QList<QRect>{s.crop})
      if (!r.isEmpty()) crops << rect_text(r);
    return crops;
  }
  if (name == QLatin1String("boundary") && c.base.boundary != rl::Boundary::Modern)
    return one(QString::fromStdString(rl::to_string(c.base.boundary)));
  if (name == QLatin1String("panes")) {
    QStringList names;
    for (const PaneConfig& p : c.panes) {
      names << pane_name(p);
      if (p.is_file() && p.file.contains(QLatin1Char(',')))
        left_out << QStringLiteral("the file %1 (--panes splits at commas)").arg(p.file);
    }
    return one(names.join(QLatin1Char(',')));
  }
  if (name == QLatin1String("upscale")) {  // one method for every LR file pane
    QStringList methods;
    for (const PaneConfig& p : c.panes)
      if (p.is_file() && p.file_upscale) {
        const QString m = QString::fromStdString(rl::to_string(*p.file_upscale));
        if (!methods.contains(m)) methods << m;
      }
    if (methods.size() > 1) left_out << QStringLiteral("a second upscaling method for LR files");
    return methods.isEmpty() ? QStringList{} : one(methods.first());
  }
  if (name == QLatin1String("reference") && c.against_image()) {
    if (s.reference_path.isEmpty()) left_out << QStringLiteral("the reference image (it has no file)");
    return s.reference_path.isEmpty() ? QStringList{} : one(s.reference_path);
  }
  if (name == QLatin1String("diff") && !paper) {
    const DiffSettings& d = c.diff;
    if (d.fixed_range) left_out << QStringLiteral("the fixed difference range (0..%1)").arg(d.fixed_max);
    if (d.ssim_map) return one(QStringLiteral("ssim"));
    if (d.mode == DiffMode::Signed)
      return one(d.channel < 0 ? QStringLiteral("signed") : QStringLiteral("signed:%1").arg(d.channel + 1));
    if (d.mode == DiffMode::AbsChannel) return one(QStringLiteral("abs:%1").arg(d.channel + 1));
    return {};
  }
  if (name == QLatin1String("metrics") && c.diff.protocol)
    return one(QLatin1String(sr_protocol_info(*c.diff.protocol).name));
  if (name == QLatin1String("no-diff") && !paper && !s.show_diffs) return one({});
  if (name == QLatin1String("layout") && s.layout != FigureLayout::Row) return one(to_string(s.layout));
  if (name == QLatin1String("width") && s.width_px != defaults.width_px)
    return one(QString::number(s.width_px));
  if (name == QLatin1String("dpi") && s.dpi != defaults.dpi) return one(exact(s.dpi));
  if (name == QLatin1String("plots") && !paper && !s.plots.isEmpty() && s.plots != defaults.plots) {
    QStringList plots;
    for (const FigurePlot p : s.plots) plots << to_string(p);
    return one(plots.join(QLatin1Char(',')));
  }
  if (name == QLatin1String("no-kernel-plot") && !paper && s.plots.isEmpty()) return one({});
  if (name == QLatin1String("pixel") && s.pixel && !paper)
    return one(QStringLiteral("%1,%2").arg(s.pixel->y()).arg(s.pixel->x()));
  if (name == QLatin1String("profile") && s.profile && !paper) {
    const QLineF& l = *s.profile;
    return one(
        QStringList{exact(l.y1()), exact(l.x1()), exact(l.y2()), exact(l.x2())}.join(QLatin1Char(',')));
  }
  return {};
}

}  // namespace

ExportCommand export_command(const FigureSpec& spec, const QString& path) {
  ExportCommand out;
  out.args << QStringLiteral("resizelab");
  for (const OptionSpec& o : option_table()) {
    if ((static_cast<unsigned>(o.modes) & static_cast<unsigned>(OptionMode::Export)) == 0) continue;
    const QString name = QLatin1String(o.name);
    for (const QString& v : option_values(name, spec, path, out.left_out)) {
      out.args << QStringLiteral("--") + name;
      if (o.value_form) out.args << v;
    }
  }
  const DiffSettings& d = spec.comparison.diff;
  if (std::any_of(d.nudges.begin(), d.nudges.end(), [](QPoint n) { return !n.isNull(); }))
    out.left_out << QStringLiteral("the panes' nudges");
  if (d.region)
    out.left_out << QStringLiteral("the statistics region (the command's statistics are of the whole image)");
  const rl::Image* src = spec.comparison.source.get();
  if (src && uses_display_range(src->type()))
    out.left_out << QStringLiteral("the display range of a %1 image")
                        .arg(QString::fromStdString(rl::to_string(src->type())));
  if (spec.source_path.startsWith(QLatin1Char('-')))
    out.args << QStringLiteral("--");  // a file, not an option
  if (!spec.source_path.isEmpty()) out.args << spec.source_path;
  return out;
}

QString shell_line(const QStringList& args) {
  static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
  QStringList words;
  for (const QString& a : args)
    words << (safe.match(a).hasMatch() ? a : "'" + QString(a).replace("'", R"('\'')") + "'");
  return words.join(QLatin1Char(' '));
}

namespace {
// Qt's own notices (missing runtime dir, font fallbacks) are not the user's business here: the
// export reports in exactly one line.
void quiet_handler(QtMsgType type, const QMessageLogContext&, const QString& msg) {
  if (type == QtFatalMsg) std::fprintf(stderr, "resizelab: error: %s\n", msg.toLocal8Bit().constData());
}
struct QuietQt {
  QtMessageHandler previous = qInstallMessageHandler(quiet_handler);
  ~QuietQt() { qInstallMessageHandler(previous); }
};
}  // namespace

int export_main(const QStringList& args) {
  const QuietQt quiet;
  std::unique_ptr<QGuiApplication> app;
  if (!QCoreApplication::instance()) {
    // Nothing is shown: never ask for a display.
    qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "resizelab";
    static char* argv[] = {name, nullptr};
    app = std::make_unique<QGuiApplication>(argc, argv);
  }
  try {
    const ExportJob job = prepare_export(args);
    if (job.help) {
      print_usage();
      return 0;
    }
    QString why;
    if (!write_figure(job.spec, job.path, &why)) fail(kExitOutput, why);
    return 0;
  } catch (const ExportError& e) {
    std::fprintf(stderr, "resizelab: error: %s\n", e.message.toLocal8Bit().constData());
    return e.code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "resizelab: error: %s\n", e.what());
    return kExitInput;
  }
}

}  // namespace rl::ui
