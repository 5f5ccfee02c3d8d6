// resizelab: the viewer. `resizelab [IMAGE]` opens the window (the built-in image when none is
// given); `resizelab --export ...` writes a figure without a display when figure export is built.
#include <QApplication>
#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QTimer>
#include <cstdio>
#include <initializer_list>
#include <memory>
#include <optional>

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

  QCommandLineParser cli;
  cli.setApplicationDescription(
      QString("ResizeLab: MATLAB-exact imresize next to nearest, bilinear and plain bicubic.\n") +
      rl::app::kExitStatusHelp);
  cli.addHelpOption();
  cli.addVersionOption();
  cli.addPositionalArgument(
      "image",
      QString("Image to open (%1); the built-in image if omitted.").arg(rl::ui::image_extension_list()));
  const QCommandLineOption scale_opt("scale", "Scale, e.g. 0.5 or 1/3.", "S");
  const QCommandLineOption size_opt("size", "Output size rows,cols (one may be NaN).", "R,C");
  const QCommandLineOption crop_opt("crop", "Show the source region x,y,w,h.", "x,y,w,h");
  const QCommandLineOption diff_opt("diff", "Start showing difference maps.");
  const QCommandLineOption inspect_opt("inspect", "Show the values at source point x,y in the inspector.",
                                       "x,y");
  const QCommandLineOption shot_opt(
      "screenshot", "Save a picture of the window once results are shown, then quit.", "FILE");
  cli.addOption(scale_opt);
  cli.addOption(size_opt);
  cli.addOption(crop_opt);
  cli.addOption(diff_opt);
  cli.addOption(inspect_opt);
  const QCommandLineOption dock_opt(
      "show-panel",
      "Bring a panel to the front: differences, kernels, taps, worked, sampling, frequency, profile,\n"
      "mapping, window, surface.",
      "NAME");
  cli.addOption(dock_opt);
  cli.addOption(shot_opt);
  cli.process(app);

  rl::ui::MainWindow w;
  rl::ui::install_figure_panels(w);
  if (cli.isSet(scale_opt)) w.apply_scale_text(cli.value(scale_opt));
  if (cli.isSet(size_opt)) w.apply_size_text(cli.value(size_opt));
  if (cli.isSet(diff_opt)) w.set_diff_mode(true);
  if (!cli.positionalArguments().isEmpty()) w.open_file(cli.positionalArguments().first());
  const std::optional<QRectF> parsed_crop =
      cli.isSet(crop_opt) ? rl::ui::parse_crop(cli.value(crop_opt)) : std::nullopt;
  if (cli.isSet(crop_opt) && !parsed_crop) {
    std::fprintf(stderr, "resizelab: %s\n", qPrintable(rl::ui::crop_error(cli.value(crop_opt))));
    return rl::app::kExitUsage;
  }
  const bool has_crop = parsed_crop.has_value();
  const QRectF crop = parsed_crop.value_or(QRectF());
  if (cli.isSet(dock_opt)) {
    const QString name = cli.value(dock_opt).toLower();
    const QString object = name == "kernels"     ? "kernelDock"
                           : name == "taps"      ? "tapDock"
                           : name == "worked"    ? "workedDock"
                           : name == "sampling"  ? "samplingDock"
                           : name == "frequency" ? "frequencyDock"
                           : name == "profile"   ? "profileDock"
                           : name == "mapping"   ? "mappingDock"
                           : name == "window"    ? "windowDock"
                           : name == "surface"   ? "surfaceDock"
                                                 : "differenceDock";
    if (auto* d = w.findChild<QDockWidget*>(object)) {
      d->show();  // the 2-D pictures start closed
      d->raise();
    }
  }
  w.show();

  if (has_crop || cli.isSet(shot_opt) || cli.isSet(inspect_opt)) {
    // Apply the crop and take the picture once the first results are on screen.
    auto* doc = w.document();
    const QString shot = cli.value(shot_opt);
    auto done = std::make_shared<bool>(false);
    std::optional<QPointF> inspect;
    if (cli.isSet(inspect_opt)) {
      const QStringList xy = cli.value(inspect_opt).split(',');
      if (xy.size() == 2) inspect = QPointF(xy[0].toDouble(), xy[1].toDouble());
    }
    QObject::connect(
        doc, &rl::ui::Document::busy_changed, &w, [&w, doc, crop, has_crop, shot, done, inspect](bool busy) {
          if (busy || *done || !doc->result(0).image) return;
          *done = true;
          if (has_crop) w.view_state()->fit_region(crop);
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
