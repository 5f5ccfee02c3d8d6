// The adjoint (backward) pass of the float resize: grad_input = A^T grad_output, where A is the
// linear operator rl::run applies to a float64 image (the plan's two 1-D passes).
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "rl/image.hpp"
#include "rl/plan.hpp"
#include "rl/resize.hpp"

namespace rl {

// One axis' contribution table turned around: for each input index i, the (output index, weight)
// pairs of every tap that reads i, in ascending output order (taps of one output in tap order).
// Stored as compressed rows so that every input index is one gather: no scatter, no races, and the
// same sums in the same order whatever the thread count or device.
struct TransposedTable {
  int in_size = 0;                    // the forward table's input size: the backward pass produces this many
  int out_size = 0;                   // the forward table's output size: the backward pass reads this many
  std::vector<std::int32_t> offsets;  // in_size + 1 entries; entries of i are [offsets[i], offsets[i+1])
  std::vector<std::int32_t> out_index;  // forward output index of each entry
  std::vector<double> weights;          // forward weight of each entry

  int count(int i) const {
    return offsets[static_cast<std::size_t>(i) + 1] - offsets[static_cast<std::size_t>(i)];
  }
  const double* weights_of(int i) const { return weights.data() + offsets[static_cast<std::size_t>(i)]; }
  const std::int32_t* index_of(int i) const {
    return out_index.data() + offsets[static_cast<std::size_t>(i)];
  }
};

TransposedTable transpose_table(const AxisTable& table);

// grad_input (plan.in_rows x plan.in_cols, same channels and type) from grad_output
// (plan.out_rows x plan.out_cols). The transposed passes run in the reverse of plan.order, each
// input element summing its entries in float64 in ascending output order (no FMA) and converting to
// the element type after each pass, as the forward pass does. Defined for float32 and float64 only:
// the integer pipeline rounds after each pass and is not differentiable. Throws
// std::invalid_argument for integer images or a shape that does not match the plan.
Image resize_backward(const Image& grad_output, const Plan& plan, const RunOptions& opt = {});

// One transposed 1-D pass along `axis` (the reverse of resize_pass with the same table).
Image resize_pass_backward(const TransposedTable& table, Axis axis, const Image& grad,
                           const RunOptions& opt = {});
// The same into `out` (the pass's output shape, the gradient's channels and type; throws
// std::invalid_argument otherwise), which must not overlap `grad`.
void resize_pass_backward_into(const TransposedTable& table, Axis axis, const Image& grad, Image& out,
                               const RunOptions& opt = {});

// A plan's two tables turned around once, for many backward passes (a training batch, every step).
struct AdjointTables {
  explicit AdjointTables(const Plan& plan);
  Axis first_axis, second_axis;  // plan.order: the second is undone first
  TransposedTable first, second;
  int in_rows, in_cols, out_rows, out_cols;
  // The intermediate gradient's rows and cols (after the second pass is undone).
  std::pair<int, int> mid_shape() const;
};

// resize_backward into existing images: `mid` of mid_shape() and `grad_input` of the plan's input
// shape, both with the gradient's channels and type; no allocation.
void resize_backward_into(const Image& grad_output, const AdjointTables& tables, Image& mid,
                          Image& grad_input, const RunOptions& opt = {});

}  // namespace rl
