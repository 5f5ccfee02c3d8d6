#!/bin/sh
# The roofline table of docs/PERFORMANCE.md: nearest, bilinear, bicubic and lanczos3 on 2040x1356 RGB
# uint8, float32 and float64 at 1/4, 0.37, 1/2, x2 and x3, with each case's floors (a memcpy of its bytes on
# the same threads, the measured FMA rate and clock), OpenCV's and libvips's peers (libvips where the
# benchmark was built with it: uint8 and float32 at 1/4, 1/2, x2) and both SIMD levels forced, all
# in one process with the repetitions interleaved at random; then bench/roofline.py prints the table.
# Usage: bench/run_roofline.sh BUILD_DIR OUT_DIR [REPETITIONS]
set -eu
build=${1:?build directory with bench/rl_resize_bench}
out=${2:?directory for the JSON result}
reps=${3:-5}
mkdir -p "$out"
cases='(ours(_1thread|_fresh|_cached_stores)?/(nearest|bilinear|bicubic|lanczos3)|opencv/(nearest|linear|cubic)'
cases="$cases|vips(_gap0)?/(linear|cubic|lanczos3)"
cases="$cases|floor/(memcpy|write)|level/avx(2|512)/(bicubic|nearest))/2040x1356/(u8|f32|f64)/(1/4|0.37|1/2|x2|x3)/"
uptime
"$build/bench/rl_resize_bench" --benchmark_filter="^$cases|^floor/(fma|clock)" \
  --benchmark_repetitions="$reps" --benchmark_enable_random_interleaving=true --benchmark_min_time=0.05 \
  --benchmark_report_aggregates_only=true --benchmark_out="$out/roofline.json" --benchmark_out_format=json \
  >"$out/roofline.txt"
uptime
python3 "$(dirname "$0")/roofline.py" "$out/roofline.json"
