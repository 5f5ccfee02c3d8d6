# `imresize identify HR LR` on LR images made here by the real Pillow, OpenCV and torch (Debian's python3-pil,
# python3-opencv, python3-torch) and by the MATLAB path (`imresize`, golden-checked elsewhere) at both
# boundaries and both pipelines; Set5's MATLAB LR images; an edited pixel; a resizer no candidate is; bad input.
# Every exact match's call is run (Python calls with the real library, MATLAB ones through `imresize`).
import json
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
GOLDEN = os.environ.get("RL_GOLDEN_DIR", "")
CASES = int(os.environ.get("RL_IDENTIFY_CASES", "2"))

if not EXE:
    pytest.fail("RL_IMRESIZE is not set (run through ctest)", pytrace=False)


def rng_for(*parts):
    return np.random.default_rng(zlib.crc32(repr(parts).encode()))


def smooth_image(rng, rows, cols, ch):
    """Noise blurred a little: values spread over 0..255 with the gradients real photographs have."""
    img = rng.integers(0, 256, size=(rows, cols, ch), dtype=np.uint8)
    img = cv2.GaussianBlur(img, (5, 5), 1.2).reshape(rows, cols, ch)
    return img[..., 0] if ch == 1 else img


def save(path, img):
    Image.fromarray(img).save(path)


def identify(hr, lr, *extra):
    """Runs `imresize identify` on two arrays; returns (exit status, JSON report or None, stdout, stderr)."""
    with tempfile.TemporaryDirectory() as d:
        hp, lp, jp = (os.path.join(d, n) for n in ("hr.png", "lr.png", "r.json"))
        save(hp, hr)
        save(lp, lr)
        r = subprocess.run([EXE, "identify", hp, lp, "--json", jp, *extra], capture_output=True, text=True)
        report = json.load(open(jp)) if r.returncode == 0 else None
        return r.returncode, report, r.stdout, r.stderr


def run_call(match, hr):
    """The pixels the named call makes: Python calls evaluated with the real library, MATLAB calls through
    `imresize` with the reported options on the reported source (HR or its mod-crop)."""
    if match["library"] != "matlab":
        out = eval(match["call"], {"hr": hr, "np": np, "cv2": cv2, "Image": Image, "torch": torch, "F": F})
        return np.asarray(out)
    rows, cols = match["source"]
    with tempfile.TemporaryDirectory() as d:
        src, dst = os.path.join(d, "src.png"), os.path.join(d, "dst.png")
        save(src, np.ascontiguousarray(hr[:rows, :cols]))
        r = subprocess.run([EXE, src, dst, *match["imresize_args"]], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        return np.asarray(Image.open(dst))


def assert_exact(hr, lr, report, producer):
    assert report["exact"], f"{producer}: no exact match; closest: {report['matches'][:2]}"
    for m in report["matches"]:
        assert m["verdict"] == "exact" and m["equal"] == m["total"] == lr.shape[0] * lr.shape[1]
        got = run_call(m, hr)
        if m.get("bgr"):
            got = got[..., [2, 1, 0]]
        diff = got.astype(int) - lr.astype(int)
        bad = np.any(diff != 0, axis=-1) if diff.ndim == 3 else diff != 0
        if m["library"] == "torch":  # our torch is within 1e-5 of ATen's: a value at a rounding step may flip
            assert np.abs(diff).max() <= 1 and bad.sum() <= m["tolerated"], (producer, m["call"])
        else:
            assert not bad.any(), (producer, m["call"], int(bad.sum()))


def sizes(rng, shrink):
    """(HR rows, cols, scale) with sizes that are and are not multiples of the factor."""
    for _ in range(CASES):
        k = int(rng.choice([2, 3, 4])) if shrink else 0
        rows, cols = int(rng.integers(24, 90)), int(rng.integers(24, 90))
        yield rows, cols, (1 / k if shrink else float(rng.choice([1.5, 2.0, 3.0])))


# ---------------------------------------------------------------- the real libraries
CV = {"INTER_NEAREST": cv2.INTER_NEAREST, "INTER_NEAREST_EXACT": cv2.INTER_NEAREST_EXACT,
      "INTER_LINEAR": cv2.INTER_LINEAR, "INTER_LINEAR_EXACT": cv2.INTER_LINEAR_EXACT,
      "INTER_CUBIC": cv2.INTER_CUBIC, "INTER_AREA": cv2.INTER_AREA, "INTER_LANCZOS4": cv2.INTER_LANCZOS4}


@pytest.mark.parametrize("flag", list(CV))
@pytest.mark.parametrize("shrink", [True, False])
def test_opencv(flag, shrink):
    rng = rng_for("opencv", flag, shrink)
    for k, (rows, cols, s) in enumerate(sizes(rng, shrink)):
        hr = smooth_image(rng, rows, cols, [3, 1, 4][k % 3])
        lr = (cv2.resize(hr, None, fx=s, fy=s, interpolation=CV[flag]) if k % 2 else
              cv2.resize(hr, (max(1, round(cols * s)), max(1, round(rows * s))), interpolation=CV[flag]))
        code, report, out, err = identify(hr, lr)
        assert code == 0, err
        assert_exact(hr, lr, report, f"cv2 {flag} {hr.shape} s={s}")
        assert any(m["library"] == "opencv" for m in report["matches"]), out


PIL_FILTERS = ["NEAREST", "BOX", "BILINEAR", "HAMMING", "BICUBIC", "LANCZOS"]


@pytest.mark.parametrize("name", PIL_FILTERS)
@pytest.mark.parametrize("shrink", [True, False])
def test_pillow(name, shrink):
    rng = rng_for("pillow", name, shrink)
    for k, (rows, cols, s) in enumerate(sizes(rng, shrink)):
        hr = smooth_image(rng, rows, cols, [3, 1, 4][k % 3])
        size = (max(1, int(cols * s)), max(1, int(rows * s)))  # floor: an odd size
        lr = np.asarray(Image.fromarray(hr).resize(size, getattr(Image.Resampling, name)))
        code, report, out, err = identify(hr, lr)
        assert code == 0, err
        assert_exact(hr, lr, report, f"PIL {name} {hr.shape} {size}")
        assert any(m["library"] == "pillow" for m in report["matches"]), out


@pytest.mark.parametrize("name", PIL_FILTERS[1:])
@pytest.mark.parametrize("gap", [1.0, 2.0, 3.0])
def test_pillow_reducing_gap(name, gap):
    """resize(..., reducing_gap=g): Image.reduce by int(in/out/g) per side, then a resize of the box; odd
    sizes leave partial blocks. Where the reduce happens the pixels differ from the plain resize."""
    rng = rng_for("pillow-gap", name, gap)
    changed = 0
    for k, s in enumerate([1 / 3, 1 / 4, 0.3, 1 / 5, 1 / 7, 1 / 8]):
        rows, cols = int(rng.integers(40, 120)), int(rng.integers(40, 120))
        hr = smooth_image(rng, rows, cols, [3, 1][k % 2])
        size = (max(1, int(cols * s)), max(1, int(rows * s)))
        im = Image.fromarray(hr)
        lr = np.asarray(im.resize(size, getattr(Image.Resampling, name), reducing_gap=gap))
        plain = np.asarray(im.resize(size, getattr(Image.Resampling, name)))
        code, report, out, err = identify(hr, lr)
        assert code == 0, err
        assert_exact(hr, lr, report, f"PIL {name} reducing_gap={gap} {hr.shape} {size}")
        if not np.array_equal(lr, plain):
            changed += 1
            gaps = [m for m in report["matches"] if m["library"] == "pillow" and m["reducing_gap"] is not None]
            assert gaps, out
            for m in gaps:  # the imresize form of the match (--like pillow --reducing-gap G), on its source, makes LR
                with tempfile.TemporaryDirectory() as d:
                    src, dst = os.path.join(d, "src.png"), os.path.join(d, "dst.png")
                    save(src, np.ascontiguousarray(hr[:m["source"][0], :m["source"][1]]))
                    r = subprocess.run([EXE, src, dst, *m["imresize_args"]], capture_output=True, text=True)
                    assert r.returncode == 0 and "--reducing-gap" in m["imresize_args"], (m, r.stderr)
                    assert np.array_equal(np.asarray(Image.open(dst)), lr), m["imresize_args"]
    assert changed > 0, f"no size here makes reducing_gap={gap} change {name}'s pixels"


def test_thumbnail_is_reducing_gap_2():
    """Image.thumbnail (a PNG-like image, no JPEG draft) resizes with BICUBIC and reducing_gap=2.0."""
    rng = rng_for("thumbnail")
    for rows, cols, box in [(101, 87, (20, 25)), (96, 128, (24, 24)), (75, 130, (31, 31))]:
        hr = smooth_image(rng, rows, cols, 3)
        im = Image.fromarray(hr)
        im.thumbnail(box)
        lr = np.asarray(im)
        code, report, out, err = identify(hr, lr)
        assert code == 0, err
        assert_exact(hr, lr, report, f"thumbnail {hr.shape} {box}")
        assert any("BICUBIC, reducing_gap=2.0" in m["call"] for m in report["matches"]), out


def test_reduce_rounds_as_pillow():
    """Reduce.c divides by a truncated float reciprocal: a 3x3 block of five 1s and four 0s (mean 0.56)
    reduces to 0 in Pillow (checked here), not 1; a 9x9 HR of such blocks of 100s shrunk to 3x3 with BOX and
    reducing_gap=1.0 is that reduce, and only the reducing_gap candidate matches it exactly."""
    block = np.array([[1, 1, 1], [1, 1, 0], [0, 0, 0]], np.uint8)
    assert np.asarray(Image.fromarray(block).reduce(3)).tolist() == [[0]]
    hr = np.tile(block * 100, (3, 3))  # 9x9 of blocks of five 100s: (500 + 4) * 1864135 >> 24 = 55
    lr = np.asarray(Image.fromarray(hr).resize((3, 3), Image.Resampling.BOX, reducing_gap=1.0))
    assert lr.tolist() == [[55] * 3] * 3  # the exact mean 55.6, as the plain BOX resize takes, rounds to 56
    code, report, out, err = identify(hr, lr)
    assert code == 0, err
    assert_exact(hr, lr, report, "reduce 3x3")
    assert any(m["reducing_gap"] == 1.0 for m in report["matches"] if m["library"] == "pillow"), out


TORCH = [("nearest", None, False), ("nearest-exact", None, False), ("bilinear", False, False),
         ("bilinear", True, False), ("bilinear", False, True), ("bicubic", False, False), ("bicubic", True, False),
         ("bicubic", False, True), ("bicubic", True, True), ("area", None, False)]


@pytest.mark.parametrize("mode,align,aa", TORCH)
@pytest.mark.parametrize("rounding", ["round", "truncate"])
@pytest.mark.parametrize("shrink", [True, False])
def test_torch(mode, align, aa, rounding, shrink):
    rng = rng_for("torch", mode, align, aa, rounding, shrink)
    for k, (rows, cols, s) in enumerate(sizes(rng, shrink)):
        hr = smooth_image(rng, rows, cols, 3)
        x = torch.from_numpy(hr).permute(2, 0, 1).contiguous()[None].float() / 255
        kw = {} if align is None else {"align_corners": align}
        if aa:
            kw["antialias"] = True
        y = (F.interpolate(x, scale_factor=s, mode=mode, **kw) if k % 2 else
             F.interpolate(x, size=(max(1, round(rows * s)), max(1, round(cols * s))), mode=mode, **kw)) * 255
        y = y.round().clamp(0, 255) if rounding == "round" else y.clamp(0, 255)
        lr = y.to(torch.uint8)[0].permute(1, 2, 0).numpy()
        code, report, out, err = identify(hr, lr)
        assert code == 0, err
        assert_exact(hr, lr, report, f"torch {mode} ac={align} aa={aa} {rounding} {hr.shape} s={s}")
        torch_rows = [m for m in report["matches"] if m["library"] == "torch"]
        assert torch_rows, out
        if mode.startswith("bi"):
            assert any(m["rounding"] == ("half-even" if rounding == "round" else "truncate") for m in torch_rows), out


# ---------------------------------------------------------------- the MATLAB path
# A round-trip test: the LR images here are made by our own `imresize`, so a resizer wrong in the same way
# as identify's MATLAB candidates would still pass. It shows that identify names what our command did; the
# correctness of the MATLAB path rests on the real-MATLAB files (golden data, Set5 below) and, for the
# libraries, on the LR images made above by the real Pillow, OpenCV and torch.
@pytest.mark.parametrize("boundary", ["modern", "legacy"])
@pytest.mark.parametrize("pipeline", ["own", "double"])
@pytest.mark.parametrize("method", ["bicubic", "bilinear", "lanczos3", "box"])
def test_matlab(boundary, pipeline, method):
    rng = rng_for("matlab", boundary, pipeline, method)
    for k, (rows, cols, s) in enumerate(list(sizes(rng, True)) + list(sizes(rng, False))):
        hr = smooth_image(rng, rows, cols, [3, 1][k % 2])
        modcrop = s < 1 and k % 2 == 0
        src = hr
        if modcrop:  # modcrop(hr, 1/s), then imresize by s, as the SR scripts do
            f = round(1 / s)
            src = hr[: rows - rows % f, : cols - cols % f]
        with tempfile.TemporaryDirectory() as d:
            a, b = os.path.join(d, "a.png"), os.path.join(d, "b.png")
            save(a, np.ascontiguousarray(src))
            scale = f"1/{round(1 / s)}" if s < 1 else repr(s)
            args = ["--scale", scale, "--method", method, "--boundary", boundary]
            args += ["--as", "double"] if pipeline == "double" else []
            r = subprocess.run([EXE, a, b, *args], capture_output=True, text=True)
            assert r.returncode == 0, r.stderr
            lr = np.asarray(Image.open(b))
        code, report, out, err = identify(hr, lr)
        assert code == 0, err
        assert_exact(hr, lr, report, f"MATLAB {method} {boundary} {pipeline} {hr.shape} s={s}")
        # Where both boundaries make LR, the call is listed once, as the modern one that says so.
        named = [m for m in report["matches"]
                 if m["library"] == "matlab" and (m["boundary"] == boundary or m["either_boundary"])]
        assert named, out
        assert any(m["pipeline"] == ("im2double" if pipeline == "double" else "own class") for m in named), out


def test_set5_is_matlab_bicubic_legacy_on_the_modcropped_hr():
    """Set5 as distributed with the RCAN test code: NAME_LR_xS.png = imresize(modcrop(NAME.bmp, S), 1/S),
    MATLAB before R2015b (the golden README); identify must name exactly that from the original bmp."""
    root = os.path.join(GOLDEN, "legacy-set5")
    if not os.path.isdir(root):
        pytest.fail(f"golden data not found at {root} (RL_GOLDEN_DIR)", pytrace=False)
    for name in ["baby", "bird", "butterfly", "head", "woman"]:
        hr = np.asarray(Image.open(os.path.join(root, "original", name + ".bmp")).convert("RGB"))
        for s in (2, 3, 4):
            lr = np.asarray(Image.open(os.path.join(root, f"{name}_LR_x{s}.png")))
            code, report, out, err = identify(hr, lr)
            assert code == 0, err
            assert_exact(hr, lr, report, f"Set5 {name} x{s}")
            first = report["matches"][0]
            assert (first["library"], first["method"], first["boundary"]) == ("matlab", "bicubic", "legacy"), out
            assert first["source"] == [hr.shape[0] - hr.shape[0] % s, hr.shape[1] - hr.shape[1] % s], out
            if hr.shape[0] % s or hr.shape[1] % s:
                assert first["call"].startswith(f"imresize(modcrop(hr, {s}), 1/{s}, 'bicubic')"), out


@pytest.mark.parametrize("hr_name,lr_name,call", [
    ("modern-baboon/baboon.png", "modern-baboon/baboon_down_x3_matlab.png",
     "im2uint8(imresize(im2double(hr), 1/3, 'bicubic'))"),
    ("modern-baboon/baboon.png", "modern-baboon/baboon_up_x2_matlab.png", "im2uint8(imresize(im2double(hr), 2, 'bicubic'))"),
    ("modern-lena/lena_512x512.png", "modern-lena/lena_123x234_uint8.png", "imresize(hr, [123 234], 'bicubic')"),
    ("modern-lena/lena_512x512.png", "modern-lena/lena_123x234_double.png",
     "im2uint8(imresize(im2double(hr), [123 234], 'bicubic'))"),
])
def test_real_matlab_modern(hr_name, lr_name, call):
    """Real MATLAB R2015b/R2017b outputs (the golden README: baboon through im2double and imwrite, lena
    resized to [123 234] on uint8 and on im2double): the call and the modern boundary are named."""
    if not os.path.isdir(GOLDEN):
        pytest.fail(f"golden data not found at {GOLDEN} (RL_GOLDEN_DIR)", pytrace=False)
    hr = np.asarray(Image.open(os.path.join(GOLDEN, hr_name)))
    lr = np.asarray(Image.open(os.path.join(GOLDEN, lr_name)))
    code, report, out, err = identify(hr, lr)
    assert code == 0, err
    assert_exact(hr, lr, report, lr_name)
    assert report["matches"][0]["call"] == call and report["matches"][0]["boundary"] == "modern", out


def test_box_quarter_is_named_as_written_once_for_both_boundaries():
    """imresize(hr, 1/4, 'box') and imresize(hr, 1/4, 'nearest', 'Antialiasing', true) make the same
    pixels (both kernels are 1 on [-0.5, 0.5), widened 4x), and at an integer factor no tap leaves the
    image, so both boundaries do too: the plainest call is rank 1, each call on one line."""
    rng = rng_for("box quarter")
    hr = smooth_image(rng, 64, 48, 3)
    with tempfile.TemporaryDirectory() as d:
        a, b = os.path.join(d, "a.png"), os.path.join(d, "b.png")
        save(a, hr)
        r = subprocess.run([EXE, a, b, "--scale", "1/4", "--method", "box"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        lr = np.asarray(Image.open(b))
    code, report, out, err = identify(hr, lr)
    assert code == 0, err
    assert_exact(hr, lr, report, "MATLAB box 1/4")
    calls = [m["call"] for m in report["matches"]]
    assert calls[0] == "imresize(hr, 1/4, 'box')", out
    assert report["matches"][0]["either_boundary"] and report["matches"][0]["boundary"] == "modern", out
    assert "imresize(hr, 1/4, 'nearest', 'Antialiasing', true)" in calls[1:], out
    assert len(calls) == len(set(calls)), out
    lines = out.splitlines()
    first = next(line for line in lines if line.lstrip().startswith("1  exact"))
    assert "imresize(hr, 1/4, 'box')   [the same pixels with the modern and the legacy boundary" in first, out
    assert not any("legacy boundary: MATLAB before R2015b" in line for line in lines), out


# ---------------------------------------------------------------- near misses
def test_one_pixel_changed_ranks_the_producer_first():
    rng = rng_for("one pixel")
    hr = smooth_image(rng, 77, 64, 3)
    lr = cv2.resize(hr, (32, 38), interpolation=cv2.INTER_CUBIC).copy()
    lr[20, 11, 1] ^= 4
    code, report, out, err = identify(hr, lr)
    assert code == 0, err
    assert not report["exact"] and "no exact match" in out
    first = report["matches"][0]
    assert first["call"] == "cv2.resize(hr, (32, 38), interpolation=cv2.INTER_CUBIC)", out
    assert first["equal"] == first["total"] - 1 and first["max_abs"] == 4
    assert "one pixel only (row 21, column 12" in first["evidence"], first["evidence"]


def lanczos_gauss_windowed(img, out_rows, out_cols):
    """A resizer no candidate is: sinc(x) times a Gaussian window (sigma 1.2, support 3), separable, float64,
    rounded once, with pixel-centre sampling and clamped borders; antialiased by widening when shrinking."""
    def axis(n_in, n_out):
        s = n_out / n_in
        widen = min(1.0, s)
        w = np.zeros((n_out, n_in))
        for o in range(n_out):
            u = (o + 0.5) / s - 0.5
            taps = np.arange(int(np.floor(u - 3 / widen)), int(np.ceil(u + 3 / widen)) + 1)
            x = (u - taps) * widen
            k = np.sinc(x) * np.exp(-0.5 * (x / 1.2) ** 2) * (np.abs(x) < 3)
            for t, kv in zip(np.clip(taps, 0, n_in - 1), k / k.sum()):
                w[o, t] += kv
        return w
    f = img.astype(np.float64)
    out = np.einsum("or,rcz->ocz", axis(img.shape[0], out_rows), f)
    out = np.einsum("pc,ocz->opz", axis(img.shape[1], out_cols), out)
    return np.clip(np.round(out), 0, 255).astype(np.uint8)


def test_unknown_resizer_has_no_exact_match_and_lists_the_closest():
    rng = rng_for("unknown")
    hr = smooth_image(rng, 90, 72, 3)
    lr = lanczos_gauss_windowed(hr, 45, 36)
    code, report, out, err = identify(hr, lr, "--top", "4")
    assert code == 0, err
    assert not report["exact"] and "no exact match" in out
    assert len(report["matches"]) == 4
    assert all(m["verdict"] == "close" and m["equal"] < m["total"] and m["evidence"] for m in report["matches"])
    psnr = [m["psnr"] for m in report["matches"]]
    assert psnr[0] > 35, out  # a windowed sinc: the closest candidates are the other windowed sincs, not far off


def test_bgr_order_is_reported():
    rng = rng_for("bgr")
    hr = smooth_image(rng, 60, 50, 3)
    lr = cv2.resize(hr, (25, 30), interpolation=cv2.INTER_AREA)[..., ::-1].copy()
    code, report, out, err = identify(hr, lr)
    assert code == 0, err
    assert_exact(hr, lr, report, "BGR")
    assert all(m["bgr"] for m in report["matches"]) and "BGR" in out


def test_16_bit_matlab_only():
    rng = rng_for("16 bit")
    hr = (smooth_image(rng, 40, 36, 1).astype(np.uint16) * 257 + rng.integers(0, 257, (40, 36))).astype(np.uint16)
    with tempfile.TemporaryDirectory() as d:
        a, b, j = os.path.join(d, "a.png"), os.path.join(d, "b.png"), os.path.join(d, "r.json")
        cv2.imwrite(a, hr)
        r = subprocess.run([EXE, a, b, "--scale", "1/2", "--boundary", "legacy"], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        r = subprocess.run([EXE, "identify", a, b, "--json", j], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        report = json.load(open(j))
    assert report["type"] == "uint16" and report["exact"]
    assert report["matches"][0]["call"] == "imresize(hr, 1/2, 'bicubic')" and report["matches"][0]["boundary"] == "legacy"
    assert any("16-bit" in n for n in report["notes"])


# ---------------------------------------------------------------- bad input: one line, the shared exit codes
def run_raw(*args):
    r = subprocess.run([EXE, "identify", *args], capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


def test_bad_inputs():
    rng = rng_for("bad")
    with tempfile.TemporaryDirectory() as d:
        p = {n: os.path.join(d, n + ".png") for n in ("rgb", "grey", "lr")}
        save(p["rgb"], smooth_image(rng, 64, 64, 3))
        save(p["grey"], smooth_image(rng, 32, 32, 1))
        save(p["lr"], smooth_image(rng, 32, 32, 3))
        open(os.path.join(d, "broken.png"), "wb").write(b"\x89PNG\r\n\x1a\n not a png")
        json_path = os.path.join(d, "keep.json")
        open(json_path, "w").write("untouched")
        cases = [
            ((p["rgb"], p["grey"]), 2, "channel"),                           # grey vs RGB
            ((p["rgb"], os.path.join(d, "missing.png")), 1, "missing.png"),  # unreadable
            ((p["rgb"], os.path.join(d, "broken.png")), 1, "broken.png"),
            ((p["rgb"], p["lr"], "--top", "0"), 2, "--top"),
            ((p["rgb"],), 2, "expected HR and LR"),
            ((p["rgb"], p["lr"], "--json", os.path.join(d, "no", "dir.json")), 1, "does not exist"),
            ((p["rgb"], p["grey"], "--json", json_path), 2, "channel"),
        ]
        for args, code, needle in cases:
            got, out, err = run_raw(*args)
            assert got == code, (args, got, err)
            assert err.count("\n") == 1 and needle in err, (args, err)
            assert out == ""
        assert open(json_path).read() == "untouched"
        got, out, err = run_raw("--help")
        assert got == 0 and "usage: imresize identify" in out
