# The live link under what users and other processes do to it, through the real viewer's socket: a
# query answers with the pane it names; a header announcing the largest payload, or a payload that
# does not fit in memory, costs only its own connection (under prlimit --as); idle connections are
# closed; a viewer that cannot start is reported at once; show(missing="ignore") lets a training loop
# go on; every failure of show/query/close is a ViewerError with the viewer's reason; names with
# control characters or invalid UTF-8 are refused by one rule on both sides.
import os
import re
import shutil
import subprocess
import time
import warnings

import numpy as np
import pytest

import resizelab
from resizelab import live
from test_live import HEADER, raw_bytes, read_reply, send_raw, viewer_command

pytestmark = pytest.mark.skipif(not viewer_command(), reason="the resizelab viewer is not built")


def start_viewer(tmp, *, prefix=(), env=None):
    """A viewer with a runtime folder of its own, on the default image and panes; returns (proc, path)."""
    run = tmp / "run"
    run.mkdir(mode=0o700)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(run), XDG_CONFIG_HOME=str(tmp / "config"),
               QT_QPA_PLATFORM="offscreen", **(env or {}))
    env.pop("RESIZELAB_SOCKET", None)
    proc = subprocess.Popen([*prefix, viewer_command()], env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    path = run / f"resizelab-{os.getuid()}.sock"
    deadline = time.monotonic() + 60
    while not path.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    assert path.exists(), f"the viewer did not listen at {path} (status {proc.poll()})"
    return proc, path


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """A viewer started with no image (the default one and the default panes), pixel limit 10^6."""
    tmp = tmp_path_factory.mktemp("guard")
    proc, path = start_viewer(tmp, env={"RL_MAX_PIXELS": "1000000"})
    mp = pytest.MonkeyPatch()
    mp.setenv("RESIZELAB_SOCKET", str(path))
    yield {"proc": proc, "path": path}
    mp.undo()
    proc.terminate()
    assert proc.wait(timeout=30) == 0


def test_a_query_returns_the_pane_it_names(fresh):
    # Pushed beside the default MATLAB panes, a pane was answered with pane 1's result (the default
    # image's uint8 resize, "max |D| 0; PSNR inf"): its default method matched pane 1's tables.
    rng = np.random.default_rng(7)
    q1 = rng.random((32, 32, 3), dtype=np.float32)
    q2 = rng.integers(0, 256, (300, 200, 3), dtype=np.uint8)
    assert resizelab.show(q1, name="q1", start=False) == "shown: pane 'q1', 32x32x3 single"
    assert resizelab.show(q2, name="q2", start=False) == "shown: pane 'q2', 300x200x3 uint8"
    for name, a in (("q1", q1), ("q2", q2)):
        back, text = live.query(name)
        assert (back.dtype, back.shape) == (a.dtype, a.shape)
        assert raw_bytes(back) == raw_bytes(a)
        assert text.startswith(f"pane '{name}' (pane ") and f"{a.shape[0]}x{a.shape[1]}x3" in text, text
    live.close("q1")
    live.close("q2")


def test_idle_connections_are_closed_and_others_served(fresh):
    t0 = time.monotonic()
    idle = [send_raw(b"") for _ in range(8)]  # connected, nothing sent
    try:
        time.sleep(0.5)
        with send_raw(b"") as ninth:
            with pytest.raises(live.ViewerError, match="^the viewer serves 8 clients at once"):
                read_reply(ninth, timeout=10)
        for s in idle:
            with pytest.raises(live.ViewerError, match=r"^the connection was idle: nothing for 10 s arrived"):
                read_reply(s, timeout=20)
        assert 9 < time.monotonic() - t0 < 20
    finally:
        for s in idle:
            s.close()
    time.sleep(0.2)
    assert resizelab.show(np.zeros((4, 4), np.uint8), name="after-idle", start=False).startswith("shown:")
    live.close("after-idle")


FAILURES = {
    # A header the viewer refuses (over the payload bound of 10^6 pixels): it replies and closes while the
    # payload is being sent; the reply is read (it was a BrokenPipeError).
    "refused-header": r"^malformed message: a payload of 35200128 bytes, over the limit of 32065536 bytes$",
    # A full viewer, and a message longer than the socket's buffer (a BrokenPipeError).
    "full": r"^the viewer serves 8 clients at once; try again when one is done$",
    "empty": r"^the image is empty$",  # a TypeError from memoryview.cast
    "surrogate": r"^the name is not valid UTF-8 \(byte 2\)$",  # a UnicodeEncodeError
    "no-executable": r"no-such-viewer cannot be started: No such file or directory$",  # a FileNotFoundError
}


@pytest.mark.parametrize("case", FAILURES)
def test_every_failure_is_a_viewer_error_with_the_reason(fresh, tmp_path, monkeypatch, case):
    held = []
    if case == "full":
        held = [send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, 1000) + b"w") for _ in range(8)]
        time.sleep(0.5)
    if case == "no-executable":
        monkeypatch.setenv("RESIZELAB_SOCKET", str(tmp_path / "none.sock"))
        monkeypatch.setenv("RESIZELAB_VIEWER", str(tmp_path / "no-such-viewer"))
    image, name = {"refused-header": (np.zeros((1100, 1000, 4)), "big"),
                   "full": (np.zeros((1000, 1000), np.uint8), "full"),
                   "empty": (np.zeros((0, 4), np.uint8), "empty"),
                   "surrogate": (np.zeros((4, 4), np.uint8), "a\ud800")}.get(case, (np.zeros((4, 4), np.uint8), "x"))
    try:
        with pytest.raises(live.ViewerError, match=FAILURES[case]):
            resizelab.show(image, name=name, start=case == "no-executable")
    finally:
        for s in held:
            s.close()
    if case == "surrogate":
        for call in (lambda: live.query("\udcff"), lambda: live.close("\udcff")):
            with pytest.raises(live.ViewerError, match=r"^the name is not valid UTF-8 \(byte 1\)$"):
                call()
    time.sleep(0.2)
    assert fresh["proc"].poll() is None


@pytest.mark.parametrize("name, why", [("a\x85b", "a control character (U+0085) in the name"),
                                       ("\x9b31m", "a control character (U+009B) in the name"),
                                       ("tab\there", "a control character (U+0009) in the name")])
def test_control_characters_in_names_are_refused_on_both_sides(fresh, name, why):
    with pytest.raises(live.ViewerError, match=f"^{re.escape(why)}$"):
        resizelab.show(np.zeros((4, 4), np.uint8), name=name, start=False)
    # Sent past the client's check: the viewer refuses by the same rule.
    raw = name.encode("utf-8")
    with send_raw(HEADER.pack(b"RLIM", 1, 3, 0, len(raw), 0, 0, 0.0, 0) + raw) as s:
        with pytest.raises(live.ViewerError, match=f"^malformed message: {re.escape(why)}$"):
            read_reply(s, timeout=10)


def test_send_refuses_the_same_names(fresh, tmp_path):
    np.save(tmp_path / "a.npy", np.zeros((4, 4), np.uint8))
    r = subprocess.run([viewer_command(), "--send", str(tmp_path / "a.npy"), "--name", "a\x85b"],
                       capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout, r.stderr) == (1, "", "resizelab: error: a control character (U+0085) in the name\n")


def test_invalid_utf8_names_are_refused_by_the_viewer(fresh):
    for raw, byte in ((b"\xff", 1), (b"ok\xc2", 3), (b"\xed\xa0\x80", 1), (b"\xc0\xaf", 1)):
        with send_raw(HEADER.pack(b"RLIM", 1, 3, 0, len(raw), 0, 0, 0.0, 0) + raw) as s:
            why = fr"^malformed message: the name is not valid UTF-8 \(byte {byte}\)$"
            with pytest.raises(live.ViewerError, match=why):
                read_reply(s, timeout=10)
    assert fresh["proc"].poll() is None


def test_missing_ignore_warns_once_and_returns(tmp_path, monkeypatch):
    monkeypatch.setenv("RESIZELAB_SOCKET", str(tmp_path / "none.sock"))
    monkeypatch.setenv("RESIZELAB_VIEWER", str(tmp_path / "no-such-viewer"))
    monkeypatch.setattr(live, "_warned", False, raising=False)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for _ in range(3):
            assert resizelab.show(np.zeros((4, 4), np.uint8), name="loop", missing="ignore") is None
            assert resizelab.show(np.zeros((4, 4), np.uint8), name="loop", start=False, missing="ignore") is None
    assert len(caught) == 1 and caught[0].category is RuntimeWarning, [str(w.message) for w in caught]
    assert "no-such-viewer cannot be started" in str(caught[0].message)
    with pytest.raises(live.ViewerError, match="no resizelab viewer listens at"):
        resizelab.show(np.zeros((4, 4), np.uint8), name="loop", start=False)  # the default: raise
    # A refusal is not a missing viewer: it raises in either mode.
    with pytest.raises(live.ViewerError, match="a control character"):
        resizelab.show(np.zeros((4, 4), np.uint8), name="\x85", missing="ignore")
    with pytest.raises(ValueError, match="missing must be 'raise' or 'ignore'"):
        resizelab.show(np.zeros((4, 4), np.uint8), missing="warn")


def test_a_viewer_that_cannot_start_is_reported_at_once_and_not_retried(tmp_path, monkeypatch):
    # No display and no QT_QPA_PLATFORM: Qt aborts at once. The wrapper counts the starts.
    starts = tmp_path / "starts"
    wrapper = tmp_path / "viewer.sh"
    wrapper.write_text(f"#!/bin/sh\necho started >> '{starts}'\nexec '{viewer_command()}' \"$@\"\n")
    wrapper.chmod(0o755)
    for k in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"):
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("RESIZELAB_SOCKET", str(tmp_path / "v.sock"))
    monkeypatch.setenv("RESIZELAB_VIEWER", str(wrapper))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(live, "_FAILED_STARTS", {}, raising=False)
    t0 = time.monotonic()
    exited = r"but it exited at once \((killed by SIGABRT|exit status \d+): .*no Qt platform plugin"
    with pytest.raises(live.ViewerError, match=exited) as why:
        resizelab.show(np.zeros((4, 4), np.uint8), name="x")
    assert time.monotonic() - t0 < 10, why.value
    t0 = time.monotonic()
    for _ in range(3):
        with pytest.raises(live.ViewerError, match="is not started again: it exited at once before"):
            resizelab.show(np.zeros((4, 4), np.uint8), name="x")
    assert time.monotonic() - t0 < 1
    assert starts.read_text() == "started\n"
    # Another display setting is another start.
    monkeypatch.setenv("QT_QPA_PLATFORM", "no-such-platform")
    with pytest.raises(live.ViewerError, match="but it exited at once"):
        resizelab.show(np.zeros((4, 4), np.uint8), name="x")
    assert starts.read_text() == "started\n" * 2


def test_headers_announcing_the_largest_payload_cost_nothing_under_an_address_space_cap(tmp_path, monkeypatch):
    prlimit = shutil.which("prlimit")
    if not prlimit:
        pytest.skip("prlimit (util-linux) is not installed")
    proc, path = start_viewer(tmp_path, prefix=(prlimit, "--as=4000000000", "--"))
    monkeypatch.setenv("RESIZELAB_SOCKET", str(path))
    try:
        # The bound the viewer holds a header to (the default pixel limit): from its refusal of more.
        with send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, 1 << 62) + b"x") as s:
            with pytest.raises(live.ViewerError) as why:
                read_reply(s, timeout=10)
        bound = int(str(why.value).split("over the limit of ")[1].split()[0])
        assert bound > 4000000000
        held = [send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, bound) + b"x") for _ in range(6)]
        try:
            time.sleep(1)
            assert proc.poll() is None, "the viewer died on a header"
            assert resizelab.show(np.ones((8, 8), np.uint8), name="served", start=False).startswith("shown:")
            # A message that does fit the bound but not the memory: refused on its own connection.
            s = send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, bound) + b"y")
            chunk, sent = bytes(8 << 20), 0
            with s:
                try:
                    while sent < bound:
                        s.sendall(chunk)
                        sent += len(chunk)
                except OSError:
                    pass
                with pytest.raises(live.ViewerError,
                                   match=r"^out of memory: the viewer could not hold this message \(\d+ of "
                                         f"{bound + 33} bytes arrived\\); nothing was shown$"):
                    read_reply(s, timeout=30)
            assert sent < 4000000000
        finally:
            for h in held:
                h.close()
        assert proc.poll() is None
        assert raw_bytes(live.query("served")[0]) == raw_bytes(np.ones((8, 8), np.uint8))
    finally:
        proc.terminate()
        proc.wait(timeout=30)
