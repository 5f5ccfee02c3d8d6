#!/usr/bin/env bash
# cuda/check-gpu.sh: for a GPU machine with only CMake and nvcc (no Qt, no OpenCV, no network, maybe no
# GoogleTest): configure the non-GUI parts, build, run the CUDA checks, tests and GPU benchmark, and
# print a short table. Usage: cuda/check-gpu.sh [BUILD_DIR]   (default: <repo>/build-gpu-check)
# Environment: RL_CUDA_ARCHITECTURES overrides CMAKE_CUDA_ARCHITECTURES (default: the project's
# "75-real 90-real 90-virtual"); RL_CMAKE_ARGS adds configure arguments; RL_BENCH_ARGS is passed to
# rl_cuda_bench (e.g. "--batch 16").
# Exit status: 0 all passed on a GPU; 3 no usable GPU (host-side checks passed); 1 anything failed.
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build=${1:-$root/build-gpu-check}
logs=$build/check-gpu-logs
jobs=$(nproc 2>/dev/null || echo 4)
t_start=$SECONDS
declare -a summary=()

note() { printf '== %s\n' "$*"; }
row() { summary+=("$(printf '%-34s %-44s %5ss' "$1" "$2" "$3")"); }
fail() {
  printf 'check-gpu: %s\n' "$1" >&2
  [ -n "${2:-}" ] && [ -f "$2" ] && { printf -- '--- last lines of %s:\n' "$2" >&2; tail -n 25 "$2" >&2; }
  exit 1
}

command -v cmake >/dev/null || fail "cmake is not on PATH"
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  fail "nvcc is not on PATH and /usr/local/cuda/bin/nvcc does not exist: install the CUDA toolkit"
fi
# Never wipe a folder this script did not make.
if [ -d "$build" ] && [ -n "$(ls -A "$build" 2>/dev/null)" ] && [ ! -f "$build/.rl-check-gpu" ]; then
  fail "$build exists and was not made by this script; pass another build folder"
fi
mkdir -p "$logs" && touch "$build/.rl-check-gpu"

gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
arch=()
[ -n "${RL_CUDA_ARCHITECTURES:-}" ] && arch=("-DCMAKE_CUDA_ARCHITECTURES=$RL_CUDA_ARCHITECTURES")
if command -v nvidia-smi >/dev/null; then
  note "GPU: $(nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -n 1)"
else
  note "nvidia-smi not found (no NVIDIA driver?): the device steps will report why they cannot run"
fi

# Configure: first as asked (tests and all benchmarks); without GoogleTest or Google Benchmark fall
# back to what this machine can build (the standalone checker and the GPU benchmark need neither).
t0=$SECONDS
configured=""
for attempt in "ON ON" "ON CUDA" "OFF ON" "OFF CUDA"; do
  set -- $attempt
  tests=$1
  bench_flags=(-DRL_BUILD_BENCH=ON -DRL_BUILD_CUDA_BENCH=OFF)
  [ "$2" = CUDA ] && bench_flags=(-DRL_BUILD_BENCH=OFF -DRL_BUILD_CUDA_BENCH=ON)
  note "configure: tests=$tests benchmarks=$2"
  if cmake -S "$root" -B "$build" "${gen[@]}" "${arch[@]}" -DCMAKE_BUILD_TYPE=Release -DRL_BUILD_GUI=OFF \
       -DRL_BUILD_IO=OFF -DRL_BUILD_CUDA=ON -DRL_BUILD_TESTS="$tests" "${bench_flags[@]}" ${RL_CMAKE_ARGS:-} \
       >"$logs/configure.log" 2>&1; then
    configured="tests=$tests benchmarks=$2"
    break
  fi
done
[ -n "$configured" ] || fail "cmake could not configure the project" "$logs/configure.log"
compgen -G "$build/CMakeFiles/*/CMakeCUDACompiler.cmake" >/dev/null &&
  ! grep -q 'no CUDA compiler found' "$logs/configure.log" ||
  fail "CMake found no working CUDA compiler (see $logs/configure.log)" "$logs/configure.log"
row "configure" "ok ($configured)" $((SECONDS - t0))

have_tests=$([ "$tests" = ON ] && echo 1 || echo 0)
targets=(rl_cuda_check rl_cuda_bench)
[ "$have_tests" = 1 ] && targets+=(rl_cuda_tests rl_adjoint_tests rl_core_tests)
t0=$SECONDS
note "build: ${targets[*]} (-j $jobs)"
cmake --build "$build" -j "$jobs" --target "${targets[@]}" >"$logs/build.log" 2>&1 ||
  fail "the build failed" "$logs/build.log"
row "build" "ok" $((SECONDS - t0))

status=0
no_device=0

t0=$SECONDS
note "rl_cuda_check (host loop, then device)"
checker=$(find "$build" -name rl_cuda_check -type f -perm -u+x | head -n 1)
timeout 300 "$checker" | tee "$logs/check.log"
rc=${PIPESTATUS[0]}
case $rc in
  0) row "rl_cuda_check" "PASS (host loop and device)" $((SECONDS - t0)) ;;
  77) row "rl_cuda_check" "host loop PASS; device NOT RUN (no GPU)" $((SECONDS - t0)); no_device=1 ;;
  *) row "rl_cuda_check" "FAIL (exit $rc)" $((SECONDS - t0)); status=1 ;;
esac

if [ "$have_tests" = 1 ]; then
  t0=$SECONDS
  note "ctest: CUDA, adjoint and golden tests"
  (cd "$build" && timeout 300 ctest -R 'Cuda|Adjoint|Backward|Golden' --output-on-failure -j "$jobs") \
    >"$logs/ctest.log" 2>&1
  rc=$?
  line=$(grep -E 'tests passed|tests failed' "$logs/ctest.log" | tail -n 1)
  skipped=$(grep -c '(Skipped)' "$logs/ctest.log")
  if [ $rc -eq 0 ]; then
    row "ctest (GoogleTest)" "${line:-ok}; $skipped skipped" $((SECONDS - t0))
  else
    row "ctest (GoogleTest)" "FAIL: ${line:-exit $rc}" $((SECONDS - t0))
    status=1
    tail -n 40 "$logs/ctest.log"
  fi
else
  row "ctest (GoogleTest)" "not built: GoogleTest not found" 0
fi

t0=$SECONDS
note "rl_cuda_bench ${RL_BENCH_ARGS:-}"
bench=$(find "$build" -name rl_cuda_bench -type f -perm -u+x | head -n 1)
# shellcheck disable=SC2086
timeout 300 "$bench" ${RL_BENCH_ARGS:-} >"$logs/bench.log" 2>&1
rc=$?
case $rc in
  0) row "rl_cuda_bench" "ok (table below)" $((SECONDS - t0)) ;;
  77) row "rl_cuda_bench" "NOT RUN: $(head -c 60 "$logs/bench.log")..." $((SECONDS - t0)); no_device=1 ;;
  *) row "rl_cuda_bench" "FAIL (exit $rc)" $((SECONDS - t0)); status=1 ;;
esac

echo
printf '%-34s %-44s %6s\n' "step" "result" "time"
printf '%s\n' "${summary[@]}"
printf '%-34s %-44s %5ss\n' "total" "" $((SECONDS - t_start))
echo
cat "$logs/bench.log"
echo "logs: $logs"
if [ $status -ne 0 ]; then exit 1; fi
if [ $no_device -ne 0 ]; then
  echo "check-gpu: no usable CUDA device here; the device steps did not run (see the messages above)"
  exit 3
fi
exit 0
