# Every entry point checks an input's elements (rows x cols x trailing axes; a tensor's per image) against
# the element limit, 2^31 as for image files, before it copies or converts the input. A zero-stride view
# (np.broadcast_to, torch's expand) of 100000x100000 takes no memory, but a copy of it takes 40 GB. Each
# batch of calls runs in a child process whose address space is held to 8 GiB (RLIMIT_AS, what
# `prlimit --as` sets), so an entry point that copies first fails there (MemoryError, or torch's
# RuntimeError) instead of refusing in one line, and the machine never sees the 40 GB.
import json
import os
import resource
import subprocess
import sys

from conftest import require

LIMIT = "over the limit of 2147483648 elements per image (2^31, as for image files)"

PRELUDE = """
import json
import numpy as np
import resizelab
from resizelab import metrics
from resizelab.compat import basicsr
out = {}
def case(name, f):
    try:
        f()
        out[name] = "returned"
    except Exception as e:
        out[name] = f"{type(e).__name__}: {e}"
big = np.broadcast_to(np.float32(0), (100000, 100000))
big8 = np.broadcast_to(np.uint8(0), (100000, 100000, 3))
"""


def run_limited(script, gib=8):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (gib << 30, gib << 30))

    # Few threads, few malloc arenas: the address space a child reserves must not depend on the host's cores.
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1", MALLOC_ARENA_MAX="2", RL_NUM_THREADS="2")
    r = subprocess.run([sys.executable, "-c", PRELUDE + script + "\nprint(json.dumps(out))"], capture_output=True,
                       text=True, preexec_fn=limit, timeout=600, env=env)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.splitlines()[-1])


def assert_refused(results, what):
    for name, got in results.items():
        assert got.startswith("ValueError: ") and LIMIT in got and "\n" not in got, (name, got)
    assert set(results) == set(what)


def test_numpy_entry_points_refuse_before_copying():
    results = run_limited("""
case("imresize", lambda: resizelab.imresize(big, 0.001))
case("Plan.__call__", lambda: resizelab.Plan(big.shape, 0.001)(big))
case("imresize_backward", lambda: resizelab.imresize_backward(big, resizelab.Plan((8, 8), 2)))
case("metrics.psnr", lambda: metrics.psnr(big, big))
case("metrics.rgb2ycbcr", lambda: metrics.rgb2ycbcr(big8))
case("metrics.calculate_ssim", lambda: metrics.calculate_ssim(big8, big8, 0))
case("metrics.score", lambda: metrics.score(big8, big8, 2))
case("metrics.niqe", lambda: metrics.niqe(big))
huge_cov = np.broadcast_to(0.0, (100000, 100000))
case("metrics.niqe model", lambda: metrics.niqe(np.zeros((200, 200)), model=(np.zeros(36), huge_cov)))
case("identify", lambda: resizelab.identify(big8, np.zeros((10, 10, 3), np.uint8)))
case("degrade", lambda: resizelab.degrade(big8, 4))
case("compat.basicsr", lambda: basicsr.imresize(big, 0.5))
""")
    model = results.pop("metrics.niqe model")  # a model of the wrong size is refused before its copy
    assert model == "ValueError: a NIQE model's covariance is 36x36, got 10000000000 values", model
    assert_refused(results, ["imresize", "Plan.__call__", "imresize_backward", "metrics.psnr", "metrics.rgb2ycbcr",
                             "metrics.calculate_ssim", "metrics.score", "metrics.niqe", "identify", "degrade",
                             "compat.basicsr"])
    assert results["imresize"] == f"ValueError: image is 100000x100000 (10000000000 elements), {LIMIT}"
    assert results["metrics.rgb2ycbcr"].startswith("ValueError: image is 100000x100000x3 (30000000000 elements)")
    assert results["degrade"].startswith("ValueError: hr is 100000x100000x3")


def test_torch_entry_points_refuse_before_copying():
    require("torch", "python3-torch: the torch layer and the drop-ins take tensors")
    results = run_limited("""
import torch
from resizelab import torch as rt
from resizelab.compat import bicubic_pytorch as bp
t = torch.zeros(()).expand(100000, 100000)
case("torch.imresize", lambda: rt.imresize(t, 0.001))
half = torch.zeros((), dtype=torch.float16).expand(1, 100000, 100000)
case("torch.imresize float16", lambda: rt.imresize(half, 0.001))
case("compat.basicsr tensor", lambda: basicsr.imresize(t, 0.5))
int64 = torch.zeros((), dtype=torch.int64).expand(100000, 100000)
case("compat.bicubic_pytorch int64", lambda: bp.imresize(int64, 0.001))
case("metrics.psnr tensor", lambda: metrics.psnr(t, t))
case("metrics.niqe tensor", lambda: metrics.niqe(t))
# Within the limit a view still works: a 4x5 batch of one 3x4 image, copied once and resized.
small = torch.arange(12.0).reshape(3, 4).expand(4, 5, 3, 4)
out["small"] = list(rt.imresize(small, 2).shape)
""")
    assert results.pop("small") == [4, 5, 6, 8]
    assert_refused(results, ["torch.imresize", "torch.imresize float16", "compat.basicsr tensor",
                             "compat.bicubic_pytorch int64", "metrics.psnr tensor", "metrics.niqe tensor"])
    assert results["torch.imresize"] == f"ValueError: x is 100000x100000 (10000000000 elements), {LIMIT}"


def test_a_copy_that_memory_cannot_hold_is_a_memory_error():
    # Within the limit (1.5e9 elements) but beyond a 1 GiB address space: the copy itself fails, and that is
    # numpy's MemoryError, not a crash (a null array dereferenced) nor a TypeError about the argument.
    results = run_limited("""
view = np.broadcast_to(np.uint8(0), (30000, 50000))
case("identify", lambda: resizelab.identify(view, np.zeros((10, 10), np.uint8)))
case("degrade", lambda: resizelab.degrade(view, 4))
case("metrics.psnr", lambda: metrics.psnr(view, view))
case("metrics.niqe", lambda: metrics.niqe(view))
""", gib=1)
    for name, got in results.items():
        assert got.startswith("MemoryError: "), (name, got)
    assert len(results) == 4
