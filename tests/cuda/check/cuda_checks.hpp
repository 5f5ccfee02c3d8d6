// Equivalence checks of the CUDA passes against the CPU core, runnable through the host loop (any
// machine) or the device. Used by the GoogleTest tests and by rl_cuda_check, which needs no GoogleTest.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "rl/cuda_resize.hpp"
#include "rl/image.hpp"
#include "rl/plan.hpp"

namespace rl::cuda::check {

// One way of running the CUDA passes.
class Runner {
 public:
  virtual ~Runner() = default;
  virtual std::string name() const = 0;
  virtual Status run(const Plan& plan, const Image& in, Image& out) = 0;
  virtual Status run_batch(const Plan& plan, const std::vector<Image>& in, std::vector<Image>& out) = 0;
  virtual Status backward(const Plan& plan, const Image& grad_out, Image& grad_in) = 0;
};
// The forward passes run the plain or the tuned bodies; the backward pass always the plain ones.
std::unique_ptr<Runner> host_loop_runner(Kernels k = Kernels::Plain);  // rl::cuda::host_loop
std::unique_ptr<Runner> device_runner(Kernels k = Kernels::Plain);     // one Resizer, kept across calls

// Whether the golden folder (RL_GOLDEN_DIR) holds a manifest; golden_rows needs it.
bool golden_available();

struct Outcome {
  int cases = 0;
  std::vector<std::string> failures;  // one line each: the case and what differed
  bool ok() const { return failures.empty(); }
  std::string summary(std::size_t max_lines = 10) const;
};

// Empty when identical (shape, type and every bit); otherwise the first difference and how many.
std::string compare_exact(const Image& got, const Image& want);

using Loader = std::function<Image(const std::string& path)>;

// Every row of tests/data/golden/manifest.tsv. The .npy rows run on their own data and must equal
// rl::run bit for bit and MATLAB to 1e-12. PNG rows need an image loader (OpenCV): given one, they
// run on the real files and must equal rl::run and MATLAB's files exactly; without one, each PNG row's
// spec runs on the butterfly .npy (as uint8 for "exact" rows, float64 for "imwrite" rows) and must
// equal rl::run bit for bit.
Outcome golden_rows(Runner& runner, const Loader& load_png = {});
// Every method x element type x channel count 1..5 x boundary (280 cases), random sizes (1-pixel
// axes and shrinking beyond 10x included), antialiasing on or off at random; bit-exact with rl::run.
Outcome random_forward(Runner& runner, unsigned seed);
// Every element type x channel count 1..9 x {1x1, 1xN, Nx1, free} input (144 cases): small batches
// of 1..3 images, random methods and scales, line lengths of every remainder modulo the tuned
// kernels' vector width; each image bit-exact with rl::run.
Outcome shapes(Runner& runner, unsigned seed);
// Batches of 1..4 images of one shape per element type (and an empty batch); each image bit-exact.
Outcome batch(Runner& runner, unsigned seed);
// Backward vs rl::resize_backward for every method, boundary and float type (float64 bit-exact,
// float32 within 1e-6 relative), and a refusal (not-ok Status) for integer images.
Outcome backward(Runner& runner, unsigned seed);
// Device only: tables uploaded once and found again for a new Plan object with the same tables (and
// by the tuned kernels), the device-pointer entry points, buffers grown and freed under queued work,
// refusal of misaligned device pointers, a caller's stream, and a clear Status for a wrong shape.
Outcome device_reuse(unsigned seed);

}  // namespace rl::cuda::check
