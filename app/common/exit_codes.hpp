// The exit codes of every entry point (imresize, imresize batch, resizelab and resizelab --export): one
// table, all within 1..125 so that shells and xargs never mistake them for signals.
#pragma once

namespace rl::app {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;      // unreadable or malformed input, output not writable, over a limit,
                                     // any unexpected error; batch: some images failed
constexpr int kExitUsage = 2;        // bad option or value, or nothing to do: nothing was written
constexpr int kExitDevice = 3;       // --device cuda without a usable CUDA device
constexpr int kExitInterrupted = 4;  // imresize batch stopped by SIGINT/SIGTERM: run it again to continue

// The table as imresize's --help prints it.
inline constexpr const char* kExitStatusHelp =
    "Exit status: 0 success; 1 unreadable or malformed input, output not writable, over a limit, or\n"
    "(batch) some images failed; 2 bad option or value, nothing done; 3 --device cuda without a usable\n"
    "CUDA device; 4 (batch) interrupted, run again to continue. Every error is one line on stderr.\n";
// resizelab's window (an image it cannot read is a banner in the window, not an exit).
inline constexpr const char* kWindowExitStatusHelp =
    "Exit status: 0 success; 1 the --screenshot file cannot be written; 2 bad option or value,\n"
    "nothing done. Every error is one line on stderr.\n";

}  // namespace rl::app
