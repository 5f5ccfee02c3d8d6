// `imresize`: MATLAB-exact image resizing from the command line (see --help), `imresize batch`,
// `imresize score`, `imresize degrade` and `imresize identify`.
#include <signal.h>

#include <cstdio>
#include <string_view>

#include "batch.hpp"
#include "degrade_options.hpp"
#include "identify.hpp"
#include "pipeline.hpp"
#include "rl/atomic_file.hpp"
#include "rl/version.hpp"
#include "score.hpp"

int main(int argc, char** argv) {
  // Standard output is a report: a reader that went away (`| head`, `| true`) ends neither the work
  // nor its files, and the exit status is the work's (docs/CLI.md).
  ::signal(SIGPIPE, SIG_IGN);
  // SIGINT, SIGTERM, SIGHUP: the temporary being written is removed, then the signal ends the process
  // (`imresize batch` stops in its own way, exit 4).
  rl::remove_temporaries_on_termination_signals();
  // --version wins over everything else (up to `--`), for the command and for `imresize batch` alike.
  for (int i = 1; i < argc && std::string_view(argv[i]) != "--"; ++i)
    if (std::string_view(argv[i]) == "--version")
      return std::fputs(rl::version_text("imresize").c_str(), stdout) < 0;
  if (argc > 1 && std::string_view(argv[1]) == "batch") return rl::app::batch_main(argc - 1, argv + 1);
  if (argc > 1 && std::string_view(argv[1]) == "score") return rl::app::score_main(argc - 1, argv + 1);
  if (argc > 1 && std::string_view(argv[1]) == "degrade") return rl::app::degrade_main(argc - 1, argv + 1);
  if (argc > 1 && std::string_view(argv[1]) == "identify") return rl::app::identify_main(argc - 1, argv + 1);
  return rl::app::imresize_main(argc, argv);
}
