// Nothing half-written, nothing written through a link: every output goes to a new temporary file in
// the destination's folder, created exclusively under an unguessable name, then renamed over the
// destination in one step. On failure the temporary is removed and an existing destination is untouched.
//
// The rules (docs/CLI.md, "How outputs are written", says them to users):
// - The temporary is .NAME.rl-tmp-PID-RANDOM-SPACE.EXT, opened with O_CREAT|O_EXCL|O_NOFOLLOW|O_CLOEXEC
//   (a name that exists, a symbolic link included, is never opened: another random name is drawn).
//   NAME is shortened so that the temporary's name stays within NAME_MAX.
// - The destination is refused, before any work, when it is a symbolic link (never written through,
//   never replaced), a folder or anything but a regular file, a file the caller may not write (as `cp`
//   would refuse it), or a file of another user in a sticky folder the caller does not own.
// - A replaced file keeps its permission bits, and its owner and group where the caller may set them.
//   A new file gets 0666 less the umask.
// - The data is fsynced before the rename and the folder after it.
// - The temporaries being written are known to remove_live_temporaries(), which a signal handler may call.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rl {

// A temporary path next to `path` that keeps its extension (encoders choose the format by it) and
// names the process that made it: dir/.name.rl-tmp-PID-RANDOM-SPACE.png (RANDOM: 16 hex digits drawn
// from the system's random source; SPACE: process_space_tag()). `name` is cut, at a UTF-8 character's
// start, so that the whole file name has at most 255 bytes.
std::string temp_path_for(const std::string& path);
// The process id in a file name made by temp_path_for (".name.rl-tmp-1234-....png" -> 1234), or
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

// One output being written. The constructor checks the destination (check_output_writable) and
// creates the temporary; write() appends to it; commit() gives it the mode (and owner) the destination
// should have, fsyncs it, renames it over the destination and fsyncs the folder. The destructor
// removes the temporary if not committed. Throws std::runtime_error with a one-line reason.
class AtomicOutput {
 public:
  explicit AtomicOutput(std::string destination);
  ~AtomicOutput();
  AtomicOutput(const AtomicOutput&) = delete;
  AtomicOutput& operator=(const AtomicOutput&) = delete;
  const std::string& temp_path() const { return temp_; }
  const std::string& destination() const { return dest_; }
  void write(const void* data, std::size_t size);
  void commit();

 private:
  void discard() noexcept;
  std::string dest_, temp_;
  int fd_ = -1;
  int slot_ = -1;  // in the registry of live temporaries, or -1
  bool replaces_ = false;
  unsigned old_mode_ = 0, old_uid_ = 0, old_gid_ = 0;
  bool committed_ = false;
};

// Checks, before any work, that the destination's folder exists and is writable and that the
// destination is absent or a regular file the caller may replace (see the rules above).
void check_output_writable(const std::string& path);

void write_file_atomically(const std::string& path, const void* data, std::size_t size);

// Removes every temporary file an AtomicOutput of this process is writing now. Async-signal-safe: for
// a handler that ends the process right after (the temporaries it removed are not written again).
void remove_live_temporaries() noexcept;

// For SIGINT, SIGTERM and SIGHUP, where the program left the default action: a handler that removes
// the live temporaries, then ends the process by the same signal (a shell sees 128 + N). Call once,
// early in main; a handler the program installs later (imresize batch's) takes over from it.
void remove_temporaries_on_termination_signals();

}  // namespace rl
