# resizelab.show and the viewer's push socket, end to end: a viewer started offscreen with a runtime
# folder of its own receives numpy and torch images, holds them bit for bit (read back with a query),
# updates a pane in place with the view kept, refuses malformed messages with one line and keeps
# serving, and serves two clients at once. Needs the viewer (RL_RESIZELAB, set by CMake).
import os
import pathlib
import select
import signal
import socket
import stat
import struct
import subprocess
import time

import numpy as np
import pytest

from conftest import ROOT, require

import resizelab
from resizelab import live


def viewer_command():
    exe = os.environ.get("RL_RESIZELAB", "")
    if not exe:
        cand = ROOT / "build" / "app" / "resizelab" / "resizelab"
        exe = str(cand) if cand.exists() else ""
    return exe


pytestmark = pytest.mark.skipif(not viewer_command(), reason="the resizelab viewer is not built")

RNG = np.random.default_rng(52)
HR = RNG.random((96, 128, 3), dtype=np.float32)
HEADER = struct.Struct("<4sHBBHHIdQ")


@pytest.fixture(scope="module")
def viewer(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("live")
    run = tmp / "run"
    run.mkdir(mode=0o700)
    np.save(tmp / "hr.npy", HR)
    env = dict(os.environ, XDG_RUNTIME_DIR=str(run), XDG_CONFIG_HOME=str(tmp / "config"),
               QT_QPA_PLATFORM="offscreen", RL_MAX_PIXELS="1000000")  # the files' pixel limit, lowered
    env.pop("RESIZELAB_SOCKET", None)
    saved = {k: os.environ.get(k) for k in ("XDG_RUNTIME_DIR", "RESIZELAB_SOCKET")}
    os.environ["XDG_RUNTIME_DIR"] = str(run)
    os.environ.pop("RESIZELAB_SOCKET", None)
    # Started on the HR as an SR round trip at x4, zoomed into a region: the view an update must keep.
    proc = subprocess.Popen([viewer_command(), str(tmp / "hr.npy"), "--sr-scale", "4", "--crop", "16,8,40,30"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    path = pathlib.Path(live.socket_path())
    deadline = time.monotonic() + 60
    while not path.exists() and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)
    assert path.exists(), f"the viewer did not listen at {path}"
    yield {"proc": proc, "path": path}
    proc.terminate()
    assert proc.wait(timeout=30) == 0
    assert not path.exists(), "the socket file outlived the viewer"
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def raw_bytes(a):
    return np.ascontiguousarray(a).view(np.uint8).tobytes()


def test_socket_is_the_users_alone(viewer):
    mode = viewer["path"].stat().st_mode
    assert stat.S_ISSOCK(mode)
    assert mode & 0o077 == 0, oct(mode)


def test_a_read_only_array_is_pushed_as_it_is(viewer):
    from PIL import Image
    from conftest import golden_dir
    a = np.asarray(Image.open(golden_dir() / "legacy-set5" / "original" / "bird.bmp"))  # read-only already
    assert not a.flags.writeable
    assert resizelab.show(a, name="read-only", start=False).startswith("shown: pane 'read-only'")
    back, _ = live.query("read-only")
    assert back.dtype == a.dtype and back.shape == a.shape and raw_bytes(back) == raw_bytes(a)
    assert not a.flags.writeable
    live.close("read-only")


@pytest.mark.parametrize("dtype", ["float32", "float64", "uint8", "uint16", "int16", "int32", "bool"])
def test_numpy_pane_holds_the_bytes_sent(viewer, dtype):
    if dtype == "bool":
        a = RNG.random(HR.shape[:2]) > 0.5
    elif dtype.startswith("float"):
        a = HR.astype(dtype) * 3 - 1
        a.flat[5] = np.nan
        a.flat[6] = -np.inf
        a.flat[7] = -0.0
    else:
        info = np.iinfo(dtype)
        a = RNG.integers(info.min, info.max, size=HR.shape, dtype=dtype, endpoint=True)
    reply = resizelab.show(a, name=f"np-{dtype}", start=False)
    assert reply.startswith(f"shown: pane 'np-{dtype}'")
    back, text = live.query(f"np-{dtype}")
    assert back.dtype == a.dtype and back.shape == a.shape
    assert raw_bytes(back) == raw_bytes(a)
    assert live.close(f"np-{dtype}") == f"closed: pane 'np-{dtype}'"


def test_torch_layouts_arrive_as_hwc(viewer):
    torch = require("torch", "tensors are pushed as they are")
    chw = torch.from_numpy(np.moveaxis(HR, -1, 0).copy())
    resizelab.show(chw, name="t-chw", start=False)
    back, _ = live.query("t-chw")
    assert raw_bytes(back) == raw_bytes(HR)
    nchw = (chw[None] * 255).to(torch.uint8)
    resizelab.show(nchw, name="t-nchw", start=False)
    back, _ = live.query("t-nchw")
    assert raw_bytes(back) == raw_bytes(np.moveaxis(nchw[0].numpy(), 0, -1))
    half = chw.half()
    resizelab.show(half, name="t-half", start=False)
    back, _ = live.query("t-half")
    assert back.dtype == np.float32
    assert raw_bytes(back) == raw_bytes(np.moveaxis(half.float().numpy(), 0, -1))
    if torch.cuda.is_available():
        resizelab.show(chw.cuda(), name="t-cuda", start=False)
        assert raw_bytes(live.query("t-cuda")[0]) == raw_bytes(HR)
    for name in ("t-chw", "t-nchw", "t-half") + (("t-cuda",) if torch.cuda.is_available() else ()):
        live.close(name)


def test_an_image_over_the_pixel_limit_is_refused_and_the_viewer_serves_on(viewer):
    with pytest.raises(live.ViewerError, match=r"1001000 pixels, over the limit of 1000000"):
        resizelab.show(np.zeros((1001, 1000), np.uint8), name="too-big", start=False)
    small = np.zeros((1000, 1000), np.uint8)  # at the limit: shown
    assert resizelab.show(small, name="at-limit", start=False).startswith("shown: pane 'at-limit'")
    assert live.close("at-limit") == "closed: pane 'at-limit'"


def test_unclear_layouts_and_types_are_refused_in_one_line():
    with pytest.raises(ValueError, match=r"cannot tell whether shape \(3, 5, 3\) is HWC or CHW"):
        resizelab.show(np.zeros((3, 5, 3), np.float32), start=False)
    with pytest.raises(ValueError, match="a batch of 2 images"):
        resizelab.show(np.zeros((2, 3, 5, 5), np.float32), start=False)
    with pytest.raises(ValueError, match="cannot tell"):
        resizelab.show(np.zeros((64, 5, 64), np.float32), start=False)  # neither side is channels
    with pytest.raises(TypeError, match="int64 images are not shown as they are"):
        resizelab.show(np.zeros((5, 5), np.int64), start=False)
    with pytest.raises(ValueError, match="role must be"):
        resizelab.show(np.zeros((5, 5), np.uint8), role="ref", start=False)


def stats(text):
    return text.split(": ", 1)[1].split("; view:")[0]


def view(text):
    return text.split("; view: ")[1]


def test_update_in_place_keeps_the_view_and_recomputes_statistics(viewer):
    sr1 = np.clip(HR + np.float32(0.05), 0, 1)
    resizelab.show(HR * np.float32(0.5), name="other", start=False)
    resizelab.show(sr1, name="sr", start=False)
    _, other_before = live.query("other", pixels=False)
    time.sleep(0.5)  # the first results' --crop is in place by now
    _, before = live.query("sr", pixels=False)
    sr2 = np.clip(HR - np.float32(0.01), 0, 1)
    resizelab.show(sr2, name="sr", start=False)
    back, after = live.query("sr")
    assert raw_bytes(back) == raw_bytes(sr2)
    # The same pane (its number), the same view, new statistics; the other pane untouched.
    assert after.split(",")[0] == before.split(",")[0]
    assert view(after) == view(before)
    assert float(view(before).split()[1].rstrip(",")) > 1.5, view(before)  # the --crop's zoom, not a fit
    assert stats(after) != stats(before)
    assert "PSNR" in stats(after)
    assert live.query("other", pixels=False)[1] == other_before
    live.close("sr")
    live.close("other")


def send_raw(data, wait=True):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(live.socket_path())
    try:
        s.sendall(data)
    except BrokenPipeError:
        pass  # the viewer answered (a refusal) and closed first: its reply is still there to read
    return s


def read_reply(s, timeout=30):
    s.settimeout(timeout)
    return live._reply(s)


def test_malformed_messages_get_an_error_reply_and_the_viewer_goes_on(viewer):
    ok = HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, 0) + b"x"
    cases = {
        b"XXXX" + ok[4:]: "malformed message: bad magic (not a resizelab push message)",
        ok[:4] + struct.pack("<H", 9) + ok[6:]: "malformed message: protocol version 9, this viewer speaks 1",
        HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, 1 << 62) + b"x": "malformed message: a payload of",
        HEADER.pack(b"RLIM", 1, 1, 7, 1, 0, 0, 0.0, 0) + b"x": "malformed message: unknown role 7",
    }
    for data, message in cases.items():
        with send_raw(data) as s:
            with pytest.raises(live.ViewerError, match=message.replace("(", r"\(").replace(")", r"\)")):
                read_reply(s)
    # A well-framed message with a bad image: an error reply, and the connection serves on.
    bad_npy = b"\x93NUMPY\x01\x00\x08\x00{'descr'"
    with send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, len(bad_npy)) + b"y" + bad_npy) as s:
        with pytest.raises(live.ViewerError, match="invalid .npy file"):
            read_reply(s)
        a = np.arange(12, dtype=np.uint8).reshape(3, 4)
        head = live._npy_header(a)
        s.sendall(live._header(1, "pane", "after-bad", payload=len(head) + a.nbytes) + head + a.tobytes())
        assert read_reply(s)[0].startswith("shown: pane 'after-bad'")
    # Truncated: half a message, then nothing; the viewer answers once it has waited long enough.
    t0 = time.monotonic()
    with send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, 1000) + b"z" + b"\0" * 10) as s:
        with pytest.raises(live.ViewerError, match="truncated message: 43 of 1033 bytes arrived"):
            read_reply(s)
    assert time.monotonic() - t0 < 20
    # A scale with a pane, an unknown pane: refused in one line.
    with pytest.raises(live.ViewerError, match="a scale goes with role hr"):
        resizelab.show(HR, name="s", scale=2, start=False)
    with pytest.raises(live.ViewerError, match="no pane named 'nope' was pushed"):
        live.query("nope")
    assert viewer["proc"].poll() is None
    live.close("after-bad")


def test_two_clients_at_once(viewer):
    a = (HR * 65535).astype(np.uint16)
    b = HR[::-1].copy()
    head_a, head_b = live._npy_header(a), live._npy_header(b)
    msg_a = live._header(1, "pane", "client-a", payload=len(head_a) + a.nbytes) + head_a + a.tobytes()
    msg_b = live._header(1, "pane", "client-b", payload=len(head_b) + b.nbytes) + head_b + b.tobytes()
    with send_raw(msg_a[: len(msg_a) // 2]) as sa, send_raw(msg_b) as sb:
        # B is served while A's message is half sent; then A completes.
        assert read_reply(sb)[0].startswith("shown: pane 'client-b'")
        sa.sendall(msg_a[len(msg_a) // 2:])
        assert read_reply(sa)[0].startswith("shown: pane 'client-a'")
    assert raw_bytes(live.query("client-a")[0]) == raw_bytes(a)
    assert raw_bytes(live.query("client-b")[0]) == raw_bytes(b)
    live.close("client-a")
    live.close("client-b")


def test_reference_and_hr_roles(viewer):
    ref = HR[:, :, :].copy() * np.float32(0.9)
    assert resizelab.show(ref, name="matlab", role="reference", start=False) == "shown: reference, 96x128x3 single"
    back, text = live.query("", role="reference")
    assert raw_bytes(back) == raw_bytes(ref)
    resizelab.show(HR, name="sr", start=False)
    assert "PSNR" in stats(live.query("sr", pixels=False)[1])
    live.close("", role="reference")
    back, _ = live.query("", role="hr")
    assert raw_bytes(back) == raw_bytes(HR)
    live.close("sr")


def test_send_command(viewer, tmp_path):
    a = (HR * 255).astype(np.uint8)
    np.save(tmp_path / "from-shell.npy", a)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([viewer_command(), "--send", str(tmp_path / "from-shell.npy")], env=env,
                       capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stdout.strip(), r.stderr) == (0, "shown: pane 'from-shell', 96x128x3 uint8", "")
    assert raw_bytes(live.query("from-shell")[0]) == raw_bytes(a)
    r = subprocess.run([viewer_command(), "--send", str(tmp_path / "missing.png")], env=env,
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "missing.png" in r.stderr
    r = subprocess.run([viewer_command(), "--send", str(tmp_path / "from-shell.npy"), "--role", "ref"], env=env,
                       capture_output=True, text=True, timeout=60)
    assert (r.returncode, r.stderr) == (2, "resizelab: error: --role must be pane, reference or hr, not 'ref'\n")
    r = subprocess.run([viewer_command(), "--send", "--help"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and r.stdout.startswith("Usage: resizelab --send FILE")
    live.close("from-shell")


def test_a_file_at_the_socket_path_survives_a_viewer_start(tmp_path):
    # RESIZELAB_SOCKET naming a file by mistake: the viewer says it does not listen and leaves the file.
    results = tmp_path / "results.npy"
    results.write_bytes(b"precious")
    env = dict(os.environ, RESIZELAB_SOCKET=str(results), XDG_CONFIG_HOME=str(tmp_path / "config"),
               QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen([viewer_command()], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 60)
        line = proc.stderr.readline() if ready else ""
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert line == f"resizelab: does not receive images: {results} exists and is not a socket of this user's\n"
    assert results.read_bytes() == b"precious"


@pytest.mark.parametrize("call", ["show", "close", "query"])
def test_a_viewer_that_never_answers_is_given_up_on(tmp_path, monkeypatch, call):
    # A listener that accepts and then says nothing (a stopped viewer): one line, no hang.
    path = tmp_path / "silent.sock"
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(str(path))
    server.listen(1)
    monkeypatch.setenv("RESIZELAB_SOCKET", str(path))
    monkeypatch.setattr(live, "TIMEOUT_S", 0.5)
    t0 = time.monotonic()
    with server, pytest.raises(live.ViewerError, match=r"^the viewer did not answer within 0.5 s"):
        if call == "show":
            resizelab.show(np.zeros((4, 4), np.uint8), start=False)
        elif call == "close":
            live.close("x")
        else:
            live.query("x")
    assert time.monotonic() - t0 < 10


def first_stderr_line(env):
    """Starts a viewer with env and returns its first line on stderr ('' if none within 60 s)."""
    proc = subprocess.Popen([viewer_command()], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 60)
        return proc.stderr.readline() if ready else ""
    finally:
        proc.terminate()
        proc.wait(timeout=30)


@pytest.mark.parametrize("case", ["relative", "runtime-not-a-folder"])
def test_python_and_the_viewer_refuse_the_same_paths(tmp_path, monkeypatch, case):
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), QT_QPA_PLATFORM="offscreen")
    if case == "relative":
        env["RESIZELAB_SOCKET"] = "rel.sock"
    else:
        (tmp_path / "run").write_bytes(b"")
        env.pop("RESIZELAB_SOCKET", None)
        env["XDG_RUNTIME_DIR"] = str(tmp_path / "run")
    for k in ("RESIZELAB_SOCKET", "XDG_RUNTIME_DIR"):
        if k in env:
            monkeypatch.setenv(k, env[k])
        else:
            monkeypatch.delenv(k, raising=False)
    with pytest.raises(live.ViewerError) as why:
        live.socket_path()
    assert first_stderr_line(env) == f"resizelab: does not receive images: {why.value}\n"


def test_without_a_runtime_folder_python_finds_the_viewers_socket(tmp_path, monkeypatch):
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp_path / "config"), QT_QPA_PLATFORM="offscreen",
               TMPDIR=str(tmp_path))
    env.pop("RESIZELAB_SOCKET", None)
    env.pop("XDG_RUNTIME_DIR", None)
    monkeypatch.delenv("RESIZELAB_SOCKET", raising=False)
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    path = pathlib.Path(live.socket_path())
    assert path.parent.parent == tmp_path
    proc = subprocess.Popen([viewer_command()], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.1)
        assert stat.S_ISSOCK(path.lstat().st_mode)
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def test_a_header_announcing_more_than_the_pixel_limit_allows_is_refused_before_the_payload(viewer):
    # RL_MAX_PIXELS=1000000: at most 4 float64 channels of 10^6 pixels and a 64 KiB .npy header.
    bound = 1000000 * 4 * 8 + 65536
    with send_raw(HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, bound + 1) + b"x") as s:
        with pytest.raises(live.ViewerError,
                           match=f"^malformed message: a payload of {bound + 1} bytes, over the limit of {bound} "):
            read_reply(s, timeout=5)  # at once: nothing of the payload was sent


def test_a_viewer_that_does_not_listen_ends_cleanly_on_sigterm(tmp_path):
    # Every window handles SIGTERM alike: the event loop ends and the process exits 0 (before, a window
    # that did not listen was ended by main()'s handler, killed by the signal).
    env = dict(os.environ, RESIZELAB_SOCKET="rel.sock", XDG_CONFIG_HOME=str(tmp_path / "config"),
               QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen([viewer_command()], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    try:
        ready, _, _ = select.select([proc.stderr], [], [], 60)
        assert ready and "does not receive images" in proc.stderr.readline()
        proc.terminate()
        assert proc.wait(timeout=30) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_ninth_client_is_refused_with_one_line_and_the_viewer_serves_on(viewer):
    begun = HEADER.pack(b"RLIM", 1, 1, 0, 1, 0, 0, 0.0, 1000) + b"w"  # a message begun, not continued
    held = [send_raw(begun) for _ in range(8)]
    try:
        time.sleep(0.5)  # the eight are accepted
        with send_raw(b"") as s:
            with pytest.raises(live.ViewerError, match="^the viewer serves 8 clients at once; try again when"):
                read_reply(s, timeout=10)
            assert s.recv(1) == b""  # and the connection is closed
    finally:
        for s in held:
            s.close()
    time.sleep(0.5)
    assert resizelab.show(np.zeros((4, 4), np.uint8), name="after-ninth", start=False).startswith("shown:")
    live.close("after-ninth")


def test_a_second_signal_ends_the_viewer_at_once_and_removes_the_socket(tmp_path):
    # Stopped, then two signals, then continued: the first handled asks the event loop to end, the second
    # removes the socket file and ends the process by itself. Which of the two is handled second is the
    # kernel's choice (any of the window's threads may take either), so either may end it.
    path = tmp_path / "s.sock"
    env = dict(os.environ, RESIZELAB_SOCKET=str(path), XDG_CONFIG_HOME=str(tmp_path / "config"),
               QT_QPA_PLATFORM="offscreen")
    proc = subprocess.Popen([viewer_command()], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 60
        while not path.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert path.exists()
        proc.send_signal(signal.SIGSTOP)
        time.sleep(0.2)
        proc.send_signal(signal.SIGTERM)
        proc.send_signal(signal.SIGHUP)
        proc.send_signal(signal.SIGCONT)
        assert proc.wait(timeout=30) in (-signal.SIGTERM, -signal.SIGHUP)
        assert not path.exists()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
