# Shared fixtures for the resizelab Python tests: where the golden data and the imresize command are
# (CMake passes RL_GOLDEN_DIR and RL_IMRESIZE), and a runner for the command on .npy files.
import os
import pathlib
import subprocess
import tempfile

import numpy as np
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def golden_dir():
    return pathlib.Path(os.environ.get("RL_GOLDEN_DIR", ROOT.parent / "shared" / "golden"))


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
