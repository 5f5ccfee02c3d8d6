// The NIQE of the compared images (comparison.cpp's statistics, on the comparison's worker thread).
#pragma once

#include <QRect>
#include <memory>
#include <optional>

#include "rl/image.hpp"
#include "rl/ui/comparison.hpp"

namespace rl::ui::detail {

// The NIQE statistic (niqe_name(c)) of `img`: rl::niqe_score under c's protocol with c's model (the
// pristine one when none) and the modern boundary, as `imresize score --metric niqe --protocol P
// [--model-mean M --model-cov C]` computes it, printed as that command prints it (four decimals).
// Where there is no NIQE (fewer than two 96x96 blocks, a type the protocol does not read, a model that
// could not be read) the value is a dash and the note says why; flat 7x7 windows are counted in the note.
// With `part`, of that part of img alone, as the region's other statistics are: a part with fewer than
// two whole blocks (after the protocol's shave) has none, and its value, note and phrase say "region
// too small for NIQE (needs ≥ W×H px)" (niqe_min_size): never the whole image's under the region's
// header.
Statistic niqe_statistic(const Image& img, const NiqeChoice& c, const std::optional<QRect>& part = {});

// The smallest image protocol p scores (two whole 96x96 blocks side by side after its shave), as
// width and height; its transpose is the other smallest.
QSize niqe_min_size(NiqeProtocol p);

// Pane d's NIQE statistic (image `a`, or its `part` with a region drawn) under `choice`: the earlier
// comparison's when it was made of the same image and part with the same choice, else made now;
// appended to d.statistics. None: none, and none in the statistics.
void add_niqe(PaneDiff& d, const PaneDiff* before, const std::shared_ptr<const Image>& a,
              const std::optional<NiqeChoice>& choice, const std::optional<QRect>& part);

// c.reference_niqe: the NIQE of c's reference (of its part in the region, when one is drawn) when it is
// not a pane's and c.diff.niqe is set (kept while the reference, the part and the choice are the same),
// else none.
void update_reference_niqe(Comparison& c, const std::shared_ptr<const Image>& ref);

}  // namespace rl::ui::detail
