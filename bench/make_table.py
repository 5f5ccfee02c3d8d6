#!/usr/bin/python3
"""Turns one session's rl_resize_bench JSON (--benchmark_out) and pillow_peer.py JSON into the
Markdown tables of docs/PERFORMANCE.md: medians in ms, ratios against the peers of the same run.
Several target/Pillow files (interleaved rounds) are combined by taking the median across them.

    /usr/bin/python3 bench/make_table.py --targets t1.json t2.json --pillow p1.json p2.json \
        [--matrix matrix.json --pillow-all pillow_all.json]
"""
import argparse
import json
import statistics
import sys

SCALES = ["1/4", "1/2", "0.37", "x2", "x3"]
OURS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]
OPENCV = ["nearest", "linear", "cubic", "area"]
PILLOW = ["nearest", "bilinear", "bicubic", "box", "lanczos"]


def load_bench(path):
    """run_name -> (median real time in ms, the JSON entry) from a Google Benchmark JSON file: the
    median aggregate when the run had repetitions, else the single run."""
    out = {}
    with open(path) as f:
        data = json.load(f)
    entries = data["benchmarks"]
    if any(b.get("aggregate_name") for b in entries):
        entries = [b for b in entries if b.get("aggregate_name") == "median"]
    for b in entries:
        name = b.get("run_name", b["name"]).removesuffix("/real_time")
        unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
        out[name] = (b["real_time"] * unit, b)
    return out, data.get("context", {})


def load_pillow(path):
    with open(path) as f:
        data = json.load(f)
    return {r["name"]: r["median_ms"] for r in data["results"]}, data


def fmt(v):
    return "–" if v is None else (f"{v:.1f}" if v >= 10 else f"{v:.2f}")


def get(bench, name):
    v = bench.get(name)
    return None if v is None else v[0]


def targets_table(bench, pillow):
    shape = "2040x1356/u8"
    print("| scale | ours bicubic (2 threads) | ours bicubic (1 thread) | Pillow BICUBIC | OpenCV INTER_CUBIC | "
          "Pillow / ours | ours / OpenCV | extra memory (MiB) | target |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for sc in ["1/4", "1/2", "x2"]:
        ours = get(bench, f"ours/bicubic/{shape}/{sc}")
        one = get(bench, f"ours_1thread/bicubic/{shape}/{sc}")
        pil = pillow.get(f"pillow/bicubic/{shape}/{sc}")
        cv = get(bench, f"opencv/cubic/{shape}/{sc}")
        extra = bench.get(f"ours/bicubic/{shape}/{sc}", (None, {}))[1].get("extra_MiB")
        r_pil = pil / ours if ours and pil else None
        r_cv = ours / cv if ours and cv else None
        if sc == "x2":
            goal = "≤ 1.5x OpenCV: " + ("met" if r_cv is not None and r_cv <= 1.5 else "missed")
        else:
            goal = "≥ 2x faster than Pillow: " + ("met" if r_pil is not None and r_pil >= 2 else "missed")
        print(f"| {sc} | {fmt(ours)} | {fmt(one)} | {fmt(pil)} | {fmt(cv)} | "
              f"{'–' if r_pil is None else f'{r_pil:.1f}x'} | {'–' if r_cv is None else f'{r_cv:.2f}x'} | "
              f"{'–' if extra is None else f'{extra:.2f}'} | {goal} |")
    print()
    for label, name in [("2 threads", "viewer_four/4000x3000/u8/1/4"), ("1 thread", "viewer_four_1thread/4000x3000/u8/1/4")]:
        v = get(bench, name)
        if v is not None:
            print(f"- Viewer's four default results, 4000x3000 RGB uint8 at 1/4 ({label}): **{fmt(v)} ms** "
                  f"(target < 100 ms: {'met' if v < 100 else 'missed'})")
    print()


def matrix_tables(bench, pillow):
    for shape in ["2040x1356/u8", "3840x2160/u8", "2040x1356/f32", "3840x2160/f32"]:
        rows = [("ours", m, f"ours/{m}/{shape}") for m in OURS]
        rows.append(("ours 1 thread", "bicubic", f"ours_1thread/bicubic/{shape}"))
        rows += [("OpenCV", m, f"opencv/{m}/{shape}") for m in OPENCV]
        rows += [("Pillow", m, f"pillow/{m}/{shape}") for m in PILLOW]
        if not any(get(bench, f"{r[2]}/{sc}") is not None or pillow.get(f"{r[2]}/{sc}") for r in rows for sc in SCALES):
            continue
        print(f"#### {shape.replace('/', ' ')} (median ms per image)")
        print()
        print("| library | method | " + " | ".join(SCALES) + " |")
        print("| --- | --- | " + " | ".join("---" for _ in SCALES) + " |")
        for lib, m, prefix in rows:
            vals = [get(bench, f"{prefix}/{sc}") if lib != "Pillow" else pillow.get(f"{prefix}/{sc}") for sc in SCALES]
            if all(v is None for v in vals):
                continue
            print(f"| {lib} | {m} | " + " | ".join(fmt(v) for v in vals) + " |")
        print()


def median_of(maps):
    """Per key, the median over the maps that have it (values are numbers or (ms, entry) pairs)."""
    out = {}
    for key in set().union(*maps):
        vals = [m[key] for m in maps if key in m]
        if isinstance(vals[0], tuple):
            ms = statistics.median(v[0] for v in vals)
            out[key] = (ms, min(vals, key=lambda v: abs(v[0] - ms))[1])
        else:
            out[key] = statistics.median(vals)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--targets", nargs="+", required=True)
    ap.add_argument("--pillow", nargs="+", required=True)
    ap.add_argument("--matrix")
    ap.add_argument("--pillow-all")
    args = ap.parse_args()
    loaded = [load_bench(p) for p in args.targets]
    targets = median_of([b for b, _ in loaded])
    ctx = loaded[0][1]
    pillows = [load_pillow(p) for p in args.pillow]
    pillow = median_of([p for p, _ in pillows])
    pmeta = pillows[0][1]
    print(f"<!-- {ctx.get('date', '')}; {ctx.get('num_cpus', '?')} CPUs at {ctx.get('mhz_per_cpu', '?')} MHz; "
          f"Pillow {pmeta.get('pillow')}; {len(loaded)} interleaved rounds -->")
    targets_table(targets, pillow)
    if args.matrix:
        matrix, _ = load_bench(args.matrix)
        matrix.update(targets)  # the interleaved target rounds have more repetitions
        all_pillow = load_pillow(args.pillow_all)[0] if args.pillow_all else {}
        all_pillow.update(pillow)
        matrix_tables(matrix, all_pillow)
    return 0


if __name__ == "__main__":
    sys.exit(main())
