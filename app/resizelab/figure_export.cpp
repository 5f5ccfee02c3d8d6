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

// The help, with the method, library and file lists read from core, peers and io.
void print_usage() {
  const QString text =
      QStringLiteral(
          "usage: resizelab --export FIG.(png|svg|pdf) [--scale S | --size R,C] [--crop x,y,w,h]\n"
          "                 [--boundary modern|legacy] [--panes LIST] [--reference FILE]\n"
          "                 [--diff abs|signed] [--layout row|grid] [--width PX] [--dpi D]\n"
          "                 [--plots LIST] [--pixel R,C] [--profile R0,C0,R1,C1]\n"
          "                 [--no-kernel-plot] [--no-diff] [IMAGE]\n"
          "--scale S (default 1/2) or --size R,C (one side may be NaN); --crop x,y,w,h: the source region\n"
          "  shown, in source pixels (whole pixels: a fractional edge widens it to the next one).\n"
          "LIST: comma-separated panes, the first is the reference (default "
          "matlab,nearest,bilinear,bicubic).\n"
          "  matlab = bicubic with antialiasing (MATLAB's imresize default); otherwise a MATLAB method\n"
          "  (%1), plain = no antialiasing,\n"
          "  with -aa for antialiasing on or -noaa for off, e.g. bicubic-noaa, lanczos3-aa.\n"
          "  Or a library's resize (imresize --like):\n%2\n"
          "  with -aa (antialias) and/or -ac (align_corners) where the library has them, e.g.\n"
          "  --panes matlab,opencv-cubic,pillow-bicubic,torch-bicubic (MATLAB vs the libraries). They run\n"
          "  at MATLAB's output size; a type the library lacks goes through float32.\n"
          "--reference FILE: compare every pane with this image (e.g. a real MATLAB output) instead of\n"
          "  the first pane. --diff abs: |a - ref|, max over channels (default); signed: a - ref.\n"
          "--plots: comma-separated plots under the panes, in order, from\n  %3.\n"
          "  Default kernel; --no-kernel-plot or an empty list: none.\n"
          "--pixel R,C: the reference pane's output pixel (0-based) that the plots explain (default the\n"
          "  centre). --profile R0,C0,R1,C1: the profile's line in source pixels (0-based pixel centres;\n"
          "  default a horizontal line through the centre).\n"
          "IMAGE: %4 (default: the built-in test image).\n"
          "Exit status: 0 written; 1 the image cannot be read or resized, or the figure cannot be written;\n"
          "2 bad option or value. Every error is one line on stderr.\n")
          .arg(matlab_method_list(), library_pane_list(QStringLiteral("    ")), figure_plot_names(),
               image_extension_list());
  std::fputs(text.toLocal8Bit().constData(), stdout);
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

// `count` comma-separated finite numbers.
std::vector<double> parse_numbers(const QString& option, const QString& s, int count, const QString& form) {
  const QStringList parts = s.split(QLatin1Char(','));
  std::vector<double> v;
  bool ok = parts.size() == count;
  for (int i = 0; ok && i < count; ++i) {
    v.push_back(parts[i].trimmed().toDouble(&ok));
    ok = ok && std::isfinite(v.back());
  }
  if (!ok) fail(kExitUsage, QStringLiteral("%1 takes %2, got '%3'").arg(option, form, s));
  return v;
}

// The value of `option` named `given` among `names`; a usage error listing them otherwise.
// --diff: |a - ref| (max over channels) or signed a - ref, the channel of largest magnitude per pixel.
DiffSettings diff_choice(const QString& option, const QString& given);

template <class T>
T choice(const QString& option, const QString& given, std::initializer_list<T> values,
         const QStringList& names) {
  const int i = static_cast<int>(names.indexOf(given));
  if (i < 0)
    fail(kExitUsage, QStringLiteral("%1 must be %2, got '%3'").arg(option, names.join(" or "), given));
  return *(values.begin() + i);
}

DiffSettings diff_choice(const QString& option, const QString& given) {
  DiffSettings d;
  d.mode = choice(option, given, {DiffMode::AbsMaxChannel, DiffMode::Signed}, {"abs", "signed"});
  d.channel = -1;
  return d;
}

}  // namespace

ExportJob prepare_export(const QStringList& args) {
  ExportJob job;
  QString out, image, reference, panes_arg = QStringLiteral("matlab,nearest,bilinear,bicubic");
  std::optional<std::pair<double, double>> scale, size;
  QRect crop;
  rl::Boundary boundary = rl::Boundary::Modern;
  std::optional<std::vector<double>> pixel, profile;
  FigureSpec spec;
  QStringList argv;
  auto value = [&](int& i) -> QString {
    if (i + 1 >= argv.size()) fail(kExitUsage, QStringLiteral("%1 needs a value").arg(argv[i]));
    return argv[++i];
  };
  try {
    // "--name=value" is the same as "--name value"
    for (int i = 0; i < args.size(); ++i) {
      const int eq = args[i].indexOf(QLatin1Char('='));
      if (i > 0 && args[i].startsWith(QLatin1String("--")) && eq > 2)
        argv << args[i].left(eq) << args[i].mid(eq + 1);
      else
        argv << args[i];
    }
    for (int i = 1; i < argv.size(); ++i) {
      const QString& a = argv[i];
      if (a == QLatin1String("--export"))
        out = value(i);
      else if (a == QLatin1String("--scale"))
        scale = rl::parse_scale(value(i).toStdString());
      else if (a == QLatin1String("--size"))
        size = rl::parse_size(value(i).toStdString());
      else if (a == QLatin1String("--crop")) {
        const QString given = value(i);
        const auto c = parse_crop(given);
        if (!c) fail(kExitUsage, crop_error(given));
        crop = c->toAlignedRect();  // the figure shows whole source pixels
      } else if (a == QLatin1String("--boundary")) {
        const QString b = value(i);
        const auto parsed = rl::parse_boundary(b.toStdString());
        if (!parsed) fail(kExitUsage, QStringLiteral("--boundary must be modern or legacy, got '%1'").arg(b));
        boundary = *parsed;
      } else if (a == QLatin1String("--panes"))
        panes_arg = value(i);
      else if (a == QLatin1String("--reference"))
        reference = value(i);
      else if (a == QLatin1String("--diff"))
        spec.comparison.diff = diff_choice(a, value(i));
      else if (a == QLatin1String("--layout"))
        spec.layout = choice(a, value(i), {FigureLayout::Row, FigureLayout::Grid}, {"row", "grid"});
      else if (a == QLatin1String("--width")) {
        bool ok = false;
        spec.width_px = value(i).toInt(&ok);
        if (!ok || spec.width_px < 200 || spec.width_px > 20000)
          fail(kExitUsage, QStringLiteral("--width must be an integer 200..20000, got '%1'").arg(argv[i]));
      } else if (a == QLatin1String("--dpi")) {
        bool ok = false;
        spec.dpi = value(i).toDouble(&ok);
        if (!ok || !(spec.dpi >= 30 && spec.dpi <= 2400))
          fail(kExitUsage, QStringLiteral("--dpi must be 30..2400, got '%1'").arg(argv[i]));
      } else if (a == QLatin1String("--no-kernel-plot"))
        spec.plots.clear();  // the same as an empty --plots
      else if (a == QLatin1String("--plots"))
        spec.plots = parse_plots(value(i));
      else if (a == QLatin1String("--pixel"))
        pixel = parse_numbers(a, value(i), 2, QStringLiteral("R,C"));
      else if (a == QLatin1String("--profile"))
        profile = parse_numbers(a, value(i), 4, QStringLiteral("R0,C0,R1,C1"));
      else if (a == QLatin1String("--no-diff"))
        spec.show_diffs = false;
      else if (a == QLatin1String("-h") || a == QLatin1String("--help")) {
        job.help = true;
        return job;
      } else if (a.startsWith(QLatin1Char('-')) && a.size() > 1)
        fail(kExitUsage, QStringLiteral("unknown option '%1' (see --help)").arg(a));
      else if (image.isEmpty())
        image = a;
      else
        fail(kExitUsage, QStringLiteral("more than one image given ('%1' and '%2')").arg(image, a));
    }
  } catch (const std::invalid_argument& e) {
    fail(kExitUsage, QString::fromUtf8(e.what()));
  }
  if (out.isEmpty()) fail(kExitUsage, QStringLiteral("--export needs a file name"));
  const QString ext = QFileInfo(out).suffix().toLower();
  if (ext != QLatin1String("png") && ext != QLatin1String("svg") && ext != QLatin1String("pdf"))
    fail(kExitUsage, QStringLiteral("the figure must end in .png, .svg or .pdf, got '%1'").arg(out));
  if (scale && size) fail(kExitUsage, QStringLiteral("give --scale or --size, not both"));
  QList<PaneChoice> choices;
  for (const QString& name : panes_arg.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const auto c = parse_pane(name.trimmed());
    if (!c && peer_named(name.trimmed()))  // say what is wrong with a library pane: its method or option
      try {
        (void)rl::peers::parse_peer_spec(name.trimmed().toLower().toStdString());
      } catch (const std::invalid_argument& e) {
        fail(kExitUsage, QStringLiteral("pane '%1': %2").arg(name.trimmed(), QString::fromUtf8(e.what())));
      }
    if (!c)
      fail(kExitUsage, QStringLiteral("unknown pane '%1' (see --help; e.g. matlab, bicubic-noaa, "
                                      "opencv-cubic, pillow-bicubic, torch-bicubic-aa)")
                           .arg(name));
    choices.append(*c);
  }
  if (choices.isEmpty()) fail(kExitUsage, QStringLiteral("--panes is empty"));
  if (choices.size() > 16) fail(kExitUsage, QStringLiteral("at most 16 panes"));
  try {
    rl::check_output_writable(out.toStdString());
  } catch (const std::exception& e) {
    fail(kExitOutput, QString::fromUtf8(e.what()));
  }

  if (image.isEmpty()) {
    try {
      spec.comparison.source = std::make_shared<const rl::Image>(rl::ui::default_image());
    } catch (const std::exception& e) {
      fail(kExitInput, QString::fromUtf8(e.what()));
    }
  } else {
    spec.comparison.source = load_image(image, "image");
  }
  if (!reference.isEmpty()) {
    spec.comparison.reference_image = load_image(reference, "reference");
    spec.comparison.diff.against = DiffAgainst::ReferenceImage;
    spec.reference_label = QFileInfo(reference).fileName();
  }
  const rl::Image& src = *spec.comparison.source;
  if (!crop.isEmpty() && !QRect(0, 0, src.cols(), src.rows()).contains(crop))
    fail(kExitUsage, QStringLiteral("--crop %1,%2,%3,%4 is outside the %5x%6 image")
                         .arg(crop.x())
                         .arg(crop.y())
                         .arg(crop.width())
                         .arg(crop.height())
                         .arg(src.cols())
                         .arg(src.rows()));
  spec.crop = crop;
  // The comparison the viewer would make of these settings, by the same function.
  Comparison& cmp = spec.comparison;
  if (size)
    cmp.base.out_size = size;
  else
    cmp.base.scale = scale.value_or(std::pair{0.5, 0.5});
  cmp.base.boundary = boundary;
  for (const PaneChoice& c : choices) {
    cmp.panes.push_back(c.config);
    spec.labels << c.label;
  }
  compute_comparison(cmp, run_on_cpu, [] { return false; });
  QString size_text;
  for (std::size_t i = 0; i < cmp.results.size(); ++i) {
    const PaneResult& r = cmp.results[i];
    if (!r.error.isEmpty())
      fail(kExitInput,
           QStringLiteral("cannot resize with %1: %2").arg(choices[static_cast<int>(i)].name, r.error));
    if (cmp.panes[i].peer) continue;  // a library's tables describe its own size rule
    const QString sr = QString::number(r.plan->rows.scale, 'g', 4),
                  scs = QString::number(r.plan->cols.scale, 'g', 4);
    size_text = QStringLiteral("%1x%2 \u2192 %3x%4 (scale %5)")
                    .arg(src.rows())
                    .arg(src.cols())
                    .arg(r.plan->out_rows)
                    .arg(r.plan->out_cols)
                    .arg(sr == scs ? sr : sr + QStringLiteral(" x ") + scs);
  }
  const rl::Plan& ref_plan = *cmp.results.front().plan;
  if (pixel) {
    const double r = (*pixel)[0], col = (*pixel)[1];
    if (r != std::floor(r) || col != std::floor(col) || r < 0 || col < 0 || r >= ref_plan.out_rows ||
        col >= ref_plan.out_cols)
      fail(kExitUsage,
           QStringLiteral("--pixel %1,%2 is not an output pixel: the reference pane's output is %3x%4 "
                          "(rows x columns, 0-based)")
               .arg(r)
               .arg(col)
               .arg(ref_plan.out_rows)
               .arg(ref_plan.out_cols));
    spec.pixel = QPoint(static_cast<int>(col), static_cast<int>(r));
  }
  if (profile) {
    const auto& v = *profile;
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
  const QString crop_text = crop.isEmpty() ? QStringLiteral("whole image")
                                           : QStringLiteral("crop x %1, y %2, %3x%4 px")
                                                 .arg(crop.x())
                                                 .arg(crop.y())
                                                 .arg(crop.width())
                                                 .arg(crop.height());
  spec.title = QStringLiteral("%1: %2, %3 boundary, %4")
                   .arg(image.isEmpty() ? QStringLiteral("test image") : QFileInfo(image).fileName(),
                        size_text, QString::fromStdString(rl::to_string(boundary)), crop_text);
  job.spec = spec;
  job.path = out;
  return job;
}

std::optional<PaneChoice> parse_pane(const QString& raw) {
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
