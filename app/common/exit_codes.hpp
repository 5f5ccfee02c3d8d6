// The exit codes of every entry point (imresize, imresize batch, resizelab and resizelab --export): one
// table, all within 1..125 so that shells and xargs never mistake them for signals.
#pragma once

namespace rl::app {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;      // unreadable or malformed input, output not writable, over a limit,
                                     // any unexpected error; batch: some images failed
constexpr int kExitUsage = 2;        // bad option or value, or nothing to do: nothing was written
constexpr int kExitDevice = 3;       // --device cuda without a usable CUDA device
constexpr int kExitInterrupted = 4;  // imresize batch stopped by SIGINT/SIGTERM/SIGHUP: run it again
// Any other command ended by SIGINT, SIGTERM or SIGHUP removes its temporary file and ends by that
// signal (a shell shows 128 + N: 130, 143, 129). SIGPIPE is ignored: a closed standard output is no error.

// The table as imresize's --help prints it.
inline constexpr const char* kExitStatusHelp =
    "Exit status: 0 success; 1 unreadable or malformed input, output not writable, over a limit, or\n"
    "(batch) some images failed; 2 bad option or value, nothing done; 3 --device cuda without a usable\n"
    "CUDA device; 4 (batch) interrupted (SIGINT, SIGTERM, SIGHUP), run again to continue. Every error\n"
    "is one line on stderr. Other commands ended by those signals remove their temporary file and end\n"
    "by the signal (status 128+N). A closed standard output (| head) is no error: the work goes on.\n";
// resizelab's window (an image it cannot read is a banner in the window, not an exit).
inline constexpr const char* kWindowExitStatusHelp =
    "Exit status: 0 success; 1 the --screenshot file cannot be written; 2 bad option or value,\n"
    "nothing done. Every error is one line on stderr.\n";

}  // namespace rl::app
