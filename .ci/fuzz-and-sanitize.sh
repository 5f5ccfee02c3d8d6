#!/usr/bin/env bash
# Sanitizer CI: builds everything but the GUI with clang, AddressSanitizer and UndefinedBehavior-
# Sanitizer in build-san, runs the tests there but those labelled heavy (the arithmetic re-checked at
# scale against other libraries, see tests/CMakeLists.txt; the Release ctest of .ci/test runs them),
# then runs each libFuzzer target (the .npy reader, the command-line parser, plan construction, the
# image headers: TIFF, BMP, PNG, JPEG, PNM; the viewer's push messages) for a bounded time. Fails on any test failure,
# sanitizer report or fuzzer crash; crashing inputs are left in build-san/fuzz-artifacts/ (copy
# them to tests/fuzz/regressions/<target>/ once fixed).
#
# Usage: .ci/fuzz-and-sanitize.sh [SECONDS_PER_FUZZER]   (default 30, of one core; RL_JOBS sets parallelism,
# default 2)
set -euo pipefail
cd "$(dirname "$0")/.."

secs="${1:-${RL_FUZZ_SECONDS:-30}}"
jobs="${RL_JOBS:-2}"
build=build-san

need=()
command -v clang++ >/dev/null || need+=(clang)
command -v cmake >/dev/null || need+=(cmake)
command -v ninja >/dev/null || need+=(ninja-build)
if [ ! -e /usr/include/gtest/gtest.h ]; then need+=(libgtest-dev); fi
if [ ! -e /usr/include/opencv4/opencv2/imgcodecs.hpp ]; then need+=(libopencv-dev); fi
if [ ${#need[@]} -gt 0 ]; then
  echo "installing: ${need[*]}"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq "${need[@]}"
fi
# libFuzzer ships with the compiler-rt of clang's version (Debian: libclang-rt-N-dev).
if ! echo 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }' |
     clang++ -x c++ -fsanitize=fuzzer - -o /tmp/rl-fuzz-probe.$$ 2>/dev/null; then
  ver="$(clang++ --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p' | head -1)"
  echo "installing libclang-rt-${ver}-dev (libFuzzer)"
  sudo_cmd=""; [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get install -y -qq "libclang-rt-${ver}-dev"
fi
rm -f /tmp/rl-fuzz-probe.$$

start=$(date +%s)
# Line tables only: sanitizer reports keep file:line, and the build skips full debug info (less to
# compile, link and load).
CC=clang CXX=clang++ cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" \
  -DRL_SANITIZE=ON -DRL_FUZZ=ON -DRL_BUILD_GUI=OFF -DRL_BUILD_CUDA=OFF -DRL_BUILD_BENCH=OFF \
  -DRL_BUILD_PYTHON=OFF  # the Python module cannot load without the sanitizer runtime preloaded
cmake --build "$build" -j "$jobs"
echo "== build: $(( $(date +%s) - start )) s"

export ASAN_OPTIONS="abort_on_error=1:detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
failed=()
t0=$(date +%s)
# A test failure does not stop the fuzzers: CI reports both.
left_out='^heavy$'
echo "== left out here (the Release ctest runs them):" \
  "$(ctest --test-dir "$build" -N -L "$left_out" | sed -n 's/^ *Test *#[0-9]*: //p' | tr '\n' ' ')"
if ! ctest --test-dir "$build" --output-on-failure -j "$jobs" -LE "$left_out"; then failed+=(ctest); fi
echo "== tests under ASan+UBSan: $(( $(date +%s) - t0 )) s"

mkdir -p "$build/fuzz-artifacts"
# The fuzzers run side by side, each for SECONDS x (fuzzers / jobs) of wall time: about SECONDS of one
# core each, as when they ran one after another, in a third less wall time on 2 cores.
names=(npy options plan header push)
wall=$(( (secs * ${#names[@]} + jobs - 1) / jobs ))
[ "$wall" -lt "$secs" ] && wall=$secs
pids=()
for name in "${names[@]}"; do
  work="$build/fuzz-corpus/$name"  # grows as the fuzzer finds new coverage; the seeds stay untouched
  mkdir -p "$work"
  inputs=("$work" "tests/fuzz/corpus/$name")
  [ -d "tests/fuzz/regressions/$name" ] && inputs+=("tests/fuzz/regressions/$name")
  echo "== fuzz_$name for ${wall} s (side by side with the others; its output: $build/fuzz-$name.log)"
  "$build/tests/fuzz/fuzz_$name" -max_total_time="$wall" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$build/fuzz-artifacts/${name}-" "${inputs[@]}" > "$build/fuzz-$name.log" 2>&1 &
  pids+=($!)
done
for i in "${!names[@]}"; do
  name=${names[$i]}
  rc=0
  wait "${pids[$i]}" || rc=$?
  echo "== fuzz_$name: exit $rc; the end of its output:"
  tail -n 25 "$build/fuzz-$name.log"
  [ "$rc" -eq 0 ] || failed+=("fuzz_$name")
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "FAILED: ${failed[*]} (crashing fuzz inputs, if any, are in $build/fuzz-artifacts/)"
  exit 1
fi
echo "== all passed in $(( $(date +%s) - start )) s"
