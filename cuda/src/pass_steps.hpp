// Shared by the host loop and the device resizer around the pass steps (rl/cuda_pass.hpp): argument
// checks with one message each, and the per-axis tables in the form the kernel bodies read.
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "rl/adjoint.hpp"
#include "rl/cuda_pass.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::cuda::detail {

// Empty when the images can go through the plan (forward: plan input shape; backward: plan output
// shape, float only); otherwise one line saying what is wrong.
std::string check_batch(const Plan& plan, const std::vector<const Image*>& images, bool backward);
std::string check_type_and_shape(ElemType type, int channels, int batch, bool backward);

TableView forward_view(const AxisTable& t);
TableView transposed_view(const TransposedTable& t);

// Logical images (forward only) run as MATLAB's imresize runs them: im2uint8 (0 / 255), the uint8
// passes, then `> 128`. as_uint8 gives the uint8 images; to_logical thresholds results in place.
bool is_logical(const std::vector<const Image*>& images);
std::vector<Image> as_uint8(const std::vector<const Image*>& images);
void to_logical(std::vector<Image>& results);

// Packs images one after the other into dst / unpacks them from src.
void pack(const std::vector<const Image*>& images, void* dst);
void unpack(const void* src, std::vector<Image*>& images);

// What identifies a cached table: its full contents, so that equal tables share one device copy
// whichever Plan object holds them, and only an equal table is ever handed out.
struct TableKey {
  bool transposed = false;
  int in_size = 0, out_size = 0, taps = 0;
  std::vector<double> weights;
  std::vector<std::int32_t> index;
  bool matches(const AxisTable& t, bool transposed) const;
  static TableKey of(const AxisTable& t, bool transposed);
};

// Device copies of contribution tables (Payload), found again by content; past `capacity` entries the
// least recently used one is dropped. Host-only bookkeeping, so it is tested without a GPU.
template <class Payload>
class TableCache {
 public:
  explicit TableCache(std::size_t capacity) : capacity_(std::max<std::size_t>(1, capacity)) {}

  // The payload cached for (t, transposed), or null (a miss). A hit makes the entry the most recent.
  // No hash on this path: the sizes rule out most entries, and one memcmp of the match (about 10 us
  // for the 180 KB of a 1/4 resize of 2040x1356) costs less than hashing it would.
  const Payload* find(const AxisTable& t, bool transposed) {
    for (auto& e : entries_)
      if (e.key.matches(t, transposed)) {
        e.last_use = ++clock_;
        ++hits_;
        return e.payload.get();
      }
    ++misses_;
    return nullptr;
  }
  // Whether the next insert drops an entry: work still queued may read it, so the caller waits first.
  bool full() const { return entries_.size() >= capacity_; }
  const Payload& insert(const AxisTable& t, bool transposed, std::unique_ptr<Payload> p) {
    if (full()) {
      auto lru = std::min_element(entries_.begin(), entries_.end(),
                                  [](const Entry& a, const Entry& b) { return a.last_use < b.last_use; });
      entries_.erase(lru);
    }
    entries_.push_back({TableKey::of(t, transposed), std::move(p), ++clock_});
    return *entries_.back().payload;
  }
  void clear() { entries_.clear(); }
  std::size_t size() const { return entries_.size(); }
  std::size_t hits() const { return hits_; }
  std::size_t misses() const { return misses_; }

 private:
  struct Entry {
    TableKey key;
    std::unique_ptr<Payload> payload;
    std::uint64_t last_use = 0;
  };
  std::size_t capacity_;
  std::vector<Entry> entries_;
  std::uint64_t clock_ = 0;
  std::size_t hits_ = 0, misses_ = 0;
};

}  // namespace rl::cuda::detail
