// `imresize`: MATLAB-exact image resizing from the command line (see --help), `imresize batch`,
// `imresize score`, `imresize degrade` and `imresize identify`.
#include <cstdio>
#include <string_view>

#include "batch.hpp"
#include "degrade_options.hpp"
#include "identify.hpp"
#include "pipeline.hpp"
#include "rl/version.hpp"
#include "score.hpp"

int main(int argc, char** argv) {
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
