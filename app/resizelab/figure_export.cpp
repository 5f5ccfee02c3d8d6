// export_main: argument parsing, pane computation with the core, and write_figure.
#include "figure_export.hpp"

#include <QFileInfo>
#include <QGuiApplication>
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

// --diff: the map's kind; the other settings (--metrics's protocol) stay.
void set_diff_choice(DiffSettings& d, const QString& option, const QString& given) {
  const int kind = choice(option, given, {0, 1, 2}, {"abs", "signed", "ssim"});
  d.mode = kind == 1 ? DiffMode::Signed : DiffMode::AbsMaxChannel;
  d.ssim_map = kind == 2;
  d.channel = -1;
}

}  // namespace

namespace {

// What the command line asks for, before anything is read: parse_request's result.
struct ExportRequest {
  bool help = false;
  QString out, image, reference;
  std::optional<std::pair<double, double>> scale, size;
  QRect crop;
  rl::Boundary boundary = rl::Boundary::Modern;
  QList<PaneChoice> panes;
  std::optional<rl::Method> upscale;  // --upscale: how LR file panes reach the reference's size
  std::optional<std::vector<double>> pixel, profile;
  FigureSpec spec;  // the figure's own settings: diff mode, layout, width, dpi, plots, maps shown
};

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
        r.crop = c->toAlignedRect();  // the figure shows whole source pixels
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
      else if (name == QLatin1String("layout"))
        spec.layout = choice(option, v, {FigureLayout::Row, FigureLayout::Grid}, {"row", "grid"});
      else if (name == QLatin1String("width")) {
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
  const rl::Image& src = *cmp.source;
  if (!r.crop.isEmpty() && !QRect(0, 0, src.cols(), src.rows()).contains(r.crop))
    fail(kExitUsage, QStringLiteral("--crop %1,%2,%3,%4 is outside the %5x%6 image")
                         .arg(r.crop.x())
                         .arg(r.crop.y())
                         .arg(r.crop.width())
                         .arg(r.crop.height())
                         .arg(src.cols())
                         .arg(src.rows()));
  spec.crop = r.crop;
}

// Compute: the comparison the viewer would make of these settings, by the same function. Returns the
// size line of the title ("RxC -> RxC (scale s)", from the last MATLAB pane).
QString compute(const ExportRequest& r, FigureSpec& spec) {
  Comparison& cmp = spec.comparison;
  if (r.size)
    cmp.base.out_size = r.size;
  else
    cmp.base.scale = r.scale.value_or(std::pair{0.5, 0.5});
  cmp.base.boundary = r.boundary;
  for (const PaneChoice& c : r.panes) {
    PaneConfig config = c.config;
    if (config.is_file()) config.file_upscale = r.upscale;
    cmp.panes.push_back(config);
    spec.labels << c.label;
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
    // A library's tables describe its own size rule; a file was not resized from the image.
    if (cmp.panes[i].peer || cmp.panes[i].is_file()) continue;
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
  const QRect& crop = request.crop;
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
