// The CPU resizer's worker pool: ranges cover [0, n) exactly once, chunk sizes and thread counts are
// respected, exceptions come back, nested calls finish, workers spinning or asleep take the next
// call, and a forked child resizes and exits.
#include "thread_pool.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include "rl/parallel.hpp"

#if __has_include(<sys/wait.h>)
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#define RL_TEST_FORK 1
#endif

namespace rl::detail {
namespace {

std::vector<std::pair<long long, long long>> ranges_of(long long n, int threads, long long min_chunk) {
  std::mutex m;
  std::vector<std::pair<long long, long long>> out;
  parallel_for(n, threads, min_chunk, [&](long long b, long long e) {
    std::lock_guard<std::mutex> lock(m);
    out.emplace_back(b, e);
  });
  std::sort(out.begin(), out.end());
  return out;
}

void expect_cover(const std::vector<std::pair<long long, long long>>& r, long long n) {
  long long at = 0;
  for (const auto& [b, e] : r) {
    EXPECT_EQ(b, at);
    EXPECT_LT(b, e);
    at = e;
  }
  EXPECT_EQ(at, n);
}

TEST(ThreadPool, ThreadCount) {
  EXPECT_EQ(thread_count(3), 3);
  EXPECT_EQ(thread_count(1), 1);
  EXPECT_EQ(thread_count(0), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
  EXPECT_GE(thread_count(-5), 1);
}

TEST(ThreadPool, DefaultThreadsAnswerRequestsOfNone) {
  const int hardware = thread_count(0);
  set_default_threads(3);
  EXPECT_EQ(thread_count(0), 3);
  EXPECT_EQ(default_threads(), 3);
  EXPECT_EQ(thread_count(2), 2);  // an explicit request keeps its count
  set_default_threads(1);
  const auto caller = std::this_thread::get_id();
  std::set<std::thread::id> ids;
  std::mutex m;
  parallel_for(1000, 0, 1, [&](long long, long long) {
    std::lock_guard<std::mutex> lock(m);
    ids.insert(std::this_thread::get_id());
  });
  EXPECT_EQ(ids, std::set<std::thread::id>{caller});  // one thread: the caller's, no pool job
  expect_cover(ranges_of(1000, 0, 1), 1000);
  EXPECT_EQ(ranges_of(1000, 0, 1).size(), 1u);
  set_default_threads(0);
  EXPECT_EQ(thread_count(0), hardware);
  set_default_threads(-4);  // below zero: the hardware concurrency too
  EXPECT_EQ(thread_count(0), hardware);
}

TEST(ThreadPool, RangesCoverEveryIndexOnce) {
  for (long long n : {1LL, 2LL, 7LL, 100LL, 1001LL})
    for (int threads : {1, 2, 3, 8}) {
      const auto r = ranges_of(n, threads, 1);
      expect_cover(r, n);
      EXPECT_LE(r.size(), static_cast<std::size_t>(threads)) << n << " " << threads;
      EXPECT_EQ(r.size(), static_cast<std::size_t>(std::min<long long>(n, threads))) << n << " " << threads;
    }
}

TEST(ThreadPool, MinimumChunkLimitsTheSplit) {
  // 10 items, at least 4 per chunk: at most 2 chunks (10/4 rounded down), whatever the threads.
  const auto r = ranges_of(10, 8, 4);
  expect_cover(r, 10);
  EXPECT_LE(r.size(), 2u);
  for (const auto& [b, e] : r) EXPECT_GE(e - b, 4);
  expect_cover(ranges_of(3, 8, 100), 3);  // n below the minimum: one range
  EXPECT_EQ(ranges_of(3, 8, 100).size(), 1u);
}

TEST(ThreadPool, NothingToDoCallsNothing) {
  std::atomic<int> calls{0};
  parallel_for(0, 4, 1, [&](long long, long long) { ++calls; });
  EXPECT_EQ(calls.load(), 0);
}

TEST(ThreadPool, ExceptionComesBackAfterEveryRange) {
  std::atomic<long long> covered{0};
  EXPECT_THROW(parallel_for(100, 4, 1,
                            [&](long long b, long long e) {
                              covered += e - b;
                              if (b == 0) throw std::runtime_error("first range fails");
                            }),
               std::runtime_error);
  EXPECT_EQ(covered.load(), 100);
}

TEST(ThreadPool, NestedCallsFinish) {
  std::atomic<long long> sum{0};
  parallel_for(4, 4, 1, [&](long long b, long long e) {
    for (long long i = b; i < e; ++i)
      parallel_for(10, 4, 1, [&](long long b2, long long e2) {
        for (long long j = b2; j < e2; ++j) sum += i * 10 + j;
      });
  });
  EXPECT_EQ(sum.load(), 39 * 40 / 2);  // every index 0..39 once
}

// Workers wait for the next job spinning for a while, then asleep: calls that come back to back,
// after a pause long enough for the workers to sleep, and from two threads at once all finish with
// every index done once.
TEST(ThreadPool, CallsFindWorkersSpinningOrAsleep) {
  std::atomic<long long> total{0};
  const auto calls = [&](int from) {
    for (int call = 0; call < 200; ++call) {
      std::vector<std::atomic<int>> seen(97);
      parallel_for(97, 0, 1, [&](long long b, long long e) {
        for (long long i = b; i < e; ++i) ++seen[static_cast<std::size_t>(i)];
      });
      for (const auto& x : seen) total += x.load() == 1 ? 1 : 1000000;
      if ((call + from) % 50 == 49) std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  };
  std::thread other(calls, 25);
  calls(0);
  other.join();
  EXPECT_EQ(total.load(), 2 * 200 * 97);
}

#ifdef RL_TEST_FORK
// fork after the pool has started (a process pool, a DataLoader worker): the child has none of the
// parent's workers, yet it must run parallel work and exit normally, static destructors included
// (before the child started a pool of its own, its exit joined threads that did not exist: a hang).
TEST(ThreadPool, ForkedChildRunsParallelWorkAndExits) {
  expect_cover(ranges_of(1000, 4, 1), 1000);  // the pool has workers now ...
  usleep(200000);                             // ... asleep, waiting for work, as they are between jobs
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    bool ok = true;
    for (int round = 0; round < 50 && ok; ++round) {
      const auto r = ranges_of(1000, 4, 1);
      ok = r.size() == 4 && r.front().first == 0 && r.back().second == 1000;
    }
    std::exit(ok ? 0 : 3);  // not _exit: the pool's destructor runs
  }
  int status = 0;
  pid_t done = 0;
  for (int waited_ms = 0; waited_ms < 30000 && done == 0; waited_ms += 10) {
    done = waitpid(pid, &status, WNOHANG);
    if (done == 0) usleep(10000);
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "the forked child did not finish within 30 s (deadlocked on the parent's pool)";
  }
  ASSERT_TRUE(WIFEXITED(status)) << "the forked child died (status " << status << ")";
  EXPECT_EQ(WEXITSTATUS(status), 0) << "the forked child's parallel ranges were wrong";
  expect_cover(ranges_of(1000, 4, 1), 1000);  // and the parent's pool still works
}
#endif

}  // namespace
}  // namespace rl::detail
