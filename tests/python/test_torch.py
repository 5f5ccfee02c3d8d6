# resizelab.torch: gradients (gradcheck against finite differences, the dot-product test), forward
# bits equal to the numpy path, and the dtype, device and leading-shape rules.
import math

import numpy as np
import pytest
from conftest import require

torch = require("torch", "python3-torch: the PyTorch layer")

import resizelab
import resizelab.torch as rt

METHODS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("aa", [True, False])
@pytest.mark.parametrize("boundary", ["modern", "legacy"])
@pytest.mark.parametrize("shape,resize", [((2, 6, 5), dict(scale=0.45)), ((1, 4, 3), dict(scale=(2.5, 1.6))),
                                          ((3, 1, 6), dict(size=(3, 4))), ((5, 1), dict(size=(2, 1))),
                                          ((1, 1, 1), dict(scale=3))])
def test_gradcheck(method, aa, boundary, shape, resize):
    x = torch.rand(shape, dtype=torch.float64, requires_grad=True)
    f = lambda t: rt.imresize(t, **resize, method=method, antialiasing=aa, boundary=boundary)
    assert torch.autograd.gradcheck(f, (x,), eps=1e-6, atol=1e-8, rtol=1e-6)


@pytest.mark.parametrize("dtype,tol", [(torch.float64, 1e-12), (torch.float32, 1e-5)])
def test_dot_product(dtype, tol):
    g = torch.Generator().manual_seed(0)
    for method in METHODS:
        x = torch.randn(2, 3, 37, 29, generator=g, dtype=dtype, requires_grad=True)
        y = rt.imresize(x, (0.41, 1.9), method=method)
        v = torch.randn(y.shape, generator=g, dtype=dtype)
        (grad,) = torch.autograd.grad(y, x, v)
        lhs = float((y.double() * v.double()).sum())
        rhs = float((x.detach().double() * grad.double()).sum())
        assert abs(lhs - rhs) <= tol * max(1.0, abs(lhs))


def test_backward_equals_numpy_adjoint_bit_for_bit():
    x = torch.randn(2, 3, 20, 30, dtype=torch.float64, requires_grad=True)
    y = rt.imresize(x, 0.3, method="lanczos3", boundary="legacy")
    v = torch.randn(y.shape, dtype=torch.float64)
    y.backward(v)
    plan = resizelab.Plan((20, 30), 0.3, method="lanczos3", boundary="legacy")
    for n in range(2):
        for c in range(3):
            ref = resizelab.imresize_backward(v[n, c].numpy(), plan)
            assert x.grad[n, c].numpy().tobytes() == ref.tobytes()


@pytest.mark.parametrize("dtype", [torch.uint8, torch.float32, torch.float64])
def test_forward_equals_numpy_bit_for_bit(dtype):
    g = torch.Generator().manual_seed(1)
    x = (torch.rand(2, 3, 25, 31, generator=g) * 255).to(dtype)
    for method in METHODS:
        y = rt.imresize(x, 0.37, method=method)
        assert y.dtype == dtype and y.shape == (2, 3, 10, 12)
        # Each plane as a numpy H x W image, and all channels as one interleaved H x W x C image.
        hwc = resizelab.imresize(x[1].permute(1, 2, 0).numpy(), 0.37, method=method)
        for n in range(2):
            for c in range(3):
                ref = resizelab.imresize(x[n, c].numpy(), 0.37, method=method)
                assert y[n, c].numpy().tobytes() == ref.tobytes()
        assert y[1].permute(1, 2, 0).contiguous().numpy().tobytes() == hwc.tobytes()


def test_leading_shapes():
    x = torch.rand(2, 2, 3, 9, 8, dtype=torch.float64)
    ref = rt.imresize(x, size=(4, None))
    assert ref.shape == (2, 2, 3, 4, 4)
    assert torch.equal(rt.imresize(x[0, 1], size=(4, None)), ref[0, 1])  # CHW
    assert torch.equal(rt.imresize(x[0, 1, 2], size=(4, None)), ref[0, 1, 2])  # HW
    assert rt.imresize(torch.rand(0, 3, 9, 8), 0.5).shape == (0, 3, 5, 4)
    with pytest.raises(ValueError, match="at least two dims"):
        rt.imresize(torch.rand(5), 0.5)


def test_non_contiguous_and_unmodified_input():
    x = torch.rand(3, 20, 30, dtype=torch.float32)
    view = x.transpose(1, 2)
    before = x.clone()
    y = rt.imresize(view, 0.5)
    assert torch.equal(y, rt.imresize(view.contiguous(), 0.5))
    assert torch.equal(x, before)


def test_integer_forward_rounds_after_each_pass():
    x = torch.randint(0, 256, (3, 40, 50), dtype=torch.uint8)
    y = rt.imresize(x, 0.25)
    assert y.dtype == torch.uint8
    ref = resizelab.imresize(x.permute(1, 2, 0).numpy(), 0.25)
    assert y.permute(1, 2, 0).contiguous().numpy().tobytes() == ref.tobytes()
    # uint8 requests no gradient; forward works under grad mode too.
    with torch.enable_grad():
        assert not rt.imresize(x, 0.5).requires_grad


def test_output_device_dtype_and_grad_flags():
    x = torch.rand(1, 2, 8, 8, dtype=torch.float32, requires_grad=True)
    y = rt.imresize(x, 2)
    assert y.dtype == torch.float32 and y.device == x.device and y.requires_grad
    with torch.no_grad():
        assert not rt.imresize(x, 2).requires_grad
    assert not rt.imresize(x.detach(), 2).requires_grad


@pytest.mark.parametrize("dtype", [torch.complex64, torch.int64, torch.complex128])
def test_unsupported_dtypes(dtype):
    with pytest.raises(TypeError, match="supported: uint8, uint16, float32, float64") as info:
        rt.imresize(torch.zeros(4, 4, dtype=dtype), 0.5)
    assert "\n" not in str(info.value)


def test_bad_arguments():
    with pytest.raises(TypeError, match="torch.Tensor"):
        rt.imresize(np.zeros((4, 4)), 0.5)
    with pytest.raises(ValueError, match="unknown method"):
        rt.imresize(torch.zeros(4, 4), 0.5, method="cubic2")
    with pytest.raises(ValueError, match="either a scale"):
        rt.imresize(torch.zeros(4, 4))
    with pytest.raises(ValueError, match="unknown boundary"):
        rt.imresize(torch.zeros(4, 4), 0.5, boundary="zero")


def test_cuda_tensors_need_a_device():
    if torch.cuda.is_available():
        pytest.skip("a CUDA device is present: tests/python/test_torch_cuda.py runs on it")
    # Without torch CUDA, the device path itself still reports one clear line.
    plan = resizelab.Plan((4, 4), 0.5)
    with pytest.raises(RuntimeError) as info:
        resizelab._core._device_planar(plan, "float32", 1, 0, 0, 0, False)
    msg = str(info.value)
    assert msg and "\n" not in msg and ("CUDA" in msg)


def test_loaded_lazily():
    import subprocess
    import sys
    code = "import resizelab, sys; resizelab.imresize(__import__('numpy').zeros((4,4)), 0.5); " \
           "print('torch' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"
