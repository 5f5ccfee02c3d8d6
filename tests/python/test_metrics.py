# resizelab.metrics: equal to `imresize score` to the last bit (a wiring test); BasicSR's drop-ins against
# BasicSR's formulas reimplemented here from their published source; the MATLAB-script protocols (srcnn,
# rcan, ntire, lapsrn) against their scripts reimplemented here with numpy, scipy and scikit-image;
# ssim_index against scikit-image in the configuration its documentation gives for Wang et al.
import csv
import subprocess

import cv2
import numpy as np
import pytest

import resizelab
from conftest import golden_dir, imresize_command, require
from resizelab import metrics

SET5 = ["baby", "bird", "butterfly", "head", "woman"]


def set5_pairs(scale):
    """(name, SR, HR) in cv2's B,G,R order: HR the original, SR our bicubic upscale of the MATLAB LR."""
    out = []
    for name in SET5:
        hr = cv2.imread(str(golden_dir() / "legacy-set5" / "original" / f"{name}.bmp"))
        lr = cv2.imread(str(golden_dir() / "legacy-set5" / f"{name}_LR_x{scale}.png"))
        assert hr is not None and lr is not None, name
        out.append((name, resizelab.imresize(lr, scale), hr))
    return out


# ---- BasicSR, reimplemented from XPixelGroup/BasicSR basicsr/utils/color_util.py (bgr2ycbcr,
# _convert_input_type_range, _convert_output_type_range), basicsr/metrics/metric_util.py
# (to_y_channel) and basicsr/metrics/psnr_ssim.py (calculate_psnr, calculate_ssim, _ssim).
def ref_bgr2ycbcr(img, y_only=False):
    img_type = img.dtype
    img = img.astype(np.float32)
    if img_type == np.uint8:
        img /= 255.
    if y_only:
        out_img = np.dot(img, [24.966, 128.553, 65.481]) + 16.0
    else:
        out_img = np.matmul(img, [[24.966, 112.0, -18.214], [128.553, -74.203, -93.786],
                                  [65.481, -37.797, 112.0]]) + [16, 128, 128]
    if img_type == np.uint8:
        out_img = out_img.round()
    else:
        out_img /= 255.
    return out_img.astype(img_type)


def ref_to_y_channel(img):
    img = img.astype(np.float32) / 255.
    if img.ndim == 3 and img.shape[2] == 3:
        img = ref_bgr2ycbcr(img, y_only=True)
        img = img[..., None]
    return img * 255.


def ref_prepare(img, img2, crop_border, test_y_channel):
    if crop_border != 0:
        img = img[crop_border:-crop_border, crop_border:-crop_border, ...]
        img2 = img2[crop_border:-crop_border, crop_border:-crop_border, ...]
    if test_y_channel:
        img, img2 = ref_to_y_channel(img), ref_to_y_channel(img2)
    return img.astype(np.float64), img2.astype(np.float64)


def ref_calculate_psnr(img, img2, crop_border, test_y_channel=False):
    img, img2 = ref_prepare(img, img2, crop_border, test_y_channel)
    mse = np.mean((img - img2)**2)
    return float("inf") if mse == 0 else 10. * np.log10(255. * 255. / mse)


def ref_ssim(img, img2):
    c1, c2 = (0.01 * 255)**2, (0.03 * 255)**2
    kernel = cv2.getGaussianKernel(11, 1.5)
    window = np.outer(kernel, kernel.transpose())
    mu1 = cv2.filter2D(img, -1, window)[5:-5, 5:-5]
    mu2 = cv2.filter2D(img2, -1, window)[5:-5, 5:-5]
    mu1_sq, mu2_sq, mu1_mu2 = mu1**2, mu2**2, mu1 * mu2
    sigma1_sq = cv2.filter2D(img**2, -1, window)[5:-5, 5:-5] - mu1_sq
    sigma2_sq = cv2.filter2D(img2**2, -1, window)[5:-5, 5:-5] - mu2_sq
    sigma12 = cv2.filter2D(img * img2, -1, window)[5:-5, 5:-5] - mu1_mu2
    ssim_map = ((2 * mu1_mu2 + c1) * (2 * sigma12 + c2)) / ((mu1_sq + mu2_sq + c1) * (sigma1_sq + sigma2_sq + c2))
    return ssim_map.mean()


def ref_calculate_ssim(img, img2, crop_border, test_y_channel=False):
    img, img2 = ref_prepare(img, img2, crop_border, test_y_channel)
    return np.array([ref_ssim(img[..., i], img2[..., i]) for i in range(img.shape[2])]).mean()


@pytest.mark.parametrize("scale", [2, 4])
@pytest.mark.parametrize("test_y", [True, False])
def test_basicsr_dropins_match_basicsr_formulas(scale, test_y):
    for name, sr, hr in set5_pairs(scale):
        hr = hr[:sr.shape[0], :sr.shape[1]]
        for a, b in ((sr, hr), (sr.astype(np.float64), hr.astype(np.float32))):
            got = metrics.calculate_psnr(a, b, scale, test_y_channel=test_y)
            assert abs(got - ref_calculate_psnr(a, b, scale, test_y)) <= 1e-10, name
            got = metrics.calculate_ssim(a, b, scale, test_y_channel=test_y)
            assert abs(got - ref_calculate_ssim(a, b, scale, test_y)) <= 1e-10, name
        # CHW input order and a grey image.
        chw = metrics.calculate_psnr(sr.transpose(2, 0, 1), hr.transpose(2, 0, 1), scale, input_order="CHW",
                                     test_y_channel=test_y)
        assert chw == metrics.calculate_psnr(sr, hr, scale, test_y_channel=test_y)
        g1, g2 = sr[..., 1], hr[..., 1]
        assert abs(metrics.calculate_ssim(g1, g2, scale, test_y_channel=test_y) -
                   ref_calculate_ssim(g1[..., None], g2[..., None], scale, test_y)) <= 1e-10


# BasicSR scores every channel of an image that is not B,G,R: basicsr/metrics/psnr_ssim.py calculate_psnr
# and calculate_ssim take any H x W x C (reorder_image keeps C), metric_util.py to_y_channel takes Y only
# of 3 channels and returns any other number as float32 x/255*255, and _ssim runs per channel. So an alpha
# channel (cv2.IMREAD_UNCHANGED of an RGBA PNG, as BasicSR's scripts read) is scored, not refused.
@pytest.mark.parametrize("channels", [4, 2])
@pytest.mark.parametrize("test_y", [True, False])
def test_basicsr_dropins_score_any_channels_as_basicsr(channels, test_y):
    rng = np.random.default_rng(channels)
    for name, sr, hr in set5_pairs(2)[:2]:
        hr = hr[:sr.shape[0], :sr.shape[1]]
        alpha = rng.integers(0, 256, (*hr.shape[:2], 1), dtype=np.uint8)
        a = np.concatenate([sr, alpha], axis=2)[..., :channels]
        b = np.concatenate([hr, alpha // 2], axis=2)[..., :channels]
        for x, y in ((a, b), (a.astype(np.float64), b.astype(np.float32))):
            got = metrics.calculate_psnr(x, y, 2, test_y_channel=test_y)
            assert abs(got - ref_calculate_psnr(x, y, 2, test_y)) <= 1e-10, name
            got = metrics.calculate_ssim(x, y, 2, test_y_channel=test_y)
            assert abs(got - ref_calculate_ssim(x, y, 2, test_y)) <= 1e-10, name


def test_bgr2ycbcr_dropin_equals_basicsr():
    for _, _, hr in set5_pairs(2):
        for y_only in (True, False):
            assert np.array_equal(metrics.bgr2ycbcr(hr, y_only), ref_bgr2ycbcr(hr, y_only))
            f = hr.astype(np.float32) / 255
            got, ref = metrics.bgr2ycbcr(f, y_only), ref_bgr2ycbcr(f, y_only)
            assert got.dtype == np.float32 and np.array_equal(got, ref)


# A wiring test: the module and the command are the same core function; it shows nothing about whether
# that function is right (the reference tests above do).
def test_score_equals_the_command_to_the_last_bit(tmp_path):
    exe = imresize_command()
    assert exe, "the imresize command was not found (set RL_IMRESIZE)"
    (tmp_path / "sr").mkdir()
    (tmp_path / "hr").mkdir()
    pairs = set5_pairs(3)
    for name, sr, hr in pairs:
        cv2.imwrite(str(tmp_path / "sr" / f"{name}_SRx3.png"), sr)
        cv2.imwrite(str(tmp_path / "hr" / f"{name}.png"), hr)
    out = tmp_path / "s.csv"
    subprocess.run([exe, "score", str(tmp_path / "sr"), str(tmp_path / "hr"), "--scale", "3", "--protocol", "all",
                    "--csv", str(out)], check=True, capture_output=True)
    rows = {r["image"]: r for r in csv.DictReader(out.open())}
    for name, sr, hr in pairs:
        for p in metrics.protocols():
            psnr, ssim = metrics.score(sr[..., ::-1], hr[..., ::-1], 3, p)
            assert float(rows[name][p + "_psnr"]) == psnr, (name, p)
            assert float(rows[name][p + "_ssim"]) == ssim, (name, p)


def test_torch_tensors_give_the_numpy_values():
    torch = require("torch", "python3-torch: the tensor path")
    name, sr, hr = set5_pairs(4)[0]
    a, b = sr[..., ::-1].copy(), hr[..., ::-1].copy()
    assert metrics.score(torch.from_numpy(a), torch.from_numpy(b), 4, "rcan") == metrics.score(a, b, 4, "rcan")
    assert metrics.calculate_psnr(torch.from_numpy(sr), torch.from_numpy(hr), 4) == metrics.calculate_psnr(sr, hr, 4)


# scikit-image's docs: gaussian_weights=True, sigma=1.5, use_sample_covariance=False (and data_range 255)
# "to match the implementation of Wang et al.". Its window is separable (scipy's 1-D Gaussian,
# truncate 3.5: 11 taps) where ssim_index's is fspecial's 2-D window; it filters with 'reflect'
# padding and then crops 5 pixels, which leaves the same valid positions. What remains is the
# rounding of two windows that are equal in exact arithmetic: about 1e-13.
def test_ssim_index_against_scikit_image():
    skm = require("skimage.metrics", "python3-skimage: the outside SSIM reference")
    worst = 0.0
    for name, sr, hr in set5_pairs(4):
        a = metrics.rgb2ycbcr(sr[..., ::-1].copy())[..., 0]
        b = metrics.rgb2ycbcr(hr[..., ::-1].copy())[..., 0]
        ref = skm.structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                                        data_range=255)
        worst = max(worst, abs(metrics.ssim(a, b, "ssim_index") - ref))
    assert worst < 1e-9, worst


# ---- The MATLAB-script protocols, reimplemented here from their scripts with numpy, scipy and
# scikit-image (nothing from resizelab): each the outside reference of one `--protocol`.
# Y of an RGB image as MATLAB's rgb2ycbcr.m writes it: T = scaleFactor.T * origT with scaleFactor.T = 1/255
# (so (1/255) * 65.481, not 65.481 / 255: they differ in the last bit, which moves rounded values),
# offset = scaleFactor.offset * 16 (1/255 for double, 1 for uint8), then imlincomb(T1, R, T2, G, T3, B,
# offset): the sum in double, left to right; for uint8 rounded half away from zero and saturated.
def ref_matlab_y(rgb, offset_scale):
    r, g, b = (rgb[..., k].astype(np.float64) for k in range(3))
    t1, t2, t3 = (1 / 255) * 65.481, (1 / 255) * 128.553, (1 / 255) * 24.966
    return t1 * r + t2 * g + t3 * b + offset_scale * 16


def ref_matlab_y_double(rgb01):
    return ref_matlab_y(rgb01, 1 / 255)


def ref_matlab_y_uint8(rgb):
    return np.floor(ref_matlab_y(rgb, 1) + 0.5).clip(0, 255)


def ref_modcrop_shave(img, scale, shave):
    img = img[:img.shape[0] - img.shape[0] % scale, :img.shape[1] - img.shape[1] % scale]
    return img[shave:img.shape[0] - shave, shave:img.shape[1] - shave]


def ref_ssim_index(a, b, data_range=255):
    """Wang's ssim_index.m (2003): scikit-image's configuration for it (see the test below)."""
    import skimage.metrics as skm
    return skm.structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                                     data_range=data_range)


def ref_matlab_ssim(a, b, data_range):
    """MATLAB's built-in ssim.m: imgaussfilt(., 1.5, 'FilterSize', 11, 'Padding', 'replicate') for the
    means and the second moments (scipy's gaussian_filter, radius int(3.5 * 1.5 + 0.5) = 5, mode
    'nearest' = replicate), C1 = (0.01 L)^2, C2 = (0.03 L)^2, C3 = C2 / 2, unit exponents; the mean of the
    full-size map."""
    import scipy.ndimage as ndi
    f = lambda x: ndi.gaussian_filter(x, 1.5, mode="nearest", truncate=3.5)
    mu_a, mu_b = f(a), f(b)
    va, vb, cab = f(a * a) - mu_a**2, f(b * b) - mu_b**2, f(a * b) - mu_a * mu_b
    c1, c2 = (0.01 * data_range)**2, (0.03 * data_range)**2
    c3 = c2 / 2
    lum = (2 * mu_a * mu_b + c1) / (mu_a**2 + mu_b**2 + c1)
    sa, sb = np.sqrt(np.maximum(va, 0)), np.sqrt(np.maximum(vb, 0))
    con = (2 * sa * sb + c2) / (va + vb + c2)
    struct = (cab + c3) / (sa * sb + c3)
    return float(np.mean(lum * con * struct))


def ref_protocol(sr, hr, scale, protocol):
    """(PSNR, SSIM) of RGB uint8 images as each script computes them."""
    if protocol == "srcnn":  # SRCNN demo_SR.m, compute_psnr.m; ssim_index.m
        a, b = (ref_modcrop_shave(ref_matlab_y_uint8(x), scale, scale) for x in (sr, hr))
        rmse = np.sqrt(np.mean((a - b)**2))
        return 20 * np.log10(255 / rmse), ref_ssim_index(a, b)
    if protocol == "rcan":  # EDSR/RCAN Evaluate_PSNR_SSIM.m: single(rgb2ycbcr(im2double)) * 255
        a, b = (ref_modcrop_shave(ref_matlab_y_double(x / 255.0).astype(np.float32) * np.float32(255), scale,
                                  scale).astype(np.float64) for x in (sr, hr))
        return 10 * np.log10(255**2 / np.mean((a - b)**2)), ref_ssim_index(a, b)
    if protocol == "ntire":  # NTIRE_PeakSNR_imgs.m, NTIRE_SSIM_imgs.m: RGB, shave 6 + scale
        a, b = (ref_modcrop_shave(x.astype(np.float64), scale, scale + 6) for x in (sr, hr))
        psnr = 10 * np.log10(a.size / np.sum(((a - b) / 255)**2))
        return psnr, np.mean([ref_ssim_index(a[..., k], b[..., k]) for k in range(3)])
    if protocol == "lapsrn":  # LapSRN compute_difference.m: double Y, MATLAB's psnr and ssim
        a, b = (ref_modcrop_shave(ref_matlab_y_double(x / 255.0), scale, scale) for x in (sr, hr))
        return 10 * np.log10(1 / np.mean((a - b)**2)), ref_matlab_ssim(a, b, 1.0)
    raise ValueError(protocol)


@pytest.mark.parametrize("protocol", ["srcnn", "rcan", "ntire", "lapsrn"])
@pytest.mark.parametrize("scale", [2, 3, 4])
def test_matlab_protocols_against_their_scripts_reimplemented(protocol, scale):
    require("skimage.metrics", "python3-skimage: the outside SSIM reference")
    require("scipy.ndimage", "python3-scipy (with python3-skimage): MATLAB's ssim reference")
    for name, sr, hr in set5_pairs(scale):
        sr, hr = sr[..., ::-1].copy(), hr[..., ::-1].copy()  # R, G, B
        psnr, ssim = metrics.score(sr, hr, scale, protocol)
        want_psnr, want_ssim = ref_protocol(sr, hr, scale, protocol)
        assert abs(psnr - want_psnr) < 1e-9, (name, psnr, want_psnr)
        assert abs(ssim - want_ssim) < 1e-9, (name, ssim, want_ssim)
        if (protocol, scale, name) == ("srcnn", 3, "baby"):
            # The figure tests' 33.90 dB (tests/app/resizelab), from this reimplementation alone: the
            # shipped RGB LR upscaled in RGB, not demo_SR.m's single-Y bicubic (published 33.91).
            assert f"{want_psnr:.2f}" == "33.90", want_psnr


def test_bad_inputs_are_clear_python_errors():
    a = np.zeros((20, 20, 3), np.uint8)
    with pytest.raises(ValueError, match="protocol must be one of"):
        metrics.score(a, a, 2, "matlab")
    with pytest.raises(ValueError, match="sizes differ"):
        metrics.score(a, np.zeros((24, 20, 3), np.uint8), 2, "srcnn")
    with pytest.raises(TypeError):
        metrics.score(a.astype(bool), a, 2, "srcnn")
    with pytest.raises(ValueError, match="8-bit"):
        metrics.score(a.astype(np.float32), a.astype(np.float32), 2, "srcnn")
    with pytest.raises(ValueError, match="shapes are different"):
        metrics.calculate_psnr(a, a[:10], 0)
    with pytest.raises(ValueError, match="at least 11x11"):
        metrics.ssim(a[:10, :10, 0], a[:10, :10, 0])


def test_rgb2ycbcr_y_only():
    # BasicSR's y_only parameter on MATLAB's rgb2ycbcr: Y alone, H x W, the reference's values.
    rgb = np.random.default_rng(5).integers(0, 256, (31, 17, 3), dtype=np.uint8)
    y = metrics.rgb2ycbcr(rgb, y_only=True)
    assert y.shape == (31, 17) and y.dtype == np.uint8 and y.flags.c_contiguous
    assert np.array_equal(y, ref_matlab_y_uint8(rgb).astype(np.uint8))
    rgb01 = rgb.astype(np.float64) / 255
    y = metrics.rgb2ycbcr(rgb01, y_only=True)
    assert y.shape == (31, 17) and y.dtype == np.float64
    np.testing.assert_allclose(y, ref_matlab_y_double(rgb01), rtol=0, atol=1e-15)
    assert metrics.rgb2ycbcr(rgb).shape == (31, 17, 3)
