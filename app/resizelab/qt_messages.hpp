// Qt's own messages in resizelab, through one handler: while quiet (--help, --version, --export, and
// the window until its command line is read) Qt's notices (a runtime folder defaulted, a font
// substituted) are not the program's words and are dropped, a fatal one becomes the one error line;
// otherwise they reach stderr as Qt formats them.
#pragma once

#include <QtGlobal>

namespace rl::app {

// Installs the handler (before the application object is made, whose notices it then covers).
void install_qt_messages(bool quiet);
void set_qt_messages_quiet(bool quiet);

// The handler, quiet, for one scope (export_main called in process); the previous one is put back.
class QuietQtMessages {
 public:
  QuietQtMessages();
  ~QuietQtMessages();
  QuietQtMessages(const QuietQtMessages&) = delete;
  QuietQtMessages& operator=(const QuietQtMessages&) = delete;

 private:
  QtMessageHandler previous_;
  bool was_quiet_;
};

}  // namespace rl::app
