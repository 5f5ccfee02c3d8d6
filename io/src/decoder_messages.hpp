// The decoders' messages: libpng and libjpeg write to stderr, which a load can send to a temporary
// file while OpenCV decodes (LoadOptions::capture_decoder_messages) and read back as the error.
#pragma once

#include <cstdio>
#include <mutex>
#include <string>
#include <vector>

namespace rl::io::detail {

// Sends fd 2 to a temporary file while a decoder runs (see LoadOptions::capture_decoder_messages).
class DecoderMessages {
 public:
  explicit DecoderMessages(bool on);
  ~DecoderMessages() { finish(); }
  DecoderMessages(const DecoderMessages&) = delete;
  DecoderMessages& operator=(const DecoderMessages&) = delete;

  // Restores stderr and returns what was written meanwhile, one line per message.
  std::vector<std::string> finish();

 private:
  std::unique_lock<std::mutex> lock_;
  std::FILE* file_ = nullptr;
  int saved_ = -1;
};

// Whether a decoder's line is only a warning (libpng's, OpenCV's WARN and INFO), not an error.
bool is_warning_only(const std::string& line);

}  // namespace rl::io::detail
