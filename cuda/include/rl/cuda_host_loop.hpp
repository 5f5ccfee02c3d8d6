// The CUDA passes run on the host: every output index goes through the same __host__ __device__
// body (rl::cuda::pass_element) that each GPU thread runs, in a plain loop. This is how the GPU
// code's indexing, bounds and arithmetic are tested on machines without a GPU.
#pragma once

#include <vector>

#include "rl/cuda_resize.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::cuda::host_loop {

// Same contract as Resizer::run / run_batch / backward, but throws std::invalid_argument with the
// Resizer's message instead of returning a Status. `kernels` picks the bodies the forward passes run,
// chosen per pass exactly as the device chooses them (vector loads only where it would use them).
Image run(const Plan& plan, const Image& in, Kernels kernels = Kernels::Plain);
// All images go through one index space (n = image), as in the device's single launch per pass.
std::vector<Image> run_batch(const Plan& plan, const std::vector<Image>& in,
                             Kernels kernels = Kernels::Plain);
Image backward(const Plan& plan, const Image& grad_out);

}  // namespace rl::cuda::host_loop
