// The persistent worker pool behind rl::detail::parallel_for: workers are started once, on the first
// parallel resize, and sleep between jobs.
#include "thread_pool.hpp"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace rl::detail {

namespace {

// One parallel_for call: chunks are claimed with an atomic counter by the caller and by at most
// `helpers` pool workers, so a call never uses more threads than it asked for.
struct Job {
  const std::function<void(long long, long long)>* f = nullptr;
  long long n = 0, chunks = 0;
  std::atomic<long long> next{0};
  std::atomic<int> helpers{0};
  std::mutex m;
  std::condition_variable cv;
  long long finished = 0;    // guarded by m
  std::exception_ptr error;  // guarded by m

  // Runs chunks until none is left; returns once this thread has no more to claim.
  void work() {
    for (;;) {
      const long long c = next.fetch_add(1);
      if (c >= chunks) return;
      const long long b = n * c / chunks, e = n * (c + 1) / chunks;
      std::exception_ptr err;
      try {
        (*f)(b, e);
      } catch (...) {
        err = std::current_exception();
      }
      std::lock_guard lock(m);
      if (err && !error) error = err;
      if (++finished == chunks) cv.notify_all();
    }
  }
};

class Pool {
 public:
  static Pool& instance() {
    static Pool pool;
    return pool;
  }

  // Offers the job to idle workers; the caller works on it too and then waits for the rest.
  void run(const std::shared_ptr<Job>& job) {
    if (job->helpers > 0) {
      {
        std::lock_guard lock(m_);
        start_workers_locked();
        queue_.push_back(job);
      }
      cv_.notify_all();
    }
    job->work();
    std::unique_lock lock(job->m);
    job->cv.wait(lock, [&] { return job->finished == job->chunks; });
  }

  ~Pool() {
    {
      std::lock_guard lock(m_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_) t.join();
  }

 private:
  void start_workers_locked() {
    if (!workers_.empty()) return;
    const int n = std::max(1, thread_count(0) - 1);
    for (int i = 0; i < n; ++i) workers_.emplace_back([this] { loop(); });
  }

  void loop() {
    std::unique_lock lock(m_);
    for (;;) {
      cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      std::shared_ptr<Job> job = queue_.front();
      // A job leaves the queue once its helper slots are taken or its chunks are all claimed.
      const int slot = job->helpers.fetch_sub(1);
      if (slot <= 1 || job->next.load() >= job->chunks) queue_.pop_front();
      if (slot <= 0) continue;
      lock.unlock();
      job->work();
      lock.lock();
    }
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::deque<std::shared_ptr<Job>> queue_;
  std::vector<std::thread> workers_;
  bool stop_ = false;
};

}  // namespace

int thread_count(int requested) {
  if (requested > 0) return requested;
  const unsigned hc = std::thread::hardware_concurrency();
  return hc ? static_cast<int>(hc) : 1;
}

void parallel_for(long long n, int threads, long long min_per_chunk,
                  const std::function<void(long long, long long)>& f, int chunks_per_thread) {
  if (n <= 0) return;
  const long long by_size = std::max<long long>(1, n / std::max<long long>(1, min_per_chunk));
  const long long t = std::min<long long>(thread_count(threads), by_size);
  if (t <= 1) {
    f(0, n);
    return;
  }
  auto job = std::make_shared<Job>();
  job->f = &f;
  job->n = n;
  job->chunks = std::min<long long>(by_size, t * std::max(1, chunks_per_thread));
  job->helpers = static_cast<int>(t - 1);
  Pool::instance().run(job);
  if (job->error) std::rethrow_exception(job->error);
}

}  // namespace rl::detail
