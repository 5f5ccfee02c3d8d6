// A persistent worker pool for the CPU resizer, so a resize does not start and join threads on every
// pass. parallel_for splits [0, n) into contiguous chunks; the schedule only, never the numerics.
#pragma once

#include <cstddef>
#include <functional>

namespace rl::detail {

// Threads a request resolves to: `requested` if positive, else the hardware concurrency (at least 1).
int thread_count(int requested);

// Calls f(begin, end) on disjoint ranges covering [0, n), on at most `threads` threads (0: hardware
// concurrency), `chunks_per_thread` ranges per thread (claimed in turn, so a thread that started late
// or runs slower takes fewer), each at least `min_per_chunk` long where n allows. The calling
// thread takes part, so nested or concurrent calls from several threads never wait on each other.
// The first exception thrown by f is rethrown here after every range has finished.
void parallel_for(long long n, int threads, long long min_per_chunk,
                  const std::function<void(long long, long long)>& f, int chunks_per_thread = 1);

}  // namespace rl::detail
