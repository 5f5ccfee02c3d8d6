# CUDA checks for the Python module, run by cuda/check-gpu.sh on a GPU machine (numpy only, no torch):
# numpy in, device="cuda", numpy out; and the device-pointer path through __cuda_array_interface__ of
# the module's own device memory. Without a usable device every test skips and says why.
import numpy as np
import pytest

import resizelab
from resizelab import _core

ok, why = resizelab.cuda_status()
pytestmark = pytest.mark.skipif(not ok, reason=f"no usable CUDA device: {why}")

METHODS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.float32, np.float64])
@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("boundary", ["modern", "legacy"])
def test_numpy_on_cuda_equals_cpu(dtype, method, boundary):
    rng = np.random.default_rng(0)
    img = (rng.random((61, 47, 3)) * 200).astype(dtype)
    for scale in (0.3, (2.2, 0.8)):
        cpu = resizelab.imresize(img, scale, method=method, boundary=boundary)
        gpu = resizelab.imresize(img, scale, method=method, boundary=boundary, device="cuda")
        assert gpu.tobytes() == cpu.tobytes()


def test_backward_on_cuda_equals_cpu():
    plan = resizelab.Plan((40, 30), 0.45, method="lanczos3")
    g = np.random.default_rng(1).standard_normal((18, 14))
    assert resizelab.imresize_backward(g, plan, device="cuda").tobytes() == \
        resizelab.imresize_backward(g, plan).tobytes()


def device_ptr(arr):
    return arr.__cuda_array_interface__["data"][0]


@pytest.mark.parametrize("backward", [False, True])
def test_cuda_array_interface_planar_batch(backward):
    plan = resizelab.Plan((33, 27), 0.4, method="bicubic")
    rows, cols = (plan.output_shape if backward else plan.input_shape)[:2]
    orows, ocols = (plan.input_shape if backward else plan.output_shape)[:2]
    x = np.random.default_rng(2).standard_normal((5, rows, cols)).astype(np.float32)
    src = _core._device_upload(x)
    dst = _core._device_empty([5, orows, ocols], "float32")
    assert src.__cuda_array_interface__["shape"] == (5, rows, cols)
    _core._device_planar(plan, "float32", 5, device_ptr(src), device_ptr(dst), 0, backward)
    _core._cuda_synchronize()
    out = dst.download()
    cpu = np.empty_like(out)
    (_core._backward_planar if backward else _core._run_planar)(plan, x, cpu)
    assert out.tobytes() == cpu.tobytes()
