// The one Qt message handler of resizelab (see qt_messages.hpp).
#include "qt_messages.hpp"

#include <QString>
#include <atomic>
#include <cstdio>

namespace rl::app {
namespace {

std::atomic<bool> g_quiet{true};

void handle(QtMsgType type, const QMessageLogContext& context, const QString& msg) {
  if (g_quiet) {
    if (type == QtFatalMsg) std::fprintf(stderr, "resizelab: error: %s\n", msg.toLocal8Bit().constData());
    return;
  }
  std::fprintf(stderr, "%s\n", qFormatLogMessage(type, context, msg).toLocal8Bit().constData());
}

}  // namespace

void install_qt_messages(bool quiet) {
  g_quiet = quiet;
  qInstallMessageHandler(handle);
}

void set_qt_messages_quiet(bool quiet) { g_quiet = quiet; }

QuietQtMessages::QuietQtMessages()
    : previous_(qInstallMessageHandler(handle)), was_quiet_(g_quiet.exchange(true)) {}

QuietQtMessages::~QuietQtMessages() {
  g_quiet = was_quiet_;
  qInstallMessageHandler(previous_);
}

}  // namespace rl::app
