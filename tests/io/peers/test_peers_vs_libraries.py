# The peer resizers (rl_peer_resize) against the real Pillow, OpenCV and torch on random images,
# sizes and scales (shrink, enlarge, 1-pixel axes): Pillow and OpenCV bit for bit, torch within 1e-5.
import math
import os
import subprocess
import tempfile

import zlib

import numpy as np
import pytest

from PIL import Image
import cv2
import torch
import torch.nn.functional as F

TOOL = os.environ.get("RL_PEER_RESIZE")
CASES = int(os.environ.get("RL_PEER_CASES", "30"))
# Another salt draws other cases (the same ones on every run for one salt): RL_PEER_SALT=3 ...
SALT = os.environ.get("RL_PEER_SALT", "")
SCALES = [0.25, 1 / 3, 0.4, 0.5, 0.61, 0.75, 0.9, 1.25, 1.5, 2.0, 2.5, 3.0, 1 / 7, 0.5, 2.0]

if not TOOL:
    pytest.fail("RL_PEER_RESIZE is not set (run through ctest)", pytrace=False)



def case_seed(key):
    # Python's hash() of strings changes from run to run; the cases must not.
    return zlib.crc32((repr(key) + SALT).encode())

def ours(img, spec, target):
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.npy"), os.path.join(d, "out.npy")
        np.save(src, img)
        kind, (a, b) = target
        arg = f"{a},{b}" if kind == "size" else f"{a!r},{b!r}"
        r = subprocess.run([TOOL, src, dst, spec, "--" + kind, arg], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return np.load(dst)


def shapes(rng):
    """Random input shapes including 1-pixel axes and a few larger ones."""
    pool = [(1, 1), (1, 7), (9, 1), (2, 2), (3, 5)]
    while True:
        if rng.random() < 0.2:
            yield pool[rng.integers(len(pool))]
        elif rng.random() < 0.2:
            yield int(rng.integers(40, 90)), int(rng.integers(40, 90))
        else:
            yield int(rng.integers(1, 33)), int(rng.integers(1, 33))


def targets(rng, rows, cols, rule):
    """Either an explicit size or a per-axis scale whose library size is at least 1."""
    while True:
        if rng.random() < 0.5:
            yield ("size", (int(rng.integers(1, 70)), int(rng.integers(1, 70))))
        else:
            sr, sc = float(rng.choice(SCALES)), float(rng.choice(SCALES))
            if rule(rows, sr) >= 1 and rule(cols, sc) >= 1:
                yield ("scale", (sr, sc))


def make_image(rng, rows, cols, ch, dtype):
    shape = (rows, cols) if ch == 1 else (rows, cols, ch)
    if dtype == np.uint8:
        img = rng.integers(0, 256, size=shape, dtype=np.uint8)
        if rng.random() < 0.3:  # smooth images exercise the rounding more than noise does
            img = np.clip(np.cumsum(img.astype(np.int64), axis=0) % 256, 0, 255).astype(np.uint8)
        return img
    return rng.random(shape, dtype=np.float32) * 2 - 0.5


# ---------------------------------------------------------------- Pillow
PIL_METHODS = {"nearest": Image.Resampling.NEAREST, "box": Image.Resampling.BOX,
               "bilinear": Image.Resampling.BILINEAR, "hamming": Image.Resampling.HAMMING,
               "bicubic": Image.Resampling.BICUBIC, "lanczos": Image.Resampling.LANCZOS}


def pil_size(n, s):
    return round(s * n)  # ImageOps.scale


@pytest.mark.parametrize("method", list(PIL_METHODS))
@pytest.mark.parametrize("kind", ["L", "LA", "RGB", "RGBA", "F"])
def test_pillow(method, kind):
    rng = np.random.default_rng(case_seed(("pil", method, kind)))
    ch = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4, "F": 1}[kind]
    dtype = np.float32 if kind == "F" else np.uint8
    sh = shapes(rng)
    for _ in range(CASES):
        rows, cols = next(sh)
        img = make_image(rng, rows, cols, ch, dtype)
        if kind in ("LA", "RGBA") and rng.random() < 0.5:  # alpha 0 and 255 take their own branches
            img[..., -1] = rng.choice([0, 255, 1, 128], size=img.shape[:2])
        kind_, (a, b) = next(targets(rng, rows, cols, pil_size))
        size = (a, b) if kind_ == "size" else (pil_size(rows, a), pil_size(cols, b))
        pim = Image.fromarray(img, mode=kind)
        want = np.asarray(pim.resize((size[1], size[0]), PIL_METHODS[method]))
        got = ours(img, f"pillow-{method}", (kind_, (a, b)))
        assert got.shape == want.shape, (rows, cols, kind_, a, b)
        assert got.dtype == want.dtype
        assert np.array_equal(got, want), (rows, cols, kind_, a, b, np.argwhere(got != want)[:5])


# ---------------------------------------------------------------- OpenCV
CV_METHODS = {"nearest": cv2.INTER_NEAREST, "nearest-exact": cv2.INTER_NEAREST_EXACT,
              "linear": cv2.INTER_LINEAR, "linear-exact": cv2.INTER_LINEAR_EXACT,
              "cubic": cv2.INTER_CUBIC, "area": cv2.INTER_AREA, "lanczos4": cv2.INTER_LANCZOS4}


def cv_size(n, s):
    return int(round(n * s))  # cvRound, half to even like Python's round


@pytest.mark.parametrize("method", list(CV_METHODS))
@pytest.mark.parametrize("dtype", ["uint8", "float32"])
@pytest.mark.parametrize("ch", [1, 3, 4])
def test_opencv(method, dtype, ch):
    rng = np.random.default_rng(case_seed(("cv", method, dtype, ch)))
    sh = shapes(rng)
    for _ in range(CASES // 2):
        rows, cols = next(sh)
        img = make_image(rng, rows, cols, ch, np.dtype(dtype).type)
        kind, (a, b) = next(targets(rng, rows, cols, cv_size))
        if kind == "size":
            want = cv2.resize(img, (b, a), interpolation=CV_METHODS[method])
        else:
            want = cv2.resize(img, None, fx=b, fy=a, interpolation=CV_METHODS[method])
        got = ours(img, f"opencv-{method}", (kind, (a, b)))
        assert got.shape == want.shape and got.dtype == want.dtype
        assert np.array_equal(got, want, equal_nan=True)


# ---------------------------------------------------------------- torch
TORCH_SPECS = ["nearest", "nearest-exact", "bilinear", "bilinear-ac", "bilinear-aa", "bilinear-aa-ac",
               "bicubic", "bicubic-ac", "bicubic-aa", "bicubic-aa-ac", "area"]
TORCH_STATS = {}


def torch_size(n, s):
    return math.floor(n * s)


@pytest.mark.parametrize("spec", TORCH_SPECS)
def test_torch(spec):
    rng = np.random.default_rng(case_seed(("torch", spec)))
    parts = spec.split("-")
    mode = "nearest-exact" if spec == "nearest-exact" else parts[0]
    aa, ac = "aa" in parts, "ac" in parts
    sh = shapes(rng)
    worst, exact, total = 0.0, 0, 0
    for _ in range(CASES):
        rows, cols = next(sh)
        ch = int(rng.choice([1, 3]))
        img = make_image(rng, rows, cols, 3, np.float32)[..., :ch].copy()
        kind, (a, b) = next(targets(rng, rows, cols, torch_size))
        t = torch.from_numpy(img).permute(2, 0, 1)[None].contiguous()  # NCHW, as most pipelines hold it
        kw = {} if mode.startswith("nearest") or mode == "area" else {"align_corners": ac, "antialias": aa}
        if kind == "size":
            out = F.interpolate(t, size=(a, b), mode=mode, **kw)
        else:
            out = F.interpolate(t, scale_factor=(a, b), mode=mode, **kw)
        want = out[0].permute(1, 2, 0).numpy()
        got = ours(img, f"torch-{spec}", (kind, (a, b)))
        got = got.reshape(want.shape)
        diff = float(np.max(np.abs(got.astype(np.float64) - want))) if want.size else 0.0
        assert diff <= 1e-5, (rows, cols, kind, a, b, diff)
        if mode == "area" and want.shape[:2] != (1, 1):  # adaptive_avg_pool2d's float sums, in its order
            assert np.array_equal(got, want), (rows, cols, kind, a, b, diff)
        worst = max(worst, diff)
        exact += int(np.array_equal(got, want))
        total += 1
    TORCH_STATS[spec] = (worst, exact, total)
    print(f"\ntorch-{spec}: max |diff| {worst:.3g}, bit-identical in {exact}/{total} cases")
