# resizelab.torch inside graphs: second-order gradients (the layer is linear, so the adjoint's own
# gradient is the resize) against a float64 dense-matrix reference written from MATLAB's imresize.m,
# and the operator resizelab::imresize under torch.jit.trace, torch.jit.script and torch.compile.
import io
import math
import types

import numpy as np
import pytest
from conftest import require

torch = require("torch", "python3-torch: the PyTorch layer")

import resizelab
import resizelab.torch as rt


# ---------------------------------------------------------------------------------------------------
# The reference: MATLAB's imresize.m, contributions() for bicubic with its antialiasing (the kernel
# stretched by 1/scale when shrinking) and the modern boundary (indices mirrored, aux = [1:n, n:-1:1]),
# written here from the toolbox file, as one dense matrix per axis (out x in). Y = R X C^T.

def cubic(x):
    ax = np.abs(x)
    ax2, ax3 = ax * ax, ax * ax * ax
    return (1.5 * ax3 - 2.5 * ax2 + 1) * (ax <= 1) + (-0.5 * ax3 + 2.5 * ax2 - 4 * ax + 2) * ((ax > 1) & (ax <= 2))


def matlab_matrix(n_in, scale):
    n_out = int(math.ceil(n_in * scale))
    width = 4.0
    if scale < 1:
        kernel, width = (lambda t: scale * cubic(scale * t)), width / scale
    else:
        kernel = cubic
    x = np.arange(1, n_out + 1, dtype=np.float64)
    u = x / scale + 0.5 * (1 - 1 / scale)
    left = np.floor(u - width / 2)
    taps = int(math.ceil(width)) + 2
    ind = left[:, None] + np.arange(taps)[None, :]
    w = kernel(u[:, None] - ind)
    w = w / w.sum(axis=1, keepdims=True)
    aux = np.concatenate([np.arange(1, n_in + 1), np.arange(n_in, 0, -1)])
    ind = aux[np.mod(ind - 1, len(aux)).astype(int)]
    a = np.zeros((n_out, n_in))
    for i in range(n_out):
        for j in range(taps):
            a[i, ind[i, j] - 1] += w[i, j]
    return a


SCALES = [1 / 2, 1 / 3, 1 / 4, 2, 3]
IDS = ["1/2", "1/3", "1/4", "x2", "x3"]


@pytest.mark.parametrize("scale", SCALES, ids=IDS)
def test_dense_reference_is_the_forward(scale):
    # The reference itself: its forward agrees with the layer's (so the tests below compare like with like).
    x = torch.randn(2, 20, 17, dtype=torch.float64, generator=torch.Generator().manual_seed(1))
    r, c = matlab_matrix(20, scale), matlab_matrix(17, scale)
    ref = np.einsum("ij,bjk,lk->bil", r, x.numpy(), c)
    y = rt.imresize(x, scale)
    assert y.shape == ref.shape
    np.testing.assert_allclose(y.numpy(), ref, rtol=0, atol=1e-12)


@pytest.mark.parametrize("scale", SCALES, ids=IDS)
def test_gradgradcheck(scale):
    x = torch.rand(2, 9, 7, dtype=torch.float64, requires_grad=True)
    f = lambda t: rt.imresize(t, scale)
    assert torch.autograd.gradcheck(f, (x,), eps=1e-6, atol=1e-8)
    assert torch.autograd.gradgradcheck(f, (x,), eps=1e-6, atol=1e-8)


@pytest.mark.parametrize("method,boundary", [("lanczos3", "legacy"), ("bilinear", "modern"), ("box", "modern")])
def test_gradgradcheck_other_methods_and_half_layouts(method, boundary):
    x = torch.rand(1, 3, 8, 6, dtype=torch.float64).to(memory_format=torch.channels_last).requires_grad_()
    f = lambda t: rt.imresize(t, (0.6, 1.7), method=method, boundary=boundary)
    assert torch.autograd.gradgradcheck(f, (x,), eps=1e-6, atol=1e-8)


def test_adjoint_of_the_adjoint_is_the_forward_bit_for_bit():
    g = torch.Generator().manual_seed(3)
    x = torch.randn(2, 3, 20, 17, dtype=torch.float64, generator=g, requires_grad=True)
    y = rt.imresize(x, 1 / 3)
    v = torch.randn(y.shape, dtype=torch.float64, generator=g, requires_grad=True)
    (gx,) = torch.autograd.grad(y, x, v, create_graph=True)
    assert gx.grad_fn is not None
    w = torch.randn(gx.shape, dtype=torch.float64, generator=g)
    (gv,) = torch.autograd.grad(gx, v, w)
    assert gv.numpy().tobytes() == rt.imresize(w, 1 / 3).numpy().tobytes()


@pytest.mark.parametrize("scale", SCALES, ids=IDS)
def test_gradient_penalty_against_the_dense_reference(scale):
    # R1-style: a "discriminator" D(y) = sum(w * y) + 0.5 * sum(y^2) on y = resize(x); the penalty
    # P = |dD/dx|^2 + |x|^2 (the x^2 term), differentiated again with respect to x and to w.
    # Dense: g = dD/dx = A^T (w + A x); dP/dx = 2 A^T A g + 2 x; dP/dw = 2 A g.
    gen = torch.Generator().manual_seed(7)
    x = torch.randn(2, 20, 17, dtype=torch.float64, generator=gen, requires_grad=True)
    y = rt.imresize(x, scale)
    w = torch.randn(y.shape, dtype=torch.float64, generator=gen, requires_grad=True)
    d = (w * y).sum() + 0.5 * (y * y).sum()
    (g,) = torch.autograd.grad(d, x, create_graph=True)
    p = (g * g).sum() + (x * x).sum()
    dx, dw = torch.autograd.grad(p, (x, w))

    r, c = matlab_matrix(20, scale), matlab_matrix(17, scale)
    fwd = lambda t: np.einsum("ij,bjk,lk->bil", r, t, c)
    adj = lambda t: np.einsum("ij,bil,lk->bjk", r, t, c)
    xn, wn = x.detach().numpy(), w.detach().numpy()
    g_ref = adj(wn + fwd(xn))
    dx_ref = 2 * adj(fwd(g_ref)) + 2 * xn
    dw_ref = 2 * fwd(g_ref)
    np.testing.assert_allclose(g.detach().numpy(), g_ref, rtol=0, atol=1e-10)
    np.testing.assert_allclose(dx.numpy(), dx_ref, rtol=0, atol=1e-9 * np.abs(dx_ref).max())
    np.testing.assert_allclose(dw.numpy(), dw_ref, rtol=0, atol=1e-9 * np.abs(dw_ref).max())


def test_r1_penalty_reaches_the_discriminators_parameters():
    # The plain R1 term: D linear in y, so dD/dx = A^T w depends on w alone; P = |A^T w|^2 and
    # dP/dw = 2 A A^T w (before, the gradient had no graph: "element 0 ... does not require grad").
    gen = torch.Generator().manual_seed(8)
    x = torch.randn(1, 20, 17, dtype=torch.float64, generator=gen, requires_grad=True)
    y = rt.imresize(x, 0.5)
    w = torch.randn(y.shape, dtype=torch.float64, generator=gen, requires_grad=True)
    (g,) = torch.autograd.grad((w * y).sum(), x, create_graph=True)
    (dw,) = torch.autograd.grad((g * g).sum(), w)
    r, c = matlab_matrix(20, 0.5), matlab_matrix(17, 0.5)
    wn = w.detach().numpy()
    ref = 2 * np.einsum("ij,bjk,lk->bil", r, np.einsum("ij,bil,lk->bjk", r, wn, c), c)
    np.testing.assert_allclose(dw.numpy(), ref, rtol=0, atol=1e-12)


def test_second_order_in_float32_and_half_types():
    for dtype in (torch.float32, torch.float16, torch.bfloat16):
        x = torch.rand(1, 3, 12, 10).to(dtype).requires_grad_()
        y = rt.imresize(x, 0.5)
        (g,) = torch.autograd.grad((y * y).sum(), x, create_graph=True)
        (h,) = torch.autograd.grad(g.sum(), x)
        assert h.dtype == dtype and h.shape == x.shape and g.grad_fn is not None


# ---------------------------------------------------------------------------------------------------
# Tracing, scripting, compiling: the graph holds the operator, never an uncomputed tensor.

def cases():
    g = torch.Generator().manual_seed(11)
    return [(torch.rand(3, 20, 17, generator=g), dict(scale=0.5)),
            (torch.rand(2, 3, 20, 17, generator=g, dtype=torch.float64), dict(size=(7, None), method="lanczos3")),
            ((torch.rand(1, 3, 20, 17, generator=g) * 255).to(torch.uint8), dict(scale="1/3", boundary="legacy")),
            (torch.rand(1, 3, 20, 17, generator=g).to(memory_format=torch.channels_last), dict(scale=(2, 0.7))),
            (torch.rand(3, 20, 17, generator=g).half(), dict(scale=1.5, antialiasing=False, method="bilinear"))]


@pytest.mark.parametrize("case", range(5))
def test_trace_gives_the_eager_values(case):
    x, kw = cases()[case]
    traced = torch.jit.trace(lambda t: rt.imresize(t, **kw), x)
    kinds = [n.kind() for n in traced.graph.nodes()]
    assert "resizelab::imresize" in kinds and "aten::empty" not in kinds, kinds
    eager = rt.imresize(x, **kw)
    out = traced(x)
    assert out.dtype == eager.dtype and out.stride() == eager.stride()
    assert torch.equal(out, eager)
    # A new input of the same shape: computed anew (before, the trace returned uninitialised memory).
    x2 = torch.flip(x, dims=(-1,)).contiguous(memory_format=torch.channels_last if x.dim() == 4 and
                                                  not x.is_contiguous() else torch.contiguous_format)
    assert torch.equal(traced(x2), rt.imresize(x2, **kw))


def test_traced_layer_is_differentiable_and_scales_with_the_input():
    x = torch.rand(1, 2, 20, 17, dtype=torch.float64, requires_grad=True)
    traced = torch.jit.trace(lambda t: rt.imresize(t, 0.5) * 3, x)
    (g_traced,) = torch.autograd.grad(traced(x).sum(), x)
    (g_eager,) = torch.autograd.grad((rt.imresize(x, 0.5) * 3).sum(), x)
    assert torch.equal(g_traced, g_eager)
    # The op holds the scale, not the traced shape: another size gives that size's resize.
    y = torch.rand(1, 2, 12, 9, dtype=torch.float64)
    assert torch.equal(traced(y), rt.imresize(y, 0.5) * 3)


def scripted_fn(t: torch.Tensor) -> torch.Tensor:
    return rt.imresize(t, 0.5) + rt.imresize(rt.imresize(t, size=[7.0, 5.0], method="lanczos3", antialiasing=False,
                                                         boundary="legacy"), size=[10.0, 9.0])


def test_script_compiles_imresize_as_the_operator():
    scripted = torch.jit.script(scripted_fn)
    assert "resizelab::imresize" in str(scripted.graph)
    x = torch.rand(2, 3, 20, 17, dtype=torch.float64)
    eager = scripted_fn(x)
    assert torch.equal(scripted(x), eager)
    # Saved and loaded (the operator is found by name once resizelab.torch is imported).
    buf = io.BytesIO()
    torch.jit.save(scripted, buf)
    buf.seek(0)
    assert torch.equal(torch.jit.load(buf)(x), eager)


def test_scripted_module_trains():
    class Down(torch.nn.Module):
        def forward(self, t):
            return rt.imresize(t, 0.25)

    module = torch.jit.script(Down())
    x = torch.rand(1, 1, 16, 16, dtype=torch.float64, requires_grad=True)
    (g,) = torch.autograd.grad(module(x).sum(), x)
    (ref,) = torch.autograd.grad(rt.imresize(x, 0.25).sum(), x)
    assert torch.equal(g, ref)


def test_operator_checks_its_arguments():
    x = torch.rand(3, 8, 8)
    with pytest.raises(Exception, match="unknown method"):
        torch.ops.resizelab.imresize(x, [0.5, 0.5], None, "cubic2", None, "modern")
    with pytest.raises(Exception, match="either a scale"):
        torch.ops.resizelab.imresize(x, None, None, "bicubic", None, "modern")
    with pytest.raises(Exception, match="grad_output must end in"):
        torch.ops.resizelab.imresize_adjoint(torch.rand(3, 5, 4), [8, 8], [0.5, 0.5])
    meta = torch.ops.resizelab.imresize(torch.empty(2, 3, 20, 17, device="meta"), [0.5, 0.5])
    assert meta.shape == (2, 3, 10, 9) and meta.device.type == "meta"


def test_without_torch_library_tracing_is_refused(monkeypatch):
    # Where torch has no torch.library (before 1.13) the layer is an autograd Function, which a trace
    # would record as an empty tensor: tracing raises instead; eager use still gives the exact values.
    monkeypatch.setattr(rt, "_OPS", None)
    x = torch.rand(3, 16, 16, dtype=torch.float64, requires_grad=True)
    with pytest.raises(RuntimeError, match="cannot be traced"):
        torch.jit.trace(lambda t: rt.imresize(t, 0.5), x)
    y = rt.imresize(x, 0.5)
    assert torch.autograd.gradgradcheck(lambda t: rt.imresize(t, 0.5), (x,))
    monkeypatch.undo()
    assert torch.equal(y, rt.imresize(x, 0.5))


def test_torch_compile():
    if not hasattr(torch, "compile"):
        print(f"torch {torch.__version__} has no torch.compile (2.0 and later)")
        pytest.skip(f"torch {torch.__version__} has no torch.compile (2.0 and later)")
    x = torch.randn(2, 3, 20, 17, requires_grad=True)
    try:
        compiled = torch.compile(lambda t: rt.imresize(t, 0.45), fullgraph=True)
        out = compiled(x)
    except Exception as e:  # no C++ compiler for inductor, or a torch without the backend
        if "compiler" in str(e).lower() or "inductor" in str(e).lower():
            pytest.skip(f"torch.compile cannot run here: {str(e).splitlines()[0]}")
        raise
    assert torch.equal(out, rt.imresize(x, 0.45))
    (g,) = torch.autograd.grad(out.sum(), x)
    (ref,) = torch.autograd.grad(rt.imresize(x, 0.45).sum(), x)
    assert torch.equal(g, ref)


@pytest.mark.parametrize("kw", [dict(scale=0.45), dict(scale=(2, 0.7)), dict(scale=3), dict(size=(7, None)),
                                dict(size=(None, 9), method="lanczos2", antialiasing=False, boundary="legacy"),
                                dict(size=[8, 6])])
def test_numeric_requests_reach_the_op_without_a_plan(kw, monkeypatch):
    # A numeric scale or size goes to the op without a Plan built in the wrapper (under torch.compile an
    # extension call would break the graph): the op's arguments are the plan's, and so are the values.
    x = torch.rand(2, 20, 17, dtype=torch.float64)
    plan = resizelab.Plan((20, 17), **kw)
    full = dict(size=None, method="bicubic", antialiasing=None, boundary="modern", scale=None)
    full.update(kw)
    plain = rt._plain_spec(full["scale"], full["size"], full["method"], full["antialiasing"], full["boundary"])
    assert repr(plain) == repr(rt._spec(plan))
    eager = rt.imresize(x, **kw)
    monkeypatch.setattr(rt, "_plan", None)  # not called
    assert torch.equal(rt.imresize(x, **kw), eager)


def test_other_requests_are_parsed_by_the_plan():
    for scale in ("1/3", (1, 2, 3), True, "x"):
        assert rt._plain_spec(scale, None, "bicubic", None, "modern") is None
    assert rt._plain_spec(None, (None, None, 3), "bicubic", None, "modern") is None
    assert rt._plain_spec(0.5, None, "bicubic", 1, "modern") is None
    x = torch.rand(1, 9, 9, dtype=torch.float64)
    assert torch.equal(rt.imresize(x, "1/3"), rt.imresize(x, 1 / 3))
    with pytest.raises(ValueError) as info:
        rt.imresize(x, (1, 2, 3))
    assert "\n" not in str(info.value)
    with pytest.raises(TypeError, match="antialiasing must be True, False or None"):
        rt.imresize(x, 0.5, antialiasing=1)


# ---------------------------------------------------------------------------------------------------
# torch 2.4's register_fake / register_autograd branch, run here with a recording stand-in.

class RecordingLibrary:
    def __init__(self):
        self.fake, self.autograd = {}, {}

    def register_fake(self, name):
        return lambda fn: self.fake.setdefault(name, fn)

    def register_autograd(self, name, backward, *, setup_context):
        self.autograd[name] = (backward, setup_context)


def test_register_fake_and_autograd_branch():
    lib = RecordingLibrary()
    rt._register_fake_and_autograd(lib)
    assert set(lib.fake) == set(lib.autograd) == {"resizelab::imresize", "resizelab::imresize_adjoint"}
    x = torch.randn(2, 3, 20, 17, dtype=torch.float64)
    spec = rt._spec(resizelab.Plan((20, 17), 1 / 3))
    y = rt.imresize(x, 1 / 3)
    # Fake kernels: shape, dtype and strides without computing (they never touch the data).
    fake = lib.fake["resizelab::imresize"](x.to(memory_format=torch.channels_last), *spec)
    assert fake.shape == y.shape and fake.stride() == rt.imresize(x.to(memory_format=torch.channels_last),
                                                                   1 / 3).stride()
    assert lib.fake["resizelab::imresize_adjoint"](y, [20, 17], *spec).shape == x.shape
    # Autograd: the forward's backward is the adjoint; the adjoint's is the forward.
    backward, setup = lib.autograd["resizelab::imresize"]
    ctx = types.SimpleNamespace()
    setup(ctx, (x, *spec), y)
    v = torch.randn(y.shape, dtype=torch.float64)
    grads = backward(ctx, v)
    assert len(grads) == 6 and all(gr is None for gr in grads[1:])
    assert torch.equal(grads[0], rt.imresize_backward(v, resizelab.Plan((20, 17), 1 / 3)))
    ctx = types.SimpleNamespace()
    backward, setup = lib.autograd["resizelab::imresize_adjoint"]
    setup(ctx, (v, [20, 17], *spec), x)
    grads = backward(ctx, x)
    assert len(grads) == 7 and all(gr is None for gr in grads[1:])
    assert torch.equal(grads[0], y)
