// Nothing half-written: outputs go to a temporary file in the destination's folder, then are
// renamed over the destination in one step. On failure the temporary is removed and an existing
// destination is untouched.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rl {

// A temporary path next to `path` that keeps its extension (encoders choose the format by it),
// e.g. dir/.name.rl-tmp-1234-0.png.
std::string temp_path_for(const std::string& path);
// The process id in a file name made by temp_path_for (".name.rl-tmp-1234-0.png" -> 1234), or
// nullopt for any other name; lets a later run remove what a killed one left behind.
std::optional<long> temp_file_owner(std::string_view file_name);

// Holds a temporary path; commit() renames it over the destination; the destructor removes it if
// not committed. Throws std::runtime_error with a one-line reason.
class AtomicOutput {
 public:
  explicit AtomicOutput(std::string destination);
  ~AtomicOutput();
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;
  const std::string& temp_path() const { return temp_; }
  const std::string& destination() const { return dest_; }
  void commit();

 private:
  std::string dest_, temp_;
  bool committed_ = false;
};

// Checks that the destination's folder exists and is writable (before any work is done).
void check_output_writable(const std::string& path);

void write_file_atomically(const std::string& path, const void* data, std::size_t size);

}  // namespace rl
