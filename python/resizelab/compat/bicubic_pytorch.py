"""bicubic_pytorch's imresize (sanghyun-son/bicubic_pytorch, core.py) with MATLAB's values.

    from resizelab.compat.bicubic_pytorch import imresize
    y = imresize(x, scale=1/4)                       # x: (B, C, H, W), (C, H, W) or (H, W) tensor
    y = imresize(x, sizes=(123, 234), antialiasing=False)

As bicubic_pytorch's: give scale (one factor for both axes, output ceil(H * scale) x ceil(W * scale))
or sizes (rows, cols: ints; a float size is a TypeError, as bicubic_pytorch's torch.linspace
raises); the output has the input's dtype, shape kind and device; float tensors are differentiable.
The values are MATLAB's bicubic imresize in the input's class: float64 in double (bicubic_pytorch
computes every dtype in float32), float32 as MATLAB's single, uint8 rounded after each pass as MATLAB
does (bicubic_pytorch rounds once at the end). int64 (what torch.randint and torch.arange make) has no
MATLAB class here: it is resized as int32, MATLAB's integer rule (rounded half away from zero after
each pass), and returned as int64, as bicubic_pytorch returns it; values outside int32's range raise
ValueError.

Honoured exactly: kernel='cubic', padding_type='reflect' (MATLAB's symmetric edge), antialiasing,
rotation_degree=0 (bicubic_pytorch ignores it), sigma (used only by the Gaussian kernel). The others
raise ValueError in one line: kernel='gaussian' or a kernel tensor (MATLAB's imresize has no such
kernel), padding_type=None (no edge rule), rotation_degree other than 0.
"""

import math
import operator

import torch

from resizelab import _core
from resizelab import torch as rt

__all__ = ["imresize"]

_HONOURED = "resizelab.compat.bicubic_pytorch honours kernel='cubic', padding_type='reflect', rotation_degree=0"


def imresize(x, scale=None, sizes=None, kernel="cubic", sigma=2, rotation_degree=0, padding_type="reflect",
             antialiasing=True):
    """MATLAB's bicubic imresize under bicubic_pytorch's signature (see the module)."""
    if scale is None and sizes is None:
        raise ValueError("One of scale or sizes must be specified!")
    if scale is not None and sizes is not None:
        raise ValueError("Please specify scale or sizes to avoid conflict!")
    if not (isinstance(kernel, str) and kernel == "cubic"):
        shown = "a kernel tensor" if isinstance(kernel, torch.Tensor) else f"kernel={kernel!r}"
        raise ValueError(f"{shown} has no MATLAB imresize equivalent; {_HONOURED}")
    if padding_type != "reflect":
        raise ValueError(f"padding_type={padding_type!r} has no MATLAB imresize equivalent; {_HONOURED}")
    if rotation_degree != 0:
        raise ValueError(f"rotation_degree={rotation_degree!r} is not a resize MATLAB's imresize does; {_HONOURED}")
    if not isinstance(x, torch.Tensor):
        raise TypeError(f"x must be a torch.Tensor, got {type(x).__name__}")
    if x.dim() not in (2, 3, 4):
        raise ValueError(f"{x.dim()}-dim Tensor is not supported!")
    if sizes is not None:
        if len(sizes) != 2:
            raise ValueError(f"sizes must be (rows, cols), got {sizes!r}")
        try:
            sizes = (operator.index(sizes[0]), operator.index(sizes[1]))
        except TypeError:
            raise TypeError(f"sizes must be whole numbers (ints), got {sizes!r}: bicubic_pytorch's "
                            "torch.linspace(..., steps=size) refuses a float size too") from None
        return _resize(x, dict(size=sizes), antialiasing)
    scale = float(scale)
    if not (scale > 0 and math.isfinite(scale)):
        raise ValueError(f"scale must be a positive number, got {scale!r}")
    return _resize(x, dict(scale=scale), antialiasing)


def _resize(x, target, antialiasing):
    if x.dtype != torch.int64:
        return rt.imresize(x, **target, method="bicubic", antialiasing=bool(antialiasing))
    # int64: MATLAB's int32 resize, returned as int64 (bicubic_pytorch's cast_output gives int64 back).
    _core._check_image_elements(tuple(x.shape[-2:]), "x")  # before .to() copies an expanded tensor
    if x.numel() and (int(x.min()) < -2**31 or int(x.max()) > 2**31 - 1):
        raise ValueError("an int64 tensor is resized as int32 (MATLAB's integer rule) and needs values in "
                         f"[-2^31, 2^31 - 1], got [{int(x.min())}, {int(x.max())}]")
    return rt.imresize(x.to(torch.int32), **target, method="bicubic",
                       antialiasing=bool(antialiasing)).to(torch.int64)
