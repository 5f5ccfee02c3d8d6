// The settings record of `imresize batch`: DST_DIR/.imresize-batch-settings names the options the
// outputs were made with, so that a resume with other settings is refused instead of mixing them.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "batch_options.hpp"

namespace rl::app {

inline constexpr const char* kSettingsRecordName = ".imresize-batch-settings";

// The options that decide an output's pixels, as (option, value) in the record's order.
std::vector<std::pair<std::string, std::string>> recorded_settings(const BatchOptions& opt);

// Reads DST_DIR's record, when there is one, and throws UsageError with one line naming every
// difference and the options that override it, unless --overwrite (every output is redone) or
// --mixed-settings was given; then writes the record of this run's settings (atomically).
void check_and_record_settings(const BatchOptions& opt);

}  // namespace rl::app
