"""The resizelab package's build backend (PEP 517), in the source tree: it builds the module with the
project's CMake and writes the wheel itself, so building needs neither setuptools nor wheel and
nothing is downloaded (pyproject.toml: requires = []). CMake's progress is shown while it builds.

    pip install ./python                      # or: pip wheel ./python -w dist
    RESIZELAB_CMAKE_ARGS="-DRL_BUILD_CUDA=OFF"  extra CMake options
    RESIZELAB_BUILD_DIR=/path                   the CMake build folder (default: a temporary one)

Needs CMake, a C++20 compiler, pybind11 and the Python headers (Debian: cmake g++ pybind11-dev
python3-dev); a missing one stops the build with one line saying which.
"""

import base64
import hashlib
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
PACKAGE = HERE / "resizelab"


class BuildError(SystemExit):
    """One line on stderr and exit status 1 (what pip shows of a failed backend)."""

    def __init__(self, line):
        print(f"resizelab build: {line}", file=sys.stderr, flush=True)
        super().__init__(1)


# ---- metadata: [project] of pyproject.toml, the version from resizelab/__init__.py ------------------

def _project():
    text = (HERE / "pyproject.toml").read_text()
    try:
        import tomllib
        return tomllib.loads(text)["project"]
    except ImportError:  # Python before 3.11: the few plain keys this file uses
        section = text.split("[project]", 1)[1].split("\n[", 1)[0]
        out = {}
        for key, value in re.findall(r'^(\w[\w-]*)\s*=\s*(.+)$', section, re.M):
            out[key] = re.findall(r'"([^"]*)"', value) if value.startswith("[") else value.strip().strip('"')
        return out


def _version():
    m = re.search(r'^__version__ = "([^"]+)"', (PACKAGE / "__init__.py").read_text(), re.M)
    if not m:
        raise BuildError("resizelab/__init__.py has no __version__ line")
    return m.group(1)


def _metadata():
    p = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {p['name']}", f"Version: {_version()}", f"Summary: {p['description']}",
             f"Requires-Python: {p['requires-python']}"]
    lic = p.get("license")
    if lic:
        lines.append(f"License: {lic['text'] if isinstance(lic, dict) else lic}")
    lines += [f"Requires-Dist: {d}" for d in p.get("dependencies", [])]
    return "\n".join(lines) + "\n"


def _tag():
    if sys.implementation.name != "cpython":
        raise BuildError(f"the module is built for CPython, this is {sys.implementation.name}")
    py = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    abi = py + (sys.abiflags if hasattr(sys, "abiflags") else "")
    plat = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{py}-{abi}-{plat}"


def _dist_info_name():
    return f"resizelab-{_version()}.dist-info"


def _write_dist_info(directory):
    d = pathlib.Path(directory) / _dist_info_name()
    d.mkdir(parents=True, exist_ok=True)
    (d / "METADATA").write_text(_metadata())
    (d / "WHEEL").write_text(f"Wheel-Version: 1.0\nGenerator: resizelab_build\nRoot-Is-Purelib: false\nTag: {_tag()}\n")
    return d.name


# ---- the CMake build, with its progress shown -------------------------------------------------------

def _progress_stream():
    """pip hides a backend's output (only "still running..." for minutes): progress goes to the
    terminal when there is one, else to stderr (pip -v shows it; a log keeps it)."""
    if os.environ.get("RESIZELAB_BUILD_QUIET"):
        return None
    try:
        return open("/dev/tty", "w")
    except OSError:
        return sys.stderr


def _run(cmd, what, progress):
    """Runs cmd, echoing [n/m] steps as progress; on failure, the last lines of its output and one line."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    tail = []
    for line in proc.stdout:
        tail = (tail + [line.rstrip("\n")])[-40:]
        if progress is not None:
            m = re.match(r"^\[(\d+)/(\d+)\]\s+(.*)$", line)  # ninja
            m = m or re.match(r"^\[\s*(\d+)%\]\s+(.*)$", line)  # make
            if m:
                step = f"{m.group(1)}/{m.group(2)}" if m.lastindex == 3 else f"{m.group(1)}%"
                name = m.group(m.lastindex).split("/")[-1][:60]
                progress.write(f"resizelab build: {what} [{step}] {name}\n")
                progress.flush()
    if proc.wait() != 0:
        sys.stderr.write("\n".join(tail) + "\n")
        return False
    return True


def _build_module():
    """Builds resizelab/_core with CMake; returns the built file."""
    if shutil.which("cmake") is None:
        raise BuildError("CMake was not found (Debian: apt-get install cmake g++ pybind11-dev python3-dev)")
    build = os.environ.get("RESIZELAB_BUILD_DIR")
    if not build:
        build = tempfile.mkdtemp(prefix="resizelab-cmake-")
    build = pathlib.Path(build).resolve()
    args = ["-DCMAKE_BUILD_TYPE=Release", f"-DPython3_EXECUTABLE={sys.executable}", "-DRL_BUILD_GUI=OFF",
            "-DRL_BUILD_IO=OFF", "-DRL_BUILD_TESTS=OFF", "-DRL_BUILD_BENCH=OFF", "-DRL_WERROR=OFF",
            "-DRL_PYTHON_REQUIRED=ON"]
    if shutil.which("ninja"):
        args += ["-G", "Ninja"]
    args += shlex.split(os.environ.get("RESIZELAB_CMAKE_ARGS", ""))
    try:  # pybind11 installed with pip into this environment: tell CMake where its config is
        import pybind11
        args.append(f"-Dpybind11_DIR={pybind11.get_cmake_dir()}")
    except ImportError:
        pass
    progress = _progress_stream()
    if progress is not None:
        progress.write(f"resizelab build: configuring with CMake in {build}\n")
        progress.flush()
    if not _run(["cmake", "-S", str(ROOT), "-B", str(build), *args], "configure", None):
        raise BuildError("CMake's configure step failed (its last lines are above); the module needs a C++20 "
                         "compiler, pybind11 and the Python headers (Debian: g++ pybind11-dev python3-dev)")
    jobs = str(os.cpu_count() or 1)
    if not _run(["cmake", "--build", str(build), "--target", "rl_python", "-j", jobs], "compiling", progress):
        raise BuildError("the C++ build failed (its last lines are above)")
    built = sorted((build / "python" / "resizelab").glob("_core*"))
    if not built:
        raise BuildError(f"CMake finished but left no resizelab/_core module in {build / 'python'}")
    return built[0]


# ---- PEP 517 hooks ----------------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory)


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    module = _build_module()
    name = f"resizelab-{_version()}-{_tag()}.whl"
    files = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        files["resizelab/" + path.relative_to(PACKAGE).as_posix()] = path.read_bytes()
    files[f"resizelab/{module.name}"] = module.read_bytes()
    with tempfile.TemporaryDirectory() as tmp:
        info = _write_dist_info(tmp)
        for f in ("METADATA", "WHEEL"):
            files[f"{info}/{f}"] = (pathlib.Path(tmp) / info / f).read_bytes()
    record = [_record_line(a, d) for a, d in files.items()] + [f"{_dist_info_name()}/RECORD,,"]
    files[f"{_dist_info_name()}/RECORD"] = ("\n".join(record) + "\n").encode()
    out = pathlib.Path(wheel_directory) / name
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        for arcname, data in files.items():
            zi = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if arcname.endswith(".so") else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return name
