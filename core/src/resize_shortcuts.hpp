// The CPU resizer's exact shortcuts: a pass whose every output is one tap of weight 1.0 is a row
// copy (vertical) or a gather of whole pixels (horizontal), bit-identical to the arithmetic.
#pragma once

#include <cstddef>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::detail {

// Whether every row of the table is one tap of weight exactly 1.0 (and the shortcuts are enabled).
bool unit_taps(const AxisTable& t);
// One output row of a unit vertical table: a copy of input row `src` (len elements).
void copy_row(ElemType type, const void* src, void* dst, std::size_t len);
// One output row of a unit horizontal table: a gather of whole pixels of `ch` channels.
void gather_row(ElemType type, const AxisTable& t, int ch, const void* src, void* dst);

}  // namespace rl::detail
