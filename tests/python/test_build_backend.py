# python/resizelab_build.py, the package's PEP 517 backend, without running CMake: the metadata and the
# wheel's tag, the progress lines it shows while CMake builds, and its one-line errors.
import importlib.util
import io
import pathlib
import sys
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Loaded from its file, not through sys.path: python/ also holds the package's sources, which must not
# shadow the built package for the other test files.
_spec = importlib.util.spec_from_file_location("resizelab_build", ROOT / "python" / "resizelab_build.py")
backend = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(backend)


def test_needs_no_package_to_build():
    assert backend.get_requires_for_build_wheel() == []
    text = (ROOT / "python" / "pyproject.toml").read_text()
    assert 'requires = []' in text and 'build-backend = "resizelab_build"' in text


def test_metadata(tmp_path):
    name = backend.prepare_metadata_for_build_wheel(str(tmp_path))
    version = next(line for line in (ROOT / "python" / "resizelab" / "__init__.py").read_text().splitlines()
                   if line.startswith("__version__")).split('"')[1]
    assert name == f"resizelab-{version}.dist-info"
    meta = (tmp_path / name / "METADATA").read_text().splitlines()
    assert "Name: resizelab" in meta and f"Version: {version}" in meta and "Requires-Dist: numpy" in meta
    wheel = (tmp_path / name / "WHEEL").read_text()
    py = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    assert f"Tag: {py}-{py}" in wheel and "Root-Is-Purelib: false" in wheel


def test_progress_lines(capsys):
    out = io.StringIO()
    script = "print('[1/3] Building CXX object core/CMakeFiles/rl_core.dir/src/resize.cpp.o'); " \
             "print('noise'); print('[3/3] Linking CXX shared module python/resizelab/_core.so')"
    assert backend._run([sys.executable, "-c", script], "compiling", out)
    assert out.getvalue().splitlines() == ["resizelab build: compiling [1/3] resize.cpp.o",
                                           "resizelab build: compiling [3/3] _core.so"]
    # A failing command: False, and its last lines on stderr for the one-line error to follow.
    assert not backend._run([sys.executable, "-c", "print('the compiler said no'); raise SystemExit(2)"], "x", None)
    assert "the compiler said no" in capsys.readouterr().err


def test_missing_cmake_is_one_line(monkeypatch, capsys):
    monkeypatch.setattr(backend.shutil, "which", lambda name: None)
    with pytest.raises(SystemExit) as info:
        backend.build_wheel("unused")
    assert info.value.code == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["resizelab build: CMake was not found (Debian: apt-get install cmake g++ pybind11-dev python3-dev)"]


def test_wheel_layout(tmp_path, monkeypatch):
    # The wheel from a stand-in module: every package file, the module, and a RECORD of them all.
    module = tmp_path / "_core.cpython-test.so"
    module.write_bytes(b"\x7fELF stand-in")
    monkeypatch.setattr(backend, "_build_module", lambda: module)
    name = backend.build_wheel(str(tmp_path))
    with zipfile.ZipFile(tmp_path / name) as z:
        names = set(z.namelist())
        record = z.read(next(n for n in names if n.endswith("/RECORD"))).decode().splitlines()
    assert {"resizelab/__init__.py", "resizelab/torch.py", "resizelab/compat/basicsr.py",
            "resizelab/_core.cpython-test.so"} <= names
    assert {line.split(",")[0] for line in record} == names
