"""Images into the running resizelab viewer, from a training loop or any script.

    import resizelab
    resizelab.show(hr, name="hr", role="hr", scale=4)   # the HR; the resizer panes become x4 round trips
    for step in range(steps):
        ...
        if step % 100 == 0:
            resizelab.show(sr, name="sr", missing="ignore")  # one pane, updated in place; no viewer: one warning

show() sends the image over the viewer's local socket (docs/VIEWER.md, "Pushing images from Python
and scripts") and starts a viewer when none runs. Pure Python: numpy only, torch never imported.
"""

import os
import pwd
import shutil
import socket
import stat
import struct
import signal
import subprocess
import tempfile
import time
import warnings

import numpy as np

from . import _core

__all__ = ["show", "close", "query", "socket_path", "ViewerError"]

_HEADER = struct.Struct("<4sHBBHHIdQ")  # magic, version, type, role, name length, flags, reserved, scale, payload
_MAGIC, _VERSION = b"RLIM", 1
_OPEN, _CLOSE, _QUERY, _REPLY = 1, 2, 3, 129
_ROLES = {"pane": 0, "reference": 1, "hr": 2}
_QUERY_PIXELS, _REPLY_ERROR = 1, 1
# numpy dtypes the viewer holds as they are (MATLAB's classes); float16 and bfloat16 widen exactly to float32.
_DTYPES = {np.dtype(t) for t in ("uint8", "uint16", "uint32", "int8", "int16", "int32", "float32", "float64",
                                 "bool")}
_LAYOUTS = ("hw", "hwc", "chw", "nchw")
START_WAIT_S = 15.0  # a viewer started by show() has this long to listen
# A viewer that neither reads nor answers for this long is given up on: longer than the 60 s it may
# hold a query while the pane is computed (PushServer::kQueryWaitMs).
TIMEOUT_S = 90.0


class ViewerError(RuntimeError):
    """The viewer refused a message (its one-line reply), or none could be reached: then `unreachable`
    is True (none listens and none could be started, or it stopped answering; what show(missing=
    "ignore") lets pass)."""

    unreachable = False


def _unreachable(text):
    e = ViewerError(text)
    e.unreachable = True
    return e


# Viewers that exited at once when show() started them, by (executable, the display settings): the
# reason, raised again at once instead of starting one more (which would fail the same way).
_FAILED_STARTS = {}
_DISPLAY_VARIABLES = ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")
_warned = False  # show(missing="ignore") has warned since a viewer was last reached


def socket_path():
    """Where the viewer listens: $RESIZELAB_SOCKET (an absolute path), else resizelab-<uid>.sock in the
    runtime folder: $XDG_RUNTIME_DIR, else <$TMPDIR or /tmp>/runtime-<user> (which the viewer makes).
    The viewer's rule (push_socket_path in ui/viewer/src/push_server.cpp); where it cannot be followed
    (a relative path, a runtime folder not this user's alone) ViewerError says why, with no fallback."""
    path = os.environ.get("RESIZELAB_SOCKET")
    if path:
        if not os.path.isabs(path):
            raise ViewerError(f"RESIZELAB_SOCKET must be an absolute path, not '{path}'")
        return path
    folder = os.environ.get("XDG_RUNTIME_DIR") or os.path.join(
        os.path.normpath(os.environ.get("TMPDIR") or "/tmp"), "runtime-" + pwd.getpwuid(os.getuid()).pw_name)
    try:
        st = os.stat(folder)
        alone = stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and st.st_mode & 0o077 == 0
    except FileNotFoundError:
        alone = True  # not made yet: a viewer started by show() makes it
    if not alone:
        raise ViewerError(f"the runtime folder {folder} is not a folder of this user's alone; "
                          "set RESIZELAB_SOCKET to an absolute path")
    return os.path.join(folder, f"resizelab-{os.getuid()}.sock")


def _peer_check(s, path):
    """A socket served by another user (SO_PEERCRED) is not this user's viewer: nothing is sent to it."""
    _, uid, _ = struct.unpack("3i", s.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i")))
    if uid != os.getuid():
        s.close()
        raise ViewerError(f"the socket at {path} is served by another user (uid {uid})")
    return s


def _as_array(image):
    """A numpy array of image (a numpy array, or a torch tensor on any device), no copy where none is needed."""
    if type(image).__module__.split(".")[0] == "torch":
        t = image.detach()
        if str(t.dtype) in ("torch.float16", "torch.bfloat16"):
            t = t.float()  # exact: every half and bfloat16 value is a float32
        return t.cpu().numpy()
    a = np.asarray(image)
    if a.dtype == np.float16:
        a = a.astype(np.float32)
    return a


def _hwc(a, layout):
    """a as rows x cols [x channels]; refuses a layout it cannot tell (one line)."""
    shape = tuple(a.shape)
    if layout is None:
        if a.ndim == 2:
            layout = "hw"
        elif a.ndim == 4:
            layout = "nchw"
        elif a.ndim == 3:
            hwc, chw = shape[2] <= 4, shape[0] <= 4
            if hwc == chw:
                raise ValueError(f"resizelab.show: cannot tell whether shape {shape} is HWC or CHW; "
                                 "pass layout='hwc' or layout='chw'")
            layout = "hwc" if hwc else "chw"
        else:
            raise ValueError(f"resizelab.show: a {a.ndim}-D array (shape {shape}); give HW, HWC, CHW or NCHW")
    if layout not in _LAYOUTS:
        raise ValueError(f"resizelab.show: layout must be one of {', '.join(_LAYOUTS)}, not {layout!r}")
    if a.ndim != len(layout):
        raise ValueError(f"resizelab.show: layout {layout!r} needs a {len(layout)}-D array, got shape {shape}")
    if layout == "nchw":
        if shape[0] != 1:
            raise ValueError(f"resizelab.show: a batch of {shape[0]} images (shape {shape}); show one, e.g. x[0]")
        a = a[0]
    if layout in ("chw", "nchw"):
        a = np.moveaxis(a, 0, -1)
    return a


def _npy_header(a):
    descr = a.dtype.str if a.dtype.itemsize > 1 else "|" + a.dtype.str[1:]
    d = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, repr(tuple(a.shape)))
    pad = (64 - (10 + len(d) + 1) % 64) % 64
    d = d + " " * pad + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(d)) + d.encode("latin1")


def _name_bytes(name):
    """name as UTF-8, refused (ViewerError) by the viewer's own rule before anything is sent."""
    if not isinstance(name, str):
        raise ViewerError(f"the name must be a str, not {type(name).__name__}")
    raw = name.encode("utf-8", "surrogatepass")  # a lone surrogate: bytes the rule refuses
    why = _core._push_name_error(raw)
    if why:
        raise ViewerError(why)
    return raw


def _header(kind, role, name, flags=0, scale=0.0, payload=0):
    raw = _name_bytes(name)
    return _HEADER.pack(_MAGIC, _VERSION, kind, _ROLES[role], len(raw), flags, 0, float(scale), payload) + raw


def _ready(s):
    s.settimeout(TIMEOUT_S)
    return s


def _exchange(s, *parts):
    """Sends parts, returns the reply (text, payload); a viewer silent for TIMEOUT_S: ViewerError. A
    viewer that refuses a message as it arrives (its header, or a full viewer) replies and closes before
    the rest is sent: its reply is read and raised."""
    try:
        try:
            for p in parts:
                s.sendall(p)
        except (BrokenPipeError, ConnectionResetError) as e:
            try:
                s.settimeout(5.0)
                _reply(s)  # raises with the viewer's reason
            except ViewerError:
                raise
            except OSError:
                pass
            why = f"the viewer closed the connection before the message was sent ({e.strerror})"
            raise _unreachable(why) from None
        return _reply(s)
    except socket.timeout:
        raise _unreachable(f"the viewer did not answer within {TIMEOUT_S:g} s (stopped or hung?)") from None
    except OSError as e:
        raise _unreachable(f"the connection to the viewer failed: {e.strerror or e}") from None


def _try_connect(path):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        s.connect(path)
    except OSError:
        s.close()
        return None
    return _ready(_peer_check(s, path))


def _exit_reason(proc, err):
    """How a started viewer ended, in one line: its status and the first line it wrote on stderr."""
    rc = proc.returncode
    status = f"killed by {signal.Signals(-rc).name}" if rc < 0 else f"exit status {rc}"
    err.seek(0)
    lines = [ln.strip() for ln in err.read(8192).decode("utf-8", "replace").splitlines() if ln.strip()]
    return status + (": " + lines[0][:300] if lines else "")


def _connect(start):
    global _warned
    path = socket_path()
    s = _try_connect(path)
    if s is None and not start:
        raise _unreachable(f"no resizelab viewer listens at {path}")
    if s is None:
        s = _start_viewer(path)
    _warned = False
    return s


def _start_viewer(path):
    exe = os.environ.get("RESIZELAB_VIEWER") or shutil.which("resizelab")
    if not exe:
        raise _unreachable(f"no resizelab viewer listens at {path}, and resizelab is not on PATH to start one")
    key = (exe,) + tuple(os.environ.get(k) for k in _DISPLAY_VARIABLES)
    if key in _FAILED_STARTS:
        raise _unreachable(f"no resizelab viewer listens at {path}; {exe} is not started again: "
                           f"it exited at once before ({_FAILED_STARTS[key]})")
    # Its stderr goes to an unnamed file: read if it ends at once, never a pipe it could fill.
    with tempfile.TemporaryFile() as err:
        try:
            proc = subprocess.Popen([exe], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                                    start_new_session=True)
        except OSError as e:
            raise _unreachable(f"no resizelab viewer listens at {path}, and {exe} cannot be started: "
                               f"{e.strerror or e}") from None
        deadline = time.monotonic() + START_WAIT_S
        while time.monotonic() < deadline:
            time.sleep(0.1)
            s = _try_connect(path)
            if s is not None:
                return s
            if proc.poll() is not None:
                _FAILED_STARTS[key] = _exit_reason(proc, err)
                raise _unreachable(f"started {exe}, but it exited at once ({_FAILED_STARTS[key]})")
    raise _unreachable(f"started {exe}, but nothing listened at {path} within {START_WAIT_S:g} s")


def _read_exactly(s, n):
    buf = bytearray(n)
    view, got = memoryview(buf), 0
    while got < n:
        k = s.recv_into(view[got:], n - got)
        if k == 0:
            raise _unreachable("the viewer closed the connection before replying")
        got += k
    return bytes(buf)


def _reply(s):
    magic, version, kind, _, name_len, flags, _, _, length = _HEADER.unpack(_read_exactly(s, _HEADER.size))
    if magic != _MAGIC or version != _VERSION or kind != _REPLY:
        raise ViewerError("the viewer's reply is not a resizelab reply")
    text = _read_exactly(s, name_len).decode("utf-8", "replace")
    payload = _read_exactly(s, length) if length else b""
    if flags & _REPLY_ERROR:
        raise ViewerError(text)
    return text, payload


def _role(role):
    if role not in _ROLES:
        raise ValueError(f"resizelab.show: role must be 'pane', 'reference' or 'hr', not {role!r}")
    return role


def show(image, name="sr", role="pane", scale=None, *, layout=None, start=True, missing="raise"):
    """Shows image in the running resizelab viewer (started when none runs, with start=True).

    image: a numpy array or a torch tensor on any device, of uint8, uint16, uint32, int8, int16, int32,
    float32, float64 or bool (float16 and bfloat16 widen to float32, exactly); the pane holds exactly
    these values. Layout: HW, HWC (numpy's habit), CHW or NCHW with N = 1 (torch's); a 3-D shape whose
    first and last sides could both be channels (at most 4), or neither, is refused unless layout=
    "hwc" or "chw" says which. role: "pane" (shown as pane `name`; the same name again updates that
    pane in place, keeping the zoom, the crop and the other panes, and the statistics are recomputed),
    "reference" (what the panes are compared with) or "hr" (the loaded image; with scale=s, an integer
    2..16, the resizer panes become SR round trips at s from it and every pane is compared with it).
    Returns the viewer's one-line reply; raises ViewerError with the viewer's reason when it refuses.
    missing: "raise" (ViewerError when no viewer can be reached: none listens and none starts, or it
    stops answering) or "ignore" (then one warning, and None returned, until a viewer is reached again:
    a training loop goes on without a window; a refusal still raises).
    """
    global _warned
    if missing not in ("raise", "ignore"):
        raise ValueError(f"resizelab.show: missing must be 'raise' or 'ignore', not {missing!r}")
    role = _role(role)
    a = _hwc(_as_array(image), layout)
    if a.dtype not in _DTYPES:
        raise TypeError(f"resizelab.show: {a.dtype} images are not shown as they are; "
                        "use uint8, uint16, uint32, int8, int16, int32, float32, float64 or bool")
    a = np.ascontiguousarray(a, dtype=a.dtype.newbyteorder("<"))
    head = _npy_header(a)
    header = _header(_OPEN, role, name, scale=scale or 0.0, payload=len(head) + a.nbytes) + head
    try:
        with _connect(start) as s:
            # A flat byte view (an empty image too: the viewer says why it is refused).
            return _exchange(s, header, memoryview(a.reshape(-1).view(np.uint8)))[0]
    except ViewerError as e:
        if missing == "raise" or not e.unreachable:
            raise
        if not _warned:
            _warned = True
            warnings.warn(f"resizelab.show: {e}; images are not shown until a viewer can be reached "
                          "(missing='ignore')", RuntimeWarning, stacklevel=2)
        return None


def close(name, role="pane", *, start=False):
    """Removes pane `name` that show() made (role="reference": the reference); returns the reply."""
    message = _header(_CLOSE, _role(role), name)
    with _connect(start) as s:
        return _exchange(s, message)[0]


def query(name, role="pane", *, pixels=True):
    """What the viewer shows as pane `name` (or the reference, or the HR) once its result and statistics
    are current: (the image as a numpy array, H x W or H x W x C, or None with pixels=False; the
    viewer's line with the pane's statistics)."""
    message = _header(_QUERY, _role(role), name, flags=_QUERY_PIXELS if pixels else 0)
    with _connect(False) as s:
        text, payload = _exchange(s, message)
    if not pixels:
        return None, text
    import io
    return np.load(io.BytesIO(payload), allow_pickle=False), text
