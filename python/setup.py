# Builds the resizelab package with the project's CMake build (offline: nothing is downloaded).
#   pip install --no-build-isolation ./python
# RESIZELAB_CMAKE_ARGS adds CMake options (e.g. -DRL_BUILD_CUDA=OFF); RESIZELAB_BUILD_DIR picks the
# CMake build folder.
import os
import pathlib
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        root = HERE.parent
        build = pathlib.Path(os.environ.get("RESIZELAB_BUILD_DIR") or pathlib.Path(self.build_temp).resolve() / "cmake")
        args = ["-DCMAKE_BUILD_TYPE=Release", f"-DPython3_EXECUTABLE={sys.executable}", "-DRL_BUILD_GUI=OFF",
                "-DRL_BUILD_IO=OFF", "-DRL_BUILD_TESTS=OFF", "-DRL_BUILD_BENCH=OFF", "-DRL_WERROR=OFF",
                "-DRL_PYTHON_REQUIRED=ON"]
        if shutil.which("ninja"):
            args += ["-G", "Ninja"]
        args += shlex.split(os.environ.get("RESIZELAB_CMAKE_ARGS", ""))
        try:  # pybind11 installed by pip: tell CMake where its config is
            import pybind11
            args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
        except ImportError:
            pass
        subprocess.run(["cmake", "-S", str(root), "-B", str(build), *args], check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "rl_python", "-j", str(os.cpu_count() or 1)],
                       check=True)
        built = next((build / "python" / "resizelab").glob("_core*"))
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    name="resizelab",
    version="0.1.0",
    description="MATLAB's imresize, bit for bit, for numpy and PyTorch (CPU and CUDA)",
    license="MIT",
    packages=["resizelab", "resizelab.compat"],
    ext_modules=[Extension("resizelab._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    python_requires=">=3.8",
    install_requires=["numpy"],
    zip_safe=False,
)
