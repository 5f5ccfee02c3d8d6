# resizelab.torch as training code uses it: float16/bfloat16 tensors, any layout and leading shape,
# Plans sent to DataLoader workers (pickled for spawn, inherited through fork). The operator under
# trace, script and compile: test_torch_graph.py.
import copy
import os
import pickle
import subprocess
import sys

import numpy as np
import pytest
from conftest import require

torch = require("torch", "python3-torch: the PyTorch layer")

import resizelab
import resizelab.torch as rt
from loader_workers import PlanDataset

METHODS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]
HALF = [torch.float16, torch.bfloat16]


def bits(t):
    """A tensor's bytes (NaN-safe, -0 distinct from 0): what "bit-identical" compares."""
    t = t.detach().contiguous()
    if t.dtype == torch.bfloat16:  # numpy has no bfloat16
        t = t.view(torch.int16)
    return t.numpy().tobytes()


def round_float32(values, dtype):
    """float32 numpy values rounded to nearest-even into dtype, without torch (the reference rounding).

    float16: numpy's own conversion. bfloat16: the upper 16 bits of the float32 pattern after adding
    0x7FFF plus the lowest kept bit (round half to even); the values here are finite.
    """
    values = np.ascontiguousarray(values, dtype=np.float32)
    if dtype == torch.float16:
        return torch.from_numpy(values.astype(np.float16))
    u = values.view(np.uint32).astype(np.uint64)
    rounded = ((u + 0x7FFF + ((u >> 16) & 1)) >> 16).astype(np.uint16)
    return torch.from_numpy(rounded.view(np.int16)).view(torch.bfloat16)


def per_plane(fn, t):
    """fn(plane) for every (H, W) plane of a float32 tensor, stacked back into t's leading shape."""
    planes = t.reshape(-1, *t.shape[-2:])
    out = [fn(p.numpy()) for p in planes]
    return np.stack(out).reshape(*t.shape[:-2], *out[0].shape)


# ---------------------------------------------------------------------------------------------------
# float16 and bfloat16: the float32 result, rounded to nearest-even.

@pytest.mark.parametrize("dtype,ulp", [(torch.float16, 2.0 ** -10), (torch.bfloat16, 2.0 ** -7)])
def test_half_rounds_ties_to_even(dtype, ulp):
    # Hand-worked: bilinear 1x2 -> 1x4 (scale 2 along the columns) reads u = x/2 + 1/4, so the outputs
    # are a, 0.75a + 0.25b, 0.25a + 0.75b, b (the first and last at the replicated edges). With a = 1
    # and b = 1 + 2 ulp they are 1, 1 + ulp/2 and 1 + 3 ulp/2 (exact in float32): two ties, which
    # round-to-nearest-even sends to 1 and 1 + 2 ulp (round half up would give 1 + ulp and 1 + 2 ulp).
    x = torch.tensor([[1.0, 1.0 + 2 * ulp]], dtype=dtype)
    f32 = rt.imresize(x.float(), size=(1, 4), method="bilinear")
    assert f32.tolist() == [[1.0, 1.0 + ulp / 2, 1.0 + 3 * ulp / 2, 1.0 + 2 * ulp]]
    y = rt.imresize(x, size=(1, 4), method="bilinear")
    assert y.dtype == dtype
    assert y.float().tolist() == [[1.0, 1.0, 1.0 + 2 * ulp, 1.0 + 2 * ulp]]


@pytest.mark.parametrize("dtype", HALF)
@pytest.mark.parametrize("method", METHODS)
def test_half_forward_is_the_float32_result_rounded(dtype, method):
    g = torch.Generator().manual_seed(2)
    x = (torch.rand(2, 3, 19, 23, generator=g) * 4 - 1).to(dtype)
    for resize in (dict(scale=0.45), dict(scale=(2.3, 1.7)), dict(size=(7, None))):
        y = rt.imresize(x, **resize, method=method)
        assert y.dtype == dtype
        # The numpy float32 path on the exact float32 values of x, rounded without torch.
        ref = per_plane(lambda p: resizelab.imresize(p, **resize, method=method), x.float())
        assert bits(y) == bits(round_float32(ref, dtype)), resize


@pytest.mark.parametrize("dtype", HALF)
def test_half_backward_is_the_float32_adjoint_rounded(dtype):
    g = torch.Generator().manual_seed(3)
    x = torch.randn(2, 2, 17, 13, generator=g).to(dtype).requires_grad_()
    y = rt.imresize(x, 0.4, method="lanczos3", boundary="legacy")
    assert y.dtype == dtype and y.requires_grad
    v = torch.randn(y.shape, generator=g).to(dtype)
    y.backward(v)
    assert x.grad.dtype == dtype
    plan = resizelab.Plan((17, 13), 0.4, method="lanczos3", boundary="legacy")
    ref = per_plane(lambda p: resizelab.imresize_backward(p, plan), v.float())
    assert bits(x.grad) == bits(round_float32(ref, dtype))
    # The public adjoint takes the half types the same way.
    assert bits(rt.imresize_backward(v, plan)) == bits(x.grad)


# ---------------------------------------------------------------------------------------------------
# Layouts and leading shapes: every view gives the bits of its contiguous copy.

LAYOUTS = ["channels_last", "HWC array as CHW", "channels_last_3d", "transposed H/W", "permuted leading", "strided slice",
           "expanded batch", "broadcast row", "HW", "5 leading dims"]


def layout(name, dtype):
    g = torch.Generator().manual_seed(4)

    def data(*shape):  # values of dtype (0..200 for the integer types), contiguous
        t = torch.rand(shape, generator=g)
        return t.to(dtype) if dtype.is_floating_point else (t * 200).to(dtype)

    return {
        "channels_last": lambda: data(2, 3, 21, 26).to(memory_format=torch.channels_last),
        "HWC array as CHW": lambda: data(21, 26, 3).permute(2, 0, 1),
        "channels_last_3d": lambda: data(2, 3, 4, 21, 26).to(memory_format=torch.channels_last_3d),
        "transposed H/W": lambda: data(2, 3, 26, 21).transpose(-1, -2),
        "permuted leading": lambda: data(3, 2, 21, 26).permute(1, 0, 2, 3),
        "strided slice": lambda: data(3, 6, 30, 52)[1:, ::2, 3:24, ::2],
        "expanded batch": lambda: data(1, 3, 21, 26).expand(4, 3, 21, 26),
        "broadcast row": lambda: data(26).expand(2, 21, 26),
        "HW": lambda: data(21, 26),
        "5 leading dims": lambda: data(2, 1, 2, 1, 2, 21, 26),
    }[name]()


@pytest.mark.parametrize("dtype", [torch.uint8, torch.int16, torch.float32, torch.float64, torch.float16,
                                   torch.bfloat16])
@pytest.mark.parametrize("name", LAYOUTS)
def test_layouts_give_the_bits_of_a_contiguous_copy(name, dtype):
    view = layout(name, dtype)
    assert view.dtype == dtype and (not view.is_contiguous() or name in ("HW", "5 leading dims"))
    for resize in (dict(scale=0.55, method="bicubic"), dict(scale=(1.9, 0.7), method="lanczos3")):
        y = rt.imresize(view, **resize)
        ref = rt.imresize(view.contiguous(), **resize)
        assert y.shape == (*view.shape[:-2], *ref.shape[-2:]) and y.dtype == dtype
        assert bits(y) == bits(ref), (name, resize)
        if name == "5 leading dims" and dtype in HALF:  # each plane: numpy's float32 resize, rounded
            ref = per_plane(lambda p: resizelab.imresize(p, **resize), view.float())
            assert bits(y) == bits(round_float32(ref, dtype))


def test_channels_last_stays_channels_last():
    # Read as images of interleaved channels in their own memory, and returned in the same layout.
    x = torch.rand(2, 3, 21, 26).to(memory_format=torch.channels_last)
    for dtype in (torch.float32, torch.float16, torch.uint8):
        y = rt.imresize((x * 255).to(dtype) if dtype == torch.uint8 else x.to(dtype), 0.5)
        assert y.is_contiguous(memory_format=torch.channels_last) and y.shape == (2, 3, 11, 13)
    assert rt.imresize(x.contiguous(), 0.5).is_contiguous()


def test_interleaved_batches_are_checked():
    plan = resizelab.Plan((4, 6), 0.5)
    src = np.zeros((2, 4, 6, 3), np.float32)
    with pytest.raises(ValueError, match="channels differ"):
        resizelab._core._run_planar(plan, src, np.zeros((2, 2, 3, 2), np.float32))
    with pytest.raises(ValueError, match="channels differ"):
        resizelab._core._run_planar(plan, src, np.zeros((2, 2, 3), np.float32))
    with pytest.raises(ValueError, match="C-contiguous"):
        resizelab._core._run_planar(plan, src[..., ::2], np.zeros((2, 2, 3, 2), np.float32))


def test_gradients_of_non_contiguous_tensors():
    g = torch.Generator().manual_seed(5)
    x = torch.randn(2, 3, 15, 18, generator=g, dtype=torch.float64)
    xs = x.to(memory_format=torch.channels_last).requires_grad_()
    xc = x.clone().requires_grad_()
    # sum() hands backward an expanded (stride 0) gradient; the contiguous input gets an explicit one.
    rt.imresize(xs, 0.6).sum().backward()
    yc = rt.imresize(xc, 0.6)
    yc.backward(torch.ones(yc.shape, dtype=torch.float64))
    assert bits(xs.grad) == bits(xc.grad)
    # A channels_last gradient goes through the interleaved adjoint: the same bits again.
    xs.grad = xc.grad = None
    v = torch.randn(2, 3, 9, 11, generator=g, dtype=torch.float64)
    rt.imresize(xs, 0.6).backward(v.to(memory_format=torch.channels_last))
    rt.imresize(xc, 0.6).backward(v)
    assert bits(xs.grad) == bits(xc.grad)


def test_empty_leading_dims():
    assert rt.imresize(torch.rand(2, 0, 9, 8), 0.5).shape == (2, 0, 5, 4)
    assert rt.imresize(torch.rand(0, 9, 8, dtype=torch.float16), 2).dtype == torch.float16


# ---------------------------------------------------------------------------------------------------
# Plans pickle: the spec and the input shape; the tables are rebuilt on load.

PLANS = [((40, 30), dict(scale=0.25)), ((40, 30, 3), dict(scale="1/3", boundary="legacy")),
         ((17, 29), dict(scale=(2.5, 0.4), method="lanczos3", antialiasing=False)),
         ((17, 29, 2, 2), dict(size=(5, None), method="nearest")), ((9, 9), dict(size=(float("nan"), 4))),
         ((9, 7), dict(size=(3, 12), method="box", antialiasing=True))]


def plan_fields(p):
    out = [p.input_shape, p.output_shape, p.order, p.method, p.antialiasing, p.boundary, repr(p)]
    for t in (p.rows, p.cols):
        out += [t.in_size, t.out_size, t.scale, t.kernel_width, t.antialiased, t.taps_full, t.taps]
        out += [a.dtype.str + a.tobytes().hex() for a in (t.u, t.left, t.kept, t.weights, t.indices)]
    return out


@pytest.mark.parametrize("shape,kw", PLANS)
def test_plan_pickle_round_trip(shape, kw):
    plan = resizelab.Plan(shape, **kw)
    image = np.random.default_rng(6).random(shape)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        back = pickle.loads(pickle.dumps(plan, protocol=protocol))
        assert type(back) is resizelab.Plan
        assert plan_fields(back) == plan_fields(plan)
        assert back(image).tobytes() == plan(image).tobytes()
    assert plan_fields(copy.deepcopy(plan)) == plan_fields(plan)
    base = resizelab._core.Plan(shape, **kw)  # the C++ class itself pickles too
    assert plan_fields(pickle.loads(pickle.dumps(base))) == plan_fields(plan)


def test_plan_pickle_keeps_the_request_not_the_derived_scale():
    # size=(5, None) on 17 rows is not scale 5/17: MATLAB derives the scale from the size, and the
    # pickle holds the size, so the columns (ceil(29 * 5/17) = 9) come back the same.
    plan = resizelab.Plan((17, 29), size=(5, None))
    assert plan.__getstate__() == ((17, 29), None, (5.0, None), "bicubic", None, "modern")
    assert pickle.loads(pickle.dumps(plan)).output_shape == (5, 9)


def test_bad_plan_state_is_a_clear_error():
    blank = resizelab.Plan.__new__(resizelab.Plan)
    with pytest.raises(ValueError, match="not a pickled resizelab.Plan"):
        blank.__setstate__(((4, 4), 0.5))
    with pytest.raises(ValueError, match="unknown method"):
        blank.__setstate__(((4, 4), (0.5, 0.5), None, "cubic2", None, "modern"))


def loader_results(plan, images, context):
    loader = torch.utils.data.DataLoader(PlanDataset(plan, images), batch_size=None, num_workers=2,
                                         multiprocessing_context=context, timeout=120)
    return list(loader)  # a worker that deadlocks fails here after `timeout` seconds


def loader_images():
    rng = np.random.default_rng(7)
    return [rng.random((300, 260)).astype(np.float32) for _ in range(6)]


@pytest.mark.parametrize("context", ["spawn", "fork"])
def test_dataloader_workers_resize_with_the_parents_plan(context):
    # spawn pickles the dataset, Plan included, into fresh interpreters; fork copies the parent, which
    # has resized already (its worker pool is running) when the workers start.
    plan = resizelab.Plan((300, 260), 0.37, method="lanczos3")
    images = loader_images()
    expected = [plan(im) for im in images]
    results = loader_results(plan, images, context)
    assert len(results) == len(images)
    assert {pid for pid, _ in results} - {os.getpid()} == {pid for pid, _ in results}  # all in workers
    for (_, got), want in zip(results, expected):
        assert got.numpy().tobytes() == want.tobytes()


FORK_CHILD = r"""
import os, sys, numpy as np, resizelab
image = np.random.default_rng(8).random((400, 400)).astype(np.float32)
want = resizelab.imresize(image, 0.5).tobytes()      # the parent's pool is running now
pid = os.fork()
if pid == 0:
    threads_before = len(os.listdir("/proc/self/task"))
    ok = all(resizelab.imresize(image, 0.5).tobytes() == want for _ in range(20))
    print("threads", threads_before, len(os.listdir("/proc/self/task")), flush=True)
    sys.exit(0 if ok else 3)                           # a normal exit: the C++ destructors run
_, status = os.waitpid(pid, 0)
print("child", os.waitstatus_to_exitcode(status), flush=True)
"""


def test_forked_child_resizes_and_exits():
    # os.fork after a resize, as process pools do; the child exits normally (DataLoader's workers leave
    # through os._exit, which skips the step that used to hang: the pool's destructor).
    try:
        r = subprocess.run([sys.executable, "-c", FORK_CHILD], capture_output=True, text=True, timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("a forked child did not finish in 120 s (deadlocked on the parent's thread pool)")
    assert r.returncode == 0, r.stderr
    lines = dict(line.split(" ", 1) for line in r.stdout.splitlines())
    assert lines["child"] == "0", r.stdout
    before, after = map(int, lines["threads"].split())
    if (os.cpu_count() or 1) > 1:  # the child starts workers of its own rather than running alone
        assert after > before, r.stdout
