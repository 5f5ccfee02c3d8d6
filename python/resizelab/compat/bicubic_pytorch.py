"""bicubic_pytorch's imresize (sanghyun-son/bicubic_pytorch, core.py) with MATLAB's values.

    from resizelab.compat.bicubic_pytorch import imresize
    y = imresize(x, scale=1/4)                       # x: (B, C, H, W), (C, H, W) or (H, W) tensor
    y = imresize(x, sizes=(123, 234), antialiasing=False)

As bicubic_pytorch's: give scale (one factor for both axes, output ceil(H * scale) x ceil(W * scale))
or sizes (rows, cols); the output has the input's dtype, shape kind and device; float tensors are
differentiable. The values are MATLAB's bicubic imresize in the input's class: float64 in double
(bicubic_pytorch computes every dtype in float32), float32 as MATLAB's single, uint8 rounded after
each pass as MATLAB does (bicubic_pytorch rounds once at the end).

Honoured exactly: kernel='cubic', padding_type='reflect' (MATLAB's symmetric edge), antialiasing,
rotation_degree=0 (bicubic_pytorch ignores it), sigma (used only by the Gaussian kernel). The others
raise ValueError in one line: kernel='gaussian' or a kernel tensor (MATLAB's imresize has no such
kernel), padding_type=None (no edge rule), rotation_degree other than 0.
"""

import math

import torch

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
        return rt.imresize(x, size=(int(sizes[0]), int(sizes[1])), method="bicubic", antialiasing=bool(antialiasing))
    scale = float(scale)
    if not (scale > 0 and math.isfinite(scale)):
        raise ValueError(f"scale must be a positive number, got {scale!r}")
    return rt.imresize(x, scale, method="bicubic", antialiasing=bool(antialiasing))
