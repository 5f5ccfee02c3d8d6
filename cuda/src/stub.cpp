// rl_cuda built without nvcc: every call reports that CUDA support was not compiled in.
#include "rl/cuda_resize.hpp"

namespace rl::cuda {

namespace {
Status not_built() {
  return Status::error("this build of ResizeLab has no CUDA support (nvcc was not found when it was built)");
}
}  // namespace

struct Resizer::Impl {};

bool built_with_cuda() { return false; }
Status device_status() { return not_built(); }
std::string device_name() { return {}; }
Resizer::Resizer() = default;
Resizer::~Resizer() = default;
Status Resizer::run(const Plan&, const Image&, Image&) { return not_built(); }
Status Resizer::run_batch(const Plan&, const std::vector<Image>&, std::vector<Image>&) { return not_built(); }
Status Resizer::backward(const Plan&, const Image&, Image&) { return not_built(); }

}  // namespace rl::cuda
