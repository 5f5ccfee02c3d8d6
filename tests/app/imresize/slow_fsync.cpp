// Preloaded into `imresize` by the output tests (LD_PRELOAD): fsync sleeps RL_TEST_FSYNC_DELAY_MS
// milliseconds first, so that a test can signal the process while its temporary file exists.
#include <dlfcn.h>
#include <time.h>

#include <cstdlib>

extern "C" int fsync(int fd) {
  using Fsync = int (*)(int);
  static const Fsync real = reinterpret_cast<Fsync>(::dlsym(RTLD_NEXT, "fsync"));
  if (const char* ms = std::getenv("RL_TEST_FSYNC_DELAY_MS")) {
    const long v = std::strtol(ms, nullptr, 10);
    timespec t{v / 1000, (v % 1000) * 1000000L};
    while (::nanosleep(&t, &t) != 0) {
    }
  }
  return real ? real(fd) : 0;
}
