// rl::LruCache, the one cache of plans (the Python module's and `imresize batch`'s): hits return the
// stored value without making it again, the least recently used goes first, a throwing maker stores
// nothing, and threads asking for one key all get the value stored first.
#include "rl/lru_cache.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace rl {
namespace {

TEST(LruCache, HitsDoNotMakeAgainAndTheLeastRecentlyUsedGoesFirst) {
  LruCache<int, std::string> c(2);
  int made = 0;
  auto get = [&](int k) {
    return c.get(k, [&] {
      ++made;
      return std::to_string(k * 10);
    });
  };
  EXPECT_EQ(get(1), "10");
  EXPECT_EQ(get(2), "20");
  EXPECT_EQ(made, 2);
  EXPECT_EQ(get(1), "10");  // a hit; 1 is now the most recent
  EXPECT_EQ(made, 2);
  EXPECT_EQ(get(3), "30");  // evicts 2, the least recently used
  EXPECT_EQ(made, 3);
  EXPECT_EQ(c.size(), 2u);
  EXPECT_EQ(get(1), "10");
  EXPECT_EQ(made, 3);
  EXPECT_EQ(get(2), "20");  // made again: it was evicted
  EXPECT_EQ(made, 4);
}

TEST(LruCache, AThrowingMakerStoresNothing) {
  LruCache<int, int> c(4);
  EXPECT_THROW(c.get(7, []() -> int { throw std::invalid_argument("no"); }), std::invalid_argument);
  EXPECT_EQ(c.size(), 0u);
  EXPECT_EQ(c.get(7, [] { return 70; }), 70);
  EXPECT_EQ(c.size(), 1u);
}

TEST(LruCache, ThreadsAskingForOneKeyGetTheValueStoredFirst) {
  LruCache<int, std::shared_ptr<int>> c(8);
  std::vector<std::shared_ptr<int>> got(8);
  std::vector<std::thread> threads;
  for (std::size_t i = 0; i < got.size(); ++i)
    threads.emplace_back(
        [&, i] { got[i] = c.get(5, [i] { return std::make_shared<int>(static_cast<int>(i)); }); });
  for (std::thread& t : threads) t.join();
  for (const auto& p : got) EXPECT_EQ(p.get(), got[0].get());
  EXPECT_EQ(c.size(), 1u);
}

}  // namespace
}  // namespace rl
