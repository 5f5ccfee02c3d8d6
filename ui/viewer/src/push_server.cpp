// The window's push server: a QLocalServer with user-only permissions, one incremental parser per
// client, replies as the protocol says (rl/push_protocol.hpp).
#include "rl/ui/push_server.hpp"

#include <fcntl.h>
#include <pwd.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QLocalServer>
#include <QLocalSocket>
#include <QSocketNotifier>
#include <QStandardPaths>
#include <QStringList>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <new>
#include <optional>
#include <vector>

#include "rl/atomic_file.hpp"
#include "rl/image_header.hpp"
#include "rl/npy.hpp"
#include "rl/ui/document.hpp"
#include "rl/ui/view_state.hpp"

namespace rl::ui {

QString push_socket_path(QString* error) {
  const auto refuse = [error](const QString& why) {
    if (error) *error = why;
    return QString();
  };
  const QString env = qEnvironmentVariable("RESIZELAB_SOCKET");
  if (!env.isEmpty()) {
    if (!QDir::isAbsolutePath(env))
      return refuse(QStringLiteral("RESIZELAB_SOCKET must be an absolute path, not '%1'").arg(env));
    return env;
  }
  // Qt makes the fallback folder (and warns on stderr without $XDG_RUNTIME_DIR; the window stays quiet).
  const QtMessageHandler previous =
      qInstallMessageHandler([](QtMsgType, const QMessageLogContext&, const QString&) {});
  QStandardPaths::writableLocation(QStandardPaths::RuntimeLocation);
  qInstallMessageHandler(previous);
  QString dir = qEnvironmentVariable("XDG_RUNTIME_DIR");
  if (dir.isEmpty()) {
    const passwd* pw = ::getpwuid(::getuid());
    const QString tmp = qEnvironmentVariable("TMPDIR");
    dir = QDir::cleanPath(tmp.isEmpty() ? QStringLiteral("/tmp") : tmp) + QStringLiteral("/runtime-") +
          QString::fromLocal8Bit(pw ? pw->pw_name : "");
  }
  struct stat st = {};
  if (::stat(QFile::encodeName(dir).constData(), &st) != 0 || !S_ISDIR(st.st_mode) ||
      st.st_uid != ::getuid() || (st.st_mode & 077) != 0)
    return refuse(QStringLiteral("the runtime folder %1 is not a folder of this user's alone; set "
                                 "RESIZELAB_SOCKET to an absolute path")
                      .arg(dir));
  return QStringLiteral("%1/resizelab-%2.sock").arg(dir).arg(::getuid());
}

bool peer_is_this_user(qintptr fd) {
  ucred cred = {};
  socklen_t len = sizeof cred;
  return ::getsockopt(static_cast<int>(fd), SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0 &&
         cred.uid == ::getuid();
}

struct PushServer::Client {
  QLocalSocket* socket = nullptr;
  // A header announcing more than the pixel limit's worth (--max-pixels, RL_MAX_PIXELS) is refused at once.
  push::Parser parser{push::max_payload(io::default_max_pixels())};
  QTimer* stall = nullptr;
  bool closing = false;
  struct Waiting {
    push::Message query;
    QElapsedTimer since;
  };
  std::vector<Waiting> queries;  // answered once the pane's result and statistics are current
};

namespace {
QString image_text(const Image& img) {
  return QStringLiteral("%1x%2x%3 %4")
      .arg(img.rows())
      .arg(img.cols())
      .arg(img.channels())
      .arg(QString::fromStdString(to_string(img.type())));
}
int quit_pipe[2] = {-1, -1};
// Counted atomically: two signals may be handled at once by two of the window's threads.
std::atomic<int> quit_signals{0};
static_assert(std::atomic<int>::is_always_lock_free, "used in a signal handler");
char socket_file[108] = {};  // the listening socket's path (sun_path's size), for the second signal
void on_quit_signal(int sig) {
  if (quit_signals.fetch_add(1) == 0) {
    const char c = 1;
    [[maybe_unused]] const auto n = ::write(quit_pipe[1], &c, 1);  // async-signal-safe, never blocks
    return;
  }
  // A second signal: the event loop did not end (busy, or the quit refused). End now, as imresize
  // does, with the temporary files being written and the socket file removed.
  rl::remove_live_temporaries();
  if (socket_file[0]) ::unlink(socket_file);
  ::signal(sig, SIG_DFL);
  ::raise(sig);  // delivered once this handler returns
}
// SIGTERM, SIGINT and SIGHUP end the event loop as closing the window does, so the socket file is
// removed (a viewer killed harder leaves it; the next viewer replaces it). The same in every window,
// listening or not; these handlers take over from main()'s rl::remove_temporaries_on_termination_signals.
void quit_on_signals() {
  if (quit_pipe[0] >= 0 || !QCoreApplication::instance() ||
      ::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, quit_pipe) != 0)
    return;
  ::fcntl(quit_pipe[1], F_SETFL, ::fcntl(quit_pipe[1], F_GETFL) | O_NONBLOCK);
  auto* n = new QSocketNotifier(quit_pipe[0], QSocketNotifier::Read, QCoreApplication::instance());
  QObject::connect(n, &QSocketNotifier::activated, QCoreApplication::instance(), []() {
    char c = 0;
    [[maybe_unused]] const auto k = ::read(quit_pipe[0], &c, 1);  // drained: no busy loop
    QCoreApplication::quit();
  });
  struct sigaction sa = {};
  sa.sa_handler = on_quit_signal;
  sigemptyset(&sa.sa_mask);  // the other two wait while one is handled
  for (int other : {SIGTERM, SIGINT, SIGHUP}) sigaddset(&sa.sa_mask, other);
  sa.sa_flags = SA_RESTART;
  for (int sig : {SIGTERM, SIGINT, SIGHUP}) {
    struct sigaction old = {};
    if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // nohup: left ignored
    ::sigaction(sig, &sa, nullptr);
  }
}
}  // namespace

PushServer::PushServer(Document* doc, const ViewState* view, QObject* parent)
    : QObject(parent), doc_(doc), view_(view) {
  quit_on_signals();
  QString error;
  const QString path = push_socket_path(&error);
  if (path.isEmpty()) {
    status_ = QStringLiteral("does not receive images: %1").arg(error);
    std::fprintf(stderr, "resizelab: %s\n", status_.toLocal8Bit().constData());
    return;
  }
  {
    QLocalSocket probe;
    probe.connectToServer(path);
    if (probe.waitForConnected(200)) {
      status_ = peer_is_this_user(probe.socketDescriptor())
                    ? QStringLiteral("another resizelab receives images at %1").arg(path)
                    : QStringLiteral("does not receive images: %1 is served by another user").arg(path);
      return;
    }
  }
  // A socket file left by a viewer that did not exit cleanly is replaced; anything else at the path
  // (a file named by RESIZELAB_SOCKET by mistake, another user's socket) is left alone.
  const QByteArray native = QFile::encodeName(path);
  struct stat st = {};
  if (::lstat(native.constData(), &st) == 0) {
    if (!S_ISSOCK(st.st_mode) || st.st_uid != ::getuid()) {
      status_ =
          QStringLiteral("does not receive images: %1 exists and is not a socket of this user's").arg(path);
      std::fprintf(stderr, "resizelab: %s\n", status_.toLocal8Bit().constData());
      return;
    }
    ::unlink(native.constData());
  }
  server_ = new QLocalServer(this);
  server_->setSocketOptions(QLocalServer::UserAccessOption);
  server_->setMaxPendingConnections(kMaxClients);
  if (!server_->listen(path)) {
    status_ = QStringLiteral("cannot receive images at %1: %2").arg(path, server_->errorString());
    delete server_;
    server_ = nullptr;
    return;
  }
  status_ = QStringLiteral("receives images at %1").arg(path);
  if (native.size() < qsizetype{sizeof socket_file})
    std::memcpy(socket_file, native.constData(), native.size() + 1);
  connect(server_, &QLocalServer::newConnection, this, &PushServer::accept);
  connect(doc_, &Document::busy_changed, this, &PushServer::answer_queries);
  connect(doc_, &Document::diffs_changed, this, &PushServer::answer_queries);
}

PushServer::~PushServer() {
  if (server_) socket_file[0] = 0;
  if (server_) server_->close();  // removes the socket file
}

bool PushServer::listening() const { return server_ && server_->isListening(); }

void PushServer::accept() {
  while (QLocalSocket* s = server_->nextPendingConnection()) {
    if (clients_.size() >= kMaxClients) {
      send(s, push::reply(false, "the viewer serves " + std::to_string(kMaxClients) +
                                     " clients at once; try again when one is done"));
      // Connected first: disconnectFromServer() may emit disconnected() at once.
      connect(s, &QLocalSocket::disconnected, s, &QObject::deleteLater);
      s->disconnectFromServer();
      continue;
    }
    auto c = std::make_shared<Client>();
    c->socket = s;
    c->stall = new QTimer(s);
    c->stall->setSingleShot(true);
    c->stall->setInterval(kStallMs);
    connect(c->stall, &QTimer::timeout, this, [this, s]() {
      const auto it = clients_.find(s);
      if (it == clients_.end() || (*it)->closing || !(*it)->queries.empty()) return;
      Client& k = **it;
      // Bytes that arrived while the event loop was held up (a busy host) are not idleness: the
      // readyRead they bring comes next and re-arms the timer.
      int queued = 0;
      if (s->bytesAvailable() > 0 ||
          (::ioctl(static_cast<int>(s->socketDescriptor()), FIONREAD, &queued) == 0 && queued > 0))
        return k.stall->start();
      const std::string idle = "nothing for " + std::to_string(kStallMs / 1000) + " s";
      if (k.parser.pending() == 0)
        fail(k, "the connection was idle: " + idle + " arrived (send a message at once after connecting)");
      else
        fail(k, "truncated message: " + std::to_string(k.parser.pending()) + " of " +
                    std::to_string(k.parser.expected()) + " bytes arrived, then " + idle);
    });
    // Qt reads no more than this ahead of read(): a client sending faster waits (no unbounded buffer).
    s->setReadBufferSize(kReadBufferBytes);
    clients_.insert(s, c);
    connect(s, &QLocalSocket::readyRead, this, [this, s]() { read(s); });
    connect(s, &QLocalSocket::disconnected, this, [this, s]() {
      clients_.remove(s);
      s->deleteLater();
    });
    read(s);
  }
}

void PushServer::read(QLocalSocket* s) {
  const auto it = clients_.find(s);
  if (it == clients_.end()) return;
  const std::shared_ptr<Client> c = *it;  // alive through this call whatever handle() does
  QElapsedTimer t;
  t.start();
  try {
    while (!c->closing && s->bytesAvailable() > 0) {
      // Pieces of at most 8 MiB, and back to the event loop after 20 ms: the window never waits long.
      if (t.elapsed() > 20) {
        QTimer::singleShot(0, s, [this, s]() { read(s); });
        return;
      }
      const QByteArray chunk = s->read(std::min<qint64>(s->bytesAvailable(), qint64{8} << 20));
      c->parser.feed(reinterpret_cast<const std::uint8_t*>(chunk.constData()),
                     static_cast<std::size_t>(chunk.size()));
      while (!c->closing)
        if (auto m = c->parser.take())
          handle(*c, std::move(*m));
        else
          break;
      if (c->parser.failed() && !c->closing) fail(*c, c->parser.error());
    }
  } catch (const std::bad_alloc&) {
    // This connection's message does not fit in memory: it alone is refused; the window and the
    // other clients go on.
    const std::size_t got = c->parser.pending(), whole = c->parser.expected();
    c->parser = push::Parser{};  // its buffer freed
    fail(*c, "out of memory: the viewer could not hold this message (" + std::to_string(got) + " of " +
                 std::to_string(whole) + " bytes arrived); nothing was shown");
  }
  if (c->closing) {
    s->readAll();  // ignored: the stream cannot be resynchronised
    return;
  }
  arm(*c);
}

void PushServer::arm(Client& c) {
  if (c.closing || !c.queries.empty())
    c.stall->stop();  // a waiting query has its own limit (kQueryWaitMs)
  else
    c.stall->start();  // restarted: kStallMs from now
}

void PushServer::send(QLocalSocket* s, const push::Message& m) {
  const auto bytes = push::encode(m);
  s->write(reinterpret_cast<const char*>(bytes.data()), static_cast<qint64>(bytes.size()));
}

void PushServer::fail(Client& c, const std::string& why) {
  send(c.socket, push::reply(false, why));
  c.closing = true;
  c.queries.clear();
  c.stall->stop();
  c.socket->disconnectFromServer();  // after the reply is written
}

void PushServer::handle(Client& c, push::Message m) {
  const QString name = QString::fromUtf8(m.name.data(), static_cast<qsizetype>(m.name.size()));
  const QString what = m.role == push::Role::Pane ? QStringLiteral("pane '%1'").arg(name)
                                                  : QString::fromLatin1(push::to_string(m.role));
  switch (m.type) {
    case push::Type::Open: {
      Image img;
      try {
        img = push::decode_image(m);
        // The files' pixel limit (--max-pixels, RL_MAX_PIXELS; 0: none) holds for pushed images too.
        const std::uint64_t limit = io::default_max_pixels();
        const auto pixels = static_cast<std::uint64_t>(img.rows()) * static_cast<std::uint64_t>(img.cols());
        if (limit && pixels > limit)
          throw std::runtime_error("the image has " + std::to_string(pixels) + " pixels, over the limit of " +
                                   std::to_string(limit) + " (--max-pixels or RL_MAX_PIXELS raises it)");
      } catch (const std::bad_alloc&) {
        send(c.socket, push::reply(false, "out of memory: the viewer could not decode the image"));
        return;
      } catch (const std::exception& e) {
        send(c.socket, push::reply(false, e.what()));
        return;
      }
      const QString shape = image_text(img);
      const QString error = doc_->push_image(name, m.role, std::move(img), m.scale);
      send(c.socket,
           push::reply(
               error.isEmpty(),
               (error.isEmpty() ? QStringLiteral("shown: %1, %2").arg(what, shape) : error).toStdString()));
      return;
    }
    case push::Type::Close: {
      const QString error = doc_->close_pushed(name, m.role);
      send(c.socket,
           push::reply(error.isEmpty(), (error.isEmpty() ? "closed: " + what : error).toStdString()));
      return;
    }
    case push::Type::Query: {
      Client::Waiting w{std::move(m), {}};
      w.since.start();
      c.queries.push_back(std::move(w));
      answer_queries();
      if (!c.queries.empty()) QTimer::singleShot(kQueryWaitMs + 10, this, &PushServer::answer_queries);
      return;
    }
    case push::Type::Reply: break;
  }
  fail(c, "a client sends open, close and query messages, not replies");
}

std::optional<push::Message> PushServer::query(const push::Message& m) const {
  const QString name = QString::fromUtf8(m.name.data(), static_cast<qsizetype>(m.name.size()));
  if (doc_->busy()) return std::nullopt;
  std::shared_ptr<const Image> img;
  QString text;
  if (m.role == push::Role::Pane) {
    const int i = doc_->pushed_pane(name);
    if (i < 0)
      return push::reply(false, QStringLiteral("no pane named '%1' was pushed").arg(name).toStdString());
    const PaneResult& r = doc_->result(i);
    if (!r.error.isEmpty()) return push::reply(false, r.error.toStdString());
    if (!r.made_from || !(r.made_from->pane == doc_->pane(i)) || !r.image) return std::nullopt;
    img = r.image;
    const PaneDiff& d = doc_->diff(i);
    QStringList parts;
    for (const Statistic& s : d.statistics)
      if (!s.phrase.isEmpty()) parts << s.phrase;
    text = !d.error.isEmpty() ? QStringLiteral("no statistics: %1").arg(d.error)
           : parts.isEmpty()  ? QStringLiteral("no statistics")
                              : parts.join(QStringLiteral("; "));
    text = QStringLiteral("pane '%1' (pane %2), %3: %4").arg(name).arg(i + 1).arg(image_text(*img), text);
  } else {
    img = m.role == push::Role::Hr ? doc_->source() : doc_->reference_image();
    if (!img) return push::reply(false, "no reference is loaded");
    text = QStringLiteral("%1, %2").arg(QString::fromLatin1(push::to_string(m.role)), image_text(*img));
  }
  if (view_)
    text += QStringLiteral("; view: zoom %1, centre %2,%3")
                .arg(view_->zoom(), 0, 'g', 12)
                .arg(view_->center().x(), 0, 'g', 12)
                .arg(view_->center().y(), 0, 'g', 12);
  return push::reply(true, text.toStdString(),
                     (m.flags & push::kQueryPixels) ? npy_encode(*img) : std::vector<std::uint8_t>{});
}

void PushServer::answer_queries() {
  // Over a copy: send() may end in a disconnect that removes a client from clients_.
  const QList<std::shared_ptr<Client>> clients = clients_.values();
  for (const auto& c : clients) {
    auto& q = c->queries;
    for (auto it = q.begin(); it != q.end();) {
      std::optional<push::Message> r;
      try {
        r = query(it->query);
      } catch (const std::bad_alloc&) {
        r = push::reply(false, "out of memory: the viewer could not copy the pane's pixels for the reply");
      }
      if (!r && it->since.elapsed() >= kQueryWaitMs)
        r = push::reply(false, "the pane was not ready after " + std::to_string(kQueryWaitMs / 1000) + " s");
      if (!r) {
        ++it;
        continue;
      }
      send(c->socket, *r);
      it = q.erase(it);
      if (q.empty()) arm(*c);  // idle again from now
    }
  }
}

}  // namespace rl::ui
