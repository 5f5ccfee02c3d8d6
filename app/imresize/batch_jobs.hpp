// Job collection for `imresize batch`: which source images there are (walked or --list), which of
// them this --shard owns, and which outputs each still needs. The one place that decides the input set.
#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "batch_options.hpp"

namespace rl::app {

struct JobOutput {
  int scale = 0;
  std::filesystem::path lr, hr;  // DST/X{s}/{sub}/{stem}x{s}.png and DST/HR/X{s}/{sub}/{stem}.png
  bool need_lr = false, need_hr = false;
};

struct Job {
  std::filesystem::path src;
  std::string rel;    // path under SRC_DIR, as shown in messages
  std::string error;  // set when the image cannot be processed at all (name clash, bad or missing
                      // --list entry)
  std::vector<JobOutput> outputs;
  bool needs_work() const;
};

// The shard (0..count-1) that owns the input at `rel`, its path relative to SRC_DIR as UTF-8 bytes with
// '/' separators and no "./" (e.g. "train/0001.png"): FNV-1a 64 of those bytes, modulo count. It
// depends on nothing else (not the listing order, the machine or the other files), so N tasks agree
// on it without talking to each other. docs/SCALE.md states it for users.
std::uint64_t shard_of(std::string_view rel, std::uint64_t count);

struct CollectedJobs {
  std::vector<Job> jobs;   // this shard's (all of them without --shard), sorted by relative path
  std::size_t listed = 0;  // every shard's together: the images found or listed, refused lines included
};

// The inputs: every supported image under SRC_DIR (recursively, sorted by relative path, skipping
// temporary files and DST's own output folders), or the lines of --list (see batch_options.hpp);
// those this shard owns, each with its outputs per scale and whether they are missing (or
// --overwrite). Two sources that would write the same outputs: the later (in sorted order, over all
// shards) gets `error`; so do refused --list lines and listed files that do not exist.
// Throws UsageError when SRC_DIR cannot be listed or the --list file cannot be read: it is read as a
// regular file (or standard input) of at most kMaxListBytes (rl/regular_file.hpp).
CollectedJobs collect_jobs(const BatchOptions& o);

// 256 MiB: a million paths of 250 bytes each.
constexpr std::uint64_t kMaxListBytes = std::uint64_t{256} << 20;

// A temporary file made on another machine or in another container, untouched for this long, is
// taken as abandoned (its process cannot be asked whether it still runs; a live one renames its
// temporary within the time one file takes to write).
constexpr std::chrono::hours kAbandonedTempAge{1};

// Removes, under the folders this run writes, temporary files of this process, of processes of this
// machine (and container) that no longer exist (a run killed with SIGKILL), and abandoned ones from
// elsewhere (kAbandonedTempAge). Never those of a task that may still be writing them.
void remove_stale_temps(const BatchOptions& o);

}  // namespace rl::app
