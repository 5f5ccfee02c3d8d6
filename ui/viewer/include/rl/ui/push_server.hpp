// The window's push server (docs/VIEWER.md, "Pushing images from Python and scripts"): a local socket
// that scripts send images to (rl/push_protocol.hpp). Several clients at once; each reads in the event
// loop as bytes arrive, and a message is acted on once it is complete.
#pragma once

#include <QHash>
#include <QObject>
#include <QString>
#include <memory>
#include <optional>

#include "rl/push_protocol.hpp"

class QLocalServer;
class QLocalSocket;

namespace rl::ui {

class Document;
class ViewState;

// Where the socket is: $RESIZELAB_SOCKET when set (an absolute path), else resizelab-<uid>.sock in
// the user's runtime folder ($XDG_RUNTIME_DIR, else <$TMPDIR or /tmp>/runtime-<user>, made by Qt),
// which must be a folder of this user's alone. The same rule as python/resizelab/live.py's
// socket_path(); where it cannot be followed the result is empty and *error says why (no fallback).
QString push_socket_path(QString* error = nullptr);

// Whether the process at the other end of the connected local socket fd runs as this user
// (SO_PEERCRED): a socket served by someone else is not this user's viewer.
bool peer_is_this_user(qintptr fd);

class PushServer : public QObject {
  Q_OBJECT
 public:
  static constexpr int kMaxClients = 8;
  // A connection on which nothing arrives for this long is closed with a reply (a message begun and
  // not continued: "truncated message"; nothing begun and no query waiting: "nothing arrived"), so
  // idle connections cannot hold the kMaxClients places.
  static constexpr int kStallMs = 10000;
  static constexpr qint64 kReadBufferBytes = qint64{16} << 20;  // what the socket holds unread
  static constexpr int kQueryWaitMs = 60000;

  // Listens at push_socket_path() with user-only permissions, unless another viewer listens there
  // (then this one does not; status() says so). The socket file is removed when this is destroyed.
  // `view`, when given, is the window's: a query's reply then says its zoom and centre (what tests read
  // to see that an update keeps the view).
  explicit PushServer(Document* doc, const ViewState* view = nullptr, QObject* parent = nullptr);
  ~PushServer() override;
  bool listening() const;
  const QString& status() const { return status_; }  // one line: where it listens, or why not

 private:
  struct Client;
  void accept();
  void read(QLocalSocket* s);
  void handle(Client& c, push::Message m);
  void send(QLocalSocket* s, const push::Message& m);
  void fail(Client& c, const std::string& why);  // an error reply, then the connection closes
  void arm(Client& c);                           // the stall timer, for what the client waits on now
  void answer_queries();
  std::optional<push::Message> query(const push::Message& m) const;  // nullopt: not ready yet

  Document* doc_;
  const ViewState* view_;
  QLocalServer* server_ = nullptr;
  QString status_;
  QHash<QLocalSocket*, std::shared_ptr<Client>> clients_;
};

}  // namespace rl::ui
