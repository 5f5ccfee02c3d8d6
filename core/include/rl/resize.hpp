// The CPU resizer: resize(image, spec) for the common case; make_plan + run(plan, image) for
// batches. Output type = input type, MATLAB's rounding after each 1-D pass; a logical image is
// resized as MATLAB does, as im2uint8(A) (0/255, uint8 passes) thresholded at the end by `> 128`.
#pragma once

#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl {

struct RunOptions {
  int threads = 0;  // 0: hardware concurrency
};

// Both passes in plan.order. Throws std::invalid_argument if the image shape does not match the plan.
Image run(const Plan& plan, const Image& in, const RunOptions& opt = {});
// Writes into `out`, which must already have the plan's output shape and the input's type.
void run_into(const Plan& plan, const Image& in, Image& out, const RunOptions& opt = {});
// One 1-D pass along `axis` with that axis' table (the intermediate results MATLAB computes).
Image resize_pass(const AxisTable& table, Axis axis, const Image& in, const RunOptions& opt = {});

Image resize(const Image& in, const ResizeSpec& spec, const RunOptions& opt = {});

// Bytes run_into allocates besides the output for this plan: every thread's scratch, including the
// few intermediate rows it keeps between the passes (never a whole intermediate image). This is the
// "extra memory" the benchmarks report.
std::size_t run_extra_bytes(const Plan& plan, int channels, ElemType type, const RunOptions& opt = {});

// The CPU kernels run() uses: "avx512", "avx2" or "generic" (the fastest this CPU has), or the level
// forced by the environment variable RL_CPU_LEVEL (generic, avx2, avx2x8, avx512; std::runtime_error
// if this CPU cannot run it).
const char* cpu_level();
// Whether uint8, int8 and logical images take the certified float32 kernels at this level (float32
// sums whose rounding is proven equal to the float64 one, float64 for the lanes it cannot prove; the
// same bits either way): on CPUs with AVX2 and FMA at the avx2 and avx512 levels, unless the
// environment variable RL_CERTIFIED=0 turns them off.
bool cpu_certified_8bit();

}  // namespace rl
