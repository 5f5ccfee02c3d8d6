// Groups resize requests from many worker threads by plan so that a device resizer can run images of
// one shape in a single call; the workers block until their own result is back.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <tuple>
#include <utility>
#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::app {

class ShapeBatcher {
 public:
  // Resizes in[i] -> out[i] for images that all match `plan` (same shape, type and channels).
  // Returns an empty string on success, else a one-line reason that applies to the whole group.
  using Backend =
      std::function<std::string(const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out)>;

  // max_batch: at most this many images per backend call. linger: how long to wait for more
  // requests when fewer than max_batch are queued (a worker that is still decoding will come soon).
  ShapeBatcher(Backend backend, std::size_t max_batch,
               std::chrono::milliseconds linger = std::chrono::milliseconds(5))
      : backend_(std::move(backend)),
        max_batch_(max_batch ? max_batch : 1),
        linger_(linger),
        thread_([this] { loop(); }) {}

  ~ShapeBatcher() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    cv_.notify_all();
    thread_.join();
  }

  ShapeBatcher(const ShapeBatcher&) = delete;
  ShapeBatcher& operator=(const ShapeBatcher&) = delete;

  // Blocks until `in` has been resized into `out`; returns "" or the backend's reason.
  std::string resize(std::shared_ptr<const Plan> plan, Image in, Image& out) {
    Request r{std::move(plan), std::move(in), Image{}, {}};
    auto done = r.done.get_future();
    {
      std::lock_guard<std::mutex> lock(mutex_);
      queue_.push_back(&r);
    }
    cv_.notify_all();
    std::string why = done.get();
    if (why.empty()) out = std::move(r.out);
    return why;
  }

  // Requests waiting for the backend (for tests and diagnostics).
  std::size_t pending() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return queue_.size();
  }
  // Size of every backend call so far, in order.
  std::vector<std::size_t> batch_sizes() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return sizes_;
  }

 private:
  struct Request {
    std::shared_ptr<const Plan> plan;
    Image in, out;
    std::promise<std::string> done;
  };
  // Images can share a call only when plan, element type and channel count all agree.
  using Key = std::tuple<const Plan*, int, int>;
  static Key key_of(const Request& r) {
    return {r.plan.get(), static_cast<int>(r.in.type()), r.in.channels()};
  }

  void loop() {
    std::unique_lock<std::mutex> lock(mutex_);
    for (;;) {
      cv_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (queue_.empty() && stop_) return;
      if (queue_.size() < max_batch_ && !stop_)
        cv_.wait_for(lock, linger_, [&] { return stop_ || queue_.size() >= max_batch_; });
      std::map<Key, std::vector<Request*>> groups;
      for (Request* r : queue_) groups[key_of(*r)].push_back(r);
      queue_.clear();
      lock.unlock();
      for (auto& [key, group] : groups)
        for (std::size_t b = 0; b < group.size(); b += max_batch_)
          run_group(std::vector<Request*>(
              group.begin() + static_cast<std::ptrdiff_t>(b),
              group.begin() + static_cast<std::ptrdiff_t>(std::min(group.size(), b + max_batch_))));
      lock.lock();
    }
  }

  void run_group(const std::vector<Request*>& group) {
    std::vector<Image> in, out;
    in.reserve(group.size());
    for (Request* r : group) in.push_back(std::move(r->in));
    std::string why;
    try {
      why = backend_(*group.front()->plan, in, out);
      if (why.empty() && out.size() != in.size()) why = "the resizer returned the wrong number of images";
    } catch (const std::exception& e) {
      why = e.what();
    }
    {
      std::lock_guard<std::mutex> lock(mutex_);
      sizes_.push_back(group.size());
    }
    for (std::size_t i = 0; i < group.size(); ++i) {
      if (why.empty()) group[i]->out = std::move(out[i]);
      group[i]->done.set_value(why);
    }
  }

  Backend backend_;
  std::size_t max_batch_;
  std::chrono::milliseconds linger_;
  mutable std::mutex mutex_;
  std::condition_variable cv_;
  std::deque<Request*> queue_;
  std::vector<std::size_t> sizes_;
  bool stop_ = false;
  std::thread thread_;  // last: started after every other member is ready
};

}  // namespace rl::app
