# All rows of the real-MATLAB golden manifest through resizelab.imresize: integer rows bit for bit,
# float64 rows within 1e-12 relative.
import math

import numpy as np
import pytest
from PIL import Image

import resizelab


def rows(golden):
    lines = (golden / "manifest.tsv").read_text().splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line.strip()]


def load(path):
    if path.suffix == ".npy":
        return np.load(path)
    return np.asarray(Image.open(path))


def scale_value(text):
    if "/" in text:
        p, q = text.split("/")
        return float(p) / float(q)
    return float(text)


def resize_args(row):
    kw = dict(method=row["method"], antialiasing=row["antialiasing"] == "on", boundary=row["boundary"])
    if row["mode"] == "scale":
        kw["scale"] = scale_value(row["value"])
    else:
        r, c = row["value"].split(",")
        kw["size"] = (float(r), float(c))
    return kw


def im2uint8(x):
    return np.floor(255.0 * np.clip(x, 0.0, 1.0) + 0.5).astype(np.uint8)


def test_manifest_has_38_rows(golden):
    assert len(rows(golden)) == 38


@pytest.mark.parametrize("index", range(38))
def test_golden_row(golden, index):
    row = rows(golden)[index]
    src = load(golden / row["input"])
    expected = load(golden / row["expected"])
    kw = resize_args(row)
    before = src.copy()
    if row["compare"] == "exact":
        assert src.dtype == np.uint8
        out = resizelab.imresize(src, **kw)
        assert out.dtype == np.uint8 and out.shape == expected.shape
        assert np.array_equal(out, expected), f"{int((out != expected).sum())} values differ"
    elif row["compare"] == "imwrite":
        out = im2uint8(resizelab.imresize(src.astype(np.float64) / 255.0, **kw))
        assert out.shape == expected.shape
        assert np.array_equal(out, expected), f"{int((out != expected).sum())} values differ"
    else:
        assert row["compare"] == "f64"
        out = resizelab.imresize(src, **kw)
        assert out.dtype == np.float64 and out.shape == expected.shape
        tol = 1e-12 * np.maximum(1.0, np.abs(expected))
        assert np.all(np.abs(out - expected) <= tol)
    assert np.array_equal(src, before), "the input was modified"
    assert not math.isnan(float(np.sum(out)))
