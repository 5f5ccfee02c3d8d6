// SIGINT/SIGTERM handling for `imresize batch` (see batch_stop.hpp).
#include "batch_stop.hpp"

#include <signal.h>

#include <atomic>

namespace rl::app {

namespace {

std::atomic<int> g_stop{0};
static_assert(std::atomic<int>::is_always_lock_free, "the stop flag must be usable from a signal handler");

extern "C" void on_stop_signal(int sig) { g_stop.store(sig); }

}  // namespace

struct StopSignalGuard::Saved {
  struct sigaction old_int {};
  struct sigaction old_term {};
};

bool stop_requested() { return g_stop.load(std::memory_order_relaxed) != 0; }

StopSignalGuard::StopSignalGuard() : saved_(new Saved) {
  g_stop.store(0);
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART;
  sigaction(SIGINT, &sa, &saved_->old_int);
  sigaction(SIGTERM, &sa, &saved_->old_term);
}

StopSignalGuard::~StopSignalGuard() {
  sigaction(SIGINT, &saved_->old_int, nullptr);
  sigaction(SIGTERM, &saved_->old_term, nullptr);
  delete saved_;
}

}  // namespace rl::app
