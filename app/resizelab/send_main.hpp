// `resizelab --send FILE [--name N] [--role R]`: an image file pushed into the running viewer (its
// socket, rl/ui/push_server.hpp), for shell scripts; a viewer is started when none runs.
#pragma once

#include <QStringList>

namespace rl::app {

bool is_send_request(const QStringList& args);  // --send among the options (before any "--")
// Exit status: 0 shown (the viewer's reply on stdout); 1 the file cannot be read, no viewer could be
// reached, or the viewer refused the image (its reply on stderr); 2 bad option or value.
int send_main(int argc, char** argv);

}  // namespace rl::app
