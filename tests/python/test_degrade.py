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


def scipy_bd(hr, scale, sigma=1.6):
    # BD from its definition with an independent filter: the kernel by fspecial.m's formula in numpy,
    # scipy.ndimage.correlate with mode "nearest" (replicate) and the centre floor((n+1)/2) (1-based),
    # uint8 by floor(x + 0.5) (the sums are >= 0), then imresize_BD's samples.
    ndimage = pytest.importorskip("scipy.ndimage", reason="python3-scipy is the independent filter")
    n = (int(np.ceil(sigma * 3)) * 2 + 1) if scale % 2 else (int(np.ceil(sigma * 3)) * 2 + 2)
    if scale == 3 and sigma == 1.6:
        n = 7
    siz = (n - 1) / 2
    x, y = np.meshgrid(np.arange(n) - siz, np.arange(n) - siz)
    h = np.exp(-(x * x + y * y) / (2 * sigma * sigma))
    h[h < np.finfo(float).eps * h.max()] = 0
    h /= h.sum()
    origin = 0 if n % 2 else -1  # scipy's centre is n // 2 + origin
    rows, cols = hr.shape[0] - hr.shape[0] % scale, hr.shape[1] - hr.shape[1] % scale
    hr = hr[:rows, :cols]
    blur = np.stack([ndimage.correlate(hr[..., c].astype(np.float64), h, mode="nearest", origin=origin)
                     for c in range(hr.shape[2])], axis=2)
    first = (scale - 1) // 2 if scale % 2 else scale // 2 - 1  # nearest's centres; scale/2 (1-based)
    blur = blur[first::scale, first::scale][: rows // scale, : cols // scale]
    # Sums within 1e-9 of k + 0.5 are ties (a one-level step on the middle of an even kernel sums to
    # exactly k + 0.5): which way they round depends on the order of the double sum.
    ties = np.abs(blur - np.floor(blur) - 0.5) < 1e-9
    return np.clip(np.floor(blur + 0.5), 0, 255).astype(np.uint8), ties


@pytest.mark.parametrize("scale", [2, 3, 4, 5])
def test_bd_matches_an_independent_filter(scale):
    for name in SET5:
        hr = load_bmp(golden_dir() / "legacy-set5" / "original" / f"{name}.bmp")
        got = resizelab.degrade(hr, scale, "bd")
        want, ties = scipy_bd(hr, scale)
        assert got.shape == want.shape
        assert np.array_equal(got[~ties], want[~ties]), (name, scale, np.count_nonzero((got != want) & ~ties))
        # At a tie the two differ by the rounding direction only.
        assert np.all(np.abs(got[ties].astype(int) - want[ties].astype(int)) <= 1)
        assert np.count_nonzero(ties) <= 0.001 * ties.size, (name, scale, np.count_nonzero(ties))
