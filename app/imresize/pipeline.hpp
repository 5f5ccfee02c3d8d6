// The steps of one `imresize` run, each usable on its own by `imresize batch`: memory limits, device
// choice, load + --as conversion, plan, resize on the chosen device, atomic save.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>

#include "options.hpp"
#include "rl/device_runner.hpp"
#include "rl/image.hpp"
#include "rl/peers.hpp"
#include "rl/plan.hpp"

namespace rl::app {

// An error with the exit code the command should return (see exit_codes.hpp).
struct Failure : std::runtime_error {
  Failure(int exit_code, const std::string& message) : std::runtime_error(message), code(exit_code) {}
  int code;
};

// A message as one line: line breaks become spaces, trailing spaces go (library text ends with "\n").
std::string one_line(std::string s);

// Memory the process may still use (MemAvailable, and the cgroup's remaining limit when lower);
// 0 when it cannot be told.
std::size_t available_memory_bytes();

// The plan limits for images of `channels` channels of type `type`: per image --max-pixels when
// given (pixels x channels), else the smaller of 2^31 elements and the available memory (described
// for messages, e.g. "2147483648 elements (2^31 per image)"); contribution tables within the
// available memory.
PlanLimits memory_limit(const ResizeOptions& o, ElemType type, int channels);

// rl::choose_device(requested), with a refusal (--device cuda, no usable device) as
// Failure(kExitDevice).
DeviceChoice choose_device_or_fail(Device requested);

// Checks OUTPUT before any work: a supported extension and a writable, existing folder.
void check_output(const std::string& path);

// Loads INPUT (limits applied before decoding where the format allows) and applies --as.
// capture_decoder_messages: see rl::io::LoadOptions (it serialises decoding; pass false from
// worker threads, at the price of libpng/libjpeg warnings reaching stderr).
Image load_input(const std::string& path, const ResizeOptions& o, bool capture_decoder_messages = true);

// The plan for `in`, refusing (Failure) results or intermediate passes over the memory limit with a
// message that gives the size asked for and the limit.
Plan plan_for(const ResizeOptions& o, const Image& in);

// Failure(kExitUsage) when the library of --like does not take the image's type and channels.
void check_peer_takes(const ResizeOptions& o, const Image& in);

// --like LIBRARY: the target for `in` (--scale, from which the library's own rule gives the size, or
// --size as given), checked before any work: a type or channel count the library does not take, or
// an empty result, is Failure(kExitUsage); a result over the memory limit Failure(kExitFailure).
peers::PeerTarget peer_target_for(const ResizeOptions& o, const Image& in);

// runner.run(plan, in) into `out` with the command's errors: a CUDA failure under --device cuda is
// Failure(kExitDevice) (--device auto goes on on the CPU, the reason kept for --verbose), no memory
// for the result Failure(kExitFailure). On the CPU, `out`'s memory is reused when it already has the
// result's shape and type (--benchmark times the resize, not the allocation and first-touch page
// faults of a new one).
void run_on_device(DeviceRunner& runner, const Plan& plan, const Image& in, Image& out);

// Writes atomically through rl::io::save (temporary file + rename).
void save_output(const std::string& path, const Image& img);

std::string usage_text();  // what `imresize --help` prints (usage.cpp)

// The whole command for parsed options; returns the exit code, prints results on stdout.
// Throws Failure / UsageError / std::exception for the caller to report.
int run_imresize(const Options& opt);

// Runs `body` and returns its exit code; every error becomes one stderr line "<program>: <message>"
// and its code from exit_codes.hpp: UsageError kExitUsage, Failure its own, anything else kExitFailure.
int report_errors(const char* program, const std::function<int()>& body);

// main() without the "batch" dispatch: parse, run, report (report_errors).
int imresize_main(int argc, char** argv);

}  // namespace rl::app
