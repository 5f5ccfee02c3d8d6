// rl_cuda_check: the CUDA equivalence checks without GoogleTest, for GPU machines that have only CMake
// and nvcc. Exit status: 0 all passed (device included), 1 a check failed, 77 host-loop checks passed
// but no usable device (the device checks did not run).
#include <chrono>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>

#include "cuda_checks.hpp"
#include "rl/cuda_resize.hpp"

namespace {

using rl::cuda::check::Outcome;

bool report(const char* check, const std::string& path, const std::function<Outcome()>& f) {
  const auto t0 = std::chrono::steady_clock::now();
  Outcome o;
  try {
    o = f();
  } catch (const std::exception& e) {
    o.failures.push_back(std::string("exception: ") + e.what());
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("%-28s %-10s %6d %7zu %8.2f s  %s\n", check, path.c_str(), o.cases, o.failures.size(), s,
              o.ok() ? "PASS" : "FAIL");
  if (!o.ok()) std::printf("  %s\n", o.summary(5).c_str());
  return o.ok();
}

}  // namespace

int main(int argc, char** argv) {
  bool host = true, device = true;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--device-only"))
      host = false;
    else if (!std::strcmp(argv[i], "--host-only"))
      device = false;
    else {
      std::fprintf(stderr, "usage: rl_cuda_check [--host-only | --device-only]\n");
      return 2;
    }
  }
  namespace ck = rl::cuda::check;
  bool ok = true;
  std::printf("%-28s %-10s %6s %7s %10s  %s\n", "check", "path", "cases", "failed", "time", "result");
  if (host) {
    auto r = ck::host_loop_runner();
    ok &= report("golden rows (npy; png specs)", r->name(), [&] { return ck::golden_rows(*r); });
    ok &= report("random forward", r->name(), [&] { return ck::random_forward(*r, 1); });
    ok &= report("batch", r->name(), [&] { return ck::batch(*r, 2); });
    ok &= report("backward", r->name(), [&] { return ck::backward(*r, 3); });
  }
  if (!device) return ok ? 0 : 1;
  const rl::cuda::Status st = rl::cuda::device_status();
  if (!st) {
    std::printf("device checks not run: no usable CUDA device: %s\n", st.message.c_str());
    return ok ? 77 : 1;
  }
  std::printf("device: %s\n", rl::cuda::device_name().c_str());
  auto r = ck::device_runner();
  ok &= report("golden rows (npy; png specs)", r->name(), [&] { return ck::golden_rows(*r); });
  ok &= report("random forward", r->name(), [&] { return ck::random_forward(*r, 1); });
  ok &= report("batch", r->name(), [&] { return ck::batch(*r, 2); });
  ok &= report("backward", r->name(), [&] { return ck::backward(*r, 3); });
  ok &= report("cache, device pointers", r->name(), [&] { return ck::device_reuse(4); });
  return ok ? 0 : 1;
}
