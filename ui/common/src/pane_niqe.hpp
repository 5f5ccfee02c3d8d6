// The NIQE of the compared images (comparison.cpp's statistics, on the comparison's worker thread).
#pragma once

#include <memory>

#include "rl/image.hpp"
#include "rl/ui/comparison.hpp"

namespace rl::ui::detail {

// The "NIQE" statistic of `img`: rl::niqe_score under the release's protocol with the pristine model
// and the modern boundary, `imresize score --metric niqe`'s defaults, printed as that command prints
// it (four decimals). Where there is no NIQE (fewer than two 96x96 blocks, a type it does not read)
// the value is a dash and the note says why; flat 7x7 windows are counted in the note.
Statistic niqe_statistic(const Image& img);

// Pane d's NIQE statistic (image `a`) when `on`: the earlier comparison's when it was made of the same
// image, else made now; appended to d.statistics. Off: none, and none in the statistics.
void add_niqe(PaneDiff& d, const PaneDiff* before, const std::shared_ptr<const Image>& a, bool on);

// c.reference_niqe: the NIQE of c's reference when it is not a pane's and c.diff.niqe is on (kept
// while the reference is the same image), else none.
void update_reference_niqe(Comparison& c, const std::shared_ptr<const Image>& ref);

}  // namespace rl::ui::detail
