// Plans for `imresize batch`, made once per (rows, cols, channels, scale) and shared by the workers;
// bounded, the least recently used goes first (DIV2K's shapes all differ).
#pragma once

#include <cstddef>
#include <memory>
#include <tuple>

#include "rl/lru_cache.hpp"
#include "rl/plan.hpp"
#include "rl/spec.hpp"

namespace rl::app {

class PlanCache {
 public:
  static constexpr std::size_t kDefaultCapacity = 64;
  // base: method and boundary; the scale is set per call.
  explicit PlanCache(ResizeSpec base, std::size_t capacity = kDefaultCapacity);

  // The plan of imresize(image, 1/scale): 1/s as a double, exactly as `imresize --scale 1/s` and
  // MATLAB's imresize(hr, 1/s). Thread-safe.
  std::shared_ptr<const Plan> get(int rows, int cols, int channels, int scale);

 private:
  using Key = std::tuple<int, int, int, int>;
  ResizeSpec base_;
  LruCache<Key, std::shared_ptr<const Plan>> plans_;
};

}  // namespace rl::app
