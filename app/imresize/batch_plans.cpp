// The plan cache of `imresize batch` (see batch_plans.hpp).
#include "batch_plans.hpp"

#include <algorithm>

namespace rl::app {

PlanCache::PlanCache(ResizeSpec base, std::size_t capacity)
    : base_(std::move(base)), capacity_(std::max<std::size_t>(capacity, 1)) {}

std::shared_ptr<const Plan> PlanCache::get(int rows, int cols, int channels, int scale) {
  const Key key{rows, cols, channels, scale};
  std::lock_guard<std::mutex> lock(mutex_);
  ++clock_;
  for (Entry& e : entries_)
    if (e.key == key) {
      e.used = clock_;
      return e.plan;
    }
  ResizeSpec spec = base_;
  spec.scale = {{1.0 / scale, 1.0 / scale}};
  PlanLimits limits;
  limits.channels = channels;
  auto plan = std::make_shared<const Plan>(make_plan(spec, rows, cols, limits));
  if (entries_.size() >= capacity_) {
    auto oldest = std::min_element(entries_.begin(), entries_.end(),
                                   [](const Entry& a, const Entry& b) { return a.used < b.used; });
    entries_.erase(oldest);
  }
  entries_.push_back({key, plan, clock_});
  return plan;
}

}  // namespace rl::app
