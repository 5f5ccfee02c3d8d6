# resizelab.identify(hr, lr, top): the records of `imresize identify --json` for the same pair, LR images
# made here by the real OpenCV, Pillow and torch and by the MATLAB path, Set5's MATLAB LR images, and the
# errors (ValueError / TypeError) for pairs it cannot compare.
import json
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest

import resizelab
from conftest import golden_dir, imresize_command, require

cv2 = require("cv2", "python3-opencv makes OpenCV's LR images")
from PIL import Image  # noqa: E402

RNG = np.random.default_rng(2026)


def photo(rows, cols, ch=3):
    img = RNG.integers(0, 256, size=(rows, cols, ch), dtype=np.uint8)
    img = cv2.GaussianBlur(img, (5, 5), 1.2).reshape(rows, cols, ch)
    return img[..., 0] if ch == 1 else img


def test_opencv_pillow_torch_and_matlab_are_named_exactly():
    torch = require("torch", "python3-torch makes torch's LR images")
    F = torch.nn.functional
    hr = photo(67, 58)
    x = torch.from_numpy(hr).permute(2, 0, 1).contiguous()[None].float() / 255
    makers = {
        "cv2 INTER_AREA": (cv2.resize(hr, (29, 33), interpolation=cv2.INTER_AREA), "opencv", "area"),
        "PIL LANCZOS": (np.asarray(Image.fromarray(hr).resize((29, 33), Image.Resampling.LANCZOS)), "pillow", "lanczos"),
        "torch bicubic aa": ((F.interpolate(x, size=(33, 29), mode="bicubic", align_corners=False, antialias=True) * 255)
                             .round().clamp(0, 255).to(torch.uint8)[0].permute(1, 2, 0).numpy(), "torch", "bicubic"),
        "MATLAB lanczos3 legacy": (resizelab.imresize(hr, 1 / 2, method="lanczos3", boundary="legacy"), "matlab",
                                   "lanczos3"),
    }
    for name, (lr, library, method) in makers.items():
        r = resizelab.identify(hr, lr)
        assert r.exact, (name, r[:1])
        assert any(m["library"] == library and m["method"] == method for m in r), (name, [m["call"] for m in r])
        for m in r:
            assert m["verdict"] == "exact" and m["equal"] == m["total"] == lr.shape[0] * lr.shape[1]


def test_plainest_exact_call_first_and_one_record_for_both_boundaries():
    hr = photo(48, 40)
    lr = resizelab.imresize(hr, 1 / 4, method="box")
    r = resizelab.identify(hr, lr)
    assert r.exact and r[0]["call"] == "imresize(hr, 1/4, 'box')", [m["call"] for m in r]
    assert r[0]["either_boundary"] and r[0]["boundary"] == "modern"
    calls = [m["call"] for m in r]
    assert "imresize(hr, 1/4, 'nearest', 'Antialiasing', true)" in calls[1:]
    assert len(calls) == len(set(calls))


def test_records_equal_the_command_json():
    exe = imresize_command()
    if not exe or not os.path.exists(exe):
        pytest.fail("the imresize command was not found (set RL_IMRESIZE)")
    hr = photo(50, 61)
    lr = cv2.resize(hr, (30, 25), interpolation=cv2.INTER_CUBIC).copy()
    lr[3, 4, 0] ^= 2
    with tempfile.TemporaryDirectory() as d:
        hp, lp, jp = (os.path.join(d, n) for n in ("hr.png", "lr.png", "r.json"))
        Image.fromarray(hr).save(hp)
        Image.fromarray(lr).save(lp)
        r = subprocess.run([exe, "identify", hp, lp, "--top", "3", "--json", jp], capture_output=True, text=True)
        assert r.returncode == 0, r.stderr
        want = json.load(open(jp))
    got = resizelab.identify(hr, lr, top=3)
    assert list(got) == want["matches"] and got.notes == want["notes"] and got.exact is False
    assert got[0]["call"] == "cv2.resize(hr, (30, 25), interpolation=cv2.INTER_CUBIC)"
    assert got[0]["equal"] == got[0]["total"] - 1 and got[0]["max_abs"] == 2


def test_set5_head_x3():
    root = golden_dir() / "legacy-set5"
    hr = np.asarray(Image.open(root / "original" / "head.bmp").convert("RGB"))
    lr = np.asarray(Image.open(root / "head_LR_x3.png"))
    r = resizelab.identify(np.asfortranarray(hr), lr)  # not C-contiguous: read through a copy
    assert r.exact
    assert r[0]["call"] == "imresize(modcrop(hr, 3), 1/3, 'bicubic')" and r[0]["boundary"] == "legacy"
    assert r[0]["source"] == [279, 279]


def test_without_cv2_the_opencv_candidates_are_left_out(monkeypatch):
    monkeypatch.setitem(sys.modules, "cv2", None)  # `import cv2` now raises ImportError
    hr = photo(40, 40)
    lr = resizelab.imresize(hr, 0.5)
    r = resizelab.identify(hr, lr)
    assert r.exact and all(m["library"] != "opencv" for m in r)
    assert any("OpenCV candidates not run" in n for n in r.notes)


def test_errors():
    hr = photo(32, 32)
    with pytest.raises(ValueError, match="channel"):
        resizelab.identify(hr, photo(16, 16, 1))
    with pytest.raises(TypeError, match="uint8 or uint16"):
        resizelab.identify(hr.astype(np.float32), photo(16, 16))
    with pytest.raises(ValueError, match="axes"):
        resizelab.identify(hr[..., None], photo(16, 16))
    with pytest.raises(ValueError, match="top"):
        resizelab.identify(hr, photo(16, 16), top=0)
