// The plan cache of `imresize batch` (see batch_plans.hpp).
#include "batch_plans.hpp"

#include <utility>

namespace rl::app {

PlanCache::PlanCache(ResizeSpec base, std::size_t capacity) : base_(std::move(base)), plans_(capacity) {}

std::shared_ptr<const Plan> PlanCache::get(int rows, int cols, int channels, int scale) {
  return plans_.get({rows, cols, channels, scale}, [&] {
    ResizeSpec spec = base_;
    spec.scale = {{1.0 / scale, 1.0 / scale}};
    PlanLimits limits;
    limits.channels = channels;
    return std::make_shared<const Plan>(make_plan(spec, rows, cols, limits));
  });
}

}  // namespace rl::app
