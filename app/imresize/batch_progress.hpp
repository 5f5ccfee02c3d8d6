// Progress of `imresize batch`: a redrawn bar on a terminal, plain periodic lines otherwise; failures
// on stderr. Thread-safe.
#pragma once

#include <chrono>
#include <cstddef>
#include <mutex>
#include <string>

namespace rl::app {

// "m:ss" or "h:mm:ss"; "--:--" when unknown (negative, NaN) or beyond 100 hours.
std::string format_duration(double seconds);

class Progress {
 public:
  using Clock = std::chrono::steady_clock;
  Progress(std::size_t total, bool tty);

  void image_finished();
  void failure(const std::string& rel, const std::string& why);  // "imresize batch: failed REL: WHY"
  void note(const std::string& line);                            // "imresize batch: LINE" on stdout
  void tick();                                                   // a few times a second, from one thread
  void finish();  // the final bar, then a newline so the summary starts on its own line
  double elapsed() const;

 private:
  std::string status_text(Clock::time_point now) const;
  void draw_bar(Clock::time_point now);
  void clear_bar();

  std::mutex mutex_;
  const std::size_t total_;
  const bool tty_;
  const Clock::time_point start_;
  Clock::time_point last_line_;
  std::size_t finished_ = 0;
  bool drawn_ = false;
};

}  // namespace rl::app
