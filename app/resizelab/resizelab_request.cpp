// parse_request: the option table's words to one typed Request, for the window and --export.
#include "resizelab_request.hpp"

#include <QByteArray>
#include <QFileInfo>
#include <cmath>
#include <stdexcept>

#include "exit_codes.hpp"
#include "rl/parse.hpp"

namespace rl::app {
namespace {

[[noreturn]] void usage_error(const QString& message) {
  throw CommandLineError{rl::app::kExitUsage, message};
}

// --plots: comma-separated plot names, each once; an empty list draws none.
QList<ui::FigurePlot> parse_plots(const QString& s) {
  QList<ui::FigurePlot> out;
  for (const QString& name : s.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const auto p = ui::parse_figure_plot(name);
    if (!p)
      usage_error(QStringLiteral("--plots takes %1, got '%2'").arg(ui::figure_plot_names(), name.trimmed()));
    if (out.contains(*p)) usage_error(QStringLiteral("--plots names '%1' twice").arg(name.trimmed()));
    out.append(*p);
  }
  return out;
}

// --diff KIND: abs or signed (every channel), abs:C or signed:C (channel C, 1-based), ssim.
DiffKind parse_diff_kind(const QString& given) {
  const qsizetype colon = given.indexOf(QLatin1Char(':'));
  const QString kind = colon < 0 ? given : given.left(colon);
  const QStringList kinds{QStringLiteral("abs"), QStringLiteral("signed"), QStringLiteral("ssim")};
  if (!kinds.contains(kind))
    usage_error(QStringLiteral("--diff must be abs or signed or ssim, got '%1'").arg(kind));
  DiffKind k;
  k.mode = kind == kinds[1] ? DiffMode::Signed : DiffMode::AbsMaxChannel;
  k.ssim_map = kind == kinds[2];
  if (colon < 0) return k;
  bool ok = false;
  const int channel = given.mid(colon + 1).toInt(&ok);
  if (k.ssim_map || !ok || channel < 1 || channel > 4)
    usage_error(QStringLiteral(
                    "--diff takes abs, signed or ssim, or abs:C or signed:C for channel C (1..4), got '%1'")
                    .arg(given));
  if (k.mode != DiffMode::Signed) k.mode = DiffMode::AbsChannel;
  k.channel = channel - 1;
  return k;
}

// --show-panel NAME (any case); a usage error listing the panels otherwise.
const ui::DockSpec* find_panel(const QString& name) {
  for (const ui::DockSpec& d : ui::dock_table())
    if (d.panel && name.compare(QLatin1String(d.panel), Qt::CaseInsensitive) == 0) return &d;
  usage_error(QStringLiteral("--show-panel takes one of %1, got '%2'").arg(panel_name_list(), name));
}

int bounded_int(const QString& option, const QString& v, int lo, int hi, const QString& what) {
  bool ok = false;
  const int n = v.toInt(&ok);
  if (!ok || n < lo || n > hi) usage_error(QStringLiteral("%1 %2, got '%3'").arg(option, what, v));
  return n;
}

// One option's value into the request.
void take(Request& r, const QString& name, const QString& v) {
  const QString option = QStringLiteral("--") + name;
  if (name == QLatin1String("help"))
    r.help = true;
  else if (name == QLatin1String("version"))
    r.version = true;
  else if (name == QLatin1String("export"))
    r.out = v;
  else if (name == QLatin1String("scale"))
    r.scale = rl::parse_scale(v.toStdString());
  else if (name == QLatin1String("size"))
    r.size = rl::parse_size(v.toStdString());
  else if (name == QLatin1String("sr-scale"))
    r.sr_scale = bounded_int(option, v, 2, 16, QStringLiteral("takes an integer SR factor 2..16"));
  else if (rl::app::set_degrade_arg(r.degradation, option.toStdString(), v.toStdString()))
    ;  // --degradation, --sigma, --noise, --seed: imresize's rules (std::invalid_argument)
  else if (name == QLatin1String("boundary")) {
    r.boundary = rl::parse_boundary(v.toStdString());
    if (!r.boundary) usage_error(QStringLiteral("--boundary must be modern or legacy, got '%1'").arg(v));
  } else if (name == QLatin1String("device")) {
    r.device = rl::parse_device(v.toStdString());
    if (!r.device) usage_error(QStringLiteral("--device must be auto, cpu or cuda, got '%1'").arg(v));
  } else if (name == QLatin1String("crop")) {
    const auto c = ui::parse_crop(v);
    if (!c) usage_error(crop_error(v));
    r.crops << *c;
  } else if (name == QLatin1String("max-pixels")) {
    bool ok = false;
    const qulonglong n = v.toULongLong(&ok);
    if (!ok || n == 0)
      usage_error(QStringLiteral("--max-pixels must be a whole number of pixels from 1, got '%1'").arg(v));
    r.max_pixels = n;
  } else if (name == QLatin1String("panes"))
    r.panes = parse_panes(v);
  else if (name == QLatin1String("as")) {
    r.resize_class = ui::parse_resize_class(v);
    if (!r.resize_class) usage_error(QStringLiteral("--as must be keep, double or single, got '%1'").arg(v));
  } else if (name == QLatin1String("upscale"))
    r.upscale = parse_upscale(v);
  else if (name == QLatin1String("reference")) {
    if (v.isEmpty()) usage_error(QStringLiteral("--reference needs a file name"));
    r.reference = v;
  } else if (name == QLatin1String("diff")) {
    if (!v.isEmpty()) r.diff = parse_diff_kind(v);  // the window's bare --diff: the default kind
    r.show_diffs = true;
  } else if (name == QLatin1String("no-diff"))
    r.show_diffs = false;
  else if (name == QLatin1String("metrics")) {
    const Metrics m = parse_metrics(v);
    r.metrics = m.protocol;
    r.niqe = m.niqe ? std::optional(ui::niqe_choice(*m.niqe)) : std::nullopt;
  } else if (name == QLatin1String("niqe-model")) {
    const QStringList files = v.split(QLatin1Char(','));
    if (files.size() != 2 || files[0].isEmpty() || files[1].isEmpty())
      usage_error(QStringLiteral("--niqe-model takes MEAN.npy,COV.npy, got '%1'").arg(v));
    r.niqe_model_mean = files[0];
    r.niqe_model_cov = files[1];
  } else if (name == QLatin1String("layout")) {
    r.layout = ui::parse_figure_layout(v);
    if (!r.layout) usage_error(QStringLiteral("--layout must be row, grid or sr-paper, got '%1'").arg(v));
  } else if (name == QLatin1String("crop-scores"))
    r.crop_scores = true;
  else if (name == QLatin1String("width"))
    r.width_px = bounded_int(option, v, 200, 20000, QStringLiteral("must be an integer 200..20000"));
  else if (name == QLatin1String("dpi")) {
    bool ok = false;
    r.dpi = v.toDouble(&ok);
    if (!ok || !(*r.dpi >= 30 && *r.dpi <= 2400))
      usage_error(QStringLiteral("--dpi must be 30..2400, got '%1'").arg(v));
  } else if (name == QLatin1String("plots"))
    r.plots = parse_plots(v);
  else if (name == QLatin1String("no-kernel-plot"))
    r.plots = QList<ui::FigurePlot>{};  // the same as an empty --plots
  else if (name == QLatin1String("pixel"))
    r.pixel = parse_numbers(option, v, 2, QStringLiteral("R,C"));
  else if (name == QLatin1String("profile"))
    r.profile = parse_numbers(option, v, 4, QStringLiteral("R0,C0,R1,C1"));
  else if (name == QLatin1String("inspect")) {
    const auto xy = parse_numbers(option, v, 2, QStringLiteral("x,y"));
    r.inspect = QPointF(xy[0], xy[1]);
  } else if (name == QLatin1String("exposure") || name == QLatin1String("offset")) {
    bool ok = false;
    const double x = v.toDouble(&ok);
    const double most = name == QLatin1String("exposure") ? ui::kMaxExposure : ui::kMaxOffset;
    if (!ok || !(std::abs(x) <= most))
      usage_error(QStringLiteral("%1 takes a number from %2 to %3, got '%4'")
                      .arg(option)
                      .arg(-most)
                      .arg(most)
                      .arg(v));
    (name == QLatin1String("exposure") ? r.exposure : r.offset) = x;
  } else if (name == QLatin1String("display-range")) {
    if (v == QLatin1String("auto")) {
      r.display_range = std::optional<std::pair<double, double>>();
    } else {
      const auto bw = parse_numbers(option, v, 2, QStringLiteral("auto or B,W"));
      if (!(bw[0] < bw[1]))
        usage_error(QStringLiteral("%1 needs black below white, got '%2'").arg(option, v));
      r.display_range = std::pair(bw[0], bw[1]);
    }
  } else if (name == QLatin1String("channel")) {
    const QStringList names{"all", "r", "g", "b", "y", "alpha"};  // ViewChannel's order
    const qsizetype at = names.indexOf(v.toLower());
    if (at < 0) usage_error(QStringLiteral("--channel takes all, r, g, b, y or alpha, got '%1'").arg(v));
    r.channel = static_cast<ui::ViewChannel>(at);
  } else if (name == QLatin1String("show-panel"))
    r.panel = find_panel(v);
  else if (name == QLatin1String("screenshot")) {
    if (v.isEmpty()) usage_error(QStringLiteral("--screenshot needs a file name"));
    r.screenshot = v;
  } else if (name == QLatin1String("watch"))
    r.watch = true;
  else
    throw std::logic_error("option --" + name.toStdString() + " of the table is not read");
}

// The rules between options, the same in both modes where both take them (in the export's order:
// the figure's file first); --niqe-model's files read into r.niqe.
void check(Request& r, OptionMode mode) {
  const bool window = mode == OptionMode::Window;
  if (!window && r.out.isEmpty()) usage_error(QStringLiteral("--export needs a file name"));
  const QString ext = QFileInfo(r.out).suffix().toLower();
  if (!window && ext != QLatin1String("png") && ext != QLatin1String("svg") && ext != QLatin1String("pdf"))
    usage_error(QStringLiteral("the figure must end in .png, .svg or .pdf, got '%1'").arg(r.out));
  if (r.scale && r.size) usage_error(QStringLiteral("give --scale or --size, not both"));
  const bool paper = r.layout == ui::FigureLayout::SrPaper;
  if (r.crops.size() > 1 && !paper)
    usage_error(
        window ? QStringLiteral("--crop given %1 times: the window shows one region").arg(r.crops.size())
               : QStringLiteral("--crop given %1 times: only --layout sr-paper shows more than one region")
                     .arg(r.crops.size()));
  if (r.crop_scores && !paper)
    usage_error(QStringLiteral("--crop-scores goes with --layout sr-paper (its insets' scores)"));
  if (paper && !r.sr_scale)
    usage_error(QStringLiteral("--layout sr-paper needs --sr-scale S (the SR factor)"));
  if (r.sr_scale && (r.scale || r.size))
    usage_error(QStringLiteral("--sr-scale is the scale: give no --scale or --size with it"));
  if (r.sr_scale && !r.reference.isEmpty())
    usage_error(QStringLiteral("--sr-scale compares with IMAGE, the HR: give no --reference"));
  if (r.degradation.any() && !r.sr_scale && !window)
    usage_error(
        QStringLiteral("--degradation, --sigma, --noise and --seed make the LR of the --sr-scale "
                       "round trip: give --sr-scale S"));
  try {  // the core's checks, at the factor (the window's presets without one: x2, which all take)
    rl::app::degrade_options_of(r.degradation, r.sr_scale.value_or(2), rl::Boundary::Modern);
  } catch (const std::invalid_argument& e) {
    usage_error(QString::fromUtf8(e.what()));
  }
  if (!r.niqe_model_mean.isEmpty()) {
    if (!r.niqe) usage_error(QStringLiteral("--niqe-model goes with --metrics niqe (or niqe:Q)"));
    r.niqe = ui::niqe_choice(r.niqe->protocol, r.niqe_model_mean, r.niqe_model_cov);
    if (!r.niqe->model_error.isEmpty()) usage_error(QStringLiteral("--niqe-model: ") + r.niqe->model_error);
  }
  if (window && r.scale && r.scale->first != r.scale->second)
    usage_error(QStringLiteral("the window's scale is one number for rows and columns, got %1,%2: give "
                               "--size R,C for another shape")
                    .arg(r.scale->first)
                    .arg(r.scale->second));
}

}  // namespace

ui::SrDegradation Request::sr_degradation() const {
  ui::SrDegradation d;
  d.model = degradation.model.value_or(rl::Degradation::Bi);
  d.sigma = degradation.sigma;
  d.noise = degradation.noise;
  d.seed = degradation.seed.value_or(0);
  return d;
}

void DiffKind::apply_to(ui::DiffSettings& d) const {
  d.mode = mode;
  d.channel = mode == DiffMode::AbsMaxChannel ? 0 : channel;
  d.ssim_map = ssim_map;
}

Request parse_request(const QStringList& args, OptionMode mode) {
  const ParsedOptions opts = parse_options(args, mode);
  Request r;
  try {
    for (const auto& [name, v] : opts.given) take(r, name, v);
  } catch (const std::invalid_argument& e) {  // the core's parsers (scale, size)
    usage_error(QString::fromUtf8(e.what()));
  }
  if (r.help || r.version) return r;
  if (!opts.positional.isEmpty()) r.image = opts.positional.first();
  check(r, mode);
  if (r.layout == ui::FigureLayout::SrPaper)
    for (const char* o : {"diff", "no-diff", "plots", "no-kernel-plot", "pixel", "profile"})
      if (opts.has(QLatin1String(o)))
        usage_error(QStringLiteral("--%1 has no place in --layout sr-paper (it draws insets and scores)")
                        .arg(QLatin1String(o)));
  return r;
}

void apply_max_pixels(const Request& r) {
  if (r.max_pixels) qputenv("RL_MAX_PIXELS", QByteArray::number(*r.max_pixels));
}

OptionMode requested_mode(const QStringList& args) {
  for (int i = 1; i < args.size() && args[i] != QLatin1String("--"); ++i) {
    const QString& a = args[i];
    if (a == QLatin1String("--export") || a.startsWith(QLatin1String("--export="))) return OptionMode::Export;
    if (a.startsWith(QLatin1String("--")) && !a.contains(QLatin1Char('=')) &&
        takes_value(a.mid(2), OptionMode::Export))
      ++i;  // its value, whatever it looks like
  }
  return OptionMode::Window;
}

}  // namespace rl::app
