// `imresize identify`: the entry point and its --help text.
#pragma once

#include <string>

namespace rl::app {

std::string identify_usage_text();
// argv[0] is "identify"; returns the exit code (errors: one stderr line, see exit_codes.hpp).
int identify_main(int argc, char** argv);

}  // namespace rl::app
