# The `imresize` executable with --like against the real libraries on PNG images made here (random
# sizes and content, grey, RGB and RGBA): Pillow and OpenCV bit for bit on uint8 PNG, torch within 1e-5
# through float32 .npy files; --size 100,150 and random sizes and scales, shrinking and enlarging.
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

EXE = os.environ.get("RL_IMRESIZE")
CASES = int(os.environ.get("RL_LIKE_CASES", "6"))
SCALES = [0.2, 0.3, 1 / 3, 0.45, 0.5, 0.7, 1.3, 1.5, 2.0, 2.6, 3.0]

if not EXE:
    pytest.fail("RL_IMRESIZE is not set (run through ctest)", pytrace=False)


def seed(*parts):
    return zlib.crc32(repr(parts).encode())


def imresize(src, dst, *args):
    r = subprocess.run([EXE, src, dst, *args], capture_output=True, text=True)
    assert r.returncode == 0, f"imresize {' '.join(args)}: {r.stderr}"
    assert r.stderr == ""


def random_image(rng, rows, cols, ch):
    shape = (rows, cols) if ch == 1 else (rows, cols, ch)
    img = rng.integers(0, 256, size=shape, dtype=np.uint8)
    if rng.random() < 0.5:  # smooth content exercises the rounding more than noise does
        img = (np.cumsum(img.astype(np.int64), axis=1) // max(cols, 1) % 256).astype(np.uint8)
    if ch == 4:  # some fully transparent and some opaque pixels (Pillow premultiplies alpha)
        a = img[..., 3]
        a[rng.random((rows, cols)) < 0.2] = 0
        a[rng.random((rows, cols)) < 0.2] = 255
    return img


PIL_MODES = {1: "L", 3: "RGB", 4: "RGBA"}


def targets(rng, rows, cols, size_rule):
    """--size 100,150 first, then random sizes and per-axis scales (the library's own size rule)."""
    yield ["--size", "100,150"], (100, 150), None
    for _ in range(CASES):
        if rng.random() < 0.5:
            r, c = int(rng.integers(1, 90)), int(rng.integers(1, 90))
            yield ["--size", f"{r},{c}"], (r, c), None
        else:
            while True:
                sr, sc = float(rng.choice(SCALES)), float(rng.choice(SCALES))
                r, c = size_rule(rows, sr), size_rule(cols, sc)
                if r >= 1 and c >= 1:
                    break
            yield ["--scale", f"{sr!r},{sc!r}"], (r, c), (sr, sc)


def shapes(rng):
    yield 37, 53
    for _ in range(3):
        yield int(rng.integers(1, 120)), int(rng.integers(1, 120))


# ---------------------------------------------------------------- Pillow, bit for bit on PNG
PIL_METHODS = {"nearest": Image.Resampling.NEAREST, "box": Image.Resampling.BOX,
               "bilinear": Image.Resampling.BILINEAR, "hamming": Image.Resampling.HAMMING,
               "bicubic": Image.Resampling.BICUBIC, "lanczos": Image.Resampling.LANCZOS}


@pytest.mark.parametrize("method", list(PIL_METHODS))
def test_pillow_png(method):
    rng = np.random.default_rng(seed("pillow", method))
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.png"), os.path.join(d, "out.png")
        for k, (rows, cols) in enumerate(shapes(rng)):
            ch = [1, 3, 4][k % 3]
            Image.fromarray(random_image(rng, rows, cols, ch), PIL_MODES[ch]).save(src)
            for args, (r, c), _ in targets(rng, rows, cols, lambda n, s: round(s * n)):
                imresize(src, dst, *args, "--like", "pillow", "--method", method)
                want = np.asarray(Image.open(src).resize((c, r), PIL_METHODS[method]))
                got = np.asarray(Image.open(dst))
                assert got.shape == want.shape, (rows, cols, ch, args)
                assert np.array_equal(got, want), (rows, cols, ch, args, np.abs(got.astype(int) - want).max())


@pytest.mark.parametrize("method", ["box", "bilinear", "bicubic", "lanczos"])
@pytest.mark.parametrize("gap", ["1", "2.0", "3"])
def test_pillow_reducing_gap_png(method, gap):
    """--reducing-gap G is Image.resize(..., reducing_gap=G): Image.reduce by int(in/out/G) per side first.
    Shrinks of 1/3 to 1/8 (where the reduce happens) on grey and RGB; at least one case must differ
    from the plain resize, or the option would not have been exercised."""
    rng = np.random.default_rng(seed("pillow-gap", method, gap))
    changed = 0
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.png"), os.path.join(d, "out.png")
        for k, s in enumerate([1 / 3, 0.3, 1 / 4, 1 / 5, 1 / 8]):
            rows, cols = int(rng.integers(40, 130)), int(rng.integers(40, 130))
            ch = [1, 3][k % 2]
            Image.fromarray(random_image(rng, rows, cols, ch), PIL_MODES[ch]).save(src)
            r, c = max(1, int(rows * s)), max(1, int(cols * s))
            imresize(src, dst, "--size", f"{r},{c}", "--like", "pillow", "--method", method, "--reducing-gap", gap)
            im = Image.open(src)
            want = np.asarray(im.resize((c, r), PIL_METHODS[method], reducing_gap=float(gap)))
            got = np.asarray(Image.open(dst))
            assert np.array_equal(got, want), (rows, cols, ch, r, c, np.abs(got.astype(int) - want).max())
            changed += not np.array_equal(want, np.asarray(im.resize((c, r), PIL_METHODS[method])))
    assert changed > 0


@pytest.mark.parametrize("bad", [["--reducing-gap", "0.5"], ["--reducing-gap", "two"], ["--reducing-gap", "inf"],
                                 ["--like", "opencv", "--method", "cubic", "--reducing-gap", "2"],
                                 ["--method", "bicubic", "--reducing-gap", "2"]])
def test_reducing_gap_refused(bad):
    """A gap below 1 (Pillow's ValueError), not a number, or given for another resizer: one line, exit 2,
    no output file."""
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.png"), os.path.join(d, "out.png")
        Image.fromarray(np.zeros((20, 20, 3), np.uint8)).save(src)
        args = bad if "--like" in bad or "--method" in bad[:1] else ["--like", "pillow", "--method", "bicubic", *bad]
        r = subprocess.run([EXE, src, dst, "--size", "5,5", *args], capture_output=True, text=True)
        assert r.returncode == 2, r.stderr
        assert r.stderr.count("\n") == 1 and "--reducing-gap" in r.stderr, r.stderr
        assert not os.path.exists(dst)


# ---------------------------------------------------------------- OpenCV, bit for bit on PNG
CV_METHODS = {"nearest": cv2.INTER_NEAREST, "nearest-exact": cv2.INTER_NEAREST_EXACT, "linear": cv2.INTER_LINEAR,
              "linear-exact": cv2.INTER_LINEAR_EXACT, "cubic": cv2.INTER_CUBIC, "area": cv2.INTER_AREA,
              "lanczos4": cv2.INTER_LANCZOS4}


def cv_round(x):
    return int(np.rint(x))  # cvRound: halves to even


@pytest.mark.parametrize("method", list(CV_METHODS))
def test_opencv_png(method):
    rng = np.random.default_rng(seed("opencv", method))
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.png"), os.path.join(d, "out.png")
        for k, (rows, cols) in enumerate(shapes(rng)):
            ch = [1, 3, 4][k % 3]
            Image.fromarray(random_image(rng, rows, cols, ch), PIL_MODES[ch]).save(src)
            img = cv2.imread(src, cv2.IMREAD_UNCHANGED)
            for args, (r, c), scale in targets(rng, rows, cols, lambda n, s: cv_round(n * s)):
                imresize(src, dst, *args, "--like", "opencv", "--method", method)
                if scale is None:
                    want = cv2.resize(img, (c, r), interpolation=CV_METHODS[method])
                else:
                    want = cv2.resize(img, None, fx=scale[1], fy=scale[0], interpolation=CV_METHODS[method])
                got = cv2.imread(dst, cv2.IMREAD_UNCHANGED)
                assert got.shape == want.shape, (rows, cols, ch, args)
                assert np.array_equal(got, want), (rows, cols, ch, args, np.abs(got.astype(int) - want).max())


# ---------------------------------------------------------------- torch, within 1e-5 through .npy
TORCH_SPECS = [("nearest", []), ("nearest-exact", []),
               ("bilinear", []), ("bilinear", ["--align-corners"]), ("bilinear", ["--antialiasing", "on"]),
               ("bilinear", ["--antialiasing", "on", "--align-corners"]),
               ("bicubic", []), ("bicubic", ["--align-corners"]), ("bicubic", ["--antialiasing", "on"]),
               ("bicubic", ["--antialiasing", "on", "--align-corners"])]


@pytest.mark.parametrize("method,extra", TORCH_SPECS, ids=lambda v: v if isinstance(v, str) else "-".join(v) or "plain")
def test_torch_npy(method, extra):
    rng = np.random.default_rng(seed("torch", method, extra))
    with tempfile.TemporaryDirectory() as d:
        png, src, dst = os.path.join(d, "in.png"), os.path.join(d, "in.npy"), os.path.join(d, "out.npy")
        for k, (rows, cols) in enumerate(shapes(rng)):
            ch = [1, 3, 4][k % 3]
            # A PNG made here, as float32 in [0, 1] (what a pipeline feeds torch)
            Image.fromarray(random_image(rng, rows, cols, ch), PIL_MODES[ch]).save(png)
            img = np.asarray(Image.open(png)).astype(np.float32) / 255
            np.save(src, img)
            x = torch.from_numpy(img.reshape(rows, cols, ch)).permute(2, 0, 1).unsqueeze(0).contiguous()
            for args, (r, c), scale in targets(rng, rows, cols, lambda n, s: int(np.floor(n * s))):
                imresize(src, dst, *args, "--like", "torch", "--method", method, *extra)
                kw = {}
                if method in ("bilinear", "bicubic"):
                    kw = {"align_corners": "--align-corners" in extra, "antialias": "on" in extra}
                if scale is None:
                    y = F.interpolate(x, size=(r, c), mode=method, **kw)
                else:
                    y = F.interpolate(x, scale_factor=scale, mode=method, **kw)
                want = y[0].permute(1, 2, 0).numpy()
                if ch == 1:
                    want = want[..., 0]
                got = np.load(dst)
                assert got.dtype == np.float32
                assert got.shape == want.shape, (rows, cols, ch, args)
                err = float(np.abs(got - want).max()) if got.size else 0.0
                assert err <= 1e-5, (rows, cols, ch, args, err)


def test_done_when_example():
    """imresize in.png out.png --size 100,150 --like pillow --method bicubic == PIL resize((150, 100))."""
    rng = np.random.default_rng(2024)
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "in.png"), os.path.join(d, "out.png")
        Image.fromarray(random_image(rng, 211, 173, 3), "RGB").save(src)
        imresize(src, dst, "--size", "100,150", "--like", "pillow", "--method", "bicubic")
        want = np.asarray(Image.open(src).resize((150, 100), Image.Resampling.BICUBIC))
        assert np.array_equal(np.asarray(Image.open(dst)), want)
