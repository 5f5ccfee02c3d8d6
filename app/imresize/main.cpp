// `imresize`: MATLAB-exact image resizing from the command line (see --help), and `imresize batch`.
#include <string_view>

#include "batch.hpp"
#include "pipeline.hpp"

int main(int argc, char** argv) {
  if (argc > 1 && std::string_view(argv[1]) == "batch") return rl::app::batch_main(argc - 1, argv + 1);
  return rl::app::imresize_main(argc, argv);
}
