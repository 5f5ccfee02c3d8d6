# resizelab.torch on CUDA tensors: the same bits as on the CPU, forward and backward, on torch's
# current stream, with no host round trip. Skips, saying why, without a CUDA build or device.
import pytest
from conftest import require

torch = require("torch", "python3-torch: the PyTorch layer")

import resizelab
import resizelab.torch as rt

ok, why = resizelab.cuda_status()
pytestmark = [
    pytest.mark.skipif(not torch.cuda.is_available(), reason="torch has no usable CUDA device"),
    pytest.mark.skipif(not ok, reason=f"resizelab has no usable CUDA device: {why}"),
]

METHODS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("dtype", [torch.uint8, torch.float32, torch.float64])
def test_forward_equals_cpu(method, dtype):
    x = (torch.rand(2, 3, 45, 38) * 255).to(dtype)
    cpu = rt.imresize(x, (0.4, 1.7), method=method, boundary="legacy")
    gpu = rt.imresize(x.cuda(), (0.4, 1.7), method=method, boundary="legacy")
    assert gpu.device.type == "cuda" and gpu.dtype == dtype
    assert torch.equal(gpu.cpu(), cpu)


@pytest.mark.parametrize("dtype", [torch.float32, torch.float64])
def test_backward_equals_cpu(dtype):
    x = torch.rand(2, 3, 40, 30, dtype=dtype)
    v = torch.rand(2, 3, 14, 11, dtype=dtype)
    xc = x.clone().requires_grad_(True)
    rt.imresize(xc, size=(14, 11), method="lanczos3").backward(v)
    xg = x.cuda().requires_grad_(True)
    rt.imresize(xg, size=(14, 11), method="lanczos3").backward(v.cuda())
    assert xg.grad.device.type == "cuda"
    assert torch.equal(xg.grad.cpu(), xc.grad)


def test_runs_on_a_side_stream():
    x = torch.rand(4, 3, 256, 256, device="cuda")
    ref = rt.imresize(x, 0.25)
    s = torch.cuda.Stream()
    s.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(s):
        y = x * 1.0  # queued on s, read by the resize on s
        out = rt.imresize(y, 0.25)
    torch.cuda.current_stream().wait_stream(s)
    assert torch.equal(out, ref)


def test_gradcheck_on_cuda():
    x = torch.rand(1, 2, 6, 5, dtype=torch.float64, device="cuda", requires_grad=True)
    assert torch.autograd.gradcheck(lambda t: rt.imresize(t, 0.6, method="bicubic"), (x,))
