// Capturing the decoders' stderr (decoder_messages.hpp), and write_stderr (image_io.hpp).
#include "decoder_messages.hpp"

#include <unistd.h>

#include <cstddef>
#include <iostream>
#include <sstream>

#include "rl/image_io.hpp"

namespace rl::io {

namespace {

// Held while fd 2 is sent elsewhere (DecoderMessages) and while write_stderr writes.
std::mutex& stderr_mutex() {
  static std::mutex m;
  return m;
}

}  // namespace

namespace detail {

DecoderMessages::DecoderMessages(bool on) {
  if (!on) return;
  lock_ = std::unique_lock<std::mutex>(stderr_mutex());
  file_ = std::tmpfile();
  if (!file_) return;
  std::fflush(stderr);
  std::cerr.flush();
  saved_ = ::dup(2);
  if (saved_ < 0 || ::dup2(::fileno(file_), 2) < 0) {
    if (saved_ >= 0) ::close(saved_);
    saved_ = -1;
    std::fclose(file_);
    file_ = nullptr;
  }
}

std::vector<std::string> DecoderMessages::finish() {
  std::vector<std::string> lines;
  if (!file_) return lines;
  std::fflush(stderr);
  std::cerr.flush();
  ::dup2(saved_, 2);
  ::close(saved_);
  saved_ = -1;
  std::rewind(file_);
  std::string text;
  char buf[4096];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, file_)) > 0 && text.size() < 65536) text.append(buf, n);
  std::fclose(file_);
  file_ = nullptr;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (line.find_first_not_of(" \t\r") != std::string::npos) lines.push_back(line);
  return lines;
}

bool is_warning_only(const std::string& line) {
  return line.rfind("libpng warning", 0) == 0 || line.find("[ WARN:") != std::string::npos ||
         line.find("[ INFO:") != std::string::npos;
}

}  // namespace detail

void write_stderr(const std::string& text) {
  const std::lock_guard<std::mutex> lock(stderr_mutex());
  std::fputs(text.c_str(), stderr);
  std::fflush(stderr);
}

}  // namespace rl::io
