# resizelab.metrics: equal to `imresize score` to the last bit; BasicSR's drop-ins against BasicSR's
# formulas reimplemented here from their published source; ssim_index against scikit-image in the
# configuration its documentation gives for Wang et al.
import csv
import subprocess

import cv2
import numpy as np
import pytest

import resizelab
from conftest import golden_dir, imresize_command
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


def test_bgr2ycbcr_dropin_equals_basicsr():
    for _, _, hr in set5_pairs(2):
        for y_only in (True, False):
            assert np.array_equal(metrics.bgr2ycbcr(hr, y_only), ref_bgr2ycbcr(hr, y_only))
            f = hr.astype(np.float32) / 255
            got, ref = metrics.bgr2ycbcr(f, y_only), ref_bgr2ycbcr(f, y_only)
            assert got.dtype == np.float32 and np.array_equal(got, ref)


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
    torch = pytest.importorskip("torch", reason="torch is not installed: the tensor path is not tested")
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
    skm = pytest.importorskip("skimage.metrics", reason="python3-skimage is not installed (.ci/deps test)")
    worst = 0.0
    for name, sr, hr in set5_pairs(4):
        a = metrics.rgb2ycbcr(sr[..., ::-1].copy())[..., 0]
        b = metrics.rgb2ycbcr(hr[..., ::-1].copy())[..., 0]
        ref = skm.structural_similarity(a, b, gaussian_weights=True, sigma=1.5, use_sample_covariance=False,
                                        data_range=255)
        worst = max(worst, abs(metrics.ssim(a, b, "ssim_index") - ref))
    assert worst < 1e-9, worst


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
