// `imresize_batch_dev batch ...`: what the tests run when the build defines no `imresize` executable.
#include <cstdio>
#include <cstring>

#include "batch.hpp"

int main(int argc, char** argv) {
  if (argc < 2 || std::strcmp(argv[1], "batch") != 0) {
    std::fprintf(stderr, "usage: %s batch ...\n", argv[0]);
    return 2;
  }
  return rl::app::batch_main(argc - 1, argv + 1);
}
