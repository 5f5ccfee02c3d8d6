// The stop signal of `imresize batch`: SIGINT/SIGTERM only set a flag that workers read between steps,
// so every output is either complete (renamed into place) or never appears.
#pragma once

namespace rl::app {

bool stop_requested();

// Installs the handlers and clears the flag for its lifetime; the previous handlers come back after.
class StopSignalGuard {
 public:
  StopSignalGuard();
  ~StopSignalGuard();
  StopSignalGuard(const StopSignalGuard&) = delete;
  StopSignalGuard& operator=(const StopSignalGuard&) = delete;

 private:
  struct Saved;
  Saved* saved_;
};

}  // namespace rl::app
