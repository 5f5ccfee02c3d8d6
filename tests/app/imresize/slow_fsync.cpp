// Preloaded into `imresize` by the output tests (LD_PRELOAD): fsync sleeps RL_TEST_FSYNC_DELAY_MS
// milliseconds first, so that a test can signal the process while its temporary file exists; with
// RL_TEST_FSYNC_LOG, every fsync ("fsync PATH") and rename ("rename FROM TO") is appended to that file,
// so that a test can check the order that makes a write durable.
#include <dlfcn.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

void log_line(const std::string& line) {
  const char* path = std::getenv("RL_TEST_FSYNC_LOG");
  if (!path) return;
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  const std::string l = line + "\n";
  (void)!::write(fd, l.data(), l.size());
  ::close(fd);
}

}  // namespace

extern "C" int fsync(int fd) {
  using Fsync = int (*)(int);
  static const Fsync real = reinterpret_cast<Fsync>(::dlsym(RTLD_NEXT, "fsync"));
  if (const char* ms = std::getenv("RL_TEST_FSYNC_DELAY_MS")) {
    const long v = std::strtol(ms, nullptr, 10);
    timespec t{v / 1000, (v % 1000) * 1000000L};
    while (::nanosleep(&t, &t) != 0) {
    }
  }
  char target[4096] = {};
  const std::string link = "/proc/self/fd/" + std::to_string(fd);
  const ssize_t n = ::readlink(link.c_str(), target, sizeof target - 1);
  log_line("fsync " + std::string(target, n > 0 ? static_cast<std::size_t>(n) : 0));
  return real ? real(fd) : 0;
}

extern "C" int rename(const char* from, const char* to) {
  using Rename = int (*)(const char*, const char*);
  static const Rename real = reinterpret_cast<Rename>(::dlsym(RTLD_NEXT, "rename"));
  log_line(std::string("rename ") + from + " " + to);
  return real ? real(from, to) : -1;
}
