"""NIQE (Mittal, Soundararajan and Bovik 2013) as the release's computequality.m computes it.

Re-exported as resizelab.metrics.niqe; the C++ core computes it, the same call `imresize score
--metric niqe` makes, so the two agree to the last bit.
"""

import warnings

import numpy as np

from . import _core


def niqe_protocols():
    """The protocol names niqe() and `imresize score --metric niqe --protocol` take."""
    return list(_core._niqe_protocols())


def niqe(img, protocol="release", boundary="modern", model=None):
    """NIQE of an H x W (grey) or H x W x 3 (R,G,B) array; lower is more natural.

    The values are scored as they are, as computequality.m does with double(im): a uint8 image (or a
    float one) on 0..255; a float image on 0..1 gives another, meaningless, number, so a float image
    whose values all lie in [0, 1] warns (RuntimeWarning: multiply it by 255).

    protocol: "release" (the release's own call: rgb2gray of RGB, rounded for uint8) or "pirm" (the
    PIRM 2018 challenge: uint8 Y of rgb2ycbcr, 4 pixels shaved on each side).
    boundary: imresize(im, 0.5)'s, "modern" (MATLAB R2015b and later) or "legacy".
    model: None for the release's pristine model, or (mean, cov): 36 values and a 36 x 36 symmetric
    matrix (e.g. np.load of two .npy files).
    Warns (RuntimeWarning) when some 7x7 windows are flat: MATLAB's score there depends on rounding
    noise, which this takes as its exact value, 0 (docs/METRICS.md).
    """
    if type(img).__module__.startswith("torch"):
        _core._check_image_elements(tuple(img.shape), "img")  # before .cpu() copies an expanded tensor
        img = img.detach().cpu().numpy()
    mean, cov = (None, None) if model is None else model
    value, flat, range_warning = _core._niqe(np.asarray(img), str(protocol), str(boundary), mean, cov)
    if range_warning:
        warnings.warn(f"niqe: {range_warning}", RuntimeWarning, stacklevel=2)
    if flat:
        warnings.warn(f"niqe: {flat} pixels lie in flat 7x7 windows, where MATLAB's NIQE depends on the "
                      "last bits of its filter (docs/METRICS.md)", RuntimeWarning, stacklevel=2)
    return value
