#!/usr/bin/env python3
"""Roofline table for docs/PERFORMANCE.md from one rl_resize_bench JSON run (with repetitions): each of
our cases against its memory floor (floor/memcpy of the same bytes, same threads) and its compute floor
(multiply-adds / the measured FMA rate: float32 lanes for the certified 8-bit kernels, float64 for the
others), and OpenCV's INTER_CUBIC / INTER_NEAREST where it has the case (its speed against ours: the median of
each run's own ratio), and libvips's vips_resize with the same kernel where it has the case (uint8
and float32 at 1/4, 1/2, x2; its speed against ours likewise); then avx2 against avx512, and nearest's stores (streamed, cached, fresh image).
Usage: bench/roofline.py RUN.json [RUN.json ...] (medians; several runs: the median across runs)."""
import json
import re
import statistics
import sys

SCALES = ["1/4", "0.37", "1/2", "x2", "x3"]
METHODS = ["nearest", "bilinear", "bicubic", "lanczos3"]
PEER = {"nearest": "nearest", "bicubic": "cubic", "bilinear": "linear"}
VIPS = {"bilinear": "linear", "bicubic": "cubic", "lanczos3": "lanczos3"}  # vips_resize's kernels


PER_RUN = []  # one {name: median ms} per JSON file, for ratios taken within a run


def load(paths):
    runs = {}  # name -> [median real time in ms], counters from the first median seen
    counters = {}
    cpu = {}
    for path in paths:
        with open(path) as f:
            data = json.load(f)
        PER_RUN.append({})
        for b in data.get("benchmarks", []):
            if b.get("aggregate_name") != "median":
                continue
            name = re.sub(r"/real_time.*$", "", b.get("run_name", b["name"]))
            unit = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b.get("time_unit", "ns")]
            runs.setdefault(name, []).append(b["real_time"] * unit)
            cpu.setdefault(name, []).append(b["cpu_time"] * unit)
            counters.setdefault(name, b)
            PER_RUN[-1][name] = b["real_time"] * unit
    med = {k: statistics.median(v) for k, v in runs.items()}
    return med, {k: statistics.median(v) for k, v in cpu.items()}, counters, data.get("context", {})


def ratio(num, den):
    """The median over runs of num / den, each run's own (the machine's state drifts between runs)."""
    r = [run[num] / run[den] for run in PER_RUN if num in run and den in run and run[den] > 0]
    return statistics.median(r) if r else None


def fmt(x):
    return "–" if x is None else f"{x:.3g}"


def main():
    ms, cpu, counters, ctx = load(sys.argv[1:])
    fma = {t: counters[f"floor/fma/{t}"]["items_per_second"] for t in ("f32", "f64") if f"floor/fma/{t}" in counters}
    clock = counters.get("floor/clock", {}).get("items_per_second")
    threads = counters.get("floor/fma/f32", {}).get("threads", 0)
    if clock and fma:
        lanes = ", ".join(f"{t}: {fma[t] / 1e9:.1f} G lane-FMA/s = {fma[t] / clock / threads:.1f} lanes/cycle/core"
                          for t in sorted(fma))
        print(f"Measured: clock {clock / 1e9:.2f} GHz (one thread), {int(threads)} threads; {lanes}.")
        print(f"Load average at start: {ctx.get('load_avg')}\n")
    print("| method | type | scale | ours ms | memory floor ms | ours / memory | compute floor ms | ours / compute"
          " | OpenCV ms | OpenCV / ours | libvips ms | libvips / ours |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for t in ("u8", "f32", "f64"):
        for m in METHODS:
            for s in SCALES:
                case = f"ours/{m}/2040x1356/{t}/{s}"
                if case not in ms:
                    continue
                ours = ms[case]
                mem = ms.get(f"floor/memcpy/2040x1356/{t}/{s}")
                rate = fma.get("f32" if t == "u8" else "f64")
                madds = counters[case].get("madds_M", 0) * 1e6
                comp = madds / rate * 1e3 if rate and m != "nearest" else None
                peer_case = f"opencv/{PEER[m]}/2040x1356/{t}/{s}" if m in PEER else None
                peer = ms.get(peer_case) if peer_case else None
                speed = ratio(peer_case, case) if peer else None
                vips_case = f"vips/{VIPS[m]}/2040x1356/{t}/{s}" if m in VIPS else None
                vips = ms.get(vips_case) if vips_case else None
                vspeed = ratio(vips_case, case) if vips else None
                print(f"| {m} | {t} | {s} | {fmt(ours)} | {fmt(mem)} | {fmt(ours / mem if mem else None)}x"
                      f" | {fmt(comp)} | {fmt(ours / comp if comp else None)}{'x' if comp else ''}"
                      f" | {fmt(peer)} | {fmt(speed)}{'x' if speed else ''}"
                      f" | {fmt(vips)} | {fmt(vspeed)}{'x' if vspeed else ''} |")
    vips_gap(ms)
    process_cpu(counters)
    levels(ms, cpu)
    stores(ms)


def vips_gap(ms):
    """vips_resize's cubic with its default gap (an integer box shrink before the kernel) against gap 0
    (the kernel alone, as MATLAB filters), and ours against each."""
    rows = [(t, s) for t in ("u8", "f32") for s in SCALES if f"vips_gap0/cubic/2040x1356/{t}/{s}" in ms]
    if not rows:
        return
    print("\n| type | scale | ours bicubic ms | vips cubic ms | vips / ours | vips cubic gap 0 ms | gap 0 / ours |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for t, s in rows:
        case = f"ours/bicubic/2040x1356/{t}/{s}"
        d, g = f"vips/cubic/2040x1356/{t}/{s}", f"vips_gap0/cubic/2040x1356/{t}/{s}"
        rd, rg = ratio(d, case), ratio(g, case)
        print(f"| {t} | {s} | {fmt(ms.get(case))} | {fmt(ms.get(d))} | {fmt(rd)}{'x' if rd else ''}"
              f" | {fmt(ms.get(g))} | {fmt(rg)}{'x' if rg else ''} |")


def stores(ms):
    """Nearest written three ways: into an existing image (non-temporal stores when it is large), the
    same with ordinary stores only, and into a fresh image per call; and the write floor (the output's
    bytes written once with non-temporal stores)."""
    print("\n| type | scale | ours ms | write floor ms | ours / write floor | cached stores ms | cached / ours"
          " | fresh image ms | fresh / ours |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for t in ("u8", "f32", "f64"):
        for s in SCALES:
            case = f"nearest/2040x1356/{t}/{s}"
            if f"ours/{case}" not in ms:
                continue
            cached, fresh = ms.get(f"ours_cached_stores/{case}"), ms.get(f"ours_fresh/{case}")
            rc, rf = ratio(f"ours_cached_stores/{case}", f"ours/{case}"), ratio(f"ours_fresh/{case}", f"ours/{case}")
            wf = f"floor/write/2040x1356/{t}/{s}"
            rw = ratio(f"ours/{case}", wf)
            print(f"| {t} | {s} | {fmt(ms[f'ours/{case}'])} | {fmt(ms.get(wf))} | {fmt(rw)}{'x' if rw else ''}"
                  f" | {fmt(cached)} | {fmt(rc)}{'x' if rc else ''}"
                  f" | {fmt(fresh)} | {fmt(rf)}{'x' if rf else ''} |")


def process_cpu(counters):
    """CPU ms per call over every thread of the process (counter cpu_all_ms: our pool, OpenCV's and
    libvips's workers), the work each library spends; a loaded machine inflates it far less than the
    wall time, which includes waiting for a core."""
    rows = [(m, t, s) for t in ("u8", "f32") for m in METHODS for s in SCALES
            if f"vips/{VIPS.get(m)}/2040x1356/{t}/{s}" in counters
            and "cpu_all_ms" in counters[f"vips/{VIPS[m]}/2040x1356/{t}/{s}"]]
    if not rows:
        return
    print("\n| method | type | scale | ours CPU ms | OpenCV CPU ms | libvips CPU ms | libvips / ours (CPU) |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for m, t, s in rows:
        def c(name):
            return counters.get(name, {}).get("cpu_all_ms")
        ours = c(f"ours/{m}/2040x1356/{t}/{s}")
        cv = c(f"opencv/{PEER[m]}/2040x1356/{t}/{s}") if m in PEER else None
        vips = c(f"vips/{VIPS[m]}/2040x1356/{t}/{s}")
        r = vips / ours if vips and ours else None
        print(f"| {m} | {t} | {s} | {fmt(ours)} | {fmt(cv)} | {fmt(vips)} | {fmt(r)}{'x' if r else ''} |")


def levels(ms, cpu):
    """avx2 against avx512 on one thread: wall and CPU medians, and avx2 / avx512 on each."""
    print("\n| method | type | scale | avx2 wall ms | avx512 wall ms | avx2 CPU ms | avx512 CPU ms"
          " | avx2 / avx512 (CPU) |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for m in ("bicubic", "nearest"):
        for t in ("u8", "f32", "f64"):
            for s in SCALES:
                a, b = f"level/avx2/{m}/2040x1356/{t}/{s}", f"level/avx512/{m}/2040x1356/{t}/{s}"
                if a not in ms or b not in ms:
                    continue
                print(f"| {m} | {t} | {s} | {fmt(ms[a])} | {fmt(ms[b])} | {fmt(cpu[a])} | {fmt(cpu[b])}"
                      f" | {cpu[a] / cpu[b]:.2f}x |")


if __name__ == "__main__":
    main()
