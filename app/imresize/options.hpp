// The `imresize` command line: options, their parsing into a ResizeSpec, and the usage text.
// Standard library and core only, so the option fuzzer and the batch subcommand can reuse it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "rl/spec.hpp"

namespace rl::app {

// A bad option or value: the command prints the message and exits with kExitUsage.
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// Exit codes (all within 1..125 so that shells and xargs never mistake them for signals).
constexpr int kExitFailure = 1;  // unreadable/malformed input, output not writable, over a limit
constexpr int kExitUsage = 2;    // bad option or value
constexpr int kExitDevice = 3;   // --device cuda asked for, but no usable CUDA device

enum class Device { Auto, Cpu, Cuda };
enum class AsType { Keep, Double, Single };

// What a resize needs besides the file names; shared with `imresize batch`.
struct ResizeOptions {
  ResizeSpec spec;  // scale or out_size set once parsing is complete
  AsType as = AsType::Keep;
  Device device = Device::Auto;
  bool verbose = false;
  std::optional<std::uint64_t> max_pixels;  // --max-pixels; unset: the default memory limit
  unsigned given = 0;  // which options take_resize_option has seen (bit per option), to refuse repeats
};

struct Options {
  ResizeOptions resize;
  std::string input, output;  // output may be empty only with --benchmark
  int benchmark = 0;          // --benchmark N: N timed runs (0: off)
  bool help = false;
};

// Parses one of the shared resize options at args[i] (`--name value` or `--name=value`): --scale,
// --size, --method, --antialiasing, --boundary, --as, --device, --verbose, --max-pixels.
// Returns false when args[i] is not one of them; advances i past a consumed value. Throws UsageError
// for a bad or repeated value (and for --scale together with --size).
bool take_resize_option(const std::vector<std::string>& args, std::size_t& i, ResizeOptions& out);
// Throws UsageError unless exactly one of --scale / --size was given.
void require_scale_or_size(const ResizeOptions& o);

// The whole command line (without the program name). Throws UsageError.
Options parse_options(const std::vector<std::string>& args);

std::string usage_text();  // what --help prints
Device parse_device(std::string_view s);
AsType parse_as(std::string_view s);
std::string to_string(Device d);

}  // namespace rl::app
