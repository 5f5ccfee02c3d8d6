// The persistent worker pool behind rl::detail::parallel_for: workers are started once, on the first
// parallel resize, wait for the next job by spinning a little before they sleep, and a forked child
// starts its own.
#include "thread_pool.hpp"

#include "rl/parallel.hpp"

#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#endif

#if __has_include(<pthread.h>)
#include <pthread.h>
#define RL_HAVE_PTHREAD_ATFORK 1
#endif

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace rl::detail {

namespace {

// How long a thread spins before it sleeps: a worker after its job, waiting for the next; the caller
// after its own chunks, waiting for the workers' last. Waking a sleeping thread costs tens of
// microseconds here (a futex wake and a reschedule, more in a VM), as long as a whole small resize
// (nearest at 1/4 of a 2040x1356 RGB image: 50 us on one thread), so back-to-back resizes (a batch, a
// viewer's panes, a benchmark loop) would otherwise pay it on every call. 200 us of spinning costs at
// most that much CPU time per call, on threads that would be idle.
constexpr std::chrono::microseconds kSpin{200};

void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  _mm_pause();
#else
  std::this_thread::yield();
#endif
}

// Spins until ready() holds (true) or `limit` has passed (false); the clock is read every 64 rounds.
template <class Ready>
bool spin_until(Ready ready, std::chrono::microseconds limit) {
  const auto t0 = std::chrono::steady_clock::now();
  for (unsigned i = 1;; ++i) {
    if (ready()) return true;
    cpu_relax();
    if (i % 64 == 0 && std::chrono::steady_clock::now() - t0 > limit) return ready();
  }
}

int hardware_threads() {
  const unsigned hc = std::thread::hardware_concurrency();
  return hc ? static_cast<int>(hc) : 1;
}

// What a request of 0 threads resolves to (set_default_threads); 0: the hardware concurrency.
std::atomic<int> default_threads_wanted{0};

// The nice value set_worker_nice asked for (kNoNice: none); each worker applies it before its next job.
constexpr int kNoNice = 1000;
std::atomic<int> wanted_nice{kNoNice};

void apply_wanted_nice(int& applied) {
  const int want = wanted_nice.load(std::memory_order_relaxed);
  if (want == applied) return;
  applied = want;
#ifdef __linux__
  const id_t tid = static_cast<id_t>(::syscall(SYS_gettid));
  errno = 0;
  const int now = ::getpriority(PRIO_PROCESS, tid);
  if (errno == 0 && now < want) (void)::setpriority(PRIO_PROCESS, tid, want);
#endif
}

// One parallel_for call: chunks are claimed with an atomic counter by the caller and by at most
// `helpers` pool workers, so a call never uses more threads than it asked for.
struct Job {
  const std::function<void(long long, long long)>* f = nullptr;
  long long n = 0, chunks = 0;
  std::atomic<long long> next{0};
  std::atomic<int> helpers{0};
  std::atomic<long long> finished{0};  // chunks done; the last one notifies cv under m
  std::mutex m;
  std::condition_variable cv;
  std::exception_ptr error;  // guarded by m, set before its chunk counts as finished

  bool done() const { return finished.load(std::memory_order_acquire) == chunks; }

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
      if (err) {
        std::lock_guard lock(m);
        if (!error) error = err;
      }
      if (finished.fetch_add(1, std::memory_order_acq_rel) + 1 == chunks) {
        std::lock_guard lock(m);  // so a caller between its check and its wait cannot miss this
        cv.notify_all();
      }
    }
  }
};

// What the workers share. A forked child has only the thread that called fork: the parent's workers,
// the waiters recorded in the condition variable and a mutex one of them may have held are not there,
// so the child abandons this state (never destroyed: joining or destroying it would wait for threads
// that do not exist) and starts from a fresh one.
struct PoolState {
  std::mutex m;
  std::condition_variable cv;
  std::deque<std::shared_ptr<Job>> queue;  // guarded by m
  std::vector<std::thread> workers;
  std::atomic<std::size_t> queued{0};  // queue.size(), for spinning workers to read without m
  std::atomic<bool> stop{false};
  int sleeping = 0;  // workers waiting on cv; guarded by m
};

class Pool {
 public:
  static Pool& instance() {
    static Pool pool;
    return pool;
  }

  Pool() {
#ifdef RL_HAVE_PTHREAD_ATFORK
    live_pool() = this;
    pthread_atfork(nullptr, nullptr, [] {
      if (Pool* p = live_pool()) p->state_ = new PoolState;  // the old state is left as it was
    });
#endif
  }

  // Offers the job to idle workers; the caller works on it too and then waits for the rest.
  void run(const std::shared_ptr<Job>& job) {
    if (job->helpers > 0) {
      PoolState& s = *state_;
      bool wake = false;
      {
        std::lock_guard lock(s.m);
        start_workers_locked(s);
        s.queue.push_back(job);
        s.queued.store(s.queue.size(), std::memory_order_release);
        wake = s.sleeping > 0;  // spinning workers see `queued`; only sleeping ones need the futex
      }
      if (wake) s.cv.notify_all();
    }
    job->work();
    if (spin_until([&] { return job->done(); }, kSpin)) return;
    std::unique_lock lock(job->m);
    job->cv.wait(lock, [&] { return job->done(); });
  }

  ~Pool() {
#ifdef RL_HAVE_PTHREAD_ATFORK
    live_pool() = nullptr;
#endif
    PoolState* s = state_;
    {
      std::lock_guard lock(s->m);
      s->stop = true;
    }
    s->cv.notify_all();
    for (auto& t : s->workers) t.join();
    delete s;
  }

 private:
  static Pool*& live_pool() {
    static Pool* p = nullptr;
    return p;
  }

  static void start_workers_locked(PoolState& s) {
    if (!s.workers.empty()) return;
    const int n = std::max(1, hardware_threads() - 1);  // the most any request can use
    for (int i = 0; i < n; ++i) s.workers.emplace_back([&s] { loop(s); });
  }

  static void loop(PoolState& s) {
    int nice = kNoNice;
    for (;;) {
      spin_until([&] { return s.queued.load(std::memory_order_acquire) > 0 || s.stop.load(); }, kSpin);
      std::unique_lock lock(s.m);
      if (s.queue.empty() && !s.stop) {
        ++s.sleeping;
        s.cv.wait(lock, [&] { return s.stop || !s.queue.empty(); });
        --s.sleeping;
      }
      if (s.stop) return;
      std::shared_ptr<Job> job = s.queue.front();
      // A job leaves the queue once its helper slots are taken or its chunks are all claimed.
      const int slot = job->helpers.fetch_sub(1);
      if (slot <= 1 || job->next.load() >= job->chunks) s.queue.pop_front();
      s.queued.store(s.queue.size(), std::memory_order_release);
      if (slot <= 0) continue;
      lock.unlock();
      apply_wanted_nice(nice);
      job->work();
    }
  }

  PoolState* state_ = new PoolState;
};

}  // namespace

int thread_count(int requested) {
  if (requested > 0) return requested;
  const int wanted = default_threads_wanted.load(std::memory_order_relaxed);
  return wanted > 0 ? wanted : hardware_threads();
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

namespace rl {

void parallel_for(long long n, long long min_per_chunk, const std::function<void(long long, long long)>& f) {
  detail::parallel_for(n, 0, min_per_chunk, f);
}

void set_worker_nice(int nice) { detail::wanted_nice.store(nice, std::memory_order_relaxed); }

void set_default_threads(int threads) {
  detail::default_threads_wanted.store(std::max(0, threads), std::memory_order_relaxed);
}

int default_threads() { return detail::thread_count(0); }

int rows_per_block(const Image& img) {
  const std::size_t row = std::max<std::size_t>(1, img.row_stride());
  return static_cast<int>(std::clamp<std::size_t>((std::size_t{1} << 16) / row, 1, 1 << 16));
}

void read_as_double(const Image& img, std::size_t first, std::size_t n, double* out) {
  visit_elem_type(img.type(), [&](auto x) {
    using T = decltype(x);
    const T* p = static_cast<const T*>(img.raw()) + first;
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<double>(p[i]);
  });
}

}  // namespace rl
