// rl_cuda_check: the CUDA equivalence checks without GoogleTest, for GPU machines that have only CMake
// and nvcc. Each line is printed (and flushed) as soon as its check ends, so a run cut short by a
// time limit still shows what passed. Exit status: 0 all passed (device included), 1 a check failed,
// 2 bad arguments, 77 the host-loop checks passed but no usable device (the device checks did not run).
// A missing golden folder is reported as "not run" on its line; under CI=true (where the golden data is
// part of the checkout) it is a failure instead, named on that line.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "cuda_checks.hpp"
#include "rl/cuda_resize.hpp"
#include "rl/resize.hpp"

namespace {

using rl::cuda::Kernels;
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
  std::printf("%-28s %-16s %6d %7zu %8.2f s  %s\n", check, path.c_str(), o.cases, o.failures.size(), s,
              o.ok() ? "PASS" : "FAIL");
  if (!o.ok()) std::printf("  %s\n", o.summary(5).c_str());
  std::fflush(stdout);
  return o.ok();
}

// CI sets CI=true; there nothing the checkout or .ci/deps provides may be missing.
bool under_ci() {
  const char* v = std::getenv("CI");
  if (!v) return false;
  const std::string s = v;
  return s == "true" || s == "TRUE" || s == "True" || s == "1" || s == "yes";
}

bool run_all(rl::cuda::check::Runner& r) {
  namespace ck = rl::cuda::check;
  bool ok = true;
  if (ck::golden_available()) {
    ok &= report("golden rows (npy; png specs)", r.name(), [&] { return ck::golden_rows(r); });
  } else if (under_ci()) {
    std::printf("%-28s %-16s %6s %7s %10s  FAIL (CI=true but no golden data: %s)\n",
                "golden rows (npy; png specs)", r.name().c_str(), "-", "-", "-", RL_GOLDEN_DIR);
    std::fflush(stdout);
    ok = false;
  } else {
    std::printf("%-28s %-16s %6s %7s %10s  NOT RUN (no golden data: %s)\n", "golden rows (npy; png specs)",
                r.name().c_str(), "-", "-", "-", RL_GOLDEN_DIR);
    std::fflush(stdout);
  }
  ok &= report("random forward", r.name(), [&] { return ck::random_forward(r, 1); });
  ok &= report("shapes (1-px, 1..9 ch)", r.name(), [&] { return ck::shapes(r, 8); });
  ok &= report("batch", r.name(), [&] { return ck::batch(r, 2); });
  // The backward pass has no tuned form: run it once, with the plain runner.
  if (r.name().find("tuned") == std::string::npos)
    ok &= report("backward", r.name(), [&] { return ck::backward(r, 3); });
  return ok;
}

// Reads through an address no allocation has, so the kernel faults: afterwards every call must report
// that the GPU is unusable in this process (device_status included), never crash or hang.
int sticky_probe() {
  using rl::cuda::Status;
  const Status st = rl::cuda::device_status();
  if (!st) {
    std::printf("sticky-error probe not run: no usable CUDA device: %s\n", st.message.c_str());
    return 77;
  }
  rl::cuda::Resizer r;
  const rl::Plan plan = rl::make_plan(rl::ResizeSpec::with_scale(0.5), 64, 64);
  std::vector<std::string> bad;
  void* const nowhere = reinterpret_cast<void*>(std::uintptr_t{1} << 20);
  Status s = r.run_device(plan, rl::ElemType::F64, 1, 1, nowhere, nowhere);
  if (s) s = r.synchronize();
  if (s) bad.push_back("a kernel reading an unmapped address reported no error");
  const Status after = rl::cuda::device_status();
  if (after) bad.push_back("device_status() is still ok after the fault");
  if (after.message.find("restart") == std::string::npos)
    bad.push_back("device_status() does not say to restart: " + after.message);
  if (!rl::cuda::device_name().empty()) bad.push_back("device_name() is not empty after the fault");
  rl::Image out;
  const Status again = r.run(plan, rl::Image(64, 64, 1, rl::ElemType::U8), out);
  if (again || again.message != after.message)
    bad.push_back("a later run() did not return the same status: " + again.message);
  std::printf("sticky-error probe: first error: %s\n", s.message.c_str());
  std::printf("sticky-error probe: device_status(): %s\n", after.message.c_str());
  for (const auto& b : bad) std::printf("  %s\n", b.c_str());
  std::printf("sticky-error probe: %s\n", bad.empty() ? "PASS" : "FAIL");
  return bad.empty() ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  bool host = true, device = true;
  std::vector<Kernels> kernels{Kernels::Plain, Kernels::Tuned};
  const char* usage =
      "usage: rl_cuda_check [--host-only | --device-only] [--kernels plain|tuned|both] | --sticky-probe\n";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--device-only")) {
      host = false;
    } else if (!std::strcmp(argv[i], "--host-only")) {
      device = false;
    } else if (!std::strcmp(argv[i], "--sticky-probe")) {
      return sticky_probe();
    } else if (!std::strcmp(argv[i], "--kernels") && i + 1 < argc) {
      const std::string k = argv[++i];
      Kernels one;
      if (k == "both") {
        kernels = {Kernels::Plain, Kernels::Tuned};
      } else if (rl::cuda::parse_kernels(k, one)) {
        kernels = {one};
      } else {
        std::fprintf(stderr, "%s", usage);
        return 2;
      }
    } else {
      std::fprintf(stderr, "%s", usage);
      return 2;
    }
  }
  namespace ck = rl::cuda::check;
  bool ok = true;
  std::printf("%-28s %-16s %6s %7s %10s  %s\n", "check", "path", "cases", "failed", "time", "result");
  std::fflush(stdout);
  if (host)
    for (Kernels k : kernels) {
      auto r = ck::host_loop_runner(k);
      ok &= run_all(*r);
    }
  if (!device) return ok ? 0 : 1;
  const rl::cuda::Status st = rl::cuda::device_status();
  if (!st) {
    std::printf("device checks not run: no usable CUDA device: %s\n", st.message.c_str());
    return ok ? 77 : 1;
  }
  std::printf("device: %s\n", rl::cuda::device_name().c_str());
  std::fflush(stdout);
  for (Kernels k : kernels) {
    auto r = ck::device_runner(k);
    ok &= run_all(*r);
  }
  ok &= report("cache, device pointers", "device", [&] { return ck::device_reuse(4); });
  return ok ? 0 : 1;
}
