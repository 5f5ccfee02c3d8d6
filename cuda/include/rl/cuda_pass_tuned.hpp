// The tuned forward passes as __host__ __device__ bodies: several outputs per thread, each table entry
// loaded once into a register and reused, vector loads and stores along the line, no division by the
// channel count. Every output is still rl::tap_sum's sum (same taps, same order) cast by from_double.
#pragma once

#include <cstdint>
#include <cstring>
#include <vector>

#include "rl/cuda_pass.hpp"
#if !defined(__CUDA_ARCH__)
#include <stdexcept>
#endif

namespace rl::cuda {

// Outputs per thread along a rows-pass line: 16 bytes for float64, otherwise 4 elements.
template <class T>
constexpr int kTunedVec = sizeof(T) >= 8 ? 2 : 4;
// Lines (image rows) per thread in the cols pass, and channels summed together per table entry.
constexpr int kTunedLines = 4;
constexpr int kTunedChannels = 4;

// A forward table stored tap-major (entry k of output o at k * out_size + o), so that neighbouring
// threads (neighbouring outputs) read neighbouring table entries.
struct TapMajorView {
  const double* weights = nullptr;
  const std::int32_t* index = nullptr;
  int taps = 0;
  int out_size = 0;
};
struct TapMajorTable {
  std::vector<double> weights;
  std::vector<std::int32_t> index;
  int taps = 0;
  int out_size = 0;
};
TapMajorTable tap_major(const AxisTable& t);
TapMajorView tap_major_view(const TapMajorTable& t);

template <class T>
struct alignas(sizeof(T) * kTunedVec<T>) TunedVec {
  T v[kTunedVec<T>];
};

// Whether the rows pass may use vector loads and stores: every line starts on a vector boundary.
template <class T>
inline bool rows_vectorizable(const PassShape& s, const void* src, const void* dst) {
  constexpr std::uintptr_t a = sizeof(TunedVec<T>);
  return s.line_length() % kTunedVec<T> == 0 && reinterpret_cast<std::uintptr_t>(src) % a == 0 &&
         reinterpret_cast<std::uintptr_t>(dst) % a == 0;
}

template <class T>
RL_HD inline TunedVec<T> load_vec(const T* p) {
#if defined(__CUDA_ARCH__)
  return *reinterpret_cast<const TunedVec<T>*>(p);
#else
  // The device reads this as one aligned vector: the host loop proves the alignment on every case.
  if (reinterpret_cast<std::uintptr_t>(p) % sizeof(TunedVec<T>) != 0)
    throw std::logic_error("tuned rows pass: a vector load is not aligned");
  TunedVec<T> x;
  std::memcpy(x.v, p, sizeof x.v);
  return x;
#endif
}

template <class T>
RL_HD inline void store_vec(T* p, const TunedVec<T>& x) {
#if defined(__CUDA_ARCH__)
  *reinterpret_cast<TunedVec<T>*>(p) = x;
#else
  if (reinterpret_cast<std::uintptr_t>(p) % sizeof(TunedVec<T>) != 0)
    throw std::logic_error("tuned rows pass: a vector store is not aligned");
  std::memcpy(p, x.v, sizeof x.v);
#endif
}

// Rows pass, thread (n, line, q): outputs j = q*V .. q*V+V-1 of output row `line` (fewer at the end
// of a line). All V outputs share the table row, so each weight and index is read once per tap.
// Vector: the caller checked rows_vectorizable (then every q covers V whole elements).
template <class T, bool Vector>
RL_HD inline void rows_tuned(const PassShape& s, const TableView& t, const T* src, T* dst, int n, int line,
                             int q) {
  constexpr int V = kTunedVec<T>;
  const int len = s.line_length();  // the rows pass keeps the line length: input stride = len
  const int j0 = q * V;
  const T* img = src + static_cast<std::int64_t>(n) * s.in_image_elements() + j0;
  T* out = dst + static_cast<std::int64_t>(n) * s.out_image_elements() +
           static_cast<std::int64_t>(line) * len + j0;
  const std::int64_t b = t.begin(line);
  const int taps = t.count(line);
  const int m = len - j0 < V ? len - j0 : V;
  double acc[V];
  for (int v = 0; v < V; ++v) acc[v] = 0.0;
  for (int k = 0; k < taps; ++k) {
    const double w = t.weights[b + k];
    const T* p = img + static_cast<std::int64_t>(t.index[b + k]) * len;
    if constexpr (Vector) {
      const TunedVec<T> x = load_vec(p);
      for (int v = 0; v < V; ++v) acc[v] += w * static_cast<double>(x.v[v]);
    } else {
      for (int v = 0; v < V; ++v)
        if (v < m) acc[v] += w * static_cast<double>(p[v]);
    }
  }
  if constexpr (Vector) {
    TunedVec<T> y;
    for (int v = 0; v < V; ++v) y.v[v] = from_double<T>(acc[v]);
    store_vec(out, y);
  } else {
    for (int v = 0; v < V; ++v)
      if (v < m) out[v] = from_double<T>(acc[v]);
  }
}

// Cols pass on channels c0 .. c0+CC-1 of output column o for lines line0 .. line0+L-1 (fewer at the
// bottom): each tap's weight and index are loaded once and used for up to L * CC outputs.
template <class T, int CC>
RL_HD inline void cols_tuned_chunk(const PassShape& s, const TapMajorView& t, const T* img, T* out_img,
                                   int line0, int nl, int o, int c0) {
  const int ch = s.channels;
  const std::int64_t in_row = static_cast<std::int64_t>(s.in_cols) * ch;
  const std::int64_t out_row = static_cast<std::int64_t>(s.out_size) * ch;
  double acc[kTunedLines][CC];
  for (int l = 0; l < kTunedLines; ++l)
    for (int c = 0; c < CC; ++c) acc[l][c] = 0.0;
  for (int k = 0; k < t.taps; ++k) {
    const std::int64_t e = static_cast<std::int64_t>(k) * t.out_size + o;
    const double w = t.weights[e];
    const T* p =
        img + static_cast<std::int64_t>(line0) * in_row + static_cast<std::int64_t>(t.index[e]) * ch + c0;
    for (int l = 0; l < kTunedLines; ++l)
      if (l < nl)
        for (int c = 0; c < CC; ++c) acc[l][c] += w * static_cast<double>(p[l * in_row + c]);
  }
  T* q = out_img + static_cast<std::int64_t>(line0) * out_row + static_cast<std::int64_t>(o) * ch + c0;
  for (int l = 0; l < kTunedLines; ++l)
    if (l < nl)
      for (int c = 0; c < CC; ++c) q[l * out_row + c] = from_double<T>(acc[l][c]);
}

// Cols pass, thread (n, g, o): every channel of output column o on lines g*L .. g*L+L-1. The thread
// index is the output column itself, so no division by the channel count is needed.
template <class T>
RL_HD inline void cols_tuned(const PassShape& s, const TapMajorView& t, const T* src, T* dst, int n, int g,
                             int o) {
  const T* img = src + static_cast<std::int64_t>(n) * s.in_image_elements();
  T* out = dst + static_cast<std::int64_t>(n) * s.out_image_elements();
  const int line0 = g * kTunedLines;
  const int nl = s.lines() - line0 < kTunedLines ? s.lines() - line0 : kTunedLines;
  for (int c0 = 0; c0 < s.channels; c0 += kTunedChannels) {
    switch (s.channels - c0) {
      case 1: cols_tuned_chunk<T, 1>(s, t, img, out, line0, nl, o, c0); break;
      case 2: cols_tuned_chunk<T, 2>(s, t, img, out, line0, nl, o, c0); break;
      case 3: cols_tuned_chunk<T, 3>(s, t, img, out, line0, nl, o, c0); break;
      default: cols_tuned_chunk<T, kTunedChannels>(s, t, img, out, line0, nl, o, c0); break;
    }
  }
}

// The tuned index spaces: rows pass (n, line, q < rows_groups), cols pass (n, g < cols_groups, o).
template <class T>
RL_HD inline int rows_groups(const PassShape& s) {
  return (s.line_length() + kTunedVec<T> - 1) / kTunedVec<T>;
}
RL_HD inline int cols_groups(const PassShape& s) { return (s.lines() + kTunedLines - 1) / kTunedLines; }

}  // namespace rl::cuda
