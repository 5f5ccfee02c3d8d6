// Whole-image passes for the viewer and the statistics: the core's worker pool and typed row reads,
// so a pass over an image makes one call per row block, never one per element.
#pragma once

#include <cstddef>
#include <functional>

#include "rl/image.hpp"

namespace rl {

// Calls f(begin, end) on disjoint ranges covering [0, n) on the core's persistent worker threads (the
// resizer's pool; the calling thread takes part), each range at least min_per_chunk long where n
// allows. The first exception f throws is rethrown after every range has finished.
void parallel_for(long long n, long long min_per_chunk, const std::function<void(long long, long long)>& f);

// The pool's worker threads run at this nice value from their next job on (Linux, where a nice value
// is per thread; elsewhere nothing happens). A worker inherits the priority of the thread that starts
// it, and the pool starts on the first parallel pass of any thread: a program with an interactive
// thread (the viewer's GUI thread) calls this once, so that background passes never take the CPU
// from it. Without privileges a nice value can only be raised: a lower one than a worker has is not
// applied.
void set_worker_nice(int nice);

// The threads of every pass that asks for none (ResizeOptions::threads = 0, parallel_for): `threads`
// (at most the hardware threads run at once), or 0 for the hardware concurrency, the default. A
// process-wide setting, read when each pass starts (the Python module's set_num_threads).
void set_default_threads(int threads);
// What a request of 0 threads resolves to now.
int default_threads();

// Rows per block for a pass over `img` that combines per-block results in block order: about 64 Ki
// elements a block. It depends on the image's shape only, so a sum made this way is the same on any
// number of threads.
int rows_per_block(const Image& img);

// Elements [first, first + n) of `img` in storage order (row-major, channels interleaved), as doubles.
void read_as_double(const Image& img, std::size_t first, std::size_t n, double* out);

}  // namespace rl
