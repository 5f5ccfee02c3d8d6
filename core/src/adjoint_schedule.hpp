// How many threads the adjoint's two transposed passes (adjoint.cpp) run on: by the work, with the
// forward passes' rule (pick_threads, resize_schedule.hpp). The schedule only, never the numerics.
#pragma once

#include <cstddef>

#include "rl/adjoint.hpp"

namespace rl::detail {

// The vertical pass: every entry of the table is a multiply-add over a whole row of `len` elements.
int back_rows_threads(const TransposedTable& t, std::size_t len, const RunOptions& opt);
// The horizontal pass over `rows` rows of `channels` channels, `lanes` rows per block.
int back_cols_threads(const TransposedTable& t, int rows, int channels, int lanes, const RunOptions& opt);

}  // namespace rl::detail
