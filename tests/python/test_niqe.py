# resizelab.metrics.niqe: a published MATLAB value for a named image, the module against `imresize score
# --metric niqe` to the last bit, the protocols, a user model and the refusals.
import csv
import subprocess
import warnings

import cv2
import numpy as np
import pytest

from conftest import golden_dir, imresize_command
from resizelab import metrics

SET5 = ["baby", "bird", "butterfly", "head", "woman"]


def rgb(path):
    img = cv2.imread(str(path))
    assert img is not None, path
    return np.ascontiguousarray(img[..., ::-1])


# BasicSR basicsr/metrics/niqe.py, calculate_niqe's docstring: "MATLAB R2021a result for
# tests/data/baboon.png: 5.72957338 (5.7296)", the release's computequality.m on the uint8 Y of
# rgb2ycbcr (BasicSR's convert_to='y', rounded). Our golden baboon.png is that file byte for byte.
# Ours: 5.7295738841523; the 8th digit differs (5e-7).
def test_baboon_is_basicsrs_matlab_value():
    y = metrics.rgb2ycbcr(rgb(golden_dir() / "modern-baboon" / "baboon.png"))[..., 0].copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # 13 flat-window pixels (they do not move this value)
        value = metrics.niqe(y)
    assert f"{value:.4f}" == "5.7296"
    assert abs(value - 5.72957338) < 1e-6


def test_equals_the_command_to_the_last_bit(tmp_path):
    exe = imresize_command()
    assert exe, "the imresize command was not found (set RL_IMRESIZE)"
    images = {name: rgb(golden_dir() / "legacy-set5" / "original" / f"{name}.bmp") for name in SET5}
    images["baboon"] = rgb(golden_dir() / "modern-baboon" / "baboon.png")
    for name, img in images.items():
        cv2.imwrite(str(tmp_path / f"{name}.png"), img[..., ::-1])
    for protocol in metrics.niqe_protocols():
        out = tmp_path / f"{protocol}.csv"
        subprocess.run([exe, "score", "--metric", "niqe", str(tmp_path), "--protocol", protocol, "--csv", str(out)],
                       check=True, capture_output=True)
        rows = {r["image"]: r for r in csv.DictReader(out.open())}
        values = []
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            for name, img in sorted(images.items()):  # the command's order: by file name
                values.append(metrics.niqe(img, protocol=protocol))
                assert float(rows[name]["niqe"]) == values[-1], (name, protocol)
        assert float(rows["mean"]["niqe"]) == sum(values) / len(values)


def test_flat_windows_warn_and_model_replaces_the_pristine_one():
    img = rgb(golden_dir() / "legacy-set5" / "original" / "butterfly.bmp")
    grey = img[..., 1].copy()
    grey[:60, :60] = 128
    with pytest.warns(RuntimeWarning, match="flat 7x7 windows"):
        flat = metrics.niqe(grey)
    assert np.isfinite(flat)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no flat window: no warning
        base = metrics.niqe(img)
    assert metrics.niqe_protocols() == ["release", "pirm"]
    # A model of one's own: any two arrays (np.load of two .npy files gives them), 36 and 36 x 36.
    rng = np.random.default_rng(1)
    a = rng.normal(size=(36, 36))
    cov = a @ a.T / 36 + np.eye(36)
    mu = rng.normal(size=36)
    other = metrics.niqe(img, model=(mu, cov))
    assert other != base and other == metrics.niqe(img, model=(mu.reshape(1, 36), cov.astype(np.float64)))
    with pytest.raises(ValueError, match="symmetric"):
        metrics.niqe(img, model=(mu, cov + np.triu(np.ones((36, 36)), 1)))
    with pytest.raises(ValueError, match="36 values"):
        metrics.niqe(img, model=(mu[:35], cov))


def test_refusals():
    img = rgb(golden_dir() / "legacy-set5" / "original" / "baby.bmp")
    with pytest.raises(ValueError, match="protocol takes release, pirm"):
        metrics.niqe(img, protocol="srcnn")
    with pytest.raises(ValueError, match="at least two 96x96 blocks"):
        metrics.niqe(img[:150, :150])
    with pytest.raises(ValueError, match="8-bit"):
        metrics.niqe(img.astype(np.float32), protocol="pirm")
    with pytest.raises(TypeError, match="uint8, uint16, float32 or float64"):
        metrics.niqe(img.astype(np.int16))
    with pytest.raises(ValueError, match="grey or RGB"):
        metrics.niqe(np.zeros((200, 200, 4), np.uint8))


def test_a_float_image_on_0_to_1_warns():
    # computequality.m scores double(im) of a uint8 image: the model expects 0..255, and the same image on
    # 0..1 scores another, meaningless, number. The warning says so and what to do.
    img = rgb(golden_dir() / "legacy-set5" / "original" / "butterfly.bmp").astype(np.float64)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # 0..255 floats, as uint8: no warning
        on_255 = metrics.niqe(img)
    for unit in (img / 255, (img / 255).astype(np.float32)):
        with pytest.warns(RuntimeWarning, match=r"every value of this float image lies in \[0, 1\].*"
                                                r"multiply the image by 255") as record:
            value = metrics.niqe(unit)
        assert value != on_255 and "\n" not in str(record[0].message)


def test_a_model_out_of_range_is_named_as_such():
    img = rgb(golden_dir() / "legacy-set5" / "original" / "butterfly.bmp")
    rng = np.random.default_rng(1)
    a = rng.normal(size=(36, 36))
    cov = a @ a.T / 36 + np.eye(36)
    mu = rng.normal(size=36)
    # A mean scaled by 1e300: d * inv(cov) * d' overflows; the covariance is fine and is not blamed.
    with pytest.raises(ValueError, match=r"\((inf|NaN)\): the model's mean is out of range, d \* inv\(cov\) \* d' "
                                         r"overflows \(the model's mean minus the image's mean features: "
                                         r"[-0-9.e+]+ at feature \d+\)$") as info:
        metrics.niqe(img, model=(mu * 1e300, cov))
    assert "semi-definite" not in str(info.value)
    # A covariance that is not positive semi-definite still says so.
    with pytest.raises(ValueError, match=r"the model's covariance is not positive semi-definite$"):
        metrics.niqe(img, model=(mu, -1e6 * np.eye(36)))
