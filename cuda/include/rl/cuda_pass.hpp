// The per-output arithmetic of the CUDA passes as __host__ __device__ functions of the output index
// (batch image n, line, position j): the __global__ kernels call them once per thread, the host-loop
// tests call them over the whole index space. No CUDA headers: plain C++ compilers read this too.
#pragma once

#include <cstdint>
#include <vector>

#include "rl/plan.hpp"
#include "rl/tap.hpp"

namespace rl::cuda {

// A 1-D contribution table as the kernels see it. Forward tables have `taps` entries per output at
// o * taps; transposed tables (the backward pass) have per-output counts given by `offsets`.
struct TableView {
  const double* weights = nullptr;
  const std::int32_t* index = nullptr;
  const std::int32_t* offsets = nullptr;  // null for a forward table
  int taps = 0;                           // entries per output when offsets is null
  RL_HD std::int64_t begin(int o) const {
    return offsets ? static_cast<std::int64_t>(offsets[o]) : static_cast<std::int64_t>(o) * taps;
  }
  RL_HD int count(int o) const { return offsets ? offsets[o + 1] - offsets[o] : taps; }
};

// The geometry of one pass over a batch of `batch` interleaved images, each in_rows x in_cols x
// channels, packed one after the other; `out_size` is the new length along `axis`.
// Index space: n in [0, batch), line in [0, lines()), j in [0, line_length()).
//  Rows pass: line = output row, j = element within the row (column * channels + channel).
//  Cols pass: line = row, j = output column * channels + channel.
struct PassShape {
  Axis axis = Axis::Rows;
  int batch = 1;
  int in_rows = 0, in_cols = 0, channels = 1;
  int out_size = 0;

  RL_HD int out_rows() const { return axis == Axis::Rows ? out_size : in_rows; }
  RL_HD int out_cols() const { return axis == Axis::Cols ? out_size : in_cols; }
  RL_HD int lines() const { return out_rows(); }
  RL_HD int line_length() const { return out_cols() * channels; }
  RL_HD std::int64_t in_image_elements() const {
    return static_cast<std::int64_t>(in_rows) * in_cols * channels;
  }
  RL_HD std::int64_t out_image_elements() const {
    return static_cast<std::int64_t>(out_rows()) * out_cols() * channels;
  }
  std::int64_t in_elements() const { return in_image_elements() * batch; }
  std::int64_t out_elements() const { return out_image_elements() * batch; }
};

// One output element: the taps of its table row summed by rl::tap_sum (float64, ascending, no FMA)
// and cast by rl::from_double, exactly as the CPU core does.
template <class T>
RL_HD inline void pass_element(const PassShape& s, const TableView& t, const T* src, T* dst, int n, int line,
                               int j) {
  const T* img = src + static_cast<std::int64_t>(n) * s.in_image_elements();
  T* out = dst + static_cast<std::int64_t>(n) * s.out_image_elements() +
           static_cast<std::int64_t>(line) * s.line_length() + j;
  if (s.axis == Axis::Rows) {
    const std::int64_t b = t.begin(line);
    const std::ptrdiff_t stride = static_cast<std::ptrdiff_t>(s.in_cols) * s.channels;
    *out = from_double<T>(tap_sum(t.weights + b, t.index + b, t.count(line), img + j, stride));
  } else {
    const int o = j / s.channels;
    const int c = j - o * s.channels;
    const std::int64_t b = t.begin(o);
    const T* row = img + static_cast<std::int64_t>(line) * s.in_cols * s.channels + c;
    *out = from_double<T>(tap_sum(t.weights + b, t.index + b, t.count(o), row, s.channels));
  }
}

// The passes a plan runs, in order, for `batch` images of `channels` channels; `backward` gives the
// adjoint's passes (reverse order, transposed tables: shapes go from the plan's output to its input).
struct PassStep {
  Axis axis;
  PassShape shape;
};
std::vector<PassStep> plan_steps(const Plan& plan, int channels, int batch, bool backward);

}  // namespace rl::cuda
