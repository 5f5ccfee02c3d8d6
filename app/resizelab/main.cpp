// resizelab: the viewer. `resizelab [IMAGE]` opens the window (the built-in image when none is
// given); `resizelab --export ...` writes a figure without a display. Both read one typed Request
// (resizelab_request.hpp) from the one option table.
#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTimer>
#include <csignal>
#include <cstdio>
#include <memory>
#include <string>

#include "exit_codes.hpp"
#include "figure_export.hpp"
#include "figure_panels.hpp"
#include "qt_messages.hpp"
#include "resizelab_options.hpp"
#include "resizelab_request.hpp"
#include "rl/atomic_file.hpp"
#include "rl/ui/main_window.hpp"
#include "rl/ui/push_server.hpp"
#include "rl/ui/view_state.hpp"
#include "rl/version.hpp"
#include "send_main.hpp"
#include "window_start.hpp"

namespace {

int usage_failure(const rl::app::CommandLineError& e) {
  std::fprintf(stderr, "resizelab: error: %s\n", qPrintable(e.message));
  return e.code;
}

// Whether an argument before "--" is one of QApplication's own options, which it takes out of the
// command line (both spellings, -style and --style, as Qt reads them).
bool has_qt_option(const QStringList& args) {
  static const QRegularExpression qt_option(QStringLiteral(
      "^--?(platform|platformpluginpath|platformtheme|plugin|qwindowgeometry|qwindowicon|qwindowtitle|"
      "reverse|session|style|stylesheet|widgetcount|display|geometry)(=.*)?$"));
  for (int i = 1; i < args.size() && args[i] != QLatin1String("--"); ++i)
    if (qt_option.match(args[i]).hasMatch()) return true;
  return false;
}

QString window_help() {
  const QString intro =
      QString("ResizeLab: MATLAB-exact imresize next to nearest, bilinear and plain bicubic.\n") +
      rl::app::kWindowExitStatusHelp +
      "Choices on the command line are for that run; what you change in the window is remembered.\n"
      "Figures without a window: resizelab --export --help.\n"
      "Images from scripts and Python: resizelab --send --help (docs/VIEWER.md).";
  return rl::app::options_help(rl::app::OptionMode::Window, intro);
}

// The window's picture, encoded in memory and written by the one writer of every output
// (rl/atomic_file.hpp: a temporary file renamed, no link followed). Says why on stderr when it cannot.
bool write_screenshot(QWidget& w, const QString& shot) {
  QByteArray bytes;
  QBuffer buffer(&bytes);
  buffer.open(QIODevice::WriteOnly);
  std::string why;
  if (!w.grab().save(&buffer, QFileInfo(shot).suffix().toLatin1().constData())) {
    why = ": no image format for its extension";
  } else {
    try {
      rl::write_file_atomically(shot.toStdString(), bytes.constData(),
                                static_cast<std::size_t>(bytes.size()));
      return true;
    } catch (const std::exception& e) {
      why = std::string(": ") + e.what();
    }
  }
  std::fprintf(stderr, "resizelab: could not write screenshot %s%s\n", qPrintable(shot), why.c_str());
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  // As imresize's: a closed standard output is no reason to stop; a termination signal removes the
  // temporary file being written before it ends the process.
  std::signal(SIGPIPE, SIG_IGN);
  rl::remove_temporaries_on_termination_signals();
  // Qt's notices (e.g. XDG_RUNTIME_DIR not set) are dropped until the command line is read: --help,
  // --version, --export and every usage error print the program's own words only.
  rl::app::install_qt_messages(true);
  QStringList raw;
  for (int i = 0; i < argc; ++i) raw << QString::fromLocal8Bit(argv[i]);
  if (rl::app::is_send_request(raw)) return rl::app::send_main(argc, argv);  // a client, no window
  const rl::app::OptionMode mode = rl::app::requested_mode(raw);
  if (mode == rl::app::OptionMode::Export) return rl::app::export_main(raw);  // makes its own application

  // The window. Help and version need no display; Qt's own options (-platform, -style, ...) are
  // taken out by QApplication, so the request is read from what it leaves.
  try {
    const rl::app::Request pre = rl::app::parse_request(raw, mode);
    if (pre.version) return std::fputs(rl::version_text("resizelab").c_str(), stdout) < 0;
    if (pre.help) return std::fputs(window_help().toLocal8Bit().constData(), stdout) < 0;
  } catch (const rl::app::CommandLineError& e) {
    if (!has_qt_option(raw)) return usage_failure(e);  // else read again below, without Qt's
  }
  QApplication app(argc, argv);
  QApplication::setOrganizationName("ResizeLab");
  QApplication::setApplicationName("resizelab");
  QApplication::setApplicationVersion(RL_VERSION_STRING);
  rl::app::Request request;
  try {
    request = rl::app::parse_request(QApplication::arguments(), mode);
  } catch (const rl::app::CommandLineError& e) {
    return usage_failure(e);
  }
  if (request.version) return std::fputs(rl::version_text("resizelab").c_str(), stdout) < 0;
  if (request.help) return std::fputs(window_help().toLocal8Bit().constData(), stdout) < 0;
  rl::app::apply_max_pixels(request);
  rl::app::set_qt_messages_quiet(false);

  rl::ui::MainWindow w;
  rl::app::install_figure_panels(w);
  rl::app::start_window(w, request);
  const rl::ui::PushServer push(w.document(), w.view_state());  // images sent by scripts (docs/VIEWER.md)
  w.show();

  const std::optional<QRectF> crop =
      request.crops.isEmpty() ? std::nullopt : std::optional<QRectF>(request.crops.first());
  const std::optional<QPointF> inspect = request.inspect;
  const QString shot = request.screenshot;
  if (crop || !shot.isEmpty() || inspect) {
    // Apply the crop and take the picture once the first results are on screen.
    auto* doc = w.document();
    auto done = std::make_shared<bool>(false);
    QObject::connect(doc, &rl::ui::Document::busy_changed, &w,
                     [&w, doc, crop, shot, done, inspect](bool busy) {
                       if (busy || *done || !doc->result(0).image) return;
                       *done = true;
                       if (crop) w.view_state()->fit_region(*crop);
                       if (inspect) w.inspect(inspect);
                       if (shot.isEmpty()) return;
                       // The next turn of the event loop: the results' layout and repaints posted by the
                       // signal that brought them are handled first (grab() then paints what the window
                       // shows).
                       QTimer::singleShot(0, &w, [&w, shot]() {
                         QApplication::processEvents();
                         const bool written = write_screenshot(w, shot);  // says why when it cannot
                         QApplication::exit(written ? 0 : 1);
                       });
                     });
  }
  return app.exec();
}
