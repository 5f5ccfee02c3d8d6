#!/bin/sh
# Reproduces the Pillow comparison of docs/PERFORMANCE.md in one session: the target cases and their
# Pillow peer in interleaved rounds (so a change in machine load hits both alike), then every Pillow
# filter, then the whole matrix with fewer repetitions; prints the Markdown tables.
# Usage: bench/run_cpu_bench.sh BUILD_DIR OUT_DIR [ROUNDS]
set -eu
build=${1:?build directory with bench/rl_resize_bench}
out=${2:?directory for the JSON results}
rounds=${3:-3}
here=$(dirname "$0")
mkdir -p "$out"
bench="$build/bench/rl_resize_bench"
targets="" pillows=""
i=1
while [ "$i" -le "$rounds" ]; do
  "$bench" --benchmark_filter='^(ours|ours_1thread|opencv)/[a-z0-9]+/2040x1356/u8/(1/4|1/2|x2)/|^viewer' \
    --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
    --benchmark_out="$out/targets_$i.json" --benchmark_out_format=json
  /usr/bin/python3 "$here/pillow_peer.py" --repeats 9 --filter bicubic/2040x1356 --json "$out/pillow_$i.json"
  targets="$targets $out/targets_$i.json" pillows="$pillows $out/pillow_$i.json"
  i=$((i + 1))
done
/usr/bin/python3 "$here/pillow_peer.py" --repeats 15 --json "$out/pillow_all.json"
"$bench" --benchmark_filter='^(ours|ours_1thread|opencv)/' --benchmark_min_time=0.2 \
  --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
  --benchmark_out="$out/matrix.json" --benchmark_out_format=json
# shellcheck disable=SC2086
/usr/bin/python3 "$here/make_table.py" --targets $targets --pillow $pillows \
  --matrix "$out/matrix.json" --pillow-all "$out/pillow_all.json"
