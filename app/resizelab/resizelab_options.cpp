// The option table of resizelab's window and --export, its parser and help, the crop rule and the
// help lists.
#include "resizelab_options.hpp"

#include <QStringList>
#include <cmath>

#include "degrade_args.hpp"
#include "exit_codes.hpp"
#include "rl/image_io.hpp"
#include "rl/kernels.hpp"
#include "rl/peers.hpp"
#include "rl/ui/dock_table.hpp"
#include "rl/ui/figure.hpp"

namespace rl::app {
namespace {

constexpr OptionMode kWindow = OptionMode::Window, kExport = OptionMode::Export, kBoth = OptionMode::Both;

constexpr OptionSpec kOptions[] = {
    {"export", "FIG.(png|svg|pdf)", kExport,
     "Write the comparison figure to this file instead of opening the window.",
     "it writes a figure instead of opening the window"},
    {"scale", "S", kBoth, "Scale, e.g. 0.5 or 1/3 (the export's default 1/2; 1 when a pane is a file:)."},
    {"size", "R,C", kBoth, "Output size rows,cols (one side may be NaN). Give --scale or --size, not both."},
    {"sr-scale", "S", kBoth,
     "SR round trip at the integer factor S (2..16): IMAGE is the HR and the reference (mod-cropped\n"
     "to a multiple of S, as SR protocols do); each resizer pane is up(LR, S, its method), the LR\n"
     "down(HR, 1/S, MATLAB bicubic) or --degradation's, and a file: pane is compared with the HR\n"
     "as it is. Takes no --scale, --size or --reference. Needed by --layout sr-paper. The window\n"
     "compares the panes with the HR too."},
    {"degradation", "M", kBoth,
     "The LR the SR round trips start from ({degradations}; default bi), made by the\n"
     "core function `imresize degrade` calls (docs/DEGRADATIONS.md): bi, MATLAB bicubic; bd,\n"
     "RCAN/RDN's BD, a Gaussian blur (fspecial, imfilter replicate) then sampled; bd-vsr,\n"
     "BasicVSR's BD (an even S); dn, bicubic then Gaussian noise. Goes with --sr-scale; in the\n"
     "window without it: the LR Presets > Super-Resolution Baselines starts from in this run."},
    {"sigma", "S", kBoth, "bd, bd-vsr: the blur's sigma (default {bd_sigma})."},
    {"noise", "N", kBoth, "dn: the noise's sigma on 0..255 (default {dn_noise})."},
    {"seed", "K", kBoth,
     "dn: the noise generator's seed (default 0). The noise is mt19937_64's, NOT MATLAB's\n"
     "randn('seed',0) draw: a DN LR differs from the published sets by the draw."},
    {"crop", "x,y,w,h", kWindow,
     "Show the source region x,y,w,h (source pixels). Once: the window shows one region."},
    {"crop", "x,y,w,h", kExport,
     "The source region shown, in source pixels (whole pixels: a fractional edge widens it to the\n"
     "next one). With --layout sr-paper it may be repeated: each region is boxed on the HR and gets\n"
     "a row of insets (default: the whole image); row and grid show one region and refuse a second."},
    {"boundary", "modern|legacy", kBoth, "MATLAB's boundary rule (default modern)."},
    {"as", "keep|double|single", kBoth,
     "The class MATLAB's panes resize in, as `imresize --as`: keep (the image's own, the default),\n"
     "double or single (MATLAB's im2double or im2single of it, the result brought back to the image's\n"
     "class, as a file written from it: im2uint8(imresize(im2double(A)))). The window's Class box;\n"
     "the command line's choice is for that run. Library panes and SR round trips keep their own."},
    {"device", "auto|cpu|cuda", kWindow,
     "Where the panes' resizes run (the toolbar's Device box): auto, CUDA when a usable device is\n"
     "found, else the CPU; cpu; cuda. A pane CUDA cannot run runs on the CPU, and the status line\n"
     "says why.",
     "the figure's panes are resized on the CPU"},
    {"panes", "LIST", kBoth,
     "Comma-separated panes, the first is the reference (default matlab,nearest,bilinear,bicubic).\n"
     "matlab = bicubic with antialiasing (MATLAB's imresize default); otherwise a MATLAB method\n"
     "({methods}), plain = no antialiasing,\n"
     "with -aa for antialiasing on or -noaa for off, e.g. bicubic-noaa, lanczos3-aa.\n"
     "Or a library's resize (imresize --like):\n{libraries}\n"
     "with -aa (antialias) and/or -ac (align_corners) where the library has them, e.g.\n"
     "--panes matlab,opencv-cubic,pillow-bicubic,torch-bicubic (MATLAB vs the libraries). They run\n"
     "at MATLAB's output size; a type the library lacks goes through float32.\n"
     "Or file:PATH, an image file ({images}) compared as it is: it must have the reference's size\n"
     "(the panes' output size, or --reference's) and channels, or be 1/n of that size with --upscale.\n"
     "At most 16 panes."},
    {"upscale", "METHOD", kBoth,
     "Upscale an LR file: pane (1/n of the reference's size, n an integer) by MATLAB's imresize with\n"
     "this method ({methods}); without it such a file is refused."},
    {"max-pixels", "N", kBoth,
     "Refuse images over N pixels, read from their headers (default: RL_MAX_PIXELS when set, 0 there\n"
     "meaning none; else 178956970, Pillow's limit)."},
    {"reference", "FILE", kBoth,
     "Compare every pane with this image (e.g. a real MATLAB output) instead of the first pane."},
    {"diff", "[=abs|signed|ssim]", kWindow,
     "Start showing difference maps; =KIND chooses the map as --export's --diff KIND does."},
    {"diff", "abs|signed|ssim", kExport,
     "abs: |a - ref|, max over channels (default); signed: a - ref (the channel of largest\n"
     "magnitude); abs:C or signed:C: channel C (1-based) alone; ssim: 1 - SSIM (MATLAB's ssim map,\n"
     "the worst channel)."},
    {"metrics", "P[,niqe[:Q]]", kBoth,
     "Add PSNR and SSIM as the SR protocol P scores them ({protocols}) to the\n"
     "statistics. Its mod-crop and shave use the scale when that is an integer factor, else none.\n"
     "niqe (alone or after P): each image's whole-image NIQE, as imresize score --metric niqe prints it;\n"
     "niqe:Q with NIQE protocol Q ({niqe_protocols}), as --protocol Q prints it."},
    {"niqe-model", "MEAN.npy,COV.npy", kBoth,
     "With --metrics niqe: the NIQE against this model (36 means, a symmetric 36x36 covariance) in\n"
     "place of the pristine one, as imresize score's --model-mean and --model-cov."},
    {"no-diff", nullptr, kExport, "No difference maps in the figure.",
     "it shows results unless --diff is given"},
    {"layout", "row|grid|sr-paper", kExport,
     "The panes in one row (default) or a grid; or sr-paper, the figure of an SR paper: the HR small\n"
     "with each --crop boxed in its own colour, then per crop a row of insets (HR, then each pane)\n"
     "enlarged by an integer factor, nearest neighbour, with the label and the protocol's\n"
     "whole-image PSNR / SSIM under each. Needs --sr-scale; --metrics defaults to srcnn; takes no\n"
     "--diff, --no-diff, --plots, --no-kernel-plot, --pixel or --profile.",
     "it shows the panes in a grid; View > Wipe compares two"},
    {"crop-scores", nullptr, kExport,
     "With --layout sr-paper: under each inset the PSNR / SSIM of its crop alone (labelled 'crop',\n"
     "nothing shaved), instead of the whole image's that SR papers print.",
     "its statistics are of the whole image, or of the region a Ctrl+drag draws"},
    {"width", "PX", kExport, "Figure width in pixels, 200..20000.",
     "the figure's width; the window's size is yours to drag"},
    {"dpi", "D", kExport, "Resolution written to the file, 30..2400.", "the resolution of a figure file"},
    {"plots", "LIST", kExport,
     "Comma-separated plots under the panes, in order, from\n{plots}.\n"
     "Default kernel; an empty list: none.",
     "it shows every plot in a dock (--show-panel NAME brings one forward)"},
    {"no-kernel-plot", nullptr, kExport, "No plots under the panes (the same as an empty --plots).",
     "its plots are docks, which View closes"},
    {"pixel", "R,C", kExport,
     "The reference pane's output pixel (0-based) that the plots explain (default the centre).",
     "its plots follow the mouse; a click on a pane locks them on a pixel"},
    {"profile", "R0,C0,R1,C1", kExport,
     "The profile's line in source pixels (0-based pixel centres; default a horizontal line\n"
     "through the centre).",
     "Shift+drag on a pane draws the profile's line"},
    {"watch", nullptr, kWindow,
     "Read a file: pane's file again when it changes on disk (rewritten, or replaced by a rename);\n"
     "the zoom, offset and crop stay.",
     "a figure is written once"},
    {"inspect", "x,y", kWindow, "Show the values at source point x,y in the inspector.",
     "a figure has no inspector; --pixel chooses what its plots explain"},
    {"exposure", "E", kWindow,
     "Show every pane and map as value x 2^E + offset, then through the black and white levels, as\n"
     "tev does (E in stops, -20..20; the display control's exposure; keys E and Shift+E). For this run.",
     "a figure shows the values as they are"},
    {"offset", "O", kWindow,
     "Added after the exposure, in the image's own values (levels of an 8-bit image). For this run.",
     "a figure shows the values as they are"},
    {"display-range", "auto|B,W", kWindow,
     "auto (a float or 16-bit image's min..max; 8-bit as it is) or the values shown as black and\n"
     "white, B,W, for every class (e.g. 0,1 for floats, 0,4095 for 12-bit data). For this run.",
     "a figure shows the values as they are"},
    {"channel", "all|r|g|b|y|alpha", kWindow,
     "The channel every pane, map and the histogram show (y: the luma, MATLAB's rgb2gray weights).\n"
     "For this run; one the image lacks falls back to all, saying so.",
     "a figure shows every channel"},
    {"show-panel", "NAME", kWindow, "Bring a panel to the front: {panels}.",
     "a figure has no panels; --plots chooses its plots"},
    {"screenshot", "FILE", kWindow, "Save a picture of the window once results are shown, then quit.",
     "the figure is the picture"},
    {"help", nullptr, kBoth, "This help (also -h)."},
    {"help-all", nullptr, kWindow, "The same as --help.", "--help is all of it"},
    {"version", nullptr, kBoth, "The version (also -v)."},
};

bool in_mode(const OptionSpec& o, OptionMode mode) {
  return (static_cast<unsigned>(o.modes) & static_cast<unsigned>(mode)) != 0;
}

const OptionSpec* find_option(const QString& name, OptionMode mode) {
  for (const OptionSpec& o : kOptions)
    if (name == QLatin1String(o.name) && in_mode(o, mode)) return &o;
  return nullptr;
}

[[noreturn]] void usage_error(const QString& message) {
  throw CommandLineError{rl::app::kExitUsage, message};
}

QString expand_lists(QString text) {
  return text.replace(QLatin1String("{methods}"), matlab_method_list())
      .replace(QLatin1String("{libraries}"), library_pane_list(QStringLiteral("  ")))
      .replace(QLatin1String("{plots}"), ui::figure_plot_names())
      .replace(QLatin1String("{images}"), image_extension_list())
      .replace(QLatin1String("{panels}"), panel_name_list())
      .replace(QLatin1String("{protocols}"), QString::fromStdString(rl::sr_protocol_names()))
      .replace(QLatin1String("{niqe_protocols}"), QString::fromStdString(rl::niqe_protocol_names()))
      .replace(QLatin1String("{degradations}"), QString::fromStdString(rl::degradation_names()))
      .replace(QLatin1String("{bd_sigma}"),
               QString::fromStdString(rl::app::default_parameter_text(rl::Degradation::Bd)))
      .replace(QLatin1String("{dn_noise}"),
               QString::fromStdString(rl::app::default_parameter_text(rl::Degradation::Dn)));
}

// `line` after `indent`, broken between words so that no help line is wider than a terminal's 100
// columns (the lists filled in at run time have any length).
QString wrapped(const QString& line, const QString& indent) {
  constexpr int kWidth = 100;
  qsizetype lead = 0;  // a line's own indentation (the library lists) is kept on its continuations
  while (lead < line.size() && line[lead] == QLatin1Char(' ')) ++lead;
  const QString start = indent + line.left(lead);
  QString out, current = start;
  for (const QString& word : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
    if (current.size() > start.size() && current.size() + 1 + word.size() > kWidth) {
      out += current + QLatin1Char('\n');
      current = start;
    }
    if (current.size() > start.size()) current += QLatin1Char(' ');
    current += word;
  }
  return out + current + QLatin1Char('\n');
}

}  // namespace

std::span<const OptionSpec> option_table() { return kOptions; }

bool value_is_optional(const OptionSpec& o) { return o.value_form && o.value_form[0] == '['; }

bool takes_value(const QString& name, OptionMode mode) {
  const OptionSpec* o = find_option(name, mode);
  return o && o->value_form && !value_is_optional(*o);
}

bool ParsedOptions::has(const QString& name) const {
  for (const auto& [n, v] : given)
    if (n == name) return true;
  return false;
}

int ParsedOptions::count(const QString& name) const {
  int n = 0;
  for (const auto& [option, v] : given) n += option == name;
  return n;
}

QString ParsedOptions::value(const QString& name) const {
  QString last;
  for (const auto& [n, v] : given)
    if (n == name) last = v;
  return last;
}

ParsedOptions parse_options(const QStringList& args, OptionMode mode) {
  ParsedOptions out;
  const OptionMode other = mode == OptionMode::Window ? OptionMode::Export : OptionMode::Window;
  // --help anywhere before "--" asks for the help whatever else is given, even where it would be
  // read as a value ("resizelab --export --help").
  for (int i = 1; i < args.size() && args[i] != QLatin1String("--"); ++i)
    if (args[i] == QLatin1String("--help") || args[i] == QLatin1String("-h")) {
      out.given.emplace_back(QStringLiteral("help"), QString());
      return out;
    }
  bool options_end = false;
  for (int i = 1; i < args.size(); ++i) {
    const QString& a = args[i];
    if (options_end || !a.startsWith(QLatin1Char('-')) || a.size() == 1) {
      if (!out.positional.isEmpty())
        usage_error(
            QStringLiteral("more than one image given ('%1' and '%2')").arg(out.positional.first(), a));
      out.positional << a;
      continue;
    }
    if (a == QLatin1String("--")) {
      options_end = true;
      continue;
    }
    const bool long_form = a.startsWith(QLatin1String("--"));
    const int eq = long_form ? static_cast<int>(a.indexOf(QLatin1Char('='))) : -1;
    QString name = long_form ? a.mid(2, eq < 0 ? -1 : eq - 2) : a.mid(1);
    const QString spelled = eq < 0 ? a : a.left(eq);
    if (!long_form && (name == QLatin1String("h") || name == QLatin1String("v")))
      name = name == QLatin1String("h") ? QStringLiteral("help") : QStringLiteral("version");
    else if (!long_form)
      usage_error(QStringLiteral("unknown option '%1' (see --help)").arg(a));
    const OptionSpec* o = find_option(name, mode);
    if (const OptionSpec* theirs = o ? nullptr : find_option(name, other)) {
      const QString why =
          theirs->elsewhere ? QStringLiteral(": ") + QLatin1String(theirs->elsewhere) : QString();
      usage_error(mode == OptionMode::Export
                      ? QStringLiteral("%1 is an option of the window, not of --export%2 (see --help)")
                            .arg(spelled, why)
                      : QStringLiteral("%1 is an option of --export, not of the window%2 (see resizelab "
                                       "--export --help)")
                            .arg(spelled, why));
    }
    if (!o) usage_error(QStringLiteral("unknown option '%1' (see --help)").arg(spelled));
    QString value;
    if (!o->value_form || value_is_optional(*o)) {
      if (eq >= 0 && value_is_optional(*o))
        value = a.mid(eq + 1);
      else if (eq >= 0)
        usage_error(QStringLiteral("%1 takes no value, got '%2'").arg(spelled, a.mid(eq + 1)));
    } else if (eq >= 0) {
      value = a.mid(eq + 1);
    } else {
      if (i + 1 >= args.size()) usage_error(QStringLiteral("%1 needs a value").arg(spelled));
      value = args[++i];
    }
    out.given.emplace_back(name, value);
  }
  return out;
}

QString options_help(OptionMode mode, const QString& intro) {
  QString text = mode == OptionMode::Export
                     ? QStringLiteral("Usage: resizelab --export FIG.(png|svg|pdf) [options] [IMAGE]\n")
                     : QStringLiteral("Usage: resizelab [options] [IMAGE]\n");
  text += intro + QStringLiteral("\nOptions:\n");
  for (const OptionSpec& o : kOptions) {
    if (!in_mode(o, mode)) continue;
    text += QStringLiteral("  --%1").arg(QLatin1String(o.name));
    if (o.value_form && !value_is_optional(o)) text += QLatin1Char(' ');
    if (o.value_form) text += QLatin1String(o.value_form);
    text += QLatin1Char('\n');
    for (const QString& line : expand_lists(QString::fromUtf8(o.help)).split(QLatin1Char('\n')))
      text += wrapped(line, QStringLiteral("      "));
  }
  text += QStringLiteral("IMAGE: %1 (default: the built-in test image).\n").arg(image_extension_list());
  return text;
}

QString crop_error(const QString& given) {
  return QStringLiteral("--crop takes x,y,w,h (source pixels) with positive w and h, got '%1'").arg(given);
}

std::vector<double> parse_numbers(const QString& option, const QString& s, int count, const QString& form) {
  const QStringList parts = s.split(QLatin1Char(','));
  std::vector<double> v;
  bool ok = parts.size() == count;
  for (int i = 0; ok && i < count; ++i) {
    v.push_back(parts[i].trimmed().toDouble(&ok));
    ok = ok && std::isfinite(v.back());
  }
  if (!ok) usage_error(QStringLiteral("%1 takes %2, got '%3'").arg(option, form, s));
  return v;
}

Metrics parse_metrics(const QString& s) {
  Metrics m;
  for (const QString& part : s.split(',')) {
    const QString name = part.trimmed();
    const auto bad = [&s]() {
      usage_error(QStringLiteral("--metrics takes one of %1 and/or niqe or niqe:Q (Q one of %2), "
                                 "comma-separated, got '%3'")
                      .arg(QString::fromStdString(rl::sr_protocol_names()),
                           QString::fromStdString(rl::niqe_protocol_names()), s));
    };
    if (name == QLatin1String("niqe") || name.startsWith(QLatin1String("niqe:"))) {
      const auto q = name.size() == 4 ? std::optional(rl::NiqeProtocol::Release)
                                      : rl::parse_niqe_protocol(name.mid(5).toStdString());
      if (!q || m.niqe) bad();
      m.niqe = q;
      continue;
    }
    const auto p = rl::parse_sr_protocol(name.toStdString());
    if (!p || m.protocol) bad();
    m.protocol = p;
  }
  return m;
}

QString matlab_method_list() { return QString::fromStdString(rl::method_names(" ", " ")); }

QString library_pane_list(const QString& indent) {
  QStringList lines;
  for (const peers::Library l : {peers::Library::OpenCV, peers::Library::Pillow, peers::Library::Torch}) {
    QStringList names;
    const QString lib = QString::fromStdString(peers::to_string(l));
    for (const std::string& m : peers::method_names(l))
      names << lib + QLatin1Char('-') + QString::fromStdString(m);
    lines << indent + names.join(QLatin1Char(' '));
  }
  return lines.join(QLatin1Char('\n'));
}

QString image_extension_list() { return QString::fromStdString(io::supported_extensions_text()); }

QString panel_name_list() {
  QStringList names;
  for (const ui::DockSpec& d : ui::dock_table())
    if (d.panel) names << QLatin1String(d.panel);
  return names.join(QStringLiteral(", "));
}

}  // namespace rl::app
