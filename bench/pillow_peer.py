#!/usr/bin/python3
"""Pillow peer for the CPU resize benchmarks: times Image.resize on the same input and output sizes as
rl_resize_bench (output = ceil(scale * input), as MATLAB sizes it) and prints the median of N runs.

Run it in the same session as rl_resize_bench so the two see the same machine load:
    /usr/bin/python3 bench/pillow_peer.py --repeats 15 --json pillow.json
"""
import argparse
import json
import math
import os
import platform
import statistics
import sys
import time

from PIL import Image, __version__ as pil_version

SHAPES = [(2040, 1356), (3840, 2160)]  # (width, height), RGB uint8
SCALES = [("1/4", 0.25), ("1/2", 0.5), ("0.37", 0.37), ("x2", 2.0), ("x3", 3.0)]
FILTERS = [("nearest", Image.NEAREST), ("bilinear", Image.BILINEAR), ("bicubic", Image.BICUBIC),
           ("box", Image.BOX), ("lanczos", Image.LANCZOS)]
# The large image gets the filters the comparison needs only: Pillow takes seconds per 4K enlargement.
LARGE_FILTERS = {"bilinear", "bicubic"}


def make_image(width, height):
    """Random RGB noise (Pillow's resampling time does not depend on the values)."""
    return Image.frombytes("RGB", (width, height), os.urandom(width * height * 3))


def median_ms(fn, repeats):
    fn()  # warm-up
    times = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=15, help="timed runs per case (median reported)")
    ap.add_argument("--filter", default="", help="only cases whose name contains this text")
    ap.add_argument("--json", help="also write the results to this file")
    args = ap.parse_args()

    results = []
    for width, height in SHAPES:
        img = make_image(width, height)
        for scale_name, s in SCALES:
            size = (math.ceil(s * width), math.ceil(s * height))
            for filt_name, filt in FILTERS:
                if width > 2040 and filt_name not in LARGE_FILTERS:
                    continue
                name = f"pillow/{filt_name}/{width}x{height}/u8/{scale_name}"
                if args.filter not in name:
                    continue
                # Enlargements take up to seconds each; fewer runs keep the session short.
                repeats = args.repeats if s < 1 else max(3, args.repeats // 3)
                ms = median_ms(lambda: img.resize(size, filt), repeats)
                results.append({"name": name, "median_ms": ms, "repeats": repeats})
                print(f"{name:45s} {ms:9.2f} ms", flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"pillow": pil_version, "python": platform.python_version(), "results": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
