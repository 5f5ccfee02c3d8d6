// The SR protocol's scores of the panes of one comparison (comparison.cpp's statistics).
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "rl/sr_protocol.hpp"
#include "rl/ui/comparison.hpp"

namespace rl::ui::detail {

// Scores panes against one reference under a protocol at `sr_scale` (rl::score_sr at sr_scale > 0,
// else rl::score_sr_shaved with border 0). The reference's part of the scores (rl::SrReference: its
// values and SSIM sides) is made when the same reference is scored again (the earlier comparison
// scored it, under the same protocol and factor: a change that kept the reference) and then kept in
// each PaneDiff (sr_reference), so that a pane's change filters only that pane's planes. A
// reference scored once (a new one) is not worth it: making and keeping its part costs this
// machine class's page clearing what it saves. Up to kSharedUpTo pixels (SR images; a 48 MP photo's
// would hold 1.5 GB).
class PaneScorer {
 public:
  PaneScorer(std::shared_ptr<const Image> ref, SrProtocol p, int sr_scale,
             const std::vector<PaneDiff>& earlier);
  static constexpr long long kSharedUpTo = 1LL << 23;
  // `a` against `b`: the reference itself (`whole`), or the part of it (or its conversion) the pane
  // is compared with. Throws std::invalid_argument where the pair cannot be scored.
  SrScore score(const Image& a, const Image& b, bool whole);
  // The shared part, once made: kept in each PaneDiff scored with it.
  const std::shared_ptr<const SrReference>& shared() const { return shared_; }

 private:
  std::shared_ptr<const Image> ref_;
  SrProtocol protocol_;
  int sr_scale_;
  std::shared_ptr<const SrReference> shared_;
  bool tried_ = false;  // shared_ made, or found not to be makeable
  bool again_ = false;  // the earlier comparison scored this reference
};

}  // namespace rl::ui::detail
