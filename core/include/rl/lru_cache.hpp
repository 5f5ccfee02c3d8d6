// A small thread-safe cache of the values made last, by key: the least recently used goes first.
// For plans (making one can cost as much as the resize it serves), shared by every caller that
// resizes many images of few shapes.
#pragma once

#include <algorithm>
#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>

namespace rl {

template <class Key, class Value>
class LruCache {
 public:
  explicit LruCache(std::size_t capacity) : capacity_(std::max<std::size_t>(capacity, 1)) {}

  // The value of `key`, made by make() when absent. make() runs outside the lock (two threads may
  // both make a missing value; the first one stored is kept and returned to both), and what it
  // throws reaches the caller with nothing stored.
  template <class Make>
  Value get(const Key& key, Make&& make) {
    {
      std::lock_guard lock(mutex_);
      if (const Value* v = find_locked(key)) return *v;
    }
    Value made = make();
    std::lock_guard lock(mutex_);
    if (const Value* v = find_locked(key)) return *v;
    entries_.insert(entries_.begin(), {key, std::move(made)});
    if (entries_.size() > capacity_) entries_.pop_back();
    return entries_.front().second;
  }

  std::size_t size() const {
    std::lock_guard lock(mutex_);
    return entries_.size();
  }

 private:
  // The entry of key moved to the front (most recently used), or nullptr.
  const Value* find_locked(const Key& key) {
    const auto it =
        std::find_if(entries_.begin(), entries_.end(), [&](const auto& e) { return e.first == key; });
    if (it == entries_.end()) return nullptr;
    std::rotate(entries_.begin(), it, it + 1);
    return &entries_.front().second;
  }

  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::vector<std::pair<Key, Value>> entries_;  // most recently used first
};

}  // namespace rl
