#!/usr/bin/env python3
"""Median-of-rounds table for bench/run_levels_bench.sh: OUT_DIR holds <variant>_<round>.json, each a
Google Benchmark run with repetitions; the median aggregate of each case is taken per round, then the
median across rounds. Prints a Markdown table (rows: variant and case, columns: 1/4, 1/2, x2)."""
import glob
import json
import os
import re
import statistics
import sys


def medians(path):
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data.get("benchmarks", []):
        if b.get("aggregate_name") != "median":
            continue
        name = re.sub(r"/real_time.*$", "", b["run_name"] if "run_name" in b else b["name"])
        unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        out[name] = b["real_time"] * unit
    return out


def main():
    out_dir = sys.argv[1]
    per = {}  # variant -> case -> [ms per round]
    for path in sorted(glob.glob(os.path.join(out_dir, "*_*.json"))):
        variant = re.sub(r"_\d+\.json$", "", os.path.basename(path))
        for case, ms in medians(path).items():
            per.setdefault(variant, {}).setdefault(case, []).append(ms)
    scales = ["1/4", "1/2", "x2"]
    print("| variant | case | " + " | ".join(scales) + " |")
    print("| --- | --- | " + " | ".join("---:" for _ in scales) + " |")
    for variant in sorted(per):
        cases = sorted({re.sub(r"/(1/4|1/2|x2)$", "", c) for c in per[variant]})
        for case in cases:
            cells = []
            for s in scales:
                v = per[variant].get(f"{case}/{s}")
                cells.append(f"{statistics.median(v):.3g}" if v else "")
            print(f"| {variant} | {case} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
