// The workers of `imresize batch`: each takes the next image and decodes, crops, resizes and encodes
// it; N of them overlap the steps of different images. On CUDA the resizes go through one batcher.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "batch_jobs.hpp"
#include "batch_options.hpp"
#include "batch_progress.hpp"
#include "rl/device_policy.hpp"

namespace rl::app {

struct BatchTally {
  std::size_t done = 0, failed = 0, interrupted = 0, files = 0;
  std::vector<std::pair<std::string, std::string>> failures;  // (relative path, reason), as they came
};

// Processes jobs[todo[k]] with `threads` workers on the chosen device until all are done or a stop
// is requested (stop_requested(), checked between files). Failures are reported through `progress`
// as they happen and listed in the tally.
BatchTally run_workers(const BatchOptions& opt, std::vector<Job>& jobs, const std::vector<std::size_t>& todo,
                       const DeviceChoice& device, int threads, Progress& progress);

}  // namespace rl::app
