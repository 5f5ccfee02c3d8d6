// Reading typed values from a fuzzer's byte string (zero-padded past the end), and the failure
// report every target uses for a broken invariant.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace rl::fuzz {

class Input {
 public:
  Input(const std::uint8_t* data, std::size_t size) : p_(data), n_(size) {}
  template <class T>
  T take() {
    T v{};
    const std::size_t k = std::min(sizeof(T), n_);
    if (k) std::memcpy(&v, p_, k);
    p_ += k;
    n_ -= k;
    return v;
  }
  std::size_t left() const { return n_; }

 private:
  const std::uint8_t* p_;
  std::size_t n_;
};

// A broken invariant: print it and abort, so libFuzzer keeps the input as a crash.
[[noreturn]] inline void violated(const char* what) {
  std::fprintf(stderr, "fuzz invariant violated: %s\n", what);
  std::abort();
}

#define RL_FUZZ_CHECK(cond)                   \
  do {                                        \
    if (!(cond)) ::rl::fuzz::violated(#cond); \
  } while (0)

}  // namespace rl::fuzz
