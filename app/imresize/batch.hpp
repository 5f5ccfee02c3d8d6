// `imresize batch`: build super-resolution datasets from a folder of images.
#pragma once

namespace rl::app {

// argv[0] is "batch"; returns the process exit code.
int batch_main(int argc, char** argv);

}  // namespace rl::app
