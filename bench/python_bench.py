#!/usr/bin/env python3
# The resizelab Python package against the imresize command and PyTorch, in one run:
#   numpy uint8 2040x1356x3 at 1/4 (resizelab.imresize, and Plan reused) vs `imresize --benchmark`;
#   torch CPU float32 1x3x1356x2040 at 1/4, forward and forward+backward, vs
#   torch.nn.functional.interpolate(mode="bicubic", antialias=True) (not MATLAB-exact);
#   with --layouts, also a training batch 32x3x224x224 at 1/2 in other layouts and dtypes against the
#   contiguous float32 batch (the cost of the one copy each takes), torch's own interpolate alongside.
# Usage: PYTHONPATH=build/python /usr/bin/python3 bench/python_bench.py [--imresize build/app/imresize/imresize] [--runs 21]
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np

import resizelab


def median_ms(fn, runs):
    fn()  # warm-up
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--imresize", default=os.path.join("build", "app", "imresize", "imresize"))
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--layouts", action="store_true", help="only the layout and dtype table")
    a = ap.parse_args()
    if a.layouts:
        return layout_table(a.runs)
    rng = np.random.default_rng(0)
    rows = []

    img = rng.integers(0, 256, size=(1356, 2040, 3), dtype=np.uint8)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "in.npy")
        np.save(path, img)
        out = subprocess.run([a.imresize, path, "--scale", "1/4", "--benchmark", str(a.runs)], check=True,
                             capture_output=True, text=True).stdout
        cmd_ms = float(re.search(r"median_ms=([0-9.]+)", out).group(1))
    np_ms = median_ms(lambda: resizelab.imresize(img, 0.25), a.runs)
    plan = resizelab.Plan(img.shape, 0.25)
    plan_ms = median_ms(lambda: plan(img), a.runs)
    rows += [("numpy uint8 2040x1356x3 1/4", "imresize --benchmark", cmd_ms, None),
             ("", "resizelab.imresize", np_ms, np_ms / cmd_ms),
             ("", "resizelab.Plan reused", plan_ms, plan_ms / cmd_ms)]

    try:
        import torch
        import torch.nn.functional as F

        import resizelab.torch as rt
    except ImportError as e:
        print(f"torch part skipped: {e}", file=sys.stderr)
        torch = None
    if torch is not None:
        # Both sides on every core: our thread pool uses them all, and torch may start with fewer.
        torch.set_num_threads(os.cpu_count())
        x = torch.rand(1, 3, 1356, 2040, dtype=torch.float32, generator=torch.Generator().manual_seed(0))
        out_hw = (339, 510)
        theirs = median_ms(lambda: F.interpolate(x, size=out_hw, mode="bicubic", antialias=True,
                                                 align_corners=False), a.runs)
        ours = median_ms(lambda: rt.imresize(x, 0.25), a.runs)
        xg = x.clone().requires_grad_(True)
        g = torch.rand(1, 3, *out_hw)

        def fb(f):
            def run():
                xg.grad = None
                f(xg).backward(g)
            return run
        theirs_fb = median_ms(fb(lambda t: F.interpolate(t, size=out_hw, mode="bicubic", antialias=True,
                                                         align_corners=False)), a.runs)
        ours_fb = median_ms(fb(lambda t: rt.imresize(t, 0.25)), a.runs)
        rows += [(f"torch {torch.__version__} f32 1x3x1356x2040 1/4 fwd", "F.interpolate bicubic AA", theirs, None),
                 ("", "resizelab.torch.imresize", ours, ours / theirs),
                 ("torch f32 fwd+bwd", "F.interpolate bicubic AA", theirs_fb, None),
                 ("", "resizelab.torch.imresize", ours_fb, ours_fb / theirs_fb)]
        print(f"torch threads: {torch.get_num_threads()}")
    print(f"cores: {os.cpu_count()}, runs: {a.runs} (medians, ms; ratio = ours / reference above)")
    print(f"{'case':40s} {'what':28s} {'median_ms':>10s} {'ratio':>6s}")
    for case, what, ms, ratio in rows:
        print(f"{case:40s} {what:28s} {ms:10.2f} {'' if ratio is None else f'{ratio:6.2f}'}")


def layout_table(runs):
    import torch
    import torch.nn.functional as F

    import resizelab.torch as rt
    torch.set_num_threads(os.cpu_count())
    x = torch.rand(32, 3, 224, 224, generator=torch.Generator().manual_seed(0))
    cases = [("contiguous float32", x),
             ("channels_last float32", x.to(memory_format=torch.channels_last)),
             ("H/W transposed view float32", x.transpose(-1, -2).contiguous().transpose(-1, -2)),
             ("expanded batch float32", x[:1].expand(32, 3, 224, 224)),
             ("contiguous float16", x.half()),
             ("contiguous bfloat16", x.bfloat16()),
             ("channels_last float16", x.half().to(memory_format=torch.channels_last))]
    y = rt.imresize(x, 0.5)
    # Per case: our layer; torch's own copy of the input to contiguous float32 (what a layout or
    # dtype costs before the core sees planes; channels_last needs none); torch's rounding of the
    # float32 result back (half types); F.interpolate on the same tensor (its float32 view).
    fns = {}
    for name, t in cases:
        fns[name] = [lambda t=t: rt.imresize(t, 0.5),
                     (lambda t=t: t.float().contiguous()) if t is not x else None,
                     (lambda d=t.dtype: y.to(d)) if t.dtype != torch.float32 else None,
                     lambda t=t: F.interpolate(t.float(), scale_factor=0.5, mode="bicubic", antialias=True,
                                               align_corners=False)]
    # Rounds interleave the cases, so that the machine's load drifts over all of them alike.
    times = {name: [[] for _ in fs] for name, fs in fns.items()}
    for r in range(runs + 1):
        for name, fs in fns.items():
            for k, f in enumerate(fs):
                if f is None:
                    continue
                t0 = time.perf_counter()
                f()
                if r:  # round 0 is the warm-up
                    times[name][k].append((time.perf_counter() - t0) * 1e3)
    print(f"torch {torch.__version__}, threads {torch.get_num_threads()}, cores {os.cpu_count()}, "
          f"runs {runs} (medians, ms); 32x3x224x224 at 1/2; ratio = / contiguous float32")
    print(f"{'input':30s} {'resizelab':>10s} {'ratio':>6s} {'copy in':>8s} {'round out':>10s} {'F.interpolate':>14s}")
    med = {name: [statistics.median(ts) if ts else None for ts in v] for name, v in times.items()}
    base = med["contiguous float32"][0]
    show = lambda v: f"{v:.2f}" if v is not None else "-"
    for name, (ours, copy, rnd, theirs) in med.items():
        print(f"{name:30s} {ours:10.2f} {ours / base:6.2f} {show(copy):>8s} {show(rnd):>10s} {theirs:14.2f}")


if __name__ == "__main__":
    main()
