// rl_cuda built without nvcc: every device call reports that CUDA support was not compiled in.
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
Status Resizer::run_device(const Plan&, ElemType, int, int, const void*, void*) { return not_built(); }
Status Resizer::backward_device(const Plan&, ElemType, int, int, const void*, void*) { return not_built(); }
Status Resizer::synchronize() { return not_built(); }
void* Resizer::stream() const { return nullptr; }
Status Resizer::set_stream(void*) { return not_built(); }
std::size_t Resizer::tables_uploaded() const { return 0; }
void Resizer::set_kernels(Kernels) {}
Kernels Resizer::kernels() const { return Kernels::Plain; }

DeviceMemory::~DeviceMemory() = default;
Status DeviceMemory::allocate(std::size_t) { return not_built(); }
Status DeviceMemory::upload(const void*, std::size_t) { return not_built(); }
Status DeviceMemory::download(void*, std::size_t) const { return not_built(); }

}  // namespace rl::cuda
