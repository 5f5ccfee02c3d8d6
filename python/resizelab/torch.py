"""resizelab.torch: MATLAB-exact, differentiable imresize on PyTorch tensors (CPU and CUDA).

    from resizelab.torch import imresize
    y = imresize(x, 1/4)            # x: (..., H, W); float tensors differentiable, integers forward only

The backward pass is the core's exact adjoint (never torch ops). CPU tensors are resized in place in
their own memory with the GIL released (channels_last too, as images of interleaved channels, and
returned channels_last; other layouts through one contiguous copy); CUDA tensors stay on their device and run on torch's current stream. float16 and bfloat16 are
computed in float32 and rounded to the input's dtype (not a MATLAB result: MATLAB has no half type).
The layer is the operator resizelab::imresize (torch.library, torch 1.13 and later), with its adjoint
resizelab::imresize_adjoint: torch.jit.trace records it, torch.jit.script compiles calls to imresize
(scale a float or a pair of floats, size a pair of floats), torch.compile sees one op with a fake
kernel. The layer is linear, so the adjoint's own gradient is the resize: gradients of gradients
(create_graph=True, gradient penalties) are exact.
"""

import functools
import math
import numbers

import torch

from . import _core
from ._threads import prepare as _prepare_threads

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
    # An image's elements against the module's limit before the copies below (.float(), .contiguous()):
    # an expanded tensor can be far larger than its memory.
    _core._check_image_elements((*x.shape[-2:], x.shape[-3]) if _channels_inner(x) else tuple(x.shape[-2:]),
                                "x")
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
        _prepare_threads()
        # .numpy() shares memory with the tensor: no copy in or out.
        (_core._backward_planar if backward else _core._run_planar)(plan, src.detach().numpy(), dst.numpy())
    else:
        raise RuntimeError(f"resizelab.torch resizes CPU and CUDA tensors, got a tensor on {x.device}")
    return out



def _check_dtype(dtype):
    if dtype not in _HALF:
        _dtype_name(dtype)


# ---------------------------------------------------------------------------------------------------
# The operators. Their arguments are the plan's request as the Plan pickles it (scale or size as a pair
# of floats, NaN for a side that keeps the aspect ratio), so the kernels build the same plan.
_SPEC_SCHEMA = 'float[2]? scale=None, float[2]? size=None, str method="bicubic", bool? antialiasing=None, ' \
               'str boundary="modern"'
_SCHEMAS = {"imresize": f"imresize(Tensor x, {_SPEC_SCHEMA}) -> Tensor",
            "imresize_adjoint": f"imresize_adjoint(Tensor grad_output, int[2] input_size, {_SPEC_SCHEMA}) -> Tensor"}


def _pair(values, nan_is_none):
    if values is None:
        return None
    out = tuple(float(v) for v in values)
    return tuple(None if math.isnan(v) else v for v in out) if nan_is_none else out


@functools.lru_cache(maxsize=64)
def _cached_plan(rows, cols, scale, size, method, antialiasing, boundary):
    return _core.Plan((rows, cols), scale, size=size, method=method, antialiasing=antialiasing, boundary=boundary)


def _spec_plan(rows, cols, scale, size, method, antialiasing, boundary):
    """The plan of an (rows, cols) input for the op's arguments; the core checks them (one-line errors)."""
    return _cached_plan(int(rows), int(cols), _pair(scale, False), _pair(size, True), method, antialiasing,
                        boundary)


def _spec(plan):
    """The op's arguments (scale, size, method, antialiasing, boundary) for a plan: its pickled request."""
    _, scale, size, method, aa, boundary = plan.__getstate__()
    size = None if size is None else [_NAN if v is None else float(v) for v in size]
    return (None if scale is None else [float(v) for v in scale]), size, method, aa, boundary


_NAN = float("nan")


def _forward_kernel(x, scale=None, size=None, method="bicubic", antialiasing=None, boundary="modern",
                    fake=False):
    if x.dim() < 2:
        raise ValueError(f"x needs at least two dims (..., H, W), got {x.dim()}")
    plan = _spec_plan(*x.shape[-2:], scale, size, method, antialiasing, boundary)
    _check_dtype(x.dtype)
    if fake or x.device.type == "meta":
        return _empty_output(x, *plan.output_shape[:2], _channels_inner(x))[1]
    return _apply(plan, x, backward=False)


def _adjoint_kernel(grad_output, input_size, scale=None, size=None, method="bicubic", antialiasing=None,
                    boundary="modern", fake=False):
    g = grad_output
    if len(input_size) != 2:
        raise ValueError(f"input_size must be (rows, cols), got {list(input_size)}")
    plan = _spec_plan(*input_size, scale, size, method, antialiasing, boundary)
    if g.dim() < 2 or tuple(g.shape[-2:]) != tuple(plan.output_shape[:2]):
        raise ValueError(f"grad_output must end in the plan's output size {tuple(plan.output_shape[:2])}, "
                         f"got shape {tuple(g.shape)}")
    if g.dtype not in _FLOAT:
        raise TypeError(f"the adjoint is defined for floating tensors, got {g.dtype}")
    if fake or g.device.type == "meta":
        return _empty_output(g, *plan.input_shape[:2], _channels_inner(g))[1]
    return _apply(plan, g, backward=True)


class _Forward(torch.autograd.Function):
    """resize(x): its gradient is the adjoint, itself differentiable (so create_graph=True works)."""

    @staticmethod
    def forward(ctx, x, *spec):
        ctx.spec, ctx.input_size = spec, [int(v) for v in x.shape[-2:]]
        return _forward_kernel(x, *spec)

    @staticmethod
    def backward(ctx, grad):
        return (_adjoint(grad, ctx.input_size, *ctx.spec),) + (None,) * len(ctx.spec)


class _Adjoint(torch.autograd.Function):
    """adjoint(g): linear in g, so its gradient is the resize."""

    @staticmethod
    def forward(ctx, grad_output, input_size, *spec):
        ctx.spec = spec
        return _adjoint_kernel(grad_output, input_size, *spec)

    @staticmethod
    def backward(ctx, grad):
        return (_resize(grad, *ctx.spec), None) + (None,) * len(ctx.spec)


def _register_ops(library):
    """Defines resizelab::imresize and resizelab::imresize_adjoint with `library` (torch.library) and
    returns (resize, adjoint) as callables; None where torch has no torch.library (before 1.13)."""
    if library is None or not hasattr(library, "Library"):
        return None
    namespace = torch.ops.resizelab
    try:
        defined = namespace.imresize_adjoint is not None  # a second import of this file keeps the first's
    except (AttributeError, RuntimeError):
        defined = False
    if not defined:
        lib = library.Library("resizelab", "DEF")
        for name, schema in _SCHEMAS.items():
            lib.define(schema)
        for name, kernel in (("imresize", _forward_kernel), ("imresize_adjoint", _adjoint_kernel)):
            lib.impl(name, kernel, "CPU")
            lib.impl(name, kernel, "CUDA")
        if hasattr(library, "register_fake") and hasattr(library, "register_autograd"):  # torch 2.4+
            _register_fake_and_autograd(library)
        else:
            for name, kernel in (("imresize", _forward_kernel), ("imresize_adjoint", _adjoint_kernel)):
                lib.impl(name, kernel, "Meta")
            lib.impl("imresize", _Forward.apply, "Autograd")
            lib.impl("imresize_adjoint", _Adjoint.apply, "Autograd")
        _LIBRARIES.append(lib)  # the registrations live as long as the Library object
    return namespace.imresize, namespace.imresize_adjoint


def _register_fake_and_autograd(library):
    # torch 2.4 and later: the fake kernels give shapes to torch.compile; the autograd formulas call the
    # other op, so that gradients of gradients are recorded too.
    library.register_fake("resizelab::imresize")(functools.partial(_forward_kernel, fake=True))
    library.register_fake("resizelab::imresize_adjoint")(functools.partial(_adjoint_kernel, fake=True))

    # One gradient per input as torch passes them (the tensor's, then None for each other argument).
    def setup_forward(ctx, inputs, output):
        ctx.spec, ctx.input_size = tuple(inputs[1:]), [int(v) for v in inputs[0].shape[-2:]]

    def backward_forward(ctx, g):
        return (_adjoint(g, ctx.input_size, *ctx.spec),) + (None,) * len(ctx.spec)

    def setup_adjoint(ctx, inputs, output):
        ctx.spec, ctx.extra = tuple(inputs[2:]), len(inputs) - 1

    def backward_adjoint(ctx, g):
        return (_resize(g, *ctx.spec),) + (None,) * ctx.extra

    library.register_autograd("resizelab::imresize", backward_forward, setup_context=setup_forward)
    library.register_autograd("resizelab::imresize_adjoint", backward_adjoint, setup_context=setup_adjoint)


_LIBRARIES = []


def _resize(x, *spec):
    """The differentiable resize for the op's arguments (the op where registered)."""
    if _OPS is not None:
        return _OPS[0](x, *spec)
    if torch.jit.is_tracing():
        raise RuntimeError(f"torch {torch.__version__} has no torch.library: resizelab.torch cannot be traced "
                           "(it would record an empty tensor); call it eagerly")
    return _Forward.apply(x, *spec)


def _adjoint(g, input_size, *spec):
    if _OPS is not None:
        return _OPS[1](g, list(input_size), *spec)
    return _Adjoint.apply(g, list(input_size), *spec)


def imresize(x, scale=None, *, size=None, method="bicubic", antialiasing=None, boundary="modern"):
    """MATLAB's imresize on the last two dims of x (any leading shape, any layout), on x's device, in x's dtype.

    scale: a number, a (rows, cols) pair or a string such as "1/3"; size: (rows, cols) with None or NaN
    on the side that keeps the aspect ratio. method, antialiasing and boundary ("modern" | "legacy") as
    in the imresize command. float32/float64 are differentiable (the exact adjoint, itself
    differentiable: create_graph=True gives exact second-order gradients); float16/bfloat16 are
    computed in float32 and rounded to nearest-even, gradients too; integer dtypes are resized forward
    only, rounded after each pass as MATLAB does. A channels_last x gives a channels_last result; any
    other layout a contiguous one; the values are those of x.contiguous() in every case. Traced and
    scripted, this is the operator resizelab::imresize (in TorchScript: scale a float or a list of two
    floats, size a list of two floats).
    """
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"x must be a torch.Tensor, got {type(x).__name__}")
    spec = _plain_spec(scale, size, method, antialiasing, boundary)
    if spec is None:  # a string scale or size, or arguments to be refused: the Plan parses and checks them
        plan = _plan(x, scale, size, method, antialiasing, boundary)
        _check_dtype(x.dtype)
        spec = _spec(plan)
    # A numeric request goes to the op as it is: its kernels build (and cache) the plan and check
    # everything with the core's one-line errors. Under torch.compile that keeps the graph whole (a Plan
    # built here would be a call into the extension).
    return _resize(x, *spec)


def _number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def _plain_spec(scale, size, method, antialiasing, boundary):
    """_spec(plan) for a number or a pair of numbers as scale, or a pair of numbers or None as size,
    without the extension; None for anything else."""
    def pair(v, none_ok):
        if _number(v) and not none_ok:
            return [float(v), float(v)]
        if isinstance(v, (tuple, list)) and len(v) == 2 and all(_number(e) or (none_ok and e is None) for e in v):
            return [_NAN if e is None else float(e) for e in v]
        return None

    if scale is None and size is None or scale is not None and size is not None:
        return None
    scale_pair = None if scale is None else pair(scale, False)
    size_pair = None if size is None else pair(size, True)
    if (scale is not None and scale_pair is None) or (size is not None and size_pair is None):
        return None
    if not (isinstance(method, str) and isinstance(boundary, str) and (antialiasing is None or
                                                                        isinstance(antialiasing, bool))):
        return None
    return scale_pair, size_pair, method, antialiasing, boundary


def imresize_backward(grad_output, plan):
    """The exact adjoint for a plan made for the last two dims (float tensors; half types via float32)."""
    return _apply(plan, grad_output, backward=True)


_OPS = _register_ops(getattr(torch, "library", None))
if _OPS is not None:
    # torch.jit.script compiles a call to imresize as the operator (same names, same defaults).
    from torch.jit import _builtins
    if hasattr(_builtins, "_register_builtin"):
        _builtins._register_builtin(imresize, "resizelab::imresize")
