#!/usr/bin/env bash
# cuda/check-gpu.sh: for a GPU machine with only CMake and nvcc (no Qt, no OpenCV, no network, maybe no
# GoogleTest): configure the non-GUI parts, build, run the CUDA checks (plain and tuned kernels), the
# GPU benchmark, the tests that could be built and the Python GPU tests, and print a table.
#
# Usage: cuda/check-gpu.sh [--long] [--out DIR] [BUILD_DIR]     (default BUILD_DIR: <repo>/build-gpu-check)
#   --long         benchmark 64 images x 20 reps instead of 16 x 5, and a time budget of 540 s
#   --out DIR      copy the table and the logs into DIR when the script ends (any way it ends)
#
# Needs: CMake 3.24+, nvcc (CUDA 12 or later) and an NVIDIA GPU with its driver; GoogleTest, numpy and
# pytest are used when present. Run it from anywhere on any GPU machine with a clone of the repository:
#     bash cuda/check-gpu.sh --out /tmp/gpu-check
# Golden data: the repository's own tests/data/golden (the real MATLAB outputs), or RL_GOLDEN_DIR.
#
# Time: the default run is held to RL_TIME_BUDGET=360 s: each step's time limit is what is left of the
# budget, a step with too little time left is shown "not run (time)", and every row is printed as soon
# as its step ends, so a run cut short still leaves a readable table. Without a GPU on 2 cores the
# configure takes about 20 s and the build of the checker and benchmark about 5 minutes of wall time
# (160 s of CPU: on 16 idle cores about a minute). On a GPU add the device checks (seconds), the
# benchmark (16 x 2040x1356 RGB, plain and tuned, NPP, CPU reference images: about 20-40 s) and the
# Python GPU tests (when the module builds).
#
# Environment: RL_GOLDEN_DIR (above); RL_TIME_BUDGET (seconds); RL_CUDA_ARCHITECTURES overrides
# CMAKE_CUDA_ARCHITECTURES (default: the GPU's own, from nvidia-smi; else the project's "75 90-real");
# RL_CMAKE_ARGS adds configure arguments; RL_BENCH_ARGS replaces the benchmark's arguments; RL_PYTHON
# (default python3).
# Warnings are not errors here (RL_WERROR=OFF also drops nvcc's --Werror=all-warnings): another
# toolchain's new warning must not cost the run.
# Exit status: 0 every step ran and passed on a GPU; 1 something failed; 2 bad arguments; 3 no usable
# GPU (the host-side checks passed; device steps not run); 4 nothing failed, but the run is not
# complete: the golden rows did not run (RL_GOLDEN_DIR names no golden data) or the time budget cut a step.
set -u -o pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")
build=""
out_dir=""
long=0
usage="usage: cuda/check-gpu.sh [--long] [--out DIR] [BUILD_DIR]"
while [ $# -gt 0 ]; do
  case $1 in
    --long) long=1 ;;
    --out) [ $# -ge 2 ] || { echo "$usage" >&2; exit 2; }; out_dir=$2; shift ;;
    -h|--help) sed -n '2,/^set -u/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "$usage" >&2; exit 2 ;;
    *) [ -z "$build" ] || { echo "$usage" >&2; exit 2; }; build=$1 ;;
  esac
  shift
done

build=${build:-$root/build-gpu-check}
logs=$build/check-gpu-logs
jobs=$(nproc 2>/dev/null || echo 4)
budget=${RL_TIME_BUDGET:-$([ $long = 1 ] && echo 540 || echo 360)}
bench_args=${RL_BENCH_ARGS:-$([ $long = 1 ] && echo "--batch 64 --reps 20" || echo "--batch 16 --reps 5")}
python=${RL_PYTHON:-python3}
t_start=$SECONDS
declare -a summary=()
status=0 no_device=0 incomplete=0

note() { printf '== %s\n' "$*"; }
# A row is printed the moment its step ends, and again in the table at the end.
row() {
  local r
  r=$(printf '%-30s %-58s %5ss' "$1" "$2" "$3")
  summary+=("$r")
  printf '>> %s\n' "$r"
}
left() { echo $((t_start + budget - SECONDS)); }
# The time limit of the next step: at most $1 seconds, and never past the budget.
limit() {
  local l
  l=$(left)
  [ "$1" -lt "$l" ] && l=$1
  echo "$l"
}
table() {
  echo
  printf '%-30s %-58s %6s\n' "step" "result" "time"
  printf '%s\n' "${summary[@]}"
  printf '%-30s %-58s %5ss\n' "total" "(budget ${budget}s)" $((SECONDS - t_start))
}
finish() {
  if [ -n "$out_dir" ] && mkdir -p "$out_dir" 2>/dev/null; then
    table >"$out_dir/summary.txt" 2>/dev/null
    for f in configure build check sticky bench ctest python; do
      [ -f "$logs/$f.log" ] && cp "$logs/$f.log" "$out_dir/$f.log" 2>/dev/null
    done
  fi
}
trap finish EXIT
fail() {
  printf 'check-gpu: %s\n' "$1" >&2
  [ -n "${2:-}" ] && [ -f "$2" ] && { printf -- '--- last lines of %s:\n' "$2" >&2; tail -n 25 "$2" >&2; }
  table
  exit 1
}

command -v cmake >/dev/null || { echo "check-gpu: cmake is not on PATH" >&2; exit 1; }
if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "check-gpu: nvcc is not on PATH and /usr/local/cuda/bin/nvcc does not exist: install the CUDA toolkit" >&2
  exit 1
fi
# Never wipe a folder this script did not make.
if [ -d "$build" ] && [ -n "$(ls -A "$build" 2>/dev/null)" ] && [ ! -f "$build/.rl-check-gpu" ]; then
  echo "check-gpu: $build exists and was not made by this script; pass another build folder" >&2
  exit 1
fi
mkdir -p "$logs" && touch "$build/.rl-check-gpu"
rm -f "$logs"/*.log

golden=""
if [ -n "${RL_GOLDEN_DIR:-}" ]; then
  candidates=("$RL_GOLDEN_DIR")
else
  candidates=("$root/tests/data/golden")
fi
for d in "${candidates[@]}"; do
  if [ -f "$d/manifest.tsv" ]; then golden=$(cd "$d" && pwd); break; fi
done
if [ -n "$golden" ]; then
  note "golden data: $golden"
else
  note "golden data: not found (${candidates[*]}): the golden rows will not run"
fi

gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
extra=(-DRL_WERROR=OFF "-DRL_GOLDEN_DIR=${golden:-${candidates[0]}}")
[ -n "${RL_CUDA_ARCHITECTURES:-}" ] && extra+=("-DCMAKE_CUDA_ARCHITECTURES=$RL_CUDA_ARCHITECTURES")
# The Python module is built with the interpreter that has numpy (on GPU images, a venv's python3).
have_numpy=0
if command -v "$python" >/dev/null && "$python" -c 'import numpy, pytest' 2>/dev/null; then
  have_numpy=1
  extra+=("-DPython3_EXECUTABLE=$(command -v "$python")")
  pyb=$("$python" -m pybind11 --cmakedir 2>/dev/null) && [ -n "$pyb" ] && extra+=("-Dpybind11_DIR=$pyb")
fi
if command -v nvidia-smi >/dev/null; then
  note "GPU: $(nvidia-smi --query-gpu=name,compute_cap,driver_version,memory.total --format=csv,noheader 2>/dev/null | head -n 1)"
  # Code for this GPU only: half the nvcc time of the project's default architecture list.
  cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d ' .')
  if [ -z "${RL_CUDA_ARCHITECTURES:-}" ] && [[ "$cap" =~ ^[0-9]+$ ]]; then
    extra+=("-DCMAKE_CUDA_ARCHITECTURES=${cap}-real")
    note "building for sm_$cap only (set RL_CUDA_ARCHITECTURES to change)"
  fi
else
  note "nvidia-smi not found (no NVIDIA driver?): the device steps will report why they cannot run"
fi

# Configure with the tests; without GoogleTest, without them (the standalone checker and the GPU
# benchmark need neither GoogleTest nor Google Benchmark).
t0=$SECONDS
configured=""
for tests in ON OFF; do
  note "configure: tests=$tests"
  # shellcheck disable=SC2086
  if timeout "$(limit 120)" cmake -S "$root" -B "$build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release -DRL_BUILD_GUI=OFF \
       -DRL_BUILD_IO=OFF -DRL_BUILD_CUDA=ON -DRL_BUILD_TESTS="$tests" -DRL_BUILD_BENCH=OFF -DRL_BUILD_CUDA_BENCH=ON \
       "${extra[@]}" ${RL_CMAKE_ARGS:-} >>"$logs/configure.log" 2>&1; then
    configured="tests=$tests"
    break
  fi
done
[ -n "$configured" ] || fail "cmake could not configure the project" "$logs/configure.log"
compgen -G "$build/CMakeFiles/*/CMakeCUDACompiler.cmake" >/dev/null &&
  ! grep -q 'no CUDA compiler found' "$logs/configure.log" ||
  fail "CMake found no working CUDA compiler (see $logs/configure.log)" "$logs/configure.log"
npp=$(grep -q 'rl_cuda_bench compares with NPP' "$logs/configure.log" && echo "NPP" || echo "no NPP")
row "configure" "ok ($configured, $npp)" $((SECONDS - t0))

# The checker and the benchmark first; then what may fail to build on an unusual machine.
targets=(rl_cuda_check rl_cuda_bench)
t0=$SECONDS
note "build: ${targets[*]} (-j $jobs)"
timeout "$(limit 400)" cmake --build "$build" -j "$jobs" --target "${targets[@]}" >"$logs/build.log" 2>&1 ||
  fail "the build failed or ran out of time" "$logs/build.log"
row "build (checker, benchmark)" "ok" $((SECONDS - t0))

known=$(cmake --build "$build" --target help 2>/dev/null)
optional=()
[ "$configured" = "tests=ON" ] && optional+=(rl_cuda_tests rl_core_tests)
grep -qw rl_python <<<"$known" && optional+=(rl_python)
built_optional=()
if [ ${#optional[@]} -gt 0 ]; then
  t0=$SECONDS
  note "build: ${optional[*]}"
  for t in "${optional[@]}"; do
    if [ "$(left)" -lt 30 ]; then
      incomplete=1
      break
    fi
    if timeout "$(limit 300)" cmake --build "$build" -j "$jobs" --target "$t" >>"$logs/build.log" 2>&1; then
      built_optional+=("$t")
    else
      printf 'check-gpu: building %s failed; its step will not run\n' "$t" >&2
    fi
  done
  row "build (tests, Python module)" "built: ${built_optional[*]:-none} of ${optional[*]}" $((SECONDS - t0))
fi
has_built() { [[ " ${built_optional[*]:-} " == *" $1 "* ]]; }

# Runs a step with what is left of the budget; sets rc (124 on timeout, 200 when no time was left).
run_step() {
  local cap=$1 log=$2
  shift 2
  if [ "$(left)" -lt 15 ]; then
    rc=200
    incomplete=1
    return
  fi
  timeout "$(limit "$cap")" "$@" 2>&1 | tee "$log"
  rc=${PIPESTATUS[0]}
  [ $rc -eq 124 ] && incomplete=1
}

t0=$SECONDS
note "rl_cuda_check: host loop, then device; plain and tuned kernels"
checker=$(find "$build" -name rl_cuda_check -type f -perm -u+x | head -n 1)
run_step 240 "$logs/check.log" "$checker"
golden_note=""
grep -q 'NOT RUN (no golden data' "$logs/check.log" 2>/dev/null && golden_note="; golden rows NOT RUN (no data)"
case $rc in
  0) row "rl_cuda_check" "PASS (host loop and device)$golden_note" $((SECONDS - t0)) ;;
  77) row "rl_cuda_check" "host loop PASS; device NOT RUN (no usable GPU)$golden_note" $((SECONDS - t0)); no_device=1 ;;
  124) row "rl_cuda_check" "TIMEOUT (lines above show what finished)" $((SECONDS - t0)); status=1 ;;
  200) row "rl_cuda_check" "not run (time budget spent)" 0 ;;
  *) row "rl_cuda_check" "FAIL (exit $rc)" $((SECONDS - t0)); status=1 ;;
esac

t0=$SECONDS
note "rl_cuda_bench $bench_args"
bench=$(find "$build" -name rl_cuda_bench -type f -perm -u+x | head -n 1)
# shellcheck disable=SC2086
run_step 240 "$logs/bench.log" "$bench" $bench_args
inexact=$(grep -E '^(1/4|x2) +ResizeLab' "$logs/bench.log" 2>/dev/null | grep -vc ' exact$')
case $rc in
  0)
    if [ "$inexact" -gt 0 ]; then
      row "rl_cuda_bench" "FAIL: $inexact ResizeLab rows not MATLAB-exact" $((SECONDS - t0))
      status=1
    else
      row "rl_cuda_bench" "ok (table above; every ResizeLab row exact)" $((SECONDS - t0))
    fi
    ;;
  77) row "rl_cuda_bench" "NOT RUN (no usable GPU)" $((SECONDS - t0)); no_device=1 ;;
  124) row "rl_cuda_bench" "TIMEOUT (rows above are complete)" $((SECONDS - t0)) ;;
  200) row "rl_cuda_bench" "not run (time budget spent)" 0 ;;
  *) row "rl_cuda_bench" "FAIL (exit $rc)" $((SECONDS - t0)); status=1 ;;
esac

# A kernel fault must leave a clear status (device_status included), never a crash; in its own
# process, since a fault makes the GPU unusable for the rest of that process.
t0=$SECONDS
note "rl_cuda_check --sticky-probe"
run_step 60 "$logs/sticky.log" "$checker" --sticky-probe
case $rc in
  0) row "sticky-error probe" "PASS (a fault is reported by device_status)" $((SECONDS - t0)) ;;
  77) row "sticky-error probe" "NOT RUN (no usable GPU)" $((SECONDS - t0)); no_device=1 ;;
  200) row "sticky-error probe" "not run (time budget spent)" 0 ;;
  *) row "sticky-error probe" "FAIL (exit $rc)" $((SECONDS - t0)); status=1 ;;
esac

if has_built rl_cuda_tests; then
  t0=$SECONDS
  note "ctest: CUDA, adjoint and golden tests"
  exclude=()
  [ -z "$golden" ] && exclude=(-E Golden)
  run_step 180 "$logs/ctest.log" ctest --test-dir "$build" -R 'Cuda|Adjoint|Backward|Golden' "${exclude[@]}" \
    --output-on-failure -j "$jobs"
  line=$(grep -E 'tests passed|tests failed' "$logs/ctest.log" 2>/dev/null | tail -n 1)
  skipped=$(grep -c '(Skipped)' "$logs/ctest.log" 2>/dev/null)
  case $rc in
    0) row "ctest (GoogleTest)" "${line:-ok}; $skipped skipped" $((SECONDS - t0)) ;;
    200) row "ctest (GoogleTest)" "not run (time budget spent)" 0 ;;
    *) row "ctest (GoogleTest)" "FAIL: ${line:-exit $rc}" $((SECONDS - t0)); status=1 ;;
  esac
else
  row "ctest (GoogleTest)" "not run (GoogleTest not found, or the tests did not build)" 0
fi

# The Python module's GPU tests: tests/python/test_gpu.py.
py_args=()
if [ -f "$root/tests/python/test_gpu.py" ]; then
  py_args=("$root/tests/python/test_gpu.py")
fi
if [ ${#py_args[@]} -eq 0 ]; then
  row "python GPU tests" "not run (no Python GPU tests in this tree)" 0
elif [ $have_numpy = 0 ]; then
  row "python GPU tests" "not run ($python with numpy and pytest not found)" 0
elif ! has_built rl_python || ! compgen -G "$build/python/resizelab/_core*" >/dev/null; then
  row "python GPU tests" "not run (the Python module was not built; see build.log)" 0
else
  t0=$SECONDS
  note "pytest ${py_args[*]}"
  run_step 180 "$logs/python.log" env PYTHONPATH="$build/python" RL_GOLDEN_DIR="${golden:-${candidates[0]}}" \
    PYTHONDONTWRITEBYTECODE=1 "$python" -m pytest -q -rs -p no:cacheprovider "${py_args[@]}"
  line=$(grep -E '[0-9]+ (passed|failed|skipped|error)' "$logs/python.log" 2>/dev/null | tail -n 1)
  case $rc in
    0) row "python GPU tests" "${line:-ok}" $((SECONDS - t0)) ;;
    200) row "python GPU tests" "not run (time budget spent)" 0 ;;
    *) row "python GPU tests" "FAIL: ${line:-exit $rc}" $((SECONDS - t0)); status=1 ;;
  esac
fi

table
echo
[ -f "$logs/bench.log" ] && cat "$logs/bench.log"
echo "logs: $logs"
if [ $status -ne 0 ]; then exit 1; fi
if [ $no_device -ne 0 ]; then
  echo "check-gpu: no usable CUDA device here; the device steps did not run (see the messages above)"
  exit 3
fi
if [ -z "$golden" ] || [ $incomplete -ne 0 ]; then
  echo "check-gpu: nothing failed, but the run is not complete:$([ -z "$golden" ] && echo " no golden data;")$([ $incomplete -ne 0 ] && echo " the time budget cut a step")"
  exit 4
fi
exit 0
