"""Throughput of `imresize score` against BasicSR's numpy formulas, in one run on the same images.

Makes a folder of 2K images (Set5's originals resized to 1356 x 2040, DIV2K's usual size, then each
flipped: 10 HR images; SR = bicubic x4 of their MATLAB x1/4), then times, each as the median of
--rounds runs over the whole folder:
  - `imresize score SR HR --scale 4 --protocol P` (decoding included), for basicsr and srcnn;
  - BasicSR's calculate_psnr + calculate_ssim (test_y_channel=True, crop_border=4) as published,
    with cv2.imread, reimplemented in tests/python/test_metrics.py from basicsr/metrics/psnr_ssim.py;
  - resizelab.metrics.calculate_psnr + calculate_ssim, the drop-ins, with cv2.imread.
Usage: PYTHONPATH=build/python python3 bench/score_throughput.py --imresize build/app/imresize/imresize
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

import cv2

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "python"))

import resizelab  # noqa: E402
from resizelab import metrics  # noqa: E402
from test_metrics import ref_calculate_psnr, ref_calculate_ssim  # noqa: E402


def make_set(root, golden):
    (root / "sr").mkdir()
    (root / "hr").mkdir()
    names = []
    for name in ["baby", "bird", "butterfly", "head", "woman"]:
        img = cv2.imread(str(golden / "legacy-set5" / "original" / f"{name}.bmp"))
        big = resizelab.imresize(img, size=(1356, 2040))
        for tag, hr in ((name, big), (name + "_flip", big[:, ::-1].copy())):
            sr = resizelab.imresize(resizelab.imresize(hr, 1 / 4), 4)
            cv2.imwrite(str(root / "hr" / f"{tag}.png"), hr)
            cv2.imwrite(str(root / "sr" / f"{tag}x4.png"), sr)
            names.append(tag)
    return names


def timed(f, rounds):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--imresize", required=True)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--golden", default=str(ROOT / "tests" / "data" / "golden"))
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        root = pathlib.Path(d)
        names = make_set(root, pathlib.Path(a.golden))
        n = len(names)

        def command(protocol):
            return lambda: subprocess.run([a.imresize, "score", str(root / "sr"), str(root / "hr"), "--scale", "4",
                                           "--protocol", protocol], check=True, capture_output=True)

        def in_python(psnr, ssim):
            def run():
                for t in names:
                    sr, hr = cv2.imread(str(root / "sr" / f"{t}x4.png")), cv2.imread(str(root / "hr" / f"{t}.png"))
                    psnr(sr, hr, 4, test_y_channel=True)
                    ssim(sr, hr, 4, test_y_channel=True)
            return run

        rows = [("imresize score --protocol basicsr", timed(command("basicsr"), a.rounds)),
                ("imresize score --protocol srcnn", timed(command("srcnn"), a.rounds)),
                ("resizelab.metrics drop-ins (cv2.imread)",
                 timed(in_python(metrics.calculate_psnr, metrics.calculate_ssim), a.rounds)),
                ("BasicSR numpy formulas (cv2.imread)",
                 timed(in_python(lambda x, y, c, test_y_channel: ref_calculate_psnr(x, y, c, test_y_channel),
                                 lambda x, y, c, test_y_channel: ref_calculate_ssim(x, y, c, test_y_channel)),
                       a.rounds))]
        base = rows[-1][1]
        print(f"{n} pairs of 1356x2040 RGB PNGs, median of {a.rounds} rounds, {os.cpu_count()} CPUs visible")
        print("| what | s per folder | images/s | vs BasicSR |")
        print("| --- | ---: | ---: | ---: |")
        for what, t in rows:
            print(f"| {what} | {t:.2f} | {n / t:.2f} | {base / t:.2f}x |")


if __name__ == "__main__":
    main()
