// --panes and --upscale: pane names to pane sources and back, for the window and --export alike.
#include "pane_options.hpp"

#include <stdexcept>

#include "exit_codes.hpp"
#include "resizelab_options.hpp"
#include "rl/peers.hpp"

namespace rl::app {
namespace {

[[noreturn]] void usage_error(const QString& message) {
  throw CommandLineError{rl::app::kExitUsage, message};
}

// A pane name that asks for a library's resize ("opencv-...", "pillow-...", "torch-...").
bool peer_named(const QString& name) {
  for (const char* lib : {"opencv-", "pillow-", "torch-"})
    if (name.toLower().startsWith(QLatin1String(lib))) return true;
  return false;
}

}  // namespace

std::optional<std::pair<double, double>> default_scale_for(const QList<PaneChoice>& panes) {
  for (const PaneChoice& c : panes)
    if (c.config.is_file()) return std::pair{1.0, 1.0};
  return std::nullopt;
}

// Each name a pane; a library pane's error says what is wrong with its method or option.
QList<PaneChoice> parse_panes(const QString& list) {
  QList<PaneChoice> panes;
  for (const QString& raw : list.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
    const QString name = raw.trimmed();
    if (name.compare(QLatin1String("file:"), Qt::CaseInsensitive) == 0)
      usage_error(QStringLiteral("pane 'file:' needs a path (file:PATH)"));
    const auto c = parse_pane(name);
    if (!c && peer_named(name)) try {
        (void)rl::peers::parse_peer_spec(name.toLower().toStdString());
      } catch (const std::invalid_argument& e) {
        usage_error(QStringLiteral("pane '%1': %2").arg(name, QString::fromUtf8(e.what())));
      }
    if (!c)
      usage_error(QStringLiteral("unknown pane '%1' (see --help; e.g. matlab, bicubic-noaa, "
                                 "opencv-cubic, pillow-bicubic, torch-bicubic-aa)")
                      .arg(raw));
    panes.append(*c);
  }
  if (panes.isEmpty()) usage_error(QStringLiteral("--panes is empty"));
  if (panes.size() > 16) usage_error(QStringLiteral("at most 16 panes"));
  return panes;
}

rl::Method parse_upscale(const QString& s) {
  const auto m = rl::parse_method(s.trimmed().toLower().toStdString());
  if (!m || *m == rl::Method::Custom)
    usage_error(QStringLiteral("--upscale takes one of %1, got '%2'").arg(matlab_method_list(), s));
  return *m;
}

std::optional<PaneChoice> parse_pane(const QString& raw) {
  // file:PATH, the path as given (its case kept).
  if (raw.startsWith(QLatin1String("file:"), Qt::CaseInsensitive) && raw.size() > 5) {
    PaneChoice c{raw, {}, ui::file_pane(raw.mid(5))};
    c.label = ui::pane_label(c.config);
    return c;
  }
  const QString name = raw.toLower();
  if (peer_named(name)) {
    try {
      PaneChoice c{raw, {}, {rl::Method::Bicubic, false, rl::peers::parse_peer_spec(name.toStdString())}};
      c.label = ui::pane_label(c.config);
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

QString pane_name(const ui::PaneConfig& c) {
  if (c.is_file()) return QStringLiteral("file:") + c.file;
  if (c.peer) return QString::fromStdString(rl::peers::to_string(*c.peer));
  if (c.method == rl::Method::Bicubic && c.antialiasing) return QStringLiteral("matlab");
  return QString::fromStdString(rl::to_string(c.method)) +
         (c.antialiasing ? QStringLiteral("-aa") : QString());
}

}  // namespace rl::app
