// Job collection for `imresize batch`: which source images there are and which outputs each still
// needs. The one place that decides the input set (a later --shard or --list narrows it here).
#pragma once

#include <filesystem>
#include <string>
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
  std::string error;  // set when the image cannot be processed at all (name clash)
  std::vector<JobOutput> outputs;
  bool needs_work() const;
};

// Every supported image under SRC_DIR (recursively, sorted by relative path), skipping temporary
// files and DST's own output folders; each with its outputs per scale and whether they are missing
// (or --overwrite). Two sources that would write the same outputs: the later gets `error`.
// Throws UsageError when SRC_DIR cannot be listed.
std::vector<Job> collect_jobs(const BatchOptions& o);

// Removes, under the folders this run writes, temporary files of this process and of processes
// that no longer exist (a run killed with SIGKILL).
void remove_stale_temps(const BatchOptions& o);

}  // namespace rl::app
