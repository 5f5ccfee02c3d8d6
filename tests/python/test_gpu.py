# CUDA checks for the Python module, run by cuda/check-gpu.sh on a GPU machine (numpy only, no torch):
# numpy in, device="cuda", numpy out; and the device-pointer path through __cuda_array_interface__ of
# the module's own device memory. Without a usable device every test skips and says why.
import os
import subprocess
import sys

import numpy as np
import pytest

import resizelab
from resizelab import _core

ok, why = resizelab.cuda_status()
pytestmark = pytest.mark.skipif(not ok, reason=f"no usable CUDA device: {why}")

# RL_CUDA_KERNELS=bogus makes every CUDA call fail with a message while the device stays usable, so
# a fresh interpreter shows what a CUDA failure does: auto goes on on the CPU (the same bits), cuda is
# refused with the device policy's line.
FALLBACK_SCRIPT = """
import numpy as np, resizelab
img = np.random.default_rng(3).random((40, 30))
plan = resizelab.Plan(img.shape, 0.5)
assert resizelab.imresize(img, 0.5, device="auto").tobytes() == resizelab.imresize(img, 0.5).tobytes()
grad = np.ones((20, 15))
assert (resizelab.imresize_backward(grad, plan, device="auto").tobytes()
        == resizelab.imresize_backward(grad, plan).tobytes())
try:
    resizelab.imresize(img, 0.5, device="cuda")
    raise SystemExit("device='cuda' ran on after a CUDA failure")
except RuntimeError as e:
    assert str(e).startswith("--device cuda: the CUDA resize failed: RL_CUDA_KERNELS"), str(e)
print("fallback ok")
"""


def test_auto_falls_back_to_the_cpu_after_a_cuda_failure():
    env = dict(os.environ, RL_CUDA_KERNELS="bogus")
    r = subprocess.run([sys.executable, "-c", FALLBACK_SCRIPT], env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "fallback ok"


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
