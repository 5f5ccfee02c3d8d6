// The device table cache's bookkeeping (no GPU needed): equal tables are found again whichever Plan
// object holds them, any difference in contents or direction is a miss, and the least recently used
// entry goes first.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>

#include "pass_steps.hpp"
#include "rl/resize.hpp"

namespace rl::cuda::detail {
namespace {

std::unique_ptr<int> payload(int v) { return std::make_unique<int>(v); }

TEST(CudaTableCache, EqualTablesHitWhicheverPlanHoldsThem) {
  TableCache<int> cache(8);
  const ResizeSpec spec = ResizeSpec::with_scale(0.37);
  const Plan a = make_plan(spec, 50, 61);
  EXPECT_EQ(cache.find(a.rows, false), nullptr);
  cache.insert(a.rows, false, payload(1));
  const Plan b = make_plan(spec, 50, 61);  // another object, equal tables
  const int* hit = cache.find(b.rows, false);
  ASSERT_NE(hit, nullptr);
  EXPECT_EQ(*hit, 1);
  EXPECT_EQ(cache.hits(), 1u);
  EXPECT_EQ(cache.misses(), 1u);
  EXPECT_EQ(cache.find(a.cols, false), nullptr);  // the other axis: other contents
  EXPECT_EQ(cache.find(a.rows, true), nullptr);   // transposed: another device table
  EXPECT_EQ(cache.misses(), 3u);
}

TEST(CudaTableCache, AnyDifferenceInContentsIsAMiss) {
  TableCache<int> cache(8);
  const Plan p = make_plan(ResizeSpec::with_scale(0.5), 9, 9);
  cache.insert(p.rows, false, payload(1));
  AxisTable w = p.rows;  // one weight one ulp away
  w.weights[3] = std::nextafter(w.weights[3], 2.0);
  EXPECT_EQ(cache.find(w, false), nullptr);
  AxisTable ix = p.rows;  // one index changed
  ix.index.back() = ix.index.back() == 0 ? 1 : 0;
  EXPECT_EQ(cache.find(ix, false), nullptr);
  AxisTable in = p.rows;  // same entries, another input length
  in.in_size += 1;
  EXPECT_EQ(cache.find(in, false), nullptr);
  EXPECT_NE(cache.find(p.rows, false), nullptr);
  cache.insert(w, false, payload(2));  // same sizes, other contents: each finds its own
  EXPECT_EQ(*cache.find(w, false), 2);
  EXPECT_EQ(*cache.find(p.rows, false), 1);
}

TEST(CudaTableCache, TheLeastRecentlyUsedEntryIsDroppedWhenFull) {
  TableCache<int> cache(2);
  const Plan p1 = make_plan(ResizeSpec::with_size(3, 3), 7, 7);
  const Plan p2 = make_plan(ResizeSpec::with_size(4, 4), 7, 7);
  const Plan p3 = make_plan(ResizeSpec::with_size(5, 5), 7, 7);
  cache.insert(p1.rows, false, payload(1));
  EXPECT_FALSE(cache.full());
  cache.insert(p2.rows, false, payload(2));
  EXPECT_TRUE(cache.full());
  ASSERT_NE(cache.find(p1.rows, false), nullptr);  // p1 is now the most recent
  cache.insert(p3.rows, false, payload(3));        // drops p2
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.find(p2.rows, false), nullptr);
  ASSERT_NE(cache.find(p1.rows, false), nullptr);
  ASSERT_NE(cache.find(p3.rows, false), nullptr);
  EXPECT_EQ(*cache.find(p3.rows, false), 3);
}

}  // namespace
}  // namespace rl::cuda::detail
