# resizelab.degrade(hr, scale, model): the same bits as `imresize degrade` on Set5 (BD at x2, x3 and
# x4, BD-VSR at x4, DN at x3), the script's sampling worked by hand, and its errors.
import os
import subprocess
import tempfile

import numpy as np
import pytest

import resizelab
from conftest import golden_dir, imresize_command

SET5 = ["baby", "bird", "butterfly", "head", "woman"]


def load_bmp(path):
    cv2 = pytest.importorskip("cv2", reason="python3-opencv reads the Set5 BMP files")
    return cv2.imread(str(path), cv2.IMREAD_UNCHANGED)[..., ::-1].copy()  # B,G,R -> R,G,B


@pytest.mark.parametrize("model,scale", [("bd", 2), ("bd", 3), ("bd", 4), ("bd-vsr", 4), ("dn", 3), ("bi", 4)])
def test_same_bits_as_the_command(model, scale):
    cv2 = pytest.importorskip("cv2", reason="python3-opencv reads the command's PNG output")
    exe = imresize_command()
    if not exe:
        pytest.fail("the imresize command was not found (set RL_IMRESIZE)")
    with tempfile.TemporaryDirectory() as tmp:
        for name in SET5:
            src = golden_dir() / "legacy-set5" / "original" / f"{name}.bmp"
            out = os.path.join(tmp, "lr.png")
            subprocess.run([exe, "degrade", str(src), out, "--scale", str(scale), "--degradation", model],
                           check=True)
            want = cv2.imread(out, cv2.IMREAD_UNCHANGED)[..., ::-1]
            got = resizelab.degrade(load_bmp(src), scale, model)
            assert got.dtype == np.uint8
            assert np.array_equal(got, want), (name, model, scale)


def test_even_scale_samples_from_half_the_scale():
    # A flat image with one bright pixel: BD at x4 keeps the blur at rows and columns 2, 6, 10 ...
    # (1-based), so an impulse at (6, 10) lands on LR (2, 3) and nowhere else is brightest.
    hr = np.zeros((16, 16), dtype=np.float64)
    hr[5, 9] = 1.0
    lr = resizelab.degrade(hr, 4, "bd")
    assert lr.shape == (4, 4)
    assert np.unravel_index(np.argmax(lr), lr.shape) == (1, 2)


def test_dn_seed_and_dtypes():
    hr = np.full((12, 12, 3), 128, dtype=np.uint8)
    a = resizelab.degrade(hr, 3, "dn")
    assert np.array_equal(a, resizelab.degrade(hr, 3, "dn", seed=0))
    assert not np.array_equal(a, resizelab.degrade(hr, 3, "dn", seed=5))
    for dt in (np.uint16, np.int16, np.float32, np.float64):
        assert resizelab.degrade(hr.astype(dt), 3, "bd").dtype == dt


def test_errors():
    hr = np.zeros((12, 12), dtype=np.uint8)
    for kwargs, err in [
        (dict(scale=2.5), ValueError),
        (dict(scale=3, model="bd-vsr"), ValueError),
        (dict(scale=3, sigma=0), ValueError),
        (dict(scale=3, sigma=-1.6), ValueError),
        (dict(scale=3, model="dn", noise=0), ValueError),
        (dict(scale=3, model="bd", noise=5), ValueError),
        (dict(scale=3, model="bd", seed=1), ValueError),
        (dict(scale=3, model="blur"), ValueError),
        (dict(scale="3"), TypeError),
    ]:
        with pytest.raises(err):
            resizelab.degrade(hr, **kwargs)
    with pytest.raises(ValueError):
        resizelab.degrade(hr.astype(np.float32), 3, "dn")
    with pytest.raises(TypeError):
        resizelab.degrade(hr.astype(bool), 3, "bd")
