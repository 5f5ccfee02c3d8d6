# Every public function of the package, enumerated from the modules' __all__ (a new function without a
# case here fails the test): read-only arrays are accepted wherever a function only reads, with the
# same result as a writeable copy; torch tensors are refused, in one line, by the numpy API.
import importlib
import pkgutil

import numpy as np
import pytest
from conftest import golden_dir, require

import resizelab
import resizelab.compat.basicsr

IMAGE = golden_dir() / "legacy-set5" / "original" / "head.bmp"


def read_only(a):
    a = np.array(a)
    a.setflags(write=False)
    return a


def public_modules():
    """resizelab and its submodules (resizelab.torch only where torch imports)."""
    mods = [resizelab]
    for info in pkgutil.walk_packages(resizelab.__path__, "resizelab."):
        if info.name.split(".")[-1].startswith("_"):
            continue
        try:
            mods.append(importlib.import_module(info.name))
        except ImportError as e:
            if "torch" not in str(e):
                raise
    return mods


def public_functions():
    out = {}
    for mod in public_modules():
        for name in getattr(mod, "__all__", []):
            obj = getattr(mod, name)
            if callable(obj):
                out[f"{mod.__name__}.{name}"] = obj
    return out


@pytest.fixture(scope="module")
def images():
    from PIL import Image
    rgb = np.asarray(Image.open(IMAGE))[:96, :72]  # a PIL image through np.asarray: read-only already
    assert not rgb.flags.writeable
    rgb = read_only(rgb)
    grey = read_only(rgb[..., 1])
    f32 = read_only(rgb.astype(np.float32) / 255)
    f64 = read_only(rgb.astype(np.float64) / 255)
    lr = read_only(resizelab.imresize(rgb, 1 / 3))
    big = np.asarray(Image.open(IMAGE))  # NIQE needs two 96x96 blocks at least
    assert not big.flags.writeable and big.shape[0] >= 192 and big.shape[1] >= 192
    return dict(rgb=rgb, grey=grey, f32=f32, f64=f64, lr=lr, big=big)


def plan_of(a):
    return resizelab.Plan(a.shape, 0.5)


# name -> (call, the read-only inputs' keys); each call gets the arrays positionally where it takes them.
CASES = {
    "resizelab.imresize": [lambda a: resizelab.imresize(a, 0.5), ["rgb", "f32", "f64", "grey"]],
    "resizelab.imresize_backward": [lambda a: resizelab.imresize_backward(read_only(plan_of(a)(a)),
                                                                          plan_of(a)), ["f32", "f64"]],
    "resizelab.Plan": [lambda a: plan_of(a)(a), ["rgb", "f64"]],
    "resizelab.identify": [lambda a, b: [r["call"] for r in resizelab.identify(a, b, top=2)], [("rgb", "lr")]],
    "resizelab.degrade": [lambda a: resizelab.degrade(a, 3, "bd"), ["rgb", "f64"]],
    "resizelab.compat.basicsr.imresize": [lambda a: resizelab.compat.basicsr.imresize(a, 0.5), ["rgb", "f64", "grey"]],
    "resizelab.metrics.score": [lambda a: resizelab.metrics.score(a, a[::-1].copy(), 3), ["rgb", "grey"]],
    "resizelab.metrics.rgb2ycbcr": [lambda a: (resizelab.metrics.rgb2ycbcr(a), resizelab.metrics.rgb2ycbcr(a, y_only=True)),
                                    ["rgb", "f32", "f64"]],
    "resizelab.metrics.ycbcr2rgb": [lambda a: resizelab.metrics.ycbcr2rgb(a), ["rgb", "f32", "f64"]],
    "resizelab.metrics.psnr": [lambda a: resizelab.metrics.psnr(a, a[::-1].copy()), ["rgb", "grey", "f64"]],
    "resizelab.metrics.ssim": [lambda a: resizelab.metrics.ssim(a, a[::-1].copy()), ["grey"]],
    "resizelab.metrics.ssim_map": [lambda a: resizelab.metrics.ssim_map(a, a[::-1].copy()), ["grey"]],
    "resizelab.metrics.calculate_psnr": [lambda a: resizelab.metrics.calculate_psnr(a, a[::-1].copy(), 4,
                                                                                    test_y_channel=True), ["rgb"]],
    "resizelab.metrics.calculate_ssim": [lambda a: resizelab.metrics.calculate_ssim(a, a[::-1].copy(), 4), ["rgb"]],
    "resizelab.metrics.niqe": [lambda a: resizelab.metrics.niqe(a), ["big"]],
    "resizelab.metrics.bgr2ycbcr": [lambda a: resizelab.metrics.bgr2ycbcr(a, y_only=True), ["rgb", "f32"]],
}
# Public callables that take no image (classes of results, queries, settings).
NO_IMAGE = {"resizelab.AxisTable", "resizelab.Identification", "resizelab.supported_dtypes",
            "resizelab.cuda_built", "resizelab.cuda_status", "resizelab.metrics.protocols",
            "resizelab.metrics.niqe_protocols",
            "resizelab.set_num_threads", "resizelab.get_num_threads"}
# resizelab.torch takes tensors (test_torch*.py); its functions are listed so that the enumeration is complete.
TENSOR_API = {"resizelab.torch.imresize", "resizelab.torch.imresize_backward",
              "resizelab.compat.bicubic_pytorch.imresize"}
# resizelab.live talks to a running viewer: test_live.py starts one and pushes read-only arrays to it.
VIEWER_API = {"resizelab.show", "resizelab.live.show", "resizelab.live.close", "resizelab.live.query",
              "resizelab.live.socket_path", "resizelab.live.ViewerError"}


def test_every_public_function_has_a_read_only_case():
    missing = sorted(set(public_functions()) - set(CASES) - NO_IMAGE - TENSOR_API - VIEWER_API)
    assert not missing, f"public functions without a read-only case here: {missing}"
    assert "resizelab.metrics.score" in public_functions()  # the enumeration finds submodules


def same(a, b):
    if isinstance(a, np.ndarray):
        return isinstance(b, np.ndarray) and a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()
    if isinstance(a, (tuple, list)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b or (a != a and b != b)


@pytest.mark.parametrize("name", sorted(CASES))
def test_read_only_inputs(name, images):
    call, inputs = CASES[name]
    for key in inputs:
        keys = key if isinstance(key, tuple) else (key,)
        ro = [images[k] for k in keys]
        assert not any(a.flags.writeable for a in ro)
        result = call(*ro)  # before: "array is not writeable" from the metrics
        assert same(result, call(*[a.copy() for a in ro])), (name, key)
        assert not any(a.flags.writeable for a in ro)


def test_torch_tensors_are_refused_by_the_numpy_api():
    torch = require("torch", "python3-torch: the refusal names resizelab.torch")
    chw = torch.rand(3, 64, 48)
    calls = {"resizelab.imresize": lambda: resizelab.imresize(chw, 0.5),
             "Plan.__call__": lambda: resizelab.Plan((3, 64, 48), 0.5)(chw),
             "resizelab.imresize_backward": lambda: resizelab.imresize_backward(chw, resizelab.Plan((6, 128, 3), 0.5)),
             "resizelab.degrade": lambda: resizelab.degrade((chw * 255).to(torch.uint8), 2),
             "resizelab.identify": lambda: resizelab.identify((chw * 255).to(torch.uint8), np.zeros((2, 2), np.uint8))}
    for name, call in calls.items():
        with pytest.raises(TypeError) as info:
            call()  # before: resizelab.imresize returned shape (2, 32, 48), channels and height resized
        msg = str(info.value)
        assert name in msg and "torch.Tensor" in msg and "\n" not in msg
    with pytest.raises(TypeError, match="resizelab.torch.imresize"):
        resizelab.imresize(chw, 0.5)
