// resizelab --send: read the file, connect to the viewer's socket (starting a viewer, detached, when
// none answers), send one open message and print the reply.
#include "send_main.hpp"

#include <QCoreApplication>
#include <QDeadlineTimer>
#include <QFileInfo>
#include <QLocalSocket>
#include <QProcess>
#include <QThread>
#include <cstdio>
#include <optional>
#include <string>

#include "exit_codes.hpp"
#include "rl/image_io.hpp"
#include "rl/npy.hpp"
#include "rl/push_protocol.hpp"
#include "rl/ui/push_server.hpp"

namespace rl::app {

namespace {

constexpr int kStartWaitMs = 15000;  // a viewer started here has this long to listen
constexpr int kReplyWaitMs = 60000;

constexpr const char* kUsage =
    "Usage: resizelab --send FILE [--name N] [--role pane|reference|hr]\n"
    "Shows an image file in the running viewer (one is started when none runs): as pane N (default:\n"
    "the file's name without its extension; sending the same name again updates that pane in place),\n"
    "as the reference, or as the HR. Exit status: 0 shown; 1 the file cannot be read, no viewer, or the\n"
    "viewer refused it; 2 bad option or value. See docs/VIEWER.md, \"Pushing images from Python and\n"
    "scripts\".\n";

int usage_error(const QString& why) {
  std::fprintf(stderr, "resizelab: error: %s\n", qPrintable(why));
  return rl::app::kExitUsage;
}

int failure(const QString& why) {
  std::fprintf(stderr, "resizelab: error: %s\n", qPrintable(why));
  return rl::app::kExitFailure;
}

bool connect_to(QLocalSocket& s, const QString& path) {
  s.connectToServer(path);
  return s.waitForConnected(1000);
}

// A socket served by another user is not this user's viewer: nothing is sent to it.
bool foreign(const QLocalSocket& s) { return !ui::peer_is_this_user(s.socketDescriptor()); }

}  // namespace

bool is_send_request(const QStringList& args) {
  for (int i = 1; i < args.size() && args[i] != QLatin1String("--"); ++i)
    if (args[i] == QLatin1String("--send") || args[i].startsWith(QLatin1String("--send="))) return true;
  return false;
}

int send_main(int argc, char** argv) {
  QCoreApplication app(argc, argv);
  const QStringList args = QCoreApplication::arguments();
  QString file, name;
  push::Role role = push::Role::Pane;
  for (const QString& a : args)
    if (a == QLatin1String("-h") || a == QLatin1String("--help")) return std::fputs(kUsage, stdout) < 0;
  for (int i = 1; i < args.size(); ++i) {
    QString opt = args[i], value;
    const int eq = opt.indexOf('=');
    if (opt.startsWith(QLatin1String("--")) && eq > 0) {
      value = opt.mid(eq + 1);
      opt = opt.left(eq);
    } else if (opt == QLatin1String("--send") || opt == QLatin1String("--name") ||
               opt == QLatin1String("--role")) {
      if (i + 1 >= args.size()) return usage_error(opt + " needs a value");
      value = args[++i];
    }
    if (opt == QLatin1String("--send"))
      file = value;
    else if (opt == QLatin1String("--name"))
      name = value;
    else if (opt == QLatin1String("--role")) {
      const auto r = push::parse_role(value.toStdString());
      if (!r) return usage_error("--role must be pane, reference or hr, not '" + value + "'");
      role = *r;
    } else {
      return usage_error("--send takes --name and --role only, not '" + args[i] + "'");
    }
  }
  if (file.isEmpty()) return usage_error("--send needs a FILE");
  if (name.isEmpty()) name = QFileInfo(file).completeBaseName();
  // The viewer's rule for names, before anything is sent (exit 1, as the viewer's refusal would be).
  if (const std::string why = push::name_error(name.toStdString()); !why.empty())
    return failure(QString::fromStdString(why));

  push::Message m;
  m.type = push::Type::Open;
  m.role = role;
  m.name = name.toStdString();
  try {
    m.payload = npy_encode(io::load(file.toStdString()));
  } catch (const std::exception& e) {
    return failure(QString::fromStdString(e.what()));
  }

  QString error;
  const QString path = ui::push_socket_path(&error);
  if (path.isEmpty()) return failure(error);
  QLocalSocket s;
  if (!connect_to(s, path)) {
    QProcess viewer;  // detached, its output away from the script's pipes
    viewer.setProgram(QCoreApplication::applicationFilePath());
    viewer.setStandardInputFile(QProcess::nullDevice());
    viewer.setStandardOutputFile(QProcess::nullDevice());
    viewer.setStandardErrorFile(QProcess::nullDevice());
    if (!viewer.startDetached()) return failure("no viewer runs, and one could not be started");
    const QDeadlineTimer deadline(kStartWaitMs);
    bool connected = false;
    while (!connected && !deadline.hasExpired()) {
      QThread::msleep(100);
      connected = connect_to(s, path);
    }
    if (!connected)
      return failure(
          QStringLiteral("no viewer answered at %1 within %2 s").arg(path).arg(kStartWaitMs / 1000));
  }
  if (foreign(s)) return failure(QStringLiteral("the socket at %1 is served by another user").arg(path));
  const auto bytes = push::encode(m);
  s.write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
  push::Parser parser;
  std::optional<push::Message> reply;
  const QDeadlineTimer deadline(kReplyWaitMs);
  while (!reply && !parser.failed() && !deadline.hasExpired()) {
    if (s.bytesToWrite() > 0) s.waitForBytesWritten(100);
    if (!s.waitForReadyRead(100) && s.state() != QLocalSocket::ConnectedState && s.bytesAvailable() == 0)
      break;
    const QByteArray got = s.readAll();
    parser.feed(reinterpret_cast<const std::uint8_t*>(got.constData()), static_cast<std::size_t>(got.size()));
    reply = parser.take();
  }
  if (!reply)
    return failure(parser.failed() ? QString::fromStdString(parser.error()) : "the viewer did not reply");
  const QString text = QString::fromStdString(reply->name);
  if (reply->flags & push::kReplyError) return failure(text);
  std::printf("%s\n", qPrintable(text));
  return rl::app::kExitOk;
}

}  // namespace rl::app
