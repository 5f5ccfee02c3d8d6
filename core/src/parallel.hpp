// A minimal fork-join loop over [0, n) in contiguous blocks; the schedule only, never the numerics.
#pragma once

#include <algorithm>
#include <exception>
#include <thread>
#include <vector>

namespace rl::detail {

inline int resolve_threads(int requested) {
  if (requested > 0) return requested;
  const unsigned hc = std::thread::hardware_concurrency();
  return hc ? static_cast<int>(hc) : 1;
}

// f(begin, end) is called on disjoint ranges covering [0, n). Runs inline when one thread suffices.
template <class F>
void parallel_for(long long n, int threads, long long min_per_thread, F&& f) {
  if (n <= 0) return;
  long long t = std::min<long long>(resolve_threads(threads),
                                    std::max<long long>(1, n / std::max<long long>(1, min_per_thread)));
  if (t <= 1) {
    f(0LL, n);
    return;
  }
  std::vector<std::thread> pool;
  std::vector<std::exception_ptr> errors(static_cast<std::size_t>(t));
  const long long chunk = (n + t - 1) / t;
  for (long long i = 1; i < t; ++i) {
    const long long b = i * chunk, e = std::min(n, b + chunk);
    if (b >= e) break;
    pool.emplace_back([&, i, b, e] {
      try { f(b, e); } catch (...) { errors[static_cast<std::size_t>(i)] = std::current_exception(); }
    });
  }
  try { f(0LL, std::min(n, chunk)); } catch (...) { errors[0] = std::current_exception(); }
  for (auto& th : pool) th.join();
  for (auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace rl::detail
