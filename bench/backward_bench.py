#!/usr/bin/env python3
# The backward pass against the forward, and both against PyTorch's own, in one run with the calls
# interleaved in a new random order each round (medians; ratios are each round's own, then the median):
#   numpy float32 256x256x3 bicubic 1/4: Plan(...)(x) forward, imresize_backward(g, plan);
#   resizelab.torch.imresize on a 16x3x256x256 float32 batch at 1/4: forward (graph built), backward
#   (autograd.grad, retain_graph), and torch.nn.functional.interpolate(mode="bicubic", antialias=True)
#   the same way (not MATLAB-exact: torch's own antialiased bicubic, its own backward).
# Usage: PYTHONPATH=build/python /usr/bin/python3 bench/backward_bench.py [--rounds 41] [--threads 2]
import argparse
import random
import statistics
import time

import numpy as np

import resizelab


def timed(fn):
    t0 = time.perf_counter()
    fn()
    return (time.perf_counter() - t0) * 1e3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=41)
    ap.add_argument("--threads", type=int, default=2, help="torch's intra-op threads (ours use every core)")
    a = ap.parse_args()
    rng = np.random.default_rng(0)
    cases = {}

    x = rng.random((256, 256, 3), dtype=np.float32)
    plan = resizelab.Plan(x.shape, 0.25)
    g = rng.random(plan.output_shape, dtype=np.float32)
    out = np.empty(plan.output_shape, np.float32)
    cases["numpy forward (Plan, out=)"] = lambda: plan(x, out=out)
    cases["numpy forward (Plan)"] = lambda: plan(x)
    cases["numpy backward (imresize_backward)"] = lambda: resizelab.imresize_backward(g, plan)

    import torch
    import torch.nn.functional as F
    import resizelab.torch as rt
    torch.set_num_threads(a.threads)
    xt = torch.from_numpy(rng.random((16, 3, 256, 256), dtype=np.float32)).requires_grad_(True)
    y_ours = rt.imresize(xt, 0.25)
    y_torch = F.interpolate(xt, size=(64, 64), mode="bicubic", antialias=True, align_corners=False)
    gt = torch.from_numpy(rng.random(tuple(y_ours.shape), dtype=np.float32))
    cases["torch ours forward"] = lambda: rt.imresize(xt, 0.25)
    cases["torch ours backward"] = lambda: torch.autograd.grad(y_ours, xt, gt, retain_graph=True)
    cases["torch F.interpolate forward"] = lambda: F.interpolate(xt, size=(64, 64), mode="bicubic",
                                                                 antialias=True, align_corners=False)
    cases["torch F.interpolate backward"] = lambda: torch.autograd.grad(y_torch, xt, gt, retain_graph=True)

    for fn in cases.values():  # warm-up
        fn()
    times = {k: [] for k in cases}
    order = list(cases)
    for _ in range(a.rounds):
        random.shuffle(order)
        for k in order:
            times[k].append(timed(cases[k]))
    med = {k: statistics.median(v) for k, v in times.items()}

    def ratio(num, den):
        return statistics.median(n / d for n, d in zip(times[num], times[den]))

    print(f"rounds {a.rounds}, torch threads {torch.get_num_threads()}")
    print("| call | median ms |")
    print("| --- | ---: |")
    for k in cases:
        print(f"| {k} | {med[k]:.3f} |")
    print()
    print("| ratio (each round's own, median) | value |")
    print("| --- | ---: |")
    for num, den in [("numpy backward (imresize_backward)", "numpy forward (Plan)"),
                     ("torch ours backward", "torch ours forward"),
                     ("torch F.interpolate backward", "torch ours backward"),
                     ("torch F.interpolate forward", "torch ours forward")]:
        print(f"| {num} / {den} | {ratio(num, den):.2f}x |")


if __name__ == "__main__":
    main()
