"""The core's thread count: resizelab.set_num_threads, the RL_NUM_THREADS variable, and one thread in
PyTorch DataLoader workers by default (as torch sets torch.set_num_threads(1) there), so that N workers
do not each start a pool of every hardware thread."""

import os
import sys

from . import _core

ENV = "RL_NUM_THREADS"
_explicit = None  # the count set_num_threads or RL_NUM_THREADS asked for (None: the default)
_checked_pid = None  # the process whose default was decided (a forked worker decides anew)


def _parse_env(text):
    try:
        n = int(text.strip())
    except ValueError:
        n = -1
    if n < 0:
        raise ValueError(f"{ENV} must be a whole number of threads (0: the default), got {text!r}")
    return n


def set_num_threads(n):
    """Threads for every resize and metric of this process (and of processes it forks later): n >= 1
    (overriding RL_NUM_THREADS and the DataLoader default), or 0 for the default: every hardware
    thread, one inside a PyTorch DataLoader worker."""
    global _explicit, _checked_pid
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"set_num_threads takes a whole number >= 0 (0: the default), got {n!r}")
    _explicit, _checked_pid = (n or None), None
    if n:
        _core._set_num_threads(n)
    else:
        prepare()


def get_num_threads():
    """The threads the next resize runs on (1 in a DataLoader worker unless set)."""
    prepare()
    return _core._get_num_threads()


def prepare():
    """Called before work: in a process that set nothing, one thread inside a torch DataLoader worker,
    every hardware thread elsewhere. Decided once per process (by pid, so forked workers decide too)."""
    global _checked_pid
    if _explicit is not None:
        return
    pid = os.getpid()
    if pid == _checked_pid:
        return
    _checked_pid = pid
    torch = sys.modules.get("torch")
    in_worker = False
    if torch is not None:
        data = sys.modules.get("torch.utils.data")
        in_worker = data is not None and data.get_worker_info() is not None
    _core._set_num_threads(1 if in_worker else 0)


if os.environ.get(ENV, "").strip():
    set_num_threads(_parse_env(os.environ[ENV]))
