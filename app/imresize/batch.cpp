// `imresize batch` entry point.
#include "batch.hpp"

#include <cstdio>

namespace rl::app {

int batch_main(int, char**) {
  std::fprintf(stderr, "imresize batch: not available in this build\n");
  return 2;
}

}  // namespace rl::app
