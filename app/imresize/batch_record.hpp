// The settings record of `imresize batch`: DST_DIR/.imresize-batch-settings names the options the
// outputs were made with, so that a resume with other settings is refused instead of mixing them; and
// DST_DIR/.imresize-batch-lock, whose locks make checking and writing the record one step and say
// whether other runs are writing into the folder now.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "batch_options.hpp"

namespace rl::app {

inline constexpr const char* kSettingsRecordName = ".imresize-batch-settings";
inline constexpr const char* kLockFileName = ".imresize-batch-lock";
// The record holds a few short lines; anything larger is refused unread.
inline constexpr std::uint64_t kMaxRecordBytes = 64 * 1024;

// The options that decide an output's pixels, as (option, value) in the record's order.
std::vector<std::pair<std::string, std::string>> recorded_settings(const BatchOptions& opt);

// DST_DIR's lock, held from the settings check to the end of the run. Two byte-range locks on the
// lock file (open file description locks, F_OFD_SETLK: released when the process ends, however it
// ends, and carried over NFS as POSIX locks where flock may be local to one host): byte 0 is taken
// exclusively while a run checks and writes the record, byte 1 is shared by every run writing outputs.
// Where the file system has no locks, `held` is false and the record is checked as before, unlocked.
class FolderLock {
 public:
  explicit FolderLock(int fd = -1) : fd_(fd) {}
  ~FolderLock();
  FolderLock(FolderLock&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  FolderLock& operator=(FolderLock&&) = delete;
  FolderLock(const FolderLock&) = delete;
  FolderLock& operator=(const FolderLock&) = delete;
  bool held() const { return fd_ >= 0; }
  int fd() const { return fd_; }

 private:
  int fd_;
};

// Under DST_DIR's lock: reads DST_DIR's record, when there is one, and throws UsageError with one line
// naming every difference and the options that override it, unless --overwrite (every output is
// redone) or --mixed-settings was given; then writes the record of this run's settings (atomically).
// While another run writes into DST_DIR, a run with other settings is refused (UsageError naming the
// folder and each difference) whatever its options, and one with the same settings (a shard) joins
// it. A record or lock file that is not a regular file (a FIFO, a link to a device) is refused.
// Returns the lock, to be held until the run's last output is written.
FolderLock check_and_record_settings(const BatchOptions& opt);

}  // namespace rl::app
