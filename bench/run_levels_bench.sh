#!/bin/sh
# The CPU levels side by side (issue 17): in each round, the target cases with their OpenCV peers at
# the default (fastest) level, then the same cases forced to each other level with RL_CPU_LEVEL, and
# optionally a baseline binary (an older build) for a no-regression check. Medians per round in JSON.
# Usage: bench/run_levels_bench.sh BUILD_DIR OUT_DIR [ROUNDS] [BASELINE_BENCH_BINARY]
set -eu
build=${1:?build directory with bench/rl_resize_bench}
out=${2:?directory for the JSON results}
rounds=${3:-3}
baseline=${4:-}
bench="$build/bench/rl_resize_bench"
mkdir -p "$out"
targets='^(ours/(bicubic|nearest)|ours_1thread/(bicubic|nearest)|opencv/(cubic|nearest))/2040x1356/u8/(1/4|1/2|x2)/'
ours='^ours/(bicubic|nearest)/2040x1356/u8/(1/4|1/2|x2)/'
run() {  # binary name filter [VAR=value...]
  bin=$1 name=$2 filter=$3
  shift 3
  env "$@" "$bin" --benchmark_filter="$filter" --benchmark_repetitions=3 \
    --benchmark_report_aggregates_only=true --benchmark_out="$out/${name}_$i.json" --benchmark_out_format=json
}
i=1
while [ "$i" -le "$rounds" ]; do
  run "$bench" default "$targets"
  for level in avx2 avx2x8 generic; do
    run "$bench" "$level" "$ours" RL_CPU_LEVEL=$level || echo "level $level: not available here"
  done
  # The float64 kernels alone, without the certified 8-bit ones.
  run "$bench" avx2_float64 "$ours" RL_CPU_LEVEL=avx2 RL_CERTIFIED=0 || echo "level avx2: not available here"
  if [ -n "$baseline" ]; then run "$baseline" baseline "$ours"; fi
  i=$((i + 1))
done
python3 "$(dirname "$0")/levels_table.py" "$out"
