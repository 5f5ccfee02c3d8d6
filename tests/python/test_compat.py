# The drop-ins for BasicSR's and bicubic_pytorch's imresize, called as those projects call them, against
# the real MATLAB files in tests/data/golden.
#   BasicSR (XPixelGroup/BasicSR, basicsr/utils/matlab_functions.py): imresize(img, scale,
#     antialiasing=True); numpy H x W x C or torch C x H x W, float32 out; basicsr/metrics/niqe.py calls
#     imresize(img / 255., scale=0.5, antialiasing=True) on an H x W array.
#   bicubic_pytorch (sanghyun-son/bicubic_pytorch, core.py and test.py): imresize(x, scale=...,
#     antialiasing=...) and imresize(x, sizes=(h, w), antialiasing=...) on (1, C, H, W) float tensors
#     (test.py's input_small/_square/_15x15 ramps and butterfly, also .double()), checked there against
#     MATLAB answers of the same cases as our r2019b-cases rows.
import numpy as np
import pytest
from conftest import golden_dir, require
from PIL import Image

torch = require("torch", "python3-torch: the drop-ins take tensors")

from resizelab.compat import basicsr
from resizelab.compat import bicubic_pytorch as bp

GOLDEN = golden_dir()


def rows():
    lines = (GOLDEN / "manifest.tsv").read_text().splitlines()
    header = lines[0].split("\t")
    return [dict(zip(header, line.split("\t"))) for line in lines[1:] if line.strip()]


def im2uint8(x):
    return np.floor(255.0 * np.clip(np.asarray(x, np.float64), 0.0, 1.0) + 0.5).astype(np.uint8)


def close_f64(out, expected):
    # test_golden.py's rule for MATLAB's double rows: within 1e-12 relative.
    scale = max(1.0, float(np.abs(expected).max()))
    np.testing.assert_allclose(out, expected, rtol=0, atol=1e-12 * scale)


R2019B = [r for r in rows() if r["input"].startswith("r2019b-cases/")]
BABOON = [r for r in rows() if r["input"].startswith("modern-baboon/")]
assert len(R2019B) == 16 and len(BABOON) == 5


def matches_imwrite(out32, expected):
    """float32 [0, 1] values against MATLAB's imwrite of its double result: equal after im2uint8, except
    where MATLAB's value is a tie (k + 0.5)/255 that float32 cannot hold on its side (x2 upscales make
    exact halves); there, the float32 value lies within float32's precision of the tie."""
    got = im2uint8(out32)
    assert got.shape == expected.shape
    diff = got != expected
    v = 255.0 * np.asarray(out32, np.float64)[diff]
    assert np.all(np.abs(v - np.floor(v) - 0.5) <= 255 * 2.0 ** -24 + 1e-12), v
    assert np.all(np.abs(v - expected[diff]) <= 0.5 + 1e-4)
    return int(diff.sum())


def scale_of(row):
    p, _, q = row["value"].partition("/")
    return float(p) / float(q or 1)


# ---- bicubic_pytorch --------------------------------------------------------------------------------

@pytest.mark.parametrize("row", R2019B, ids=lambda r: r["expected"].split("/")[1][4:-4])
def test_bicubic_pytorch_sizes_calls_get_matlabs_double_values(row):
    src = np.load(GOLDEN / row["input"])
    expected = np.load(GOLDEN / row["expected"])
    sizes = tuple(int(v) for v in row["value"].split(","))
    aa = row["antialiasing"] == "on"
    # test.py: (1, 1, H, W) ramps, and the butterfly as np2tensor makes it: (1, 3, H, W); .double()
    x = torch.from_numpy(src.transpose(2, 0, 1) if src.ndim == 3 else src).double()
    while x.dim() < 4:
        x = x.unsqueeze(0)
    out = bp.imresize(x, sizes=sizes, antialiasing=aa)
    assert out.dtype == torch.float64 and out.shape[:2] == x.shape[:2]
    got = out[0].permute(1, 2, 0).numpy() if src.ndim == 3 else out[0, 0].numpy()
    close_f64(got, expected)
    # test.py's float32 inputs: MATLAB's single result, within float32's precision of the double one.
    out32 = bp.imresize(x.float(), sizes=sizes, antialiasing=aa)
    assert out32.dtype == torch.float32
    np.testing.assert_allclose(out32.double().numpy(), out.numpy(), rtol=0,
                               atol=4e-7 * max(1.0, float(np.abs(expected).max())))


@pytest.mark.parametrize("row", BABOON, ids=lambda r: r["expected"].split("_", 1)[1][:-11])
def test_bicubic_pytorch_scale_calls_get_matlabs_bits(row):
    hr = np.asarray(Image.open(GOLDEN / row["input"]))
    expected = np.asarray(Image.open(GOLDEN / row["expected"]))
    # utils.np2tensor: (1, C, H, W) in [0, 1]; MATLAB's im2double, then imwrite's im2uint8.
    x = torch.from_numpy(hr.transpose(2, 0, 1).copy())[None].double() / 255
    out = bp.imresize(x, scale=scale_of(row))
    got = im2uint8(out[0].permute(1, 2, 0).numpy())
    assert got.shape == expected.shape
    assert np.array_equal(got, expected), f"{int((got != expected).sum())} values differ"


def test_bicubic_pytorch_uint8_is_matlabs_uint8():
    (row,) = [r for r in rows() if r["expected"].endswith("lena_123x234_uint8.png")]
    hr = np.asarray(Image.open(GOLDEN / row["input"]))
    expected = np.asarray(Image.open(GOLDEN / row["expected"]))
    x = torch.from_numpy(hr.transpose(2, 0, 1).copy())[None] if hr.ndim == 3 else torch.from_numpy(hr.copy())
    out = bp.imresize(x, sizes=(123, 234))
    assert out.dtype == torch.uint8
    got = out[0].permute(1, 2, 0).numpy() if hr.ndim == 3 else out.numpy()
    assert np.array_equal(got, expected)


def test_bicubic_pytorch_shapes_and_gradients():
    x = torch.arange(64, dtype=torch.float64).view(1, 1, 8, 8).requires_grad_()  # test.py's input_square
    y = bp.imresize(x, 0.5)
    assert y.shape == (1, 1, 4, 4)
    assert bp.imresize(x[0], sizes=(3, 4)).shape == (1, 3, 4) and bp.imresize(x[0, 0], scale=2).shape == (16, 16)
    y.sum().backward()
    assert x.grad is not None and x.grad.shape == x.shape


@pytest.mark.parametrize("kwargs,named", [(dict(kernel="gaussian", sigma=1), "kernel='gaussian'"),
                                          (dict(kernel=torch.ones(4, 4)), "a kernel tensor"),
                                          (dict(padding_type=None), "padding_type=None"),
                                          (dict(rotation_degree=45), "rotation_degree=45")])
def test_bicubic_pytorch_options_that_cannot_be_matlabs(kwargs, named):
    with pytest.raises(ValueError) as info:
        bp.imresize(torch.rand(1, 1, 8, 8), scale=0.5, **kwargs)
    msg = str(info.value)
    assert msg.startswith(named) and "kernel='cubic'" in msg and "\n" not in msg


def test_bicubic_pytorch_argument_errors():
    with pytest.raises(ValueError, match="One of scale or sizes"):
        bp.imresize(torch.rand(4, 4))
    with pytest.raises(ValueError, match="conflict"):
        bp.imresize(torch.rand(4, 4), scale=0.5, sizes=(2, 2))
    with pytest.raises(ValueError, match="5-dim Tensor is not supported"):
        bp.imresize(torch.rand(1, 1, 1, 4, 4), scale=0.5)


# bicubic_pytorch's core.py: resize_1d calls torch.linspace(0, size - 1, steps=size), which raises
# TypeError for a float size (10.7 or 10.0); we raise the same type with the reason, where truncating
# to (10, 12) would silently give another size. ints of any kind (numpy's too) are taken.
def test_bicubic_pytorch_float_sizes_raise_as_the_original():
    x = torch.rand(1, 1, 20, 24)
    for sizes in ((10.7, 12.2), (10.0, 12.0)):
        with pytest.raises(TypeError, match=r"sizes must be whole numbers \(ints\), got .*torch.linspace"):
            bp.imresize(x, sizes=sizes)
    assert bp.imresize(x, sizes=(np.int64(10), 12)).shape == (1, 1, 10, 12)


# bicubic_pytorch's core.py: cast_input turns every dtype into float32 and cast_output rounds and casts back,
# so int64 (torch.randint's and torch.arange's default) comes back int64. Ours: MATLAB's int32 resize
# (rounded after each pass), returned as int64; values int32 cannot hold are refused.
def test_bicubic_pytorch_takes_int64_and_returns_int64():
    x = torch.randint(-1000, 1000, (2, 3, 20, 24))
    assert x.dtype == torch.int64
    for kwargs in (dict(scale=0.5), dict(sizes=(13, 31))):
        out = bp.imresize(x, **kwargs)
        assert out.dtype == torch.int64
        ref = bp.imresize(x.to(torch.int32), **kwargs)
        assert ref.dtype == torch.int32 and torch.equal(out, ref.to(torch.int64))
    assert bp.imresize(torch.arange(64).view(8, 8), scale=0.5).dtype == torch.int64
    with pytest.raises(ValueError, match=r"int64 .* needs values in \[-2\^31, 2\^31 - 1\], got \[0, 4294967296\]"):
        bp.imresize(torch.tensor([[0, 2**32], [1, 2]]), scale=2)


# ---- BasicSR ----------------------------------------------------------------------------------------

# basicsr/utils/matlab_functions.py: `@torch.no_grad() def imresize`, so its tensor result has no graph even
# for an input that requires a gradient (resizelab.torch.imresize is the differentiable one).
def test_basicsr_tensor_result_has_no_gradient():
    x = torch.rand(3, 16, 16, requires_grad=True)
    out = basicsr.imresize(x, 0.5)
    assert out.dtype == torch.float32 and not out.requires_grad and out.grad_fn is None
    assert torch.is_grad_enabled()


@pytest.mark.parametrize("row", BABOON, ids=lambda r: r["expected"].split("_", 1)[1][:-11])
def test_basicsr_calls_get_matlabs_bits(row):
    hr = np.asarray(Image.open(GOLDEN / row["input"]))
    expected = np.asarray(Image.open(GOLDEN / row["expected"]))
    scale = scale_of(row)
    # numpy H x W x C in [0, 1] (BasicSR's documented input), positional antialiasing.
    out = basicsr.imresize(hr / 255., scale, True)
    assert out.dtype == np.float32 and out.shape == expected.shape
    assert matches_imwrite(out, expected) <= (80 if row["value"] == "2" else 1)
    # niqe.py: imresize(img / 255., scale=..., antialiasing=True) on an H x W array.
    grey = basicsr.imresize(hr[..., 1] / 255., scale=scale, antialiasing=True)
    assert grey.dtype == np.float32 and grey.ndim == 2
    matches_imwrite(grey, expected[..., 1])
    # torch C x H x W in [0, 1]: a float32 tensor, C x h x w.
    t = basicsr.imresize(torch.from_numpy(hr.transpose(2, 0, 1).copy()).float() / 255., scale)
    assert t.dtype == torch.float32 and t.shape == (3, *expected.shape[:2])
    hwc32 = (torch.from_numpy(hr.copy()).float() / 255.).numpy()
    assert t.permute(1, 2, 0).numpy().tobytes() == basicsr.imresize(hwc32, scale).tobytes()  # as numpy
    matches_imwrite(t.permute(1, 2, 0).numpy(), expected)


@pytest.mark.parametrize("name,scale", [("x2_aa", 1 / 2), ("x3_aa", 1 / 3), ("x4_aa", 1 / 4), ("x5_aa", 1 / 5)])
def test_basicsr_scale_calls_on_the_r2019b_ramps(name, scale):
    (row,) = [r for r in R2019B if r["expected"].endswith(f"out_down_down_{name}.npy")]
    src = np.load(GOLDEN / row["input"])
    expected = np.load(GOLDEN / row["expected"])
    out = basicsr.imresize(src, scale)
    assert out.dtype == np.float32 and out.shape == expected.shape
    assert np.array_equal(out, expected.astype(np.float32))  # MATLAB's double, rounded once to float32


def test_basicsr_keeps_the_range_and_takes_uint8():
    img = np.asarray(Image.open(GOLDEN / "modern-baboon" / "baboon.png"))
    out = basicsr.imresize(img, 1 / 4)  # [0, 255] in, [0, 255] float32 out, not rounded
    assert out.dtype == np.float32
    ref = basicsr.imresize(img / 255., 1 / 4)
    np.testing.assert_allclose(out / 255., ref, rtol=0, atol=1e-6)
    assert not np.array_equal(out, np.round(out))


def test_basicsr_errors():
    with pytest.raises(TypeError, match="numpy array"):
        basicsr.imresize([[1.0, 2.0]], 0.5)
    with pytest.raises(ValueError, match="resizelab.torch.imresize"):
        basicsr.imresize(torch.rand(1, 3, 8, 8), 0.5)
