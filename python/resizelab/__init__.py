"""resizelab: MATLAB's imresize, bit for bit, on numpy arrays (and PyTorch tensors via resizelab.torch).

numpy functions act on the first two axes (H x W, or H x W x ...), as MATLAB does:

    import resizelab
    lr = resizelab.imresize(hr, 1/4)                                  # MATLAB bicubic, antialiased
    out = resizelab.imresize(img, size=(256, None), method="lanczos3", boundary="legacy")
    plan = resizelab.Plan(img.shape, 0.5)                              # tables built once
    out = plan(img)                                                    # ... reused for every image
    plan(img, out=out)                                                 # ... into the same array
    grad_in = resizelab.imresize_backward(grad_out, plan)              # exact adjoint (float32/64)

`resizelab.torch` (imported on first use) holds the differentiable PyTorch layer.
Threads: resizelab.set_num_threads(n) or RL_NUM_THREADS=n (default: every hardware thread, and one
inside a PyTorch DataLoader worker).
"""

import sys

from . import _core
from ._core import AxisTable, cuda_built, cuda_status, supported_dtypes
from ._threads import get_num_threads, prepare as _prepare_threads, set_num_threads

__all__ = ["imresize", "imresize_backward", "Plan", "AxisTable", "identify", "Identification", "degrade",
           "supported_dtypes", "cuda_built", "cuda_status", "set_num_threads", "get_num_threads"]
__version__ = "0.1.0"


def _refuse_tensor(value, what, instead):
    """A torch tensor is C x H x W (or N x C x H x W) where these functions read H x W x C: refused in one
    line rather than resized on the wrong axes. (A tensor implies torch is imported already.)"""
    torch = sys.modules.get("torch")
    if torch is not None and isinstance(value, torch.Tensor):
        raise TypeError(f"{what} takes numpy arrays (H x W or H x W x C, the first two axes are the image's), "
                        f"got a torch.Tensor: {instead}")


_TORCH_IMRESIZE = "use resizelab.torch.imresize, which resizes a tensor's last two dims"
_TORCH_NUMPY = "pass tensor.permute(1, 2, 0).numpy() for a C x H x W tensor"


# Python signatures over the C++ entry points, so that a wrong call gets Python's own one-line
# TypeError and help() shows the parameters; every check and every number is in the C++ module.
def imresize(image, scale=None, *, size=None, method="bicubic", antialiasing=None, boundary="modern",
             device="cpu"):
    """MATLAB's imresize on the first two axes of image (H x W or H x W x ...), in image's dtype.

    scale: a number, a (rows, cols) pair or a string such as "1/3"; size: (rows, cols) with None or
    NaN on the side that keeps the aspect ratio (give one of scale and size). method: nearest,
    bilinear, bicubic, box, triangle, lanczos2, lanczos3. antialiasing: None (MATLAB's default: on
    except for nearest), True or False. boundary: "modern" (R2015b and later) or "legacy". device:
    "cpu", "cuda" or "auto" (a usable CUDA device, else the CPU). The last 8 plans made (by shape
    and arguments) are kept, so calls on images of one shape build their tables once.
    """
    _refuse_tensor(image, "resizelab.imresize", _TORCH_IMRESIZE)
    _prepare_threads()
    return _core.imresize(image, scale, size=size, method=method, antialiasing=antialiasing, boundary=boundary,
                          device=device)


class Identification(list):
    """The records of identify() (a list, best first), with what the report says about them all:
    exact (whether the first records reproduce lr), candidates (how many were run) and notes."""

    def __init__(self, report):
        super().__init__(report["matches"])
        self.exact = report["exact"]
        self.candidates = report["candidates"]
        self.notes = report["notes"]


def degrade(hr, scale, model="bd", *, sigma=None, noise=None, seed=None, boundary="modern", modcrop=True):
    """The LR image of hr (H x W or H x W x C) under an SR degradation model, as the papers' MATLAB
    scripts make it, with the same bits as `imresize degrade` and `imresize batch --degradation`.

    model: "bi" (imresize(hr, 1/scale, 'bicubic')), "bd" (imresize_BD of RCAN/RDN's
    Prepare_TestData_HR_LR.m: fspecial('gaussian') blur with 'replicate' imfilter, then nearest
    1/scale for odd scales or the samples scale/2:scale:end-scale/2 for even ones), "bd-vsr"
    (BasicVSR's BD_degradation.m, even scales) or "dn" (bicubic, then Gaussian noise, uint8 only).
    scale: a whole number. sigma: the blur's sigma (bd, bd-vsr; default 1.6); noise: DN's sigma on
    0..255 (default 30); seed: DN's generator seed (default 0). DN's noise is NOT MATLAB's
    randn('seed',0) draw: it is mt19937_64 with Marsaglia's polar method (docs/DEGRADATIONS.md).
    modcrop: crop hr to a multiple of scale first (the scripts' modcrop). boundary: the bicubic's.
    """
    _refuse_tensor(hr, "resizelab.degrade", _TORCH_NUMPY)
    _prepare_threads()
    return _core.degrade(hr, scale, model, sigma=sigma, noise=noise, seed=seed, boundary=boundary,
                         modcrop=modcrop)


def identify(hr, lr, top=5):
    """Which resizer made lr from hr, as `imresize identify` answers it: the calls that reproduce lr
    ("verdict": "exact"), or the closest `top` ("close", with "evidence": where they differ).

    hr, lr: uint8 (every library) or uint16 (MATLAB only) arrays, H x W or H x W x C, the same channels.
    Each record: call (code in the library's own language), remark, library, method and its options,
    source (the HR rows and cols read: a mod-crop when smaller), scale or size, imresize_args, bgr,
    equal, total, tolerated, max_abs, psnr (None when equal everywhere), evidence. OpenCV's candidates
    run through cv2.resize when cv2 can be imported (else a note says they were left out).
    """
    _refuse_tensor(hr, "resizelab.identify", _TORCH_NUMPY)
    _refuse_tensor(lr, "resizelab.identify", _TORCH_NUMPY)
    _prepare_threads()
    return Identification(_core.identify(hr, lr, top))


def imresize_backward(grad_output, plan, *, device="cpu"):
    """The exact adjoint of plan's resize (float32/float64): grad_input = A^T grad_output."""
    _refuse_tensor(grad_output, "resizelab.imresize_backward", "use resizelab.torch.imresize_backward, which "
                   "reads a tensor's last two dims")
    _prepare_threads()
    return _core.imresize_backward(grad_output, plan, device=device)


class Plan(_core.Plan):
    """Everything a resize needs except the pixels: output_shape, order and the rows/cols tables.

    Plan(input_shape, scale=None, *, size=None, method="bicubic", antialiasing=None, boundary="modern");
    plan(image, out=None, device="cpu") resizes an image of input_shape (the way to resize many of one
    shape); out, a C-contiguous writeable array of output_shape and image's dtype that does not overlap
    image, receives the result (nothing is allocated) and is returned.
    """

    def __init__(self, input_shape, scale=None, *, size=None, method="bicubic", antialiasing=None,
                 boundary="modern"):
        super().__init__(input_shape, scale, size=size, method=method, antialiasing=antialiasing,
                         boundary=boundary)

    def __call__(self, image, *, out=None, device="cpu"):
        _refuse_tensor(image, "Plan.__call__", _TORCH_IMRESIZE)
        _refuse_tensor(out, "Plan.__call__", _TORCH_IMRESIZE)
        _prepare_threads()
        return super().__call__(image, out=out, device=device)


def __getattr__(name):
    # `resizelab.torch` without importing torch for numpy-only users.
    if name == "torch":
        import importlib
        return importlib.import_module(".torch", __name__)
    raise AttributeError(f"module 'resizelab' has no attribute {name!r}")


from .live import show  # noqa: E402  images into the running viewer (resizelab.live)

__all__ += ["show"]
