// Image storage: 64-byte aligned, so vector loads over rows stay on cache lines (large images on
// huge pages where the system allows).
#include "rl/image.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <stdexcept>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif
#if __has_include(<pthread.h>)
#include <pthread.h>
#define RL_HAVE_PTHREAD_ATFORK 1
#endif

namespace rl {

std::size_t elem_size(ElemType t) { return info(t).size; }

std::string to_string(ElemType t) { return info(t).name; }

bool is_integer(ElemType t) { return info(t).is_integer; }

bool is_floating(ElemType t) { return t == ElemType::F32 || t == ElemType::F64; }

bool elem_type_from_name(const std::string& name, ElemType& out) {
  for (const ElemInfo& e : kElemTypes)
    if (name == e.name) {
      out = e.type;
      return true;
    }
  return false;
}

void advise_huge_pages(void* data, std::size_t bytes) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  constexpr std::uintptr_t kHuge = std::uintptr_t{2} << 20;
  if (!data || bytes < (std::size_t{4} << 20)) return;
  const auto p = reinterpret_cast<std::uintptr_t>(data);
  const std::uintptr_t lo = (p + kHuge - 1) & ~(kHuge - 1), hi = (p + bytes) & ~(kHuge - 1);
  if (hi > lo)
    madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);  // refused or not, the same memory
#else
  (void)data;
  (void)bytes;
#endif
}

namespace {

constexpr std::size_t kHuge = std::size_t{2} << 20, kLargeFrom = std::size_t{4} << 20;

// Large blocks freed, kept for the next image of about their size. Fresh memory costs a page fault
// per page on its first write, and the kernel zeroes (and, for huge pages, may first compact) each
// one: an 8 MB result from Python cost 5.4 ms that way against 0.4 ms for the resize into an existing
// array. A resize in a loop (a dataset, a viewer, imresize() from Python) reuses the blocks instead,
// as malloc reuses its heap for smaller sizes. At most kKeepBlocks blocks and kKeepBytes are kept;
// a block serves a request of at least half its size.
class BlockCache {
 public:
  static BlockCache& instance() {
    static BlockCache* c = new BlockCache;  // never destroyed: images may be freed during exit
    return *c;
  }

  void* take(std::size_t n) {
    std::lock_guard lock(m_);
    // The smallest that fits; of equal ones the newest (its pages the likeliest still in cache).
    auto best = kept_.end();
    for (auto it = kept_.begin(); it != kept_.end(); ++it)
      if (it->second >= n && it->second / 2 <= n && (best == kept_.end() || it->second <= best->second))
        best = it;
    if (best == kept_.end()) return nullptr;
    void* p = best->first;
    live_.emplace(*best);
    kept_bytes_ -= best->second;
    kept_.erase(best);
    return p;
  }

  void track(void* p, std::size_t bytes) {
    std::lock_guard lock(m_);
    live_.emplace(p, bytes);
  }

  // Keeps or frees p when it is a large block; false when it is not one.
  bool give(void* p) {
    std::vector<void*> drop;
    {
      std::lock_guard lock(m_);
      const auto it = live_.find(p);
      if (it == live_.end()) return false;
      const Block b = *it;
      live_.erase(it);
      kept_.push_back(b);
      kept_bytes_ += b.second;
      while (!kept_.empty() && (kept_.size() > kKeepBlocks || kept_bytes_ > kKeepBytes)) {  // oldest first
        drop.push_back(kept_.front().first);
        kept_bytes_ -= kept_.front().second;
        kept_.erase(kept_.begin());
      }
    }
    for (void* q : drop) std::free(q);
    return true;
  }

 private:
  using Block = std::pair<void*, std::size_t>;
  static constexpr std::size_t kKeepBlocks = 4, kKeepBytes = std::size_t{512} << 20;

  BlockCache() {
#ifdef RL_HAVE_PTHREAD_ATFORK
    // fork() while another thread holds the lock would leave it held in the child: taken around it.
    pthread_atfork([] { instance().m_.lock(); }, [] { instance().m_.unlock(); },
                   [] { instance().m_.unlock(); });
#endif
  }

  std::mutex m_;
  std::unordered_map<void*, std::size_t> live_;  // blocks in use, by address
  std::vector<Block> kept_;                      // blocks kept, oldest first
  std::size_t kept_bytes_ = 0;
};

// Large images are placed on 2 MiB boundaries and marked for transparent huge pages (where the
// kernel leaves that to madvise, as Debian does): a fresh 74 MB image otherwise takes 18,000 page
// faults on its first write, which cost a nearest x3 resize of 2040x1356 RGB 15 ms instead of 3 ms
// (numpy does the same for its arrays); and they come from BlockCache when it has one. Smaller ones
// stay 64-byte aligned.
void* alloc_bytes(std::size_t n) {
  if (n == 0) return nullptr;
  const std::size_t align = n >= kLargeFrom ? kHuge : 64;
  const std::size_t rounded = (n + align - 1) / align * align;
  if (n >= kLargeFrom)
    if (void* p = BlockCache::instance().take(rounded)) return p;
  void* p = std::aligned_alloc(align, rounded);
  if (!p) throw std::bad_alloc();
  if (n >= kLargeFrom) {
    advise_huge_pages(p, rounded);
    BlockCache::instance().track(p, rounded);
  }
  return p;
}

}  // namespace

void Image::FreeDeleter::operator()(void* p) const {
  if (owned && p && !BlockCache::instance().give(p)) std::free(p);
}

static void check_shape(long long rows, long long cols, long long ch) {
  if (rows < 0 || cols < 0) throw std::invalid_argument("image size must not be negative");
  if (ch < 1) throw std::invalid_argument("an image needs at least one channel");
}

Image Image::shaped(int rows, int cols, int channels, ElemType type) {
  check_shape(rows, cols, channels);
  Image im;
  im.rows_ = rows;
  im.cols_ = cols;
  im.channels_ = channels;
  im.type_ = type;
  im.capacity_bytes_ = im.bytes();
  return im;
}

Image Image::uninitialized(int rows, int cols, int channels, ElemType type) {
  Image im = shaped(rows, cols, channels, type);
  im.data_.reset(alloc_bytes(im.capacity_bytes_));
  return im;
}

Image Image::borrow(void* data, int rows, int cols, int channels, ElemType type) {
  Image im = shaped(rows, cols, channels, type);
  if (im.capacity_bytes_ != 0 && data == nullptr)
    throw std::invalid_argument("borrowed image memory is null");
  im.data_ = std::unique_ptr<void, FreeDeleter>(data, FreeDeleter{false});
  return im;
}

Image::Image(int rows, int cols, int channels, ElemType type)
    : Image(uninitialized(rows, cols, channels, type)) {
  if (data_) std::memset(data_.get(), 0, bytes());
}

Image::Image(const Image& o)
    : rows_(o.rows_),
      cols_(o.cols_),
      channels_(o.channels_),
      type_(o.type_),
      data_(alloc_bytes(o.bytes())),
      capacity_bytes_(o.bytes()) {
  if (o.bytes()) std::memcpy(data_.get(), o.data_.get(), o.bytes());
}

Image& Image::operator=(const Image& o) {
  if (this != &o) {
    Image tmp(o);
    *this = std::move(tmp);
  }
  return *this;
}

template <class T>
void Image::check() const {
  if (elem_type_of<T>() != type_)
    throw std::logic_error("image element type is " + to_string(type_) + ", accessed as " +
                           to_string(elem_type_of<T>()));
}
template void Image::check<std::uint8_t>() const;
template void Image::check<std::uint16_t>() const;
template void Image::check<float>() const;
template void Image::check<double>() const;
template void Image::check<std::int8_t>() const;
template void Image::check<std::int16_t>() const;
template void Image::check<std::int32_t>() const;
template void Image::check<std::uint32_t>() const;
template void Image::check<bool>() const;

double Image::at(int r, int c, int ch) const {
  const std::size_t i = (static_cast<std::size_t>(r) * cols_ + c) * channels_ + ch;
  return visit_elem_type(type_, [&](auto x) {
    using T = decltype(x);
    return static_cast<double>(static_cast<const T*>(raw())[i]);
  });
}

void Image::set(int r, int c, int ch, double v) {
  const std::size_t i = (static_cast<std::size_t>(r) * cols_ + c) * channels_ + ch;
  visit_elem_type(type_, [&](auto x) {
    using T = decltype(x);
    if constexpr (std::is_same_v<T, bool>)
      static_cast<T*>(raw())[i] = v != 0.0;
    else
      static_cast<T*>(raw())[i] = static_cast<T>(v);
  });
}

bool identical(const Image& a, const Image& b) {
  if (!a.same_shape(b) || a.type() != b.type()) return false;
  return a.bytes() == 0 || std::memcmp(a.raw(), b.raw(), a.bytes()) == 0;
}

}  // namespace rl
