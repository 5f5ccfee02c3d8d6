// The stop signals of `imresize batch`: a first SIGINT, SIGTERM or SIGHUP only sets a flag that workers
// read between steps, so every output is either complete (renamed into place) or never appears, and
// the run ends with kExitInterrupted. A second one ends the run at once with the same status, after
// removing the temporary files being written (rl::remove_live_temporaries).
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
