# Shared fixtures for the resizelab Python tests: where the golden data and the imresize command are
# (CMake passes RL_GOLDEN_DIR and RL_IMRESIZE), and a runner for the command on .npy files.
import importlib
import os
import pathlib
import subprocess
import sys
import tempfile

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def under_ci():
    """CI sets CI=true; there every package .ci/deps installs must be present."""
    return os.environ.get("CI", "").strip().lower() in ("true", "1", "yes")


def require(module, why):
    """Imports module, as pytest.importorskip does, but under CI=true a missing module fails the run and
    names what is missing: CI installs it (.ci/deps test), so its absence is a broken setup, not a skip.
    Elsewhere it skips (the whole test file when called at module level) with the reason."""
    try:
        return importlib.import_module(module)
    except ImportError as e:
        caller = pathlib.Path(sys._getframe(1).f_code.co_filename).name
        msg = f"{caller} needs {module}, which is not installed ({why}): {e}"
        if under_ci():
            pytest.fail(f"CI=true but {msg}; .ci/deps test installs it", pytrace=False)
        pytest.skip(msg, allow_module_level=True)


def golden_dir():
    return pathlib.Path(os.environ.get("RL_GOLDEN_DIR", ROOT / "tests" / "data" / "golden"))


def imresize_command():
    exe = os.environ.get("RL_IMRESIZE", "")
    if not exe:
        for cand in (ROOT / "build" / "app" / "imresize" / "imresize",):
            if cand.exists():
                exe = str(cand)
    return exe


@pytest.fixture(scope="session")
def golden():
    d = golden_dir()
    if not (d / "manifest.tsv").exists():
        pytest.fail(f"golden data not found at {d} (set RL_GOLDEN_DIR)")
    return d


@pytest.fixture(scope="session")
def run_command():
    exe = imresize_command()
    if not exe or not os.path.exists(exe):
        pytest.fail("the imresize command was not found (set RL_IMRESIZE to build/app/imresize/imresize)")
    tmp = tempfile.TemporaryDirectory()

    def run(image, args):
        src = os.path.join(tmp.name, "in.npy")
        dst = os.path.join(tmp.name, "out.npy")
        np.save(src, image)
        if os.path.exists(dst):
            os.remove(dst)
        r = subprocess.run([exe, src, dst, *args], capture_output=True, text=True)
        assert r.returncode == 0, f"imresize {' '.join(args)} failed: {r.stderr}"
        return np.load(dst)

    yield run
    tmp.cleanup()
