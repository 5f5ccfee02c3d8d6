// resizelab: the viewer. `resizelab [IMAGE]` opens the window (the built-in image when none is
// given); `resizelab --export ...` writes a figure without a display when figure export is built.
#include <QApplication>
#include <QDockWidget>
#include <QTimer>
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <optional>
#include <vector>

#include "exit_codes.hpp"
#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "resizelab_options.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/pane_view.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/version.hpp"

namespace {

// Whether any argument before `--` is one of `names`.
bool has_arg(int argc, char** argv, std::initializer_list<const char*> names) {
  for (int i = 1; i < argc && QByteArray(argv[i]) != "--"; ++i)
    for (const char* n : names)
      if (QByteArray(argv[i]) == n) return true;
  return false;
}

bool wants_export(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    if (QByteArray(argv[i]) == "--export" || QByteArray(argv[i]).startsWith("--export=")) return true;
  return false;
}

// While exporting, Qt's own notices (e.g. XDG_RUNTIME_DIR not set, printed while the application
// object is built) would break the promise of silence on success and one line on failure.
void export_message_handler(QtMsgType type, const QMessageLogContext&, const QString& msg) {
  if (type == QtCriticalMsg || type == QtFatalMsg)
    std::fprintf(stderr, "resizelab: error: %s\n", msg.toLocal8Bit().constData());
}

// --show-panel NAME (any case); a usage error listing the panels otherwise.
const rl::ui::PanelName* find_panel(const QString& name) {
  for (const rl::ui::PanelName& p : rl::ui::panel_names())
    if (name.compare(QLatin1String(p.name), Qt::CaseInsensitive) == 0) return &p;
  throw rl::ui::CommandLineError{
      rl::app::kExitUsage,
      QString("--show-panel takes one of %1, got '%2'").arg(rl::ui::panel_name_list(), name)};
}

}  // namespace

int main(int argc, char** argv) {
  // --version and --help need no display: answered before, or without, a window system.
  if (has_arg(argc, argv, {"--version", "-v"}))
    return std::fputs(rl::version_text("resizelab").c_str(), stdout) < 0;
  const bool headless_help = has_arg(argc, argv, {"--help", "-h", "--help-all"});
  const bool headless_export = wants_export(argc, argv);
  // A figure needs no display: the offscreen platform works on servers and in CI.
  if ((headless_export || headless_help) && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  if (headless_export) qInstallMessageHandler(export_message_handler);
  QApplication app(argc, argv);
  QApplication::setOrganizationName("ResizeLab");
  QApplication::setApplicationName("resizelab");
  QApplication::setApplicationVersion(RL_VERSION_STRING);

  if (headless_export) return rl::ui::export_main(QApplication::arguments());

  // The window's options, from the table the export reads too: bad ones are one line, exit 2.
  rl::ui::ParsedOptions cli;
  std::optional<QRectF> crop;
  std::optional<QPointF> inspect;
  const rl::ui::PanelName* panel = nullptr;
  std::optional<rl::SrProtocol> metrics;
  std::vector<rl::ui::PaneConfig> panes;
  std::optional<std::pair<double, double>> file_scale;  // the scale file: panes give when none is said
  try {
    cli = rl::ui::parse_options(QApplication::arguments(), rl::ui::OptionMode::Window);
    if (cli.count("crop") > 1)
      throw rl::ui::CommandLineError{
          rl::app::kExitUsage,
          QString("--crop given %1 times: the window shows one region").arg(cli.count("crop"))};
    if (cli.has("crop") && !(crop = rl::ui::parse_crop(cli.value("crop"))))
      throw rl::ui::CommandLineError{rl::app::kExitUsage, rl::ui::crop_error(cli.value("crop"))};
    if (cli.has("inspect")) {
      const auto xy = rl::ui::parse_numbers("--inspect", cli.value("inspect"), 2, "x,y");
      inspect = QPointF(xy[0], xy[1]);
    }
    if (cli.has("metrics")) metrics = rl::ui::parse_metrics(cli.value("metrics"));
    // --panes as the export reads it; --upscale for its LR file: panes.
    if (cli.has("panes")) {
      const QList<rl::ui::PaneChoice> choices = rl::ui::parse_panes(cli.value("panes"));
      for (const rl::ui::PaneChoice& c : choices) panes.push_back(c.config);
      if (!cli.has("scale") && !cli.has("size")) file_scale = rl::ui::default_scale_for(choices);
    }
    if (cli.has("upscale")) {
      const rl::Method up = rl::ui::parse_upscale(cli.value("upscale"));
      for (rl::ui::PaneConfig& p : panes)
        if (p.is_file()) p.file_upscale = up;
    }
    if (cli.has("show-panel")) panel = find_panel(cli.value("show-panel"));
  } catch (const rl::ui::CommandLineError& e) {
    std::fprintf(stderr, "resizelab: error: %s\n", qPrintable(e.message));
    return e.code;
  }
  if (cli.has("help") || cli.has("help-all")) {
    const QString intro =
        QString("ResizeLab: MATLAB-exact imresize next to nearest, bilinear and plain bicubic.\n") +
        rl::app::kExitStatusHelp + "Figures without a window: resizelab --export --help.";
    return std::fputs(rl::ui::options_help(rl::ui::OptionMode::Window, intro).toLocal8Bit().constData(),
                      stdout) < 0;
  }

  rl::ui::MainWindow w;
  rl::ui::install_figure_panels(w);
  if (cli.has("scale")) w.apply_scale_text(cli.value("scale"));
  if (cli.has("size")) w.apply_size_text(cli.value("size"));
  if (file_scale) w.apply_scale_text(QString::number(file_scale->first));
  if (cli.has("diff")) w.set_diff_mode(true);
  if (metrics) {
    rl::ui::DiffSettings s = w.document()->diff_settings();
    s.protocol = *metrics;
    w.set_diff_settings(s);
  }
  if (!panes.empty()) w.set_panes(panes);
  if (cli.has("watch")) w.document()->set_watch(true);
  if (!cli.positional.isEmpty()) w.open_file(cli.positional.first());
  if (panel)
    if (auto* d = w.findChild<QDockWidget*>(panel->dock)) {
      d->show();  // the 2-D pictures start closed
      d->raise();
    }
  w.show();

  if (crop || cli.has("screenshot") || inspect) {
    // Apply the crop and take the picture once the first results are on screen.
    auto* doc = w.document();
    const QString shot = cli.value("screenshot");
    auto done = std::make_shared<bool>(false);
    QObject::connect(
        doc, &rl::ui::Document::busy_changed, &w, [&w, doc, crop, shot, done, inspect](bool busy) {
          if (busy || *done || !doc->result(0).image) return;
          *done = true;
          if (crop) w.view_state()->fit_region(*crop);
          if (inspect) w.inspect(inspect);
          if (shot.isEmpty()) return;
          QTimer::singleShot(400, &w, [&w, shot]() {
            const bool ok = w.grab().save(shot);
            if (!ok) std::fprintf(stderr, "resizelab: could not write screenshot %s\n", qPrintable(shot));
            QApplication::exit(ok ? 0 : 1);
          });
        });
  }
  return app.exec();
}
