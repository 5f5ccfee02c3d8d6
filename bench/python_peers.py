#!/usr/bin/env python3
# resizelab from Python against cv2 and torch, and against the same resize timed in C++, in one run:
# 2040x1356 RGB uint8 and float32, nearest and bicubic at 1/4, 1/2, x2 (and nearest x3), through
#   resizelab.imresize (plan made per call), a reused resizelab.Plan, and Plan(...)(img, out=...)
#   (no allocation), next to cv2.resize (INTER_NEAREST / INTER_CUBIC, with and without dst=) and
#   `imresize IN.npy --benchmark` (the C++ resize alone, its plan made once, output reused);
# and torch float32 1x3x1356x2040 through resizelab.torch.imresize against
#   torch.nn.functional.interpolate (bicubic antialias=True; nearest) at the same output size.
# Cases are interleaved round by round (the machine's load drifts over all alike), the calls of a case
# in a new random order each round; medians in ms.
# Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_peers.py [--imresize PATH] [--runs 15] [--cases RE]
import argparse
import os
import random
import re
import statistics
import subprocess
import tempfile
import time

import numpy as np

import resizelab

SCALES = {"1/4": 0.25, "1/2": 0.5, "x2": 2.0, "x3": 3.0}


def out_hw(plan):
    return plan.output_shape[0], plan.output_shape[1]


def command_ms(exe, path, scale, method, runs):
    out = subprocess.run([exe, path, "--scale", scale.replace("x", ""), "--method", method, "--benchmark",
                          str(runs)], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"median_ms=([0-9.]+)", out).group(1))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--imresize", default=os.path.join("build", "app", "imresize", "imresize"))
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--cases", default="", help="only the cases whose name ('uint8 nearest 1/4') matches")
    a = ap.parse_args()
    import cv2
    import torch
    import torch.nn.functional as F

    import resizelab.torch as rt
    torch.set_num_threads(os.cpu_count())  # every side on every core (our pool and cv2's use them all)
    rng = np.random.default_rng(0)
    u8 = rng.integers(0, 256, size=(1356, 2040, 3), dtype=np.uint8)
    f32 = rng.random(size=(1356, 2040, 3), dtype=np.float32)
    x = torch.from_numpy(np.ascontiguousarray(f32.transpose(2, 0, 1)))[None]
    cases = [(t, m, s) for t in ("uint8", "float32") for m in ("nearest", "bicubic")
             for s in ("1/4", "1/2", "x2", "x3") if (m == "nearest" or s != "x3") and re.search(a.cases, f"{t} {m} {s}")]
    cv_interp = {"nearest": cv2.INTER_NEAREST, "bicubic": cv2.INTER_CUBIC}
    fns, cmd = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for t, m, s in cases:
            img = u8 if t == "uint8" else f32
            plan = resizelab.Plan(img.shape, SCALES[s], method=m)
            h, w = out_hw(plan)
            out = np.empty(plan.output_shape, dtype=img.dtype)
            cv_out = np.empty(plan.output_shape, dtype=img.dtype)
            row = {
                "resizelab.imresize": lambda img=img, s=s, m=m: resizelab.imresize(img, SCALES[s], method=m),
                "Plan(img)": lambda plan=plan, img=img: plan(img),
                "Plan(img, out=)": lambda plan=plan, img=img, out=out: plan(img, out=out),
                "cv2.resize": lambda img=img, w=w, h=h, m=m: cv2.resize(img, (w, h), interpolation=cv_interp[m]),
                "cv2.resize(dst=)": lambda img=img, w=w, h=h, m=m, o=cv_out: cv2.resize(
                    img, (w, h), dst=o, interpolation=cv_interp[m]),
            }
            if t == "float32":
                mode = {"nearest": dict(mode="nearest"), "bicubic": dict(mode="bicubic", antialias=True,
                                                                           align_corners=False)}[m]
                row["resizelab.torch"] = lambda s=s, m=m: rt.imresize(x, SCALES[s], method=m)
                row["F.interpolate"] = lambda h=h, w=w, mode=mode: F.interpolate(x, size=(h, w), **mode)
            fns[(t, m, s)] = row
            path = os.path.join(tmp, f"{t}.npy")
            if not os.path.exists(path):
                np.save(path, img)
            cmd[(t, m, s)] = command_ms(a.imresize, path, s, m, a.runs)
    times = {k: {name: [] for name in row} for k, row in fns.items()}
    order = random.Random(1)
    for r in range(a.runs + 1):  # round 0 warms up
        for k, row in fns.items():
            # A new order in every round: the first call of a case finds its image out of cache (the
            # case before read another), so a fixed order would always hand that to the same side.
            names = list(row)
            order.shuffle(names)
            for name in names:
                t0 = time.perf_counter()
                row[name]()
                if r:
                    times[k][name].append((time.perf_counter() - t0) * 1e3)
    print(f"cv2 {cv2.__version__} ({cv2.getNumThreads()} threads), torch {torch.__version__} "
          f"({torch.get_num_threads()} threads), {os.cpu_count()} cores, {a.runs} rounds (medians, ms)")
    names = ["imresize --benchmark", "resizelab.imresize", "Plan(img)", "Plan(img, out=)", "cv2.resize",
             "cv2.resize(dst=)", "resizelab.torch", "F.interpolate"]
    print("| case | " + " | ".join(names) + " | cv2 / imresize | cv2(dst=) / Plan(out=) |")
    print("| --- |" + " ---: |" * (len(names) + 2))
    for k in fns:
        med = {name: statistics.median(v) for name, v in times[k].items()}
        med["imresize --benchmark"] = cmd[k]
        cells = [f"{med[n]:.3g}" if n in med else "–" for n in names]
        fresh = med["cv2.resize"] / med["resizelab.imresize"]
        into = med["cv2.resize(dst=)"] / med["Plan(img, out=)"]
        print(f"| {k[0]} {k[1]} {k[2]} | " + " | ".join(cells) + f" | {fresh:.2f}x | {into:.2f}x |")


if __name__ == "__main__":
    main()
