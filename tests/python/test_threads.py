# The core's thread count from Python: resizelab.set_num_threads, RL_NUM_THREADS, and one thread by
# default inside PyTorch DataLoader workers (N workers would otherwise start N pools of every core).
import os
import subprocess
import sys

import pytest
from conftest import require

import resizelab


def run(code, **env):
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env={**os.environ, **env})
    return r.returncode, r.stdout.strip(), r.stderr.strip()


def test_set_num_threads():
    try:
        resizelab.set_num_threads(1)
        assert resizelab.get_num_threads() == 1
        resizelab.set_num_threads(3)
        assert resizelab.get_num_threads() == 3
        resizelab.set_num_threads(0)  # the default: every hardware thread outside a DataLoader worker
        assert resizelab.get_num_threads() == os.cpu_count()
        for bad in (-1, 1.5, "2", True, None):
            with pytest.raises(ValueError, match="whole number"):
                resizelab.set_num_threads(bad)
    finally:
        resizelab.set_num_threads(0)


def test_a_single_thread_starts_no_pool():
    code = ("import os, numpy, resizelab; resizelab.set_num_threads(1); before = len(os.listdir('/proc/self/task')); "
            "resizelab.imresize(numpy.ones((1024, 1024), numpy.float32), 0.5); "
            "print(len(os.listdir('/proc/self/task')) - before)")
    rc, out, err = run(code)
    assert rc == 0, err
    assert out == "0"


def test_environment_variable():
    rc, out, err = run("import resizelab; print(resizelab.get_num_threads())", RL_NUM_THREADS="3")
    assert (rc, out) == (0, "3"), err
    rc, out, err = run("import resizelab", RL_NUM_THREADS="many")
    assert rc != 0 and err.splitlines()[-1] == ("ValueError: RL_NUM_THREADS must be a whole number of threads "
                                                "(0: the default), got 'many'")


@pytest.mark.parametrize("context", ["fork", "spawn"])
def test_dataloader_workers_default_to_one_thread(context):
    torch = require("torch", "python3-torch: the DataLoader")
    from loader_workers import ThreadsDataset, set_two_threads
    resizelab.imresize(__import__("numpy").ones((512, 512), "float32"), 0.5)  # the parent's pool runs
    loader = torch.utils.data.DataLoader(ThreadsDataset(), batch_size=None, num_workers=2,
                                         multiprocessing_context=context)
    items = list(loader)
    assert {pid for pid, _, _ in items}.isdisjoint({os.getpid()})
    assert [(n, gained) for _, n, gained in items] == [(1, 0), (1, 0)]  # no pool started in a worker
    # A count set in the worker (worker_init_fn) is kept.
    loader = torch.utils.data.DataLoader(ThreadsDataset(), batch_size=None, num_workers=1,
                                         multiprocessing_context=context, worker_init_fn=set_two_threads)
    assert [n for _, n, _ in loader] == [2, 2]
    assert resizelab.get_num_threads() >= 1
