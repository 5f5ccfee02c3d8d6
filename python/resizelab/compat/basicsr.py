"""BasicSR's imresize (basicsr/utils/matlab_functions.py) with MATLAB's values.

    from resizelab.compat.basicsr import imresize
    lr = imresize(img, 1/4)               # numpy H x W x C (or H x W) -> numpy float32, same range
    lr = imresize(tensor_chw, 1/4)        # torch C x H x W (or H x W) -> torch float32

As BasicSR's: bicubic, one scale for both axes (output ceil(H * scale) x ceil(W * scale)), the
input's range kept ([0, 1] or [0, 255]; nothing is rounded or clipped), float32 out for every input
dtype, antialiasing when shrinking. The values are MATLAB's imresize of the input as double
(imresize(double(img), scale)), rounded once to float32; BasicSR computes in float32 throughout.
A tensor result carries no gradient (requires_grad=False), as BasicSR's imresize runs under
torch.no_grad(); resizelab.torch.imresize is the differentiable one.
boundary (an addition): "modern" (MATLAB R2015b and later, BasicSR's edge rule) or "legacy".
"""

import sys

import numpy as np

import resizelab
from resizelab import _core

__all__ = ["imresize"]


def imresize(img, scale, antialiasing=True, *, boundary="modern"):
    """MATLAB's bicubic imresize(img, scale) under BasicSR's signature; float32 out (see the module)."""
    torch = sys.modules.get("torch")
    if isinstance(img, np.ndarray):
        if img.ndim not in (2, 3):
            raise ValueError(f"BasicSR's imresize takes H x W x C or H x W numpy arrays, got {img.ndim} dimensions")
        _core._check_image_elements(img.shape, "img")  # before astype copies a broadcast view
        out = resizelab.imresize(img.astype(np.float64), float(scale), method="bicubic",
                                 antialiasing=bool(antialiasing), boundary=boundary)
        return out.astype(np.float32)
    if torch is not None and isinstance(img, torch.Tensor):
        if img.dim() not in (2, 3):
            raise ValueError(f"BasicSR's imresize takes C x H x W or H x W tensors, got {img.dim()} dims: "
                             "for batches use resizelab.torch.imresize")
        from resizelab import torch as rt
        _core._check_image_elements(tuple(img.shape), "img")  # before .to() copies an expanded tensor
        with torch.no_grad():  # basicsr/utils/matlab_functions.py: @torch.no_grad() def imresize
            out = rt.imresize(img.to(torch.float64), float(scale), method="bicubic",
                              antialiasing=bool(antialiasing), boundary=boundary)
            return out.to(torch.float32)
    raise TypeError(f"img must be a numpy array (H x W x C) or a torch.Tensor (C x H x W), got {type(img).__name__}")
