// The options of `imresize batch`, parsed with the command's own parser (options.hpp), and its --help.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "options.hpp"
#include "rl/device_policy.hpp"
#include "rl/spec.hpp"

namespace rl::app {

struct BatchOptions {
  std::string src, dst;
  std::vector<int> scales;
  bool modcrop = false;
  bool overwrite = false;
  bool save_hr = false;
  Boundary boundary = Boundary::Modern;
  Method method = Method::Bicubic;
  Device device = Device::Auto;
  int jobs = 0;  // 0: hardware threads
};

// The arguments after "batch". Returns nullopt when --help was asked for; throws UsageError.
std::optional<BatchOptions> parse_batch_options(const std::vector<std::string>& args);

std::string batch_usage_text();  // what `imresize batch --help` prints

}  // namespace rl::app
