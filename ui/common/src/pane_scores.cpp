// The SR protocol's scores of a comparison's panes (see pane_scores.hpp).
#include "pane_scores.hpp"

#include <exception>

namespace rl::ui::detail {

PaneScorer::PaneScorer(std::shared_ptr<const Image> ref, SrProtocol p, int sr_scale,
                       const std::vector<PaneDiff>& earlier)
    : ref_(std::move(ref)), protocol_(p), sr_scale_(sr_scale) {
  for (const PaneDiff& e : earlier)
    if (e.sr && e.made_from && e.made_from->ref.lock() == ref_ && e.made_from->protocol == p &&
        e.made_from->sr_scale == sr_scale) {
      if (e.sr_reference) shared_ = e.sr_reference;
      tried_ = static_cast<bool>(shared_);
      again_ = true;
    }
}

SrScore PaneScorer::score(const Image& a, const Image& b, bool whole) {
  // The reference against itself reads it once (rl::score_sr's own fast path), with no shared part.
  const bool share =
      whole && &b == ref_.get() && &a != &b && static_cast<long long>(b.rows()) * b.cols() <= kSharedUpTo;
  if (share && again_ && !tried_) {
    tried_ = true;
    try {
      shared_ = std::make_shared<const SrReference>(sr_scale_ > 0 ? sr_reference(b, sr_scale_, protocol_)
                                                                  : sr_reference_shaved(b, 0, protocol_));
    } catch (const std::exception&) {  // each pane's score then says why
    }
  }
  if (share && shared_) return score_sr(a, *shared_);
  return sr_scale_ > 0 ? score_sr(a, b, sr_scale_, protocol_) : score_sr_shaved(a, b, 0, protocol_);
}

}  // namespace rl::ui::detail
