"""resizelab.torch: MATLAB-exact, differentiable imresize on PyTorch tensors (CPU and CUDA).

    from resizelab.torch import imresize
    y = imresize(x, 1/4)            # x: (..., H, W); float32/float64 differentiable, integers forward only

The backward pass is the core's exact adjoint (never torch ops). CPU tensors are resized in place in
their own memory with the GIL released; CUDA tensors stay on their device and run on torch's current
stream.
"""

import torch

from . import _core

_FLOAT = (torch.float32, torch.float64)
_DTYPES = {torch.uint8: "uint8", torch.int16: "int16", torch.int32: "int32", torch.float32: "float32",
           torch.float64: "float64", torch.int8: "int8", torch.bool: "bool"}
if hasattr(torch, "uint16"):  # torch 2.3 and later
    _DTYPES[torch.uint16] = "uint16"


def _dtype_name(dtype):
    # The module decides what it supports (one table in C++); torch-only dtypes get the same TypeError.
    name = _DTYPES.get(dtype)
    if name is None:
        supported = ", ".join(str(d) for d in _core.supported_dtypes())
        raise TypeError(f"unsupported dtype {dtype}; supported: {supported}")
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


def _planar(x):
    # (..., H, W) -> (B, H, W), contiguous; a view when x already is.
    return x.contiguous().reshape(-1, x.shape[-2], x.shape[-1])


def _cuda_stream(t):
    return torch.cuda.current_stream(t.device).cuda_stream


def _apply(plan, x, backward):
    src = _planar(x)
    rows, cols = (plan.input_shape if backward else plan.output_shape)[:2]
    dst = torch.empty((src.shape[0], rows, cols), dtype=x.dtype, device=x.device)
    if src.shape[0] == 0:
        return dst.reshape(*x.shape[:-2], rows, cols)
    if x.is_cuda:
        with torch.cuda.device(x.device):
            _core._device_planar(plan, _dtype_name(x.dtype), src.shape[0], src.data_ptr(), dst.data_ptr(),
                                 _cuda_stream(x), backward)
    elif x.device.type == "cpu":
        # .numpy() shares memory with the tensor: no copy in or out.
        (_core._backward_planar if backward else _core._run_planar)(plan, src.detach().numpy(), dst.numpy())
    else:
        raise RuntimeError(f"resizelab.torch resizes CPU and CUDA tensors, got a tensor on {x.device}")
    return dst.reshape(*x.shape[:-2], rows, cols)


class _ImresizeFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, plan):
        ctx.plan = plan
        return _apply(plan, x, backward=False)

    @staticmethod
    def backward(ctx, grad_output):
        return _apply(ctx.plan, grad_output, backward=True), None


def imresize(x, scale=None, *, size=None, method="bicubic", antialiasing=None, boundary="modern"):
    """MATLAB's imresize on the last two dims of x (any leading shape), on x's device, in x's dtype.

    scale: a number, a (rows, cols) pair or a string such as "1/3"; size: (rows, cols) with None or NaN
    on the side that keeps the aspect ratio. method, antialiasing and boundary ("modern" | "legacy") as
    in the imresize command. float32/float64 are differentiable (the exact adjoint); integer dtypes
    are resized forward only, rounded after each pass as MATLAB does.
    """
    plan = _plan(x, scale, size, method, antialiasing, boundary)
    _dtype_name(x.dtype)
    if x.dtype in _FLOAT and x.requires_grad and torch.is_grad_enabled():
        return _ImresizeFunction.apply(x, plan)
    with torch.no_grad():
        return _apply(plan, x, backward=False)


def imresize_backward(grad_output, plan):
    """The exact adjoint for a plan made for the last two dims (float32/float64 tensors)."""
    return _apply(plan, grad_output, backward=True)


# torch.compile can trace a registered op (torch 2.4 and later); the autograd Function above is what
# runs on every torch, including Debian's 1.13.
if hasattr(torch, "library") and hasattr(torch.library, "custom_op"):
    @torch.library.custom_op("resizelab::imresize", mutates_args=())
    def _imresize_op(x: torch.Tensor, rows_scale: float, cols_scale: float, method: str, antialiasing: int,
                     boundary: str) -> torch.Tensor:
        aa = None if antialiasing < 0 else bool(antialiasing)
        return _apply(_plan(x, (rows_scale, cols_scale), None, method, aa, boundary), x, backward=False)

    @_imresize_op.register_fake
    def _(x, rows_scale, cols_scale, method, antialiasing, boundary):
        aa = None if antialiasing < 0 else bool(antialiasing)
        plan = _plan(x, (rows_scale, cols_scale), None, method, aa, boundary)
        return x.new_empty((*x.shape[:-2], *plan.output_shape[:2]))

    def _op_setup(ctx, inputs, output):
        x, rows_scale, cols_scale, method, antialiasing, boundary = inputs
        aa = None if antialiasing < 0 else bool(antialiasing)
        ctx.plan = _plan(x, (rows_scale, cols_scale), None, method, aa, boundary)

    def _op_backward(ctx, grad):
        return _apply(ctx.plan, grad, backward=True), None, None, None, None, None

    _imresize_op.register_autograd(_op_backward, setup_context=_op_setup)
