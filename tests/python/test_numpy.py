# resizelab's numpy API: bit-for-bit agreement with the imresize command on random cases, Plan tables
# against an independent numpy transcription of MATLAB's contributions(), strides, argument errors,
# and the GIL released during a resize.
import math
import sys
import threading

import numpy as np
import pytest

import resizelab

METHODS = ["nearest", "bilinear", "bicubic", "box", "triangle", "lanczos2", "lanczos3"]
DTYPES = [np.uint8, np.uint16, np.float32, np.float64, np.int8, np.int16, np.int32, np.uint32, np.bool_]


def random_image(rng, rows, cols, channels, dtype):
    shape = (rows, cols) if channels == 1 and rng.random() < 0.5 else (rows, cols, channels)
    if dtype == np.bool_:
        return rng.random(shape) < 0.5
    if np.issubdtype(dtype, np.integer):
        info = np.iinfo(dtype)
        return rng.integers(info.min, info.max, size=shape, dtype=dtype, endpoint=True)
    return (rng.random(shape) * 3 - 1).astype(dtype)


def random_cases(n, seed):
    rng = np.random.default_rng(seed)
    cases = []
    for i in range(n):
        method = METHODS[i % len(METHODS)]
        dtype = DTYPES[(i // len(METHODS)) % len(DTYPES)]
        channels = 1 + i % 5
        boundary = "legacy" if i % 2 else "modern"
        rows, cols = int(rng.integers(1, 40)), int(rng.integers(1, 40))
        kind = i % 4
        if kind == 0:
            resize = dict(scale=float(rng.choice([0.25, 1 / 3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0])))
        elif kind == 1:
            resize = dict(scale=(float(rng.uniform(0.2, 3)), float(rng.uniform(0.2, 3))))
        elif kind == 2:
            resize = dict(size=(int(rng.integers(1, 60)), int(rng.integers(1, 60))))
        else:
            resize = dict(size=(int(rng.integers(1, 60)), math.nan) if rng.random() < 0.5
                          else (None, int(rng.integers(1, 60))))
        aa = [None, True, False][i % 3]
        cases.append((random_image(rng, rows, cols, channels, dtype), resize, method, aa, boundary))
    return cases


def command_args(resize, method, aa, boundary):
    args = ["--method", method, "--boundary", boundary]
    if aa is not None:
        args += ["--antialiasing", "on" if aa else "off"]
    if "scale" in resize:
        s = resize["scale"]
        s = s if isinstance(s, tuple) else (s, s)
        args += ["--scale", f"{s[0]!r},{s[1]!r}"]
    else:
        r, c = resize["size"]
        fmt = lambda v: "NaN" if v is None or (isinstance(v, float) and math.isnan(v)) else str(v)
        args += ["--size", f"{fmt(r)},{fmt(c)}"]
    return args


@pytest.mark.parametrize("case", range(189))
def test_random_case_matches_command(case, run_command):
    image, resize, method, aa, boundary = random_cases(189, 2024)[case]
    before = image.copy()
    try:
        expected = run_command(image, command_args(resize, method, aa, boundary))
    except AssertionError as e:
        # The command refused the case (e.g. an empty result); the module must refuse it too.
        with pytest.raises(ValueError):
            resizelab.imresize(image, **resize, method=method, antialiasing=aa, boundary=boundary)
        assert "imresize" in str(e)
        return
    out = resizelab.imresize(image, **resize, method=method, antialiasing=aa, boundary=boundary)
    assert out.dtype == image.dtype
    expected = expected.reshape(out.shape) if expected.size == out.size else expected
    assert out.shape == expected.shape
    assert out.tobytes() == expected.tobytes()
    assert np.array_equal(image, before)


# imresize() keeps the plans it made last: calls on one image shape whose arguments differ in one
# field each (scale, size with a NaN side, method, antialiasing, boundary, channel count) must each get
# their own plan, first made and then found again, every result the command's.
def test_repeated_calls_reuse_plans_without_mixing_them(run_command):
    rng = np.random.default_rng(7)
    gray = (rng.random((23, 31)) * 3 - 1).astype(np.float32)
    rgb = (rng.random((23, 31, 3)) * 3 - 1).astype(np.float32)
    calls = [(gray, dict(scale=0.5), "bicubic", None, "modern"),
             (gray, dict(scale=0.5), "bicubic", False, "modern"),
             (gray, dict(scale=0.5), "bicubic", None, "legacy"),
             (gray, dict(scale=0.5), "bilinear", None, "modern"),
             (gray, dict(scale=(0.5, 0.6)), "bicubic", None, "modern"),
             (gray, dict(size=(9, math.nan)), "bicubic", None, "modern"),
             (gray, dict(size=(math.nan, 9)), "bicubic", None, "modern"),
             (rgb, dict(scale=0.5), "bicubic", None, "modern")]
    expected = [run_command(im, command_args(r, m, aa, b)) for im, r, m, aa, b in calls]
    for order in (range(len(calls)), reversed(range(len(calls))), [0, 7, 1, 6, 2, 5, 3, 4]):
        for i in order:
            im, r, m, aa, b = calls[i]
            out = resizelab.imresize(im, **r, method=m, antialiasing=aa, boundary=b)
            want = expected[i].reshape(out.shape) if expected[i].size == out.size else expected[i]
            assert out.shape == want.shape, calls[i][1:]
            assert out.tobytes() == want.tobytes(), calls[i][1:]


# An independent transcription of MATLAB's imresize.m contributions() and kernels, for the tables.
def cubic(x):
    a = np.abs(x)
    return ((1.5 * a**3 - 2.5 * a**2 + 1) * (a <= 1) + (-0.5 * a**3 + 2.5 * a**2 - 4 * a + 2) * ((1 < a) & (a <= 2)))


def lanczos(n):
    def f(x):
        with np.errstate(invalid="ignore", divide="ignore"):
            v = (np.sin(np.pi * x) * np.sin(np.pi * x / n) + np.finfo(float).eps) / (
                (np.pi**2 * x**2 / n) + np.finfo(float).eps)
        return v * (np.abs(x) < n)
    return f


KERNELS = {
    "nearest": (lambda x: ((-0.5 <= x) & (x < 0.5)).astype(float), 1.0),
    "box": (lambda x: ((-0.5 <= x) & (x < 0.5)).astype(float), 1.0),
    "bilinear": (lambda x: (x + 1) * ((-1 <= x) & (x < 0)) + (1 - x) * ((0 <= x) & (x <= 1)), 2.0),
    "triangle": (lambda x: (x + 1) * ((-1 <= x) & (x < 0)) + (1 - x) * ((0 <= x) & (x <= 1)), 2.0),
    "bicubic": (cubic, 4.0),
    "lanczos2": (lanczos(2), 4.0),
    "lanczos3": (lanczos(3), 6.0),
}


def contributions(in_len, out_len, scale, method, aa, boundary):
    kernel, width = KERNELS[method]
    if scale < 1 and aa:
        h = lambda x: scale * kernel(scale * x)
        width = width / scale
    else:
        h = kernel
    x = np.arange(1, out_len + 1, dtype=float)
    u = x / scale + 0.5 * (1 - 1 / scale)
    left = np.floor(u - width / 2)
    p = int(math.ceil(width)) + 2
    ind = left[:, None] + np.arange(p)[None, :]
    w = h(u[:, None] - ind)
    w = w / w.sum(axis=1, keepdims=True)
    if boundary == "modern":
        aux = np.concatenate([np.arange(1, in_len + 1), np.arange(in_len, 0, -1)])
        ind = aux[np.mod(ind - 1, aux.size).astype(int)]
    else:
        ind = np.clip(ind, 1, in_len)
    keep = np.flatnonzero(np.any(w != 0, axis=0))
    return u, left.astype(int), keep, w[:, keep], ind[:, keep].astype(int) - 1


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("boundary", ["modern", "legacy"])
@pytest.mark.parametrize("shape,scale", [((17, 9), 0.3), ((5, 12), 2.5), ((1, 7), (3.0, 0.5)), ((40, 33), 1.0)])
def test_plan_tables_match_matlab_contributions(method, boundary, shape, scale):
    plan = resizelab.Plan(shape, scale, method=method, boundary=boundary)
    aa = method != "nearest"
    assert plan.antialiasing == aa and plan.boundary == boundary and plan.method == method
    scales = scale if isinstance(scale, tuple) else (scale, scale)
    # The smaller scale goes first, rows on a tie.
    assert plan.order == (("rows", "cols") if scales[0] <= scales[1] else ("cols", "rows"))
    for table, n, s in ((plan.rows, shape[0], scales[0]), (plan.cols, shape[1], scales[1])):
        out_len = math.ceil(n * s)
        u, left, keep, w, ind = contributions(n, out_len, s, method, aa, boundary)
        assert (table.in_size, table.out_size, table.taps) == (n, out_len, w.shape[1])
        assert table.antialiased == (aa and s < 1)
        np.testing.assert_array_equal(table.u, u)
        np.testing.assert_array_equal(table.left, left)
        np.testing.assert_array_equal(table.kept, keep)
        np.testing.assert_array_equal(table.indices, ind)
        np.testing.assert_allclose(table.weights, w, rtol=0, atol=1e-14)
        assert table.weights.dtype == np.float64 and table.weights.shape == (out_len, w.shape[1])
        for arr in (table.u, table.left, table.kept, table.weights, table.indices):
            assert not arr.flags.writeable
    assert plan.output_shape == (math.ceil(shape[0] * scales[0]), math.ceil(shape[1] * scales[1]))


def test_table_arrays_outlive_the_plan():
    w = resizelab.Plan((9, 9), 0.5).rows.weights
    np.testing.assert_allclose(w.sum(axis=1), 1.0, rtol=0, atol=1e-15)
    with pytest.raises(ValueError):
        w[0, 0] = 1.0


def test_plan_call_equals_imresize_and_keeps_trailing_axes():
    rng = np.random.default_rng(1)
    img = rng.integers(0, 256, size=(31, 23, 2, 3), dtype=np.uint8)
    plan = resizelab.Plan(img.shape, size=(12, None), method="lanczos3")
    assert plan.output_shape == (12, 9, 2, 3) and plan.input_shape == img.shape
    out = plan(img)
    assert out.shape == (12, 9, 2, 3)
    assert np.array_equal(out, resizelab.imresize(img, size=(12, math.nan), method="lanczos3"))
    # Trailing axes are channels: equal to resizing each one alone.
    for a in range(2):
        for b in range(3):
            assert np.array_equal(out[:, :, a, b], plan.__class__((31, 23), size=(12, None),
                                                                  method="lanczos3")(img[:, :, a, b].copy()))


@pytest.mark.parametrize("dtype", DTYPES)
def test_plan_call_into_out_writes_the_same_bits_there(dtype):
    rng = np.random.default_rng(5)
    img = random_image(rng, 37, 29, 3, dtype)
    for method in ("bicubic", "nearest"):
        plan = resizelab.Plan(img.shape, 0.7, method=method)
        want = plan(img)
        out = np.zeros(plan.output_shape, dtype=img.dtype)
        assert plan(img, out=out) is out  # returned, written in place
        assert out.tobytes() == want.tobytes()
        # A strided view of the input still writes into out (the input is copied, not the output).
        view = np.ascontiguousarray(img[::-1])[::-1]
        assert plan(view, out=out) is out and out.tobytes() == want.tobytes()


def test_plan_call_refuses_an_out_it_cannot_write_in_one_line():
    img = np.zeros((20, 30, 3), dtype=np.uint8)
    plan = resizelab.Plan(img.shape, 0.5)
    good = np.zeros(plan.output_shape, dtype=np.uint8)
    with pytest.raises(TypeError, match="out must be a numpy array, got list"):
        plan(img, out=[0])
    with pytest.raises(TypeError, match="out has dtype float32, the image uint8"):
        plan(img, out=good.astype(np.float32))
    with pytest.raises(ValueError, match=r"out has shape \(10, 15\), the plan's output is \(10, 15, 3\)"):
        plan(img, out=good[:, :, 0].copy())
    with pytest.raises(ValueError, match="out must be C-contiguous"):
        plan(img, out=np.zeros((10, 30, 3), dtype=np.uint8)[:, ::2])
    ro = good.copy()
    ro.setflags(write=False)
    with pytest.raises(ValueError, match="out is read-only"):
        plan(img, out=ro)
    # The output inside the input's memory: refused, and the input untouched.
    big = np.arange(20 * 30 * 3, dtype=np.uint8).reshape(20, 30, 3)
    before = big.copy()
    inside = big.reshape(-1)[: good.size].reshape(good.shape)
    with pytest.raises(ValueError, match="out overlaps the image"):
        plan(big, out=inside)
    assert np.array_equal(big, before)


@pytest.mark.parametrize("dtype", DTYPES)
def test_any_strides_give_the_same_bits(dtype):
    rng = np.random.default_rng(2)
    base = random_image(rng, 40, 50, 3, dtype)
    if base.ndim == 2:
        base = base[:, :, None].repeat(3, axis=2)
    views = [base[::2, 1::3], base.transpose(1, 0, 2), np.asfortranarray(base), base[::-1, :, ::-1],
             base[:, :, 1]]
    for v in views:
        before = v.copy()
        out = resizelab.imresize(v, 0.6, method="bicubic")
        assert out.tobytes() == resizelab.imresize(np.ascontiguousarray(v), 0.6).tobytes()
        assert np.array_equal(v, before)
        assert out.flags.c_contiguous and out.flags.writeable and out.dtype == dtype


def test_outputs_own_their_memory():
    img = np.arange(64, dtype=np.float64).reshape(8, 8)
    out = resizelab.imresize(img, 0.5)
    out[:] = 0  # writeable, and not the input's memory
    assert img[3, 3] == 27
    del img
    assert out.sum() == 0


def test_size_nan_keeps_aspect_ratio_and_string_forms():
    img = np.zeros((100, 50), np.uint8)
    assert resizelab.imresize(img, size=(50, None)).shape == (50, 25)
    assert resizelab.imresize(img, size=(float("nan"), 10)).shape == (20, 10)
    assert resizelab.imresize(img, "1/4").shape == (25, 13)
    assert resizelab.imresize(img, size="10,NaN").shape == (10, 5)
    assert resizelab.imresize(img, (0.5, 2)).shape == (50, 100)


def test_backward_is_the_adjoint():
    rng = np.random.default_rng(3)
    for method in METHODS:
        for shape, scale in (((23, 17, 2), 0.37), ((7, 9, 1), 2.3)):
            plan = resizelab.Plan(shape, scale, method=method, boundary="legacy")
            x = rng.standard_normal(shape)
            y = rng.standard_normal(plan.output_shape)
            ax = plan(x)
            aty = resizelab.imresize_backward(y, plan)
            assert aty.shape == x.shape and aty.dtype == np.float64
            lhs, rhs = float(np.sum(ax * y)), float(np.sum(x * aty))
            assert abs(lhs - rhs) <= 1e-12 * max(1.0, abs(lhs))


def test_backward_matches_dense_transpose():
    # A built column by column from the forward pass; A^T y must equal the backward pass.
    plan = resizelab.Plan((6, 5), (0.5, 1.7), method="lanczos2")
    a = np.zeros((np.prod(plan.output_shape), 30))
    for k in range(30):
        e = np.zeros(30)
        e[k] = 1
        a[:, k] = plan(e.reshape(6, 5)).ravel()
    y = np.random.default_rng(4).standard_normal(plan.output_shape)
    np.testing.assert_allclose(resizelab.imresize_backward(y, plan).ravel(), a.T @ y.ravel(), rtol=0, atol=1e-13)
    g32 = resizelab.imresize_backward(y.astype(np.float32), plan)
    assert g32.dtype == np.float32


BAD = [
    (lambda: resizelab.imresize(np.zeros((4, 4)), 0.5, method="cubicc"), ValueError,
     "unknown method 'cubicc' (use nearest, bilinear, bicubic, box, triangle, lanczos2 or lanczos3)"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), 0.5, boundary="mirror"), ValueError, "unknown boundary"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), -1), ValueError, "scale must be a positive"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), math.inf), ValueError, "scale must be a positive"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), math.nan), ValueError, "scale must be a positive"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), "1/0"), ValueError, "divides by zero"),
    (lambda: resizelab.imresize(np.zeros((4, 4))), ValueError, "either a scale or an output size"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), 0.5, size=(2, 2)), ValueError, "either a scale"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), size=(None, None)), ValueError, "at most one"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), size=(2.5, 3)), ValueError, "positive integers"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), size=(0, 3)), ValueError, "positive integers"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), size=(1, 2, 3)), ValueError, "two (rows, cols)"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), size=5), TypeError, "size must be"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), ("a", 1)), TypeError, "scale entries"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), 1e-9), ValueError, "over the limit"),
    (lambda: resizelab.imresize(np.zeros((0, 4)), 0.5), ValueError, "empty"),
    (lambda: resizelab.imresize(np.zeros(4), 0.5), ValueError, "at least two axes"),
    (lambda: resizelab.imresize(np.zeros((4, 4, 0)), 0.5), ValueError, "no channels"),
    (lambda: resizelab.imresize(np.zeros((4, 4), np.float16), 0.5), TypeError, "uint8, uint16, float32, float64"),
    (lambda: resizelab.imresize(np.zeros((4, 4), np.complex128), 0.5), TypeError, "unsupported dtype"),
    (lambda: resizelab.imresize(np.zeros((4, 4), object), 0.5), TypeError, "unsupported dtype"),
    (lambda: resizelab.imresize(np.zeros((4, 4), ">f8"), 0.5), TypeError, "byte order"),
    (lambda: resizelab.imresize(np.zeros((4, 4), np.int64), 0.5), TypeError, "unsupported dtype"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), 0.5, device="tpu"), ValueError, "device must be"),
    (lambda: resizelab.imresize(np.zeros((4, 4)), 0.5, antialiasing="yes"), TypeError, ""),
    (lambda: resizelab.Plan((4, 4), 0.5)(np.zeros((5, 4))), ValueError, "the plan was made for 4x4"),
    (lambda: resizelab.Plan((4,), 0.5), ValueError, "at least two axes"),
    (lambda: resizelab.imresize_backward(np.zeros((2, 2), np.uint8), resizelab.Plan((4, 4), 0.5)), TypeError,
     "float32 and float64"),
    (lambda: resizelab.imresize_backward(np.zeros((3, 2)), resizelab.Plan((4, 4), 0.5)), ValueError,
     "the plan's output is 2x2"),
]


@pytest.mark.parametrize("index", range(len(BAD)))
def test_bad_arguments_raise_one_line(index):
    call, exc, text = BAD[index]
    with pytest.raises(exc) as info:
        call()
    msg = str(info.value)
    assert msg and "\n" not in msg and text in msg


def test_logical_is_resized_as_matlab_does():
    # MATLAB resizes a logical image as uint8 0/255 and keeps the values > 128 (docs/MATLAB.md).
    rng = np.random.default_rng(11)
    mask = rng.random((37, 29)) < 0.4
    for method in METHODS:
        out = resizelab.imresize(mask, 0.37, method=method)
        via_uint8 = resizelab.imresize(mask.astype(np.uint8) * 255, 0.37, method=method) > 128
        assert out.dtype == np.bool_ and out.shape == via_uint8.shape
        assert np.array_equal(out, via_uint8)


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32])
def test_signed_rounding_at_ties(dtype):
    # Bilinear 2 -> 1 samples halfway between the two pixels: -2.5 and 2.5 exactly, which MATLAB's
    # cast rounds away from zero.
    neg = resizelab.imresize(np.array([[-2, -3]], dtype), size=(1, 1), method="bilinear", antialiasing=False)
    pos = resizelab.imresize(np.array([[2, 3]], dtype), size=(1, 1), method="bilinear", antialiasing=False)
    assert neg.dtype == dtype and neg.tolist() == [[-3]]
    assert pos.tolist() == [[3]]


def test_device_policy_without_a_device():
    ok, why = resizelab.cuda_status()
    img = np.random.default_rng(5).random((20, 20))
    auto = resizelab.imresize(img, 0.5, device="auto")
    assert auto.tobytes() == resizelab.imresize(img, 0.5).tobytes()
    if ok:
        pytest.skip("a CUDA device is usable here; tests/python/test_gpu.py covers it")
    assert why and "\n" not in why
    with pytest.raises(RuntimeError, match="device cuda: "):
        resizelab.imresize(img, 0.5, device="cuda")
    # The plan's call and the backward pass take the same rule and say the same line.
    plan = resizelab.Plan(img.shape, 0.5)
    assert plan(img, device="auto").tobytes() == auto.tobytes()
    grad = np.random.default_rng(7).random(auto.shape)
    cpu_grad = resizelab.imresize_backward(grad, plan)
    assert resizelab.imresize_backward(grad, plan, device="auto").tobytes() == cpu_grad.tobytes()
    for call in (lambda: plan(img, device="cuda"), lambda: resizelab.imresize_backward(grad, plan, device="gpu")):
        with pytest.raises(RuntimeError) as e:
            call()
        assert str(e.value) == f"--device cuda: no usable CUDA device: {why}"


def test_gil_is_released_during_a_resize():
    # Counts, not clocks. The switch interval is made longer than the test, so the interpreter never
    # takes the GIL from a thread: it changes hands only where a thread gives it up (a blocking wait,
    # or a C++ call that releases it). The worker reads the main thread's counter right before and right
    # after one resize; the main thread, woken by `entered` just before that resize, can only run (and
    # count to N) if the worker gives up the GIL, and the worker cannot read the counter again until
    # the main thread has counted to N and blocks. So a resize that holds the GIL reads 0 -> 0; one that
    # releases it reads 0 -> N. (The image is large so that the main thread, already woken, is sure to
    # get the GIL before the resize ends; that bounds nothing the test asserts on.)
    n = 10_000
    img = np.random.default_rng(6).random((1500, 1500, 3))
    plan = resizelab.Plan(img.shape, 0.77, method="lanczos3")
    count = [0]
    seen = {}
    entered, done = threading.Event(), threading.Event()

    def worker():
        seen["before"] = count[0]
        entered.set()
        plan(img)
        seen["after"] = count[0]
        done.set()

    old = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    try:
        t = threading.Thread(target=worker)
        t.start()
        assert entered.wait(60)
        for _ in range(n):
            count[0] += 1
        assert done.wait(60)
        t.join()
    finally:
        sys.setswitchinterval(old)
    assert seen == {"before": 0, "after": n}, \
        f"the main thread counted {seen['after'] - seen['before']} of {n} during the resize (0: the GIL was held)"
