// The `imresize` command line: options and their parsing into a ResizeSpec (the usage text is
// usage.cpp's). Core and the device policy only, no I/O, so the option fuzzer and the subcommands reuse it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "exit_codes.hpp"
#include "rl/device_policy.hpp"
#include "rl/peers.hpp"
#include "rl/spec.hpp"

namespace rl::app {

// A bad option or value: the command prints the message and exits with kExitUsage (exit_codes.hpp).
struct UsageError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

enum class AsType { Keep, Double, Single };

// What a resize needs besides the file names; shared with `imresize batch`.
struct ResizeOptions {
  ResizeSpec spec;  // scale or out_size set once parsing is complete
  AsType as = AsType::Keep;
  Device device = Device::Auto;
  bool verbose = false;
  std::optional<std::uint64_t> max_pixels;  // --max-pixels; unset: the default memory limit
  unsigned given = 0;  // which options take_resize_option has seen (bit per option), to refuse repeats

  // --like: whose resize to reproduce. Unset (or "matlab"): MATLAB's, described by `spec`. A library:
  // `peer` holds its method once resolve_method has run, and `spec` keeps only the scale or size.
  std::optional<peers::Library> like;
  std::optional<peers::PeerSpec> peer;
  std::string method_arg;      // --method as given; its meaning depends on --like (resolve_method)
  bool align_corners = false;  // --align-corners (torch bilinear and bicubic only)
  double reducing_gap = 0.0;   // --reducing-gap G (--like pillow only; 0: None, Pillow's default)
};

struct Options {
  ResizeOptions resize;
  std::string input, output;  // output may be empty only with --benchmark
  int benchmark = 0;          // --benchmark N: N timed runs (0: off)
  bool help = false;
};

// Parses one of the shared resize options at args[i] (`--name value` or `--name=value`): --scale,
// --size, --method, --antialiasing, --boundary, --as, --device, --verbose, --max-pixels, --like,
// --align-corners. Returns false when args[i] is not one of them; advances i past a consumed value.
// Throws UsageError for a bad or repeated value (and for --scale together with --size). --method is
// only recorded: resolve_method checks it once --like is known.
bool take_resize_option(const std::vector<std::string>& args, std::size_t& i, ResizeOptions& out);
// After all options: reads --method as MATLAB's method (spec.method) or, with --like LIBRARY, as that
// library's (peer, through rl::peers::make_peer_spec with --antialiasing and --align-corners), and
// refuses the options that have no meaning for the library chosen (--boundary, --as, --device cuda,
// --size with NaN for a library; --align-corners for MATLAB). Throws UsageError.
void resolve_method(ResizeOptions& o);
// Throws UsageError unless exactly one of --scale / --size was given.
void require_scale_or_size(const ResizeOptions& o);

// The whole command line (without the program name). Throws UsageError.
Options parse_options(const std::vector<std::string>& args);

Device parse_device_option(std::string_view s);  // rl::parse_device, or UsageError naming --device
AsType parse_as(std::string_view s);

// The pieces of the parser that `imresize batch` reuses for its own options.
// One argument split at '=': "--name=value" gives both, "--name" gives no value.
struct Arg {
  std::string name;
  std::optional<std::string> value;
};
Arg split_arg(const std::string& a);
// The value of `a`: its "=value", else the next argument (advancing i); UsageError when there is none.
std::string take_value(const std::vector<std::string>& args, std::size_t& i, const Arg& a);
// UsageError when a flag was given "=value".
void take_no_value(const Arg& a);
// A whole number in 1..max, else UsageError "WHAT must be a whole number from 1 to MAX, got 'S'".
std::uint64_t parse_count(std::string_view s, const std::string& what, std::uint64_t max);

// Walks a command line: an argument starting with '-' (not "-" alone, nor after "--") goes to
// take_option, which returns false for one it does not know (then UsageError "unknown option");
// the rest are collected as positional arguments, in order. Returns true when -h/--help appears
// before "--" (it wins over every mistake on the line; nothing else is parsed).
bool walk_command_line(const std::vector<std::string>& args,
                       const std::function<bool(std::size_t& i)>& take_option,
                       std::vector<std::string>& positional, std::string_view help_hint);

}  // namespace rl::app
