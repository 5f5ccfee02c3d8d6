"""resizelab.metrics: PSNR and SSIM exactly as the super-resolution papers' scripts compute them.

Every number comes from the C++ core, the same calls `imresize score` makes, so a value here equals
the command's to the last bit. numpy arrays are H x W or H x W x C (torch tensors in that layout are
accepted and read through .numpy(), which copies nothing and changes no value).

    from resizelab import metrics
    psnr, ssim = metrics.score(sr, hr, scale=4, protocol="srcnn")   # uint8 R,G,B (or grey) arrays
    metrics.rgb2ycbcr(img)                                           # MATLAB's, every class
    metrics.ssim(a, b, variant="ssim_index")                         # Wang 2003 (also ssim_wang2009,
                                                                     # matlab_ssim, basicsr_ssim)

Drop-ins for BasicSR (basicsr/metrics/psnr_ssim.py, basicsr/utils/color_util.py), same signatures
and values (B,G,R channel order, as cv2.imread gives): calculate_psnr, calculate_ssim, bgr2ycbcr.

Protocols (docs/METRICS.md lists each step and the script it reproduces): srcnn, rcan, basicsr,
basicsr-rgb, ntire, lapsrn.
"""

import numpy as np

from . import _core
from ._niqe import niqe, niqe_protocols  # noqa: F401 (NIQE lives in _niqe.py)
from ._threads import prepare as _prepare_threads

__all__ = ["score", "protocols", "rgb2ycbcr", "ycbcr2rgb", "psnr", "ssim", "ssim_map", "calculate_psnr",
           "calculate_ssim", "bgr2ycbcr", "niqe", "niqe_protocols"]


def _array(x):
    """numpy arrays as they are; torch tensors through .detach().cpu().numpy() (values unchanged)."""
    _prepare_threads()
    if type(x).__module__.startswith("torch"):
        _core._check_image_elements(tuple(x.shape), "img")  # before .cpu() copies an expanded tensor
        x = x.detach().cpu().numpy()
    return np.asarray(x)


def protocols():
    """The protocol names score() and `imresize score --protocol` take."""
    return list(_core._sr_protocols())


def score(sr, hr, scale, protocol="srcnn"):
    """(PSNR, SSIM) of sr against hr under a named protocol, as `imresize score` computes them.

    sr, hr: uint8 arrays, H x W (grey) or H x W x 3 (R,G,B). Both are mod-cropped to the scale first.
    """
    return _core._score(_array(sr), _array(hr), int(scale), str(protocol))


def rgb2ycbcr(img, y_only=False):
    """MATLAB's rgb2ycbcr on an H x W x 3 uint8, uint16, float32 or float64 array (same dtype out).

    y_only: only the Y channel, H x W (BasicSR's rgb2ycbcr parameter; the values are MATLAB's Y, which
    is computed from R, G and B alone, so it equals channel 0 of the full result)."""
    out = _core._rgb2ycbcr(_array(img))
    return np.ascontiguousarray(out[..., 0]) if y_only else out


def ycbcr2rgb(img):
    """MATLAB's ycbcr2rgb (float results clipped to [0, 1])."""
    return _core._ycbcr2rgb(_array(img))


def psnr(img, img2, peak=255.0):
    """10*log10(peak^2 / mse) over every element; inf for identical inputs."""
    return _core._psnr(_array(img), _array(img2), float(peak))


def ssim(img, img2, variant="ssim_index", data_range=255.0):
    """Mean SSIM of two H x W arrays: ssim_index (Wang 2003), ssim_wang2009, matlab_ssim or basicsr_ssim."""
    return _core._ssim(_array(img), _array(img2), str(variant), float(data_range))[0]


def ssim_map(img, img2, variant="ssim_index", data_range=255.0):
    """The SSIM map whose mean ssim() returns (valid part, or full size for matlab_ssim)."""
    return _core._ssim(_array(img), _array(img2), str(variant), float(data_range))[1]


def _basicsr_layout(img, img2, input_order):
    if input_order not in ("HWC", "CHW"):
        raise ValueError(f'Wrong input_order {input_order}. Supported input_orders are "HWC" and "CHW"')
    img, img2 = _array(img), _array(img2)
    if img.shape != img2.shape:
        raise ValueError(f"Image shapes are different: {img.shape}, {img2.shape}.")
    out = []
    for x in (img, img2):
        if x.ndim == 2:
            x = x[..., None]
        elif input_order == "CHW":
            x = x.transpose(1, 2, 0)
        if x.shape[2] == 3:
            x = x[..., ::-1]  # the core's protocols read R,G,B (and keep BasicSR's B,G,R sums)
        out.append(x)
    return out


def calculate_psnr(img, img2, crop_border, input_order="HWC", test_y_channel=False, **kwargs):
    """BasicSR's calculate_psnr: images in [0, 255] (B,G,R), crop_border pixels cropped on each side,
    Y of bgr2ycbcr in float32 when test_y_channel, float64 PSNR with peak 255."""
    a, b = _basicsr_layout(img, img2, input_order)
    return _core._score_shaved(a, b, int(crop_border), "basicsr" if test_y_channel else "basicsr-rgb", False)[0]


def calculate_ssim(img, img2, crop_border, input_order="HWC", test_y_channel=False, **kwargs):
    """BasicSR's calculate_ssim: _ssim (cv2.getGaussianKernel(11, 1.5) window, valid part) per
    channel, the mean over channels."""
    a, b = _basicsr_layout(img, img2, input_order)
    return _core._score_shaved(a, b, int(crop_border), "basicsr" if test_y_channel else "basicsr-rgb", True)[1]


def bgr2ycbcr(img, y_only=False):
    """BasicSR's bgr2ycbcr: uint8 [0, 255] or float32 [0, 1] B,G,R in, the same dtype out."""
    return _core._bgr2ycbcr(_array(img), bool(y_only))
