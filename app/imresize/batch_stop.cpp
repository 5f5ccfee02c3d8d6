// SIGINT/SIGTERM/SIGHUP handling for `imresize batch` (see batch_stop.hpp).
#include "batch_stop.hpp"

#include <signal.h>
#include <unistd.h>

#include <atomic>

#include "exit_codes.hpp"
#include "rl/atomic_file.hpp"

namespace rl::app {

namespace {

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

std::atomic<int> g_stop{0};
static_assert(std::atomic<int>::is_always_lock_free, "the stop flag must be usable from a signal handler");

extern "C" void on_stop_signal(int sig) {
  // The first asks the workers to stop after the files in progress; a second stops at once, removing
  // the files being written (only async-signal-safe calls here).
  if (g_stop.exchange(sig) != 0) {
    remove_live_temporaries();
    ::_exit(kExitInterrupted);
  }
}

}  // namespace

struct StopSignalGuard::Saved {
  struct sigaction old[3]{};
};

bool stop_requested() { return g_stop.load(std::memory_order_relaxed) != 0; }

StopSignalGuard::StopSignalGuard() : saved_(new Saved) {
  g_stop.store(0);
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  for (int i = 0; i < 3; ++i) sigaction(kStopSignals[i], &sa, &saved_->old[i]);
}

StopSignalGuard::~StopSignalGuard() {
  for (int i = 0; i < 3; ++i) sigaction(kStopSignals[i], &saved_->old[i], nullptr);
  delete saved_;
}

}  // namespace rl::app
