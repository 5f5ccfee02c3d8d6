# Installs ./python with pip into a fresh venv (system site packages, no index, no build isolation:
# nothing is downloaded) and imports resizelab from it.
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

root = pathlib.Path(sys.argv[1]).resolve()
cmake_args = shlex.split(os.environ.get("RESIZELAB_CMAKE_ARGS", "-DRL_BUILD_CUDA=OFF")) + sys.argv[2:]
with tempfile.TemporaryDirectory() as tmp:
    venv = pathlib.Path(tmp) / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
               RESIZELAB_BUILD_DIR=str(pathlib.Path(tmp) / "build"),
               RESIZELAB_CMAKE_ARGS=shlex.join(cmake_args))
    subprocess.run([str(py), "-m", "pip", "install", "--no-build-isolation", "--no-index", "-q", str(root / "python")],
                   check=True, env=env)
    code = ("import resizelab, numpy, sys; "
            "assert resizelab.__file__.startswith(sys.prefix), resizelab.__file__; "
            "print(resizelab.imresize(numpy.full((8, 6), 7, numpy.uint8), 0.5).tolist())")
    out = subprocess.run([str(py), "-c", code], check=True, capture_output=True, text=True, cwd=tmp).stdout
    # A constant image stays constant (normalised weights), at half the size.
    assert out.strip() == str([[7, 7, 7]] * 4), out
print("pip install into a venv: ok")
