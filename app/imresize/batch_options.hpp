// The options of `imresize batch`, parsed with the command's own parser (options.hpp), and its --help.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "degrade_options.hpp"
#include "options.hpp"
#include "rl/device_policy.hpp"
#include "rl/spec.hpp"

namespace rl::app {

// --shard I/N: this task does the images whose shard_of(relative path, N) is I (batch_jobs.hpp).
struct Shard {
  std::uint64_t index = 0, count = 1;
};

struct BatchOptions {
  std::string src, dst;
  std::vector<int> scales;
  bool modcrop = false;
  bool overwrite = false;
  bool save_hr = false;
  bool mixed_settings = false;              // resume although the folder's record names other settings
  std::optional<std::uint64_t> max_pixels;  // --max-pixels; unset: RL_MAX_PIXELS or the default limit
  Boundary boundary = Boundary::Modern;
  Method method = Method::Bicubic;
  Device device = Device::Auto;
  int jobs = 0;  // 0: hardware threads
  std::optional<Shard> shard;
  std::optional<std::string> list;  // --list FILE ("-": standard input) instead of walking SRC_DIR
  DegradeArgs degradation;          // --degradation (bi: the resize by --method), --sigma, --noise, --seed
  // The model other than bi at `scale` (checked for every scale while parsing), or nullopt for bi.
  std::optional<DegradeOptions> degradation_at(int scale) const;
};

// "I/N" with 0 <= I < N, both plain decimal numbers; else UsageError naming --shard.
Shard parse_shard(std::string_view s);

// The arguments after "batch". Returns nullopt when --help was asked for; throws UsageError.
std::optional<BatchOptions> parse_batch_options(const std::vector<std::string>& args);

std::string batch_usage_text();  // what `imresize batch --help` prints

}  // namespace rl::app
