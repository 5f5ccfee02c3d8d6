"""NIQE's time against BasicSR's numpy NIQE, in one run on the same DIV2K-size image.

BasicSR is not vendored and not installed: pass a checkout of github.com/XPixelGroup/BasicSR with
--basicsr; its basicsr/metrics/niqe.py (with matlab_functions.py, metric_util.py, color_util.py and
niqe_pris_params.npz) is imported from there as published, with its registry stubbed so that torch is
not needed. The image: the golden baboon.png resized to 1356 x 2040 (DIV2K's usual size) by
resizelab.imresize. Times, each the median of --rounds runs:
  - BasicSR calculate_niqe(img, 0, input_order='HWC', convert_to='y') on the B,G,R uint8 array;
  - resizelab.metrics.niqe(Y) on the uint8 Y of MATLAB's rgb2ycbcr (the values BasicSR scores);
  - `imresize score --metric niqe DIR` on a folder holding the image as PNG (decoding included).
Prints both scores (they differ where BasicSR's float steps differ from MATLAB's, docs/METRICS.md).
Usage: PYTHONPATH=build/python python3 bench/niqe_vs_basicsr.py --basicsr BASICSR_DIR \
           --imresize build/app/imresize/imresize
"""
import argparse
import importlib.util
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time
import types
import warnings

import cv2
import numpy as np

import resizelab
from resizelab import metrics

ROOT = pathlib.Path(__file__).resolve().parents[1]


def load_basicsr_niqe(root):
    """basicsr.metrics.niqe from a checkout, without the package's __init__ (which imports torch)."""
    root = pathlib.Path(root)
    for name in ["basicsr", "basicsr.utils", "basicsr.metrics"]:
        m = types.ModuleType(name)
        m.__path__ = []
        sys.modules[name] = m
    registry = types.ModuleType("basicsr.utils.registry")
    registry.METRIC_REGISTRY = types.SimpleNamespace(register=lambda *a, **k: (lambda f: f))
    sys.modules["basicsr.utils.registry"] = registry

    def load(name, rel):
        spec = importlib.util.spec_from_file_location(name, root / rel)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[name] = mod
        spec.loader.exec_module(mod)
        return mod

    color = load("basicsr.utils.color_util", "basicsr/utils/color_util.py")
    sys.modules["basicsr.utils"].bgr2ycbcr = color.bgr2ycbcr
    load("basicsr.utils.matlab_functions", "basicsr/utils/matlab_functions.py")
    load("basicsr.metrics.metric_util", "basicsr/metrics/metric_util.py")
    return load("basicsr.metrics.niqe", "basicsr/metrics/niqe.py")


def median_time(f, rounds):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        value = f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), value


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--basicsr", required=True, help="a checkout of XPixelGroup/BasicSR")
    ap.add_argument("--imresize", required=True)
    ap.add_argument("--rounds", type=int, default=5)
    a = ap.parse_args()
    niqe_mod = load_basicsr_niqe(a.basicsr)
    bgr = cv2.imread(str(ROOT / "tests" / "data" / "golden" / "modern-baboon" / "baboon.png"))
    bgr = resizelab.imresize(bgr, size=(1356, 2040))
    y = metrics.rgb2ycbcr(np.ascontiguousarray(bgr[..., ::-1]))[..., 0].copy()
    warnings.simplefilter("ignore")
    t_basicsr, v_basicsr = median_time(
        lambda: niqe_mod.calculate_niqe(bgr, 0, input_order="HWC", convert_to="y"), a.rounds)
    t_ours, v_ours = median_time(lambda: metrics.niqe(y), a.rounds)
    with tempfile.TemporaryDirectory() as d:
        cv2.imwrite(str(pathlib.Path(d) / "div2k_size.png"), bgr)
        t_cmd, _ = median_time(lambda: subprocess.run([a.imresize, "score", "--metric", "niqe", d], check=True,
                                                      capture_output=True), a.rounds)
    print(f"image 1356 x 2040, median of {a.rounds} runs")
    print(f"BasicSR calculate_niqe (numpy)    {t_basicsr * 1000:9.1f} ms   NIQE {v_basicsr:.10f}")
    print(f"resizelab.metrics.niqe            {t_ours * 1000:9.1f} ms   NIQE {v_ours:.10f}   "
          f"{t_basicsr / t_ours:.1f}x")
    print(f"imresize score --metric niqe      {t_cmd * 1000:9.1f} ms   (PNG decode included)")


if __name__ == "__main__":
    main()
