# Builds a wheel of ./python with `pip wheel` in a plain venv, which has no `wheel` package (offline, with
# pip's build isolation: the backend needs no package), installs it into a fresh venv (system site
# packages for numpy and torch) and runs the Python tests that need no imresize command against it.
# Usage: pip_install_check.py REPO_ROOT [CMAKE_OPTION...]
# The CMake options (ctest passes the compiler, the compiler cache and the warning setting of the build
# that runs the test) make the module's objects compile with the same command lines as that build's, so
# the compiler cache (ccache, preprocessor mode: the build folders differ) serves them instead of
# compiling the core a second time. RESIZELAB_CMAKE_ARGS, when set, replaces the default -DRL_BUILD_CUDA=OFF.
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile
import time

root = pathlib.Path(sys.argv[1]).resolve()
cmake_args = shlex.split(os.environ.get("RESIZELAB_CMAKE_ARGS", "-DRL_BUILD_CUDA=OFF")) + sys.argv[2:]
TESTS = ["test_golden.py", "test_public_api.py", "test_torch.py", "test_torch_graph.py", "test_compat.py",
         "test_threads.py"]


def step(what, cmd, **kw):
    t0 = time.monotonic()
    r = subprocess.run(cmd, **kw)
    print(f"{what}: {time.monotonic() - t0:.1f} s", flush=True)
    if r.returncode != 0:
        sys.exit(f"{what} failed (exit {r.returncode})")
    return r


with tempfile.TemporaryDirectory() as tmp:
    tmp = pathlib.Path(tmp)
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1", RESIZELAB_BUILD_DIR=str(tmp / "build"),
               RESIZELAB_CMAKE_ARGS=shlex.join(cmake_args), RESIZELAB_BUILD_QUIET="1")
    env.pop("PYTHONPATH", None)
    builder, fresh = tmp / "builder", tmp / "fresh"
    subprocess.run([sys.executable, "-m", "venv", str(builder)], check=True)
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(fresh)], check=True)
    # What made a setuptools build fail ("invalid command 'bdist_wheel'"): the builder has no wheel package.
    r = subprocess.run([str(builder / "bin" / "python"), "-c", "import wheel"], capture_output=True, env=env)
    assert r.returncode != 0, "the plain venv has the wheel package: this check would not show the build needs none"
    step("pip wheel", [str(builder / "bin" / "python"), "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"),
                       str(root / "python")], env=env)
    (wheel,) = (tmp / "dist").glob("resizelab-*.whl")
    py = fresh / "bin" / "python"
    step("pip install of the wheel into a fresh venv", [str(py), "-m", "pip", "install", "-q", str(wheel)], env=env)
    code = ("import resizelab, numpy, sys; "
            "assert resizelab.__file__.startswith(sys.prefix), resizelab.__file__; "
            "print(resizelab.imresize(numpy.full((8, 6), 7, numpy.uint8), 0.5).tolist())")
    out = subprocess.run([str(py), "-c", code], check=True, capture_output=True, text=True, cwd=tmp, env=env).stdout
    # A constant image stays constant (normalised weights), at half the size.
    assert out.strip() == str([[7, 7, 7]] * 4), out
    test_env = dict(env, RL_GOLDEN_DIR=str(root / "tests" / "data" / "golden"), PYTHONDONTWRITEBYTECODE="1")
    step("the Python tests on the installed wheel", [str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", *TESTS],
         cwd=root / "tests" / "python", env=test_env)
print("pip wheel, install into a fresh venv and tests: ok")
