#!/usr/bin/python3
"""Turns rl_scale_matrix_bench JSON (--benchmark_out, with repetitions) into the Markdown tables of
docs/PERFORMANCE.md: per element type, median ms of every method of ours and of OpenCV's nearest
equivalent at every scale, then the cells that miss the targets (more than 1.5x bicubic at the same
scale and type, lanczos3 3/2 of that; for uint8, not ahead of OpenCV's equivalent). Several files of
the same type (rounds) are combined by the median of their medians.

    /usr/bin/python3 bench/scale_matrix_table.py after.u8.json after.u16.json after.f32.json \
        [--before before.u8.json ...] [--cpu]
"""
import argparse
import json
import statistics

SCALES = ["0.3", "0.5", "0.66", "0.75", "0.9", "1.1", "1.5", "2", "3.3", "1000x3000"]
OURS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]
OPENCV = ["nearest", "linear", "cubic", "area", "lanczos4"]
PEER = {"nearest": "nearest", "bilinear": "linear", "triangle": "linear", "bicubic": "cubic", "box": "area",
        "lanczos2": "lanczos4", "lanczos3": "lanczos4"}
TYPES = ["u8", "u16", "f32"]


def load(paths, field):
    """name (lib/method/type/scale) -> median ms over the files' median aggregates of `field`
    (real_time: wall; cpu_time: every thread's CPU time, with MeasureProcessCPUTime)."""
    runs = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        for b in data["benchmarks"]:
            if b.get("aggregate_name", "median") != "median":
                continue
            name = b.get("run_name", b["name"]).removesuffix("/real_time").removesuffix("/process_time")
            unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
            runs.setdefault(name, []).append(b[field] * unit)
    return {k: statistics.median(v) for k, v in runs.items()}


def fmt(ms):
    return "" if ms is None else f"{ms:.2f}" if ms < 10 else f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def table(t, after, before):
    print(f"| {t} | " + " | ".join(SCALES) + " |")
    print("|---|" + "---:|" * len(SCALES))
    for lib, methods in (("ours", OURS), ("opencv", OPENCV)):
        for m in methods:
            cells = []
            for s in SCALES:
                a = after.get(f"{lib}/{m}/{t}/{s}")
                b = before.get(f"{lib}/{m}/{t}/{s}") if lib == "ours" else None
                cells.append(fmt(a) if b is None else f"{fmt(b)} → {fmt(a)}")
            label = m if lib == "ours" else f"OpenCV {m}"
            print(f"| {label} | " + " | ".join(cells) + " |")
    print()


def misses(t, after):
    out = []
    for s in SCALES:
        bicubic = after.get(f"ours/bicubic/{t}/{s}")
        for m in OURS:
            a = after.get(f"ours/{m}/{t}/{s}")
            if a is None or bicubic is None:
                continue
            limit = 1.5 * (1.5 if m == "lanczos3" else 1.0)
            if a > limit * bicubic:
                out.append(f"{t} {m} {s}: {a / bicubic:.2f}x bicubic (limit {limit:.2f}x)")
            peer = after.get(f"opencv/{PEER[m]}/{t}/{s}")
            if t == "u8" and peer is not None and a >= peer:
                out.append(f"{t} {m} {s}: {a / peer:.2f}x OpenCV {PEER[m]}")
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("after", nargs="+")
    ap.add_argument("--before", nargs="*", default=[])
    ap.add_argument("--cpu", action="store_true", help="the process CPU time instead of the wall time")
    a = ap.parse_args()
    field = "cpu_time" if a.cpu else "real_time"
    after, before = load(a.after, field), load(a.before, field)
    for t in TYPES:
        if any(k.split("/")[2] == t for k in after):
            table(t, after, before)
    for t in TYPES:
        for line in misses(t, after):
            print(f"- {line}")


if __name__ == "__main__":
    main()
