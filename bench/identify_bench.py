# `imresize identify` on a 2040x1356 HR / 510x339 LR pair, with one plain resize of the same HR timed in
# the same run for scale: median wall time of N runs of the command (the machine is shared: medians).
#   python3 bench/identify_bench.py build/app/imresize/imresize [runs]
# HR: Set5's baby.bmp enlarged to 1356x2040 by `imresize` (MATLAB bicubic), with uniform noise of +-8
# (seed 0) so that no two candidates make the same pixels by accident. LR: imresize(hr, 1/4, 'bicubic'),
# legacy boundary (an exact match exists), and the same LR with one value changed (no exact match: the
# closest candidates are run in full too).
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from PIL import Image

exe = sys.argv[1]
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 7
golden = pathlib.Path(os.environ.get("RL_GOLDEN_DIR", pathlib.Path(__file__).resolve().parents[1] / "tests" / "data" / "golden"))


def run(*args):
    r = subprocess.run([exe, *args], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r.stdout


def median_seconds(*args):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        run(*args)
        times.append(time.perf_counter() - t)
    return statistics.median(times), min(times), max(times)


with tempfile.TemporaryDirectory() as d:
    hr, lr, edited = (os.path.join(d, n) for n in ("hr.png", "lr.png", "edited.png"))
    run(str(golden / "legacy-set5" / "original" / "baby.bmp"), hr, "--size", "1356,2040")
    img = np.asarray(Image.open(hr)).astype(np.int16)
    img += np.random.default_rng(0).integers(-8, 9, img.shape, dtype=np.int16)
    Image.fromarray(np.clip(img, 0, 255).astype(np.uint8)).save(hr)
    run(hr, lr, "--scale", "1/4", "--boundary", "legacy")
    e = np.asarray(Image.open(lr)).copy()
    e[100, 200, 1] ^= 1
    Image.fromarray(e).save(edited)
    print(run("identify", hr, lr).splitlines()[0])
    resize_ms = float(run(hr, "--scale", "1/4", "--boundary", "legacy", "--benchmark", "20").split("=")[1])
    print(f"one imresize(hr, 1/4) (--benchmark 20, resize only): median {resize_ms:.1f} ms")
    decode = median_seconds(hr, lr + ".copy.png", "--scale", "1/4", "--boundary", "legacy")
    print(f"imresize hr.png lr.png --scale 1/4 (whole command: decode, resize, encode): median {decode[0]:.3f} s")
    for name, path in (("exact match", lr), ("one value changed", edited)):
        med, lo, hi = median_seconds("identify", hr, path)
        print(f"imresize identify, {name}: median {med:.2f} s over {runs} runs (min {lo:.2f}, max {hi:.2f})")
