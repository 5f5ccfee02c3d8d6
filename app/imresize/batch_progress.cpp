// Progress reporting of `imresize batch` (see batch_progress.hpp).
#include "batch_progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "rl/image_io.hpp"

namespace rl::app {

namespace {
constexpr auto kPlainLineInterval = std::chrono::seconds(5);
}

std::string format_duration(double seconds) {
  if (!(seconds >= 0) || seconds > 360000) return "--:--";
  const long s = static_cast<long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600)
    std::snprintf(buf, sizeof buf, "%ld:%02ld:%02ld", s / 3600, (s / 60) % 60, s % 60);
  else
    std::snprintf(buf, sizeof buf, "%ld:%02ld", s / 60, s % 60);
  return buf;
}

Progress::Progress(std::size_t total, bool tty)
    : total_(total), tty_(tty), start_(Clock::now()), last_line_(start_) {}

void Progress::image_finished() {
  std::lock_guard<std::mutex> lock(mutex_);
  ++finished_;
}

void Progress::failure(const std::string& rel, const std::string& why) {
  std::lock_guard<std::mutex> lock(mutex_);
  clear_bar();
  // Through write_stderr: the workers' decoders hold stderr while they run (batch_workers.cpp).
  io::write_stderr("imresize batch: failed " + rel + ": " + why + "\n");
  drawn_ = false;
}

void Progress::note(const std::string& line) {
  std::lock_guard<std::mutex> lock(mutex_);
  clear_bar();
  std::fprintf(stdout, "imresize batch: %s\n", line.c_str());
  std::fflush(stdout);
  drawn_ = false;
}

void Progress::tick() {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto now = Clock::now();
  if (tty_) {
    draw_bar(now);
  } else if (now - last_line_ >= kPlainLineInterval) {
    last_line_ = now;
    std::fprintf(stdout, "imresize batch: %s\n", status_text(now).c_str());
    std::fflush(stdout);
  }
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (tty_ && total_ > 0) {
    draw_bar(Clock::now());
    std::fputc('\n', stdout);
    std::fflush(stdout);
  }
  drawn_ = false;
}

double Progress::elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

std::string Progress::status_text(Clock::time_point now) const {
  const double secs = std::chrono::duration<double>(now - start_).count();
  const double rate = secs > 0 ? static_cast<double>(finished_) / secs : 0.0;
  const double eta = rate > 0 ? static_cast<double>(total_ - finished_) / rate : -1.0;
  char buf[160];
  std::snprintf(
      buf, sizeof buf, "%zu/%zu images (%d%%), %.2f images/s, elapsed %s, ETA %s", finished_, total_,
      total_ ? static_cast<int>(100.0 * static_cast<double>(finished_) / static_cast<double>(total_)) : 100,
      rate, format_duration(secs).c_str(), finished_ ? format_duration(eta).c_str() : "--:--");
  return buf;
}

// One line that fits the terminal: a wrapped line could not be redrawn with a carriage return.
void Progress::draw_bar(Clock::time_point now) {
  std::string text = status_text(now);
  int columns = 80;
  struct winsize ws {};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0) columns = ws.ws_col;
  const int room = columns - 1 - static_cast<int>(text.size()) - 3;  // "[" "] " and the cursor
  const int width = std::min(30, room);
  if (width >= 8) {
    const int filled =
        total_ ? static_cast<int>(width * static_cast<double>(finished_) / static_cast<double>(total_))
               : width;
    std::string bar(static_cast<std::size_t>(width), ' ');
    for (int i = 0; i < filled && i < width; ++i) bar[static_cast<std::size_t>(i)] = '#';
    text = "[" + bar + "] " + text;
  } else if (static_cast<int>(text.size()) > columns - 1) {
    text.resize(static_cast<std::size_t>(std::max(0, columns - 1)));
  }
  std::fprintf(stdout, "\r\033[K%s", text.c_str());
  std::fflush(stdout);
  drawn_ = true;
}

void Progress::clear_bar() {
  if (tty_ && drawn_) {
    std::fputs("\r\033[K", stdout);
    std::fflush(stdout);
  }
}

}  // namespace rl::app
