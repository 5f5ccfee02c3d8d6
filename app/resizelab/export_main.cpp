// export_main: `resizelab --export` as a process: the request read (the help printed without any
// application), the figure prepared and written, every failure one line on stderr and its exit status.
#include <QGuiApplication>
#include <cstdio>
#include <memory>

#include "exit_codes.hpp"
#include "figure_export.hpp"
#include "qt_messages.hpp"
#include "resizelab_options.hpp"
#include "resizelab_request.hpp"
#include "rl/version.hpp"

namespace rl::app {

namespace {

// The help: every --export option of the table, with the method, library and file lists read from core,
// peers and io.
void print_usage() {
  const QString intro = QStringLiteral(
      "Writes the comparison figure File > Export writes, without a display.\n"
      "Exit status: 0 written; 1 the image cannot be read or resized, or the figure cannot be written;\n"
      "2 bad option or value. Every error is one line on stderr. The figure is written as imresize\n"
      "writes its output (imresize --help, Output): never through a link; SIGINT, SIGTERM and SIGHUP\n"
      "remove the temporary file and end the process by the signal (status 128+N).");
  std::fputs(options_help(OptionMode::Export, intro).toLocal8Bit().constData(), stdout);
}

}  // namespace

int export_main(const QStringList& args) {
  const QuietQtMessages quiet;
  try {
    const Request request = parse_request(args, OptionMode::Export);  // needs no application
    if (request.help) {
      print_usage();
      return 0;
    }
    if (request.version) return std::fputs(rl::version_text("resizelab").c_str(), stdout) < 0;
    std::unique_ptr<QGuiApplication> app;
    if (!QCoreApplication::instance()) {
      // Nothing is shown: never ask for a display.
      qputenv("QT_QPA_PLATFORM", "offscreen");
      static int argc = 1;
      static char name[] = "resizelab";
      static char* argv[] = {name, nullptr};
      app = std::make_unique<QGuiApplication>(argc, argv);
    }
    apply_max_pixels(request);
    const ExportJob job = prepare_export(request);
    QString why;
    if (!ui::write_figure(job.spec, job.path, &why)) throw CommandLineError{rl::app::kExitFailure, why};
    return 0;
  } catch (const CommandLineError& e) {
    std::fprintf(stderr, "resizelab: error: %s\n", e.message.toLocal8Bit().constData());
    return e.code;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "resizelab: error: %s\n", e.what());
    return rl::app::kExitFailure;
  }
}

}  // namespace rl::app
