"""resizelab.torch: MATLAB-exact, differentiable imresize on PyTorch tensors (CPU and CUDA).

    from resizelab.torch import imresize
    y = imresize(x, 1/4)            # x: (..., H, W); float tensors differentiable, integers forward only

The backward pass is the core's exact adjoint (never torch ops). CPU tensors are resized in place in
their own memory with the GIL released (channels_last too, as images of interleaved channels, and
returned channels_last; other layouts through one contiguous copy); CUDA tensors stay on their device and run on torch's current stream. float16 and bfloat16 are
computed in float32 and rounded to the input's dtype (not a MATLAB result: MATLAB has no half type).
Where torch has torch.library.custom_op (2.4 and later) the layer is the op resizelab::imresize, which
torch.compile can trace.
"""

import math

import torch

from . import _core

# float16/bfloat16 run through float32: the core has no half type, and MATLAB none to match.
_HALF = (torch.float16, torch.bfloat16)
_FLOAT = (torch.float32, torch.float64) + _HALF  # the differentiable dtypes
_DTYPES = {torch.uint8: "uint8", torch.int16: "int16", torch.int32: "int32", torch.float32: "float32",
           torch.float64: "float64", torch.int8: "int8", torch.bool: "bool"}
if hasattr(torch, "uint16"):  # torch 2.3 and later
    _DTYPES[torch.uint16] = "uint16"


def _dtype_name(dtype):
    # The module decides what it supports (one table in C++); torch-only dtypes get the same TypeError.
    name = _DTYPES.get(dtype)
    if name is None:
        supported = ", ".join(str(d) for d in _core.supported_dtypes())
        raise TypeError(f"unsupported dtype {dtype}; supported: {supported}, and float16 and bfloat16 "
                        "(computed in float32)")
    import numpy
    _core.check_dtype(numpy.dtype(name))
    return name


def _plan(x, scale, size, method, antialiasing, boundary):
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"x must be a torch.Tensor, got {type(x).__name__}")
    if x.dim() < 2:
        raise ValueError(f"x needs at least two dims (..., H, W), got {x.dim()}")
    return _core.Plan(tuple(x.shape[-2:]), scale, size=size, method=method, antialiasing=antialiasing,
                      boundary=boundary)


def _channels_inner(x):
    # (..., C, H, W) whose channels are innermost in memory (channels_last, or an H x W x C array seen
    # through .permute(2, 0, 1)): the core reads it as it lies, as images of C interleaved channels.
    return x.dim() >= 3 and x.shape[-3] > 1 and not x.is_contiguous() and x.movedim(-3, -1).is_contiguous()


def _empty_output(x, rows, cols, interleaved):
    """The core's output batch and, a view of it, the result (..., rows, cols) in x's layout kind."""
    if interleaved:
        dst = torch.empty((*x.shape[:-3], rows, cols, x.shape[-3]), dtype=x.dtype, device=x.device)
        return dst.reshape(-1, rows, cols, x.shape[-3]), dst.movedim(-1, -3)
    dst = torch.empty((*x.shape[:-2], rows, cols), dtype=x.dtype, device=x.device)
    return dst.reshape(-1, rows, cols), dst


def _cuda_stream(t):
    return torch.cuda.current_stream(t.device).cuda_stream


def _apply(plan, x, backward):
    if x.dtype in _HALF:
        # The float32 result (or gradient), rounded to nearest-even by .to() (which keeps the layout).
        return _apply(plan, x.float(), backward).to(x.dtype)
    rows, cols = (plan.input_shape if backward else plan.output_shape)[:2]
    interleaved = _channels_inner(x)
    # (B, H, W, C) as x lies, or (B, H, W) planes: a view when x is contiguous, else one copy.
    src = x.movedim(-3, -1).reshape(-1, *x.shape[-2:], x.shape[-3]) if interleaved else \
        x.contiguous().reshape(-1, *x.shape[-2:])
    dst, out = _empty_output(x, rows, cols, interleaved)
    if src.shape[0] == 0:
        return out
    if x.is_cuda:
        with torch.cuda.device(x.device):
            _core._device_planar(plan, _dtype_name(x.dtype), src.shape[0], src.data_ptr(), dst.data_ptr(),
                                 _cuda_stream(x), backward, channels=x.shape[-3] if interleaved else 1)
    elif x.device.type == "cpu":
        # .numpy() shares memory with the tensor: no copy in or out.
        (_core._backward_planar if backward else _core._run_planar)(plan, src.detach().numpy(), dst.numpy())
    else:
        raise RuntimeError(f"resizelab.torch resizes CPU and CUDA tensors, got a tensor on {x.device}")
    return out


class _ImresizeFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, plan):
        ctx.plan = plan
        return _apply(plan, x, backward=False)

    @staticmethod
    def backward(ctx, grad_output):
        return _apply(ctx.plan, grad_output, backward=True), None


def _check_dtype(dtype):
    if dtype not in _HALF:
        _dtype_name(dtype)


def imresize(x, scale=None, *, size=None, method="bicubic", antialiasing=None, boundary="modern"):
    """MATLAB's imresize on the last two dims of x (any leading shape, any layout), on x's device, in x's dtype.

    scale: a number, a (rows, cols) pair or a string such as "1/3"; size: (rows, cols) with None or NaN
    on the side that keeps the aspect ratio. method, antialiasing and boundary ("modern" | "legacy") as
    in the imresize command. float32/float64 are differentiable (the exact adjoint); float16/bfloat16
    are computed in float32 and rounded to nearest-even, gradients too; integer dtypes are resized
    forward only, rounded after each pass as MATLAB does. A channels_last x gives a channels_last
    result; any other layout a contiguous one; the values are those of x.contiguous() in every case.
    """
    plan = _plan(x, scale, size, method, antialiasing, boundary)
    _check_dtype(x.dtype)
    if _op is not None:
        return _op(x, *_op_spec(plan))
    if x.dtype in _FLOAT and x.requires_grad and torch.is_grad_enabled():
        return _ImresizeFunction.apply(x, plan)
    with torch.no_grad():
        return _apply(plan, x, backward=False)


def imresize_backward(grad_output, plan):
    """The exact adjoint for a plan made for the last two dims (float tensors; half types via float32)."""
    return _apply(plan, grad_output, backward=True)


# ---------------------------------------------------------------------------------------------------
# torch.compile: a custom op (torch 2.4 and later) carries the plan as scalars, a fake kernel gives
# the output's shape without running the resize, and its autograd is the same exact adjoint.
_NAN = float("nan")


def _custom_op_available(library):
    """Whether `library` (torch.library) can register custom ops: torch.library.custom_op, torch 2.4+."""
    return callable(getattr(library, "custom_op", None))


def _op_spec(plan):
    # The plan's pickle state (the parsed arguments) as the op's scalars: NaN for an absent value,
    # antialiasing -1 for MATLAB's default.
    _, scale, size, method, aa, boundary = plan.__getstate__()
    rows_scale, cols_scale = scale if scale is not None else (_NAN, _NAN)
    rows_size, cols_size = (_NAN if v is None else v for v in size) if size is not None else (_NAN, _NAN)
    return rows_scale, cols_scale, rows_size, cols_size, method, -1 if aa is None else int(aa), boundary


def _op_plan(x, rows_scale, cols_scale, rows_size, cols_size, method, antialiasing, boundary):
    scale = None if math.isnan(rows_scale) else (rows_scale, cols_scale)
    size = None if scale is not None else tuple(None if math.isnan(v) else v for v in (rows_size, cols_size))
    aa = None if antialiasing < 0 else bool(antialiasing)
    return _plan(x, scale, size, method, aa, boundary)


def _register_op(library):
    """Registers resizelab::imresize with `library` (torch.library) and returns the op."""
    @library.custom_op("resizelab::imresize", mutates_args=())
    def op(x: torch.Tensor, rows_scale: float, cols_scale: float, rows_size: float, cols_size: float,
           method: str, antialiasing: int, boundary: str) -> torch.Tensor:
        return _apply(_op_plan(x, rows_scale, cols_scale, rows_size, cols_size, method, antialiasing,
                               boundary), x, backward=False)

    @op.register_fake
    def _(x, *spec):
        rows, cols = _op_plan(x, *spec).output_shape[:2]
        return _empty_output(x, rows, cols, _channels_inner(x))[1]

    def setup_context(ctx, inputs, output):
        ctx.plan = _op_plan(*inputs)

    def backward(ctx, grad):
        return (_apply(ctx.plan, grad, backward=True),) + (None,) * 7

    op.register_autograd(backward, setup_context=setup_context)
    return op


# The autograd Function above is what runs where the op cannot be registered (Debian's torch 1.13).
_op = _register_op(torch.library) if _custom_op_available(getattr(torch, "library", None)) else None
