// The main() of a benchmark program whose benchmarks are registered at run time (their sizes and
// peers depend on what was built and found), so BENCHMARK_MAIN() cannot serve.
#pragma once

#include <benchmark/benchmark.h>

namespace rl::bench {

// Registers the benchmarks with `register_all`, then runs those the command line selects; exit 1 on
// an argument Google Benchmark does not know.
template <class Register>
int run_benchmarks(int argc, char** argv, Register register_all) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace rl::bench
