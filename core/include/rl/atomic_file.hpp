// Nothing half-written: outputs go to a temporary file in the destination's folder, then are
// renamed over the destination in one step. On failure the temporary is removed and an existing
// destination is untouched.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rl {

// A temporary path next to `path` that keeps its extension (encoders choose the format by it) and
// names the process that made it: dir/.name.rl-tmp-PID-N-SPACE.png (SPACE: process_space_tag()).
std::string temp_path_for(const std::string& path);
// The process id in a file name made by temp_path_for (".name.rl-tmp-1234-0-....png" -> 1234), or
// nullopt for any other name; lets a later run remove what a killed one left behind.
std::optional<long> temp_file_owner(std::string_view file_name);

// 16 hex digits naming the space in which this process's pid means something: the running kernel
// (its boot id) and the pid namespace (containers), else the host name. Two processes can tell by
// pid whether the other still runs only when their tags are equal: on another machine or in another
// container the same pid is another process.
const std::string& process_space_tag();

// Who made a file, read from its name (see temp_path_for).
enum class TempFileMaker {
  NotTemporary,  // not a name temp_path_for makes
  ThisProcess,
  Running,    // another process of this process space that still runs
  Gone,       // a process of this process space that no longer exists (killed mid-write)
  Elsewhere,  // another machine or container: whether it still runs cannot be known from here
};
// Names without a SPACE part (written before it existed) count as made in this process space.
TempFileMaker temp_file_maker(std::string_view file_name);

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
