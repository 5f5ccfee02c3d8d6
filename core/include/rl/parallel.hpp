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

// Rows per block for a pass over `img` that combines per-block results in block order: about 64 Ki
// elements a block. It depends on the image's shape only, so a sum made this way is the same on any
// number of threads.
int rows_per_block(const Image& img);

// Elements [first, first + n) of `img` in storage order (row-major, channels interleaved), as doubles.
void read_as_double(const Image& img, std::size_t first, std::size_t n, double* out);

}  // namespace rl
