#!/usr/bin/env python3
# resizelab.show into a running viewer, in one run: a 2040x1356 RGB float32 image from the call until
# it is in its pane with its statistics (show(), then a query that answers once the pane's result and
# statistics against the HR are current), and the part of that until the viewer replied "shown";
# peers: np.save of the same array to a file in /dev/shm (the first step of the file-and-reload way,
# before the viewer has read anything), and a tiny message's round trip (the transport's floor).
# The window's longest stall while receiving is the worst round trip of a small request (a close of a
# pane that does not exist) sent every 5 ms from a second client while the first pushes.
# Starts its own viewer offscreen with a runtime folder of its own.
# Usage: PYTHONPATH=build/python /usr/bin/python3 bench/push_bench.py [--viewer build/app/resizelab/resizelab] [--runs 15]
import argparse
import os
import pathlib
import statistics
import subprocess
import tempfile
import threading
import time

import numpy as np

import resizelab
from resizelab import live


def ms(t0):
    return (time.perf_counter() - t0) * 1e3


def cpu_ms(pid):
    """user + system CPU time of a process so far, all its threads, in ms."""
    fields = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) * 1e3 / os.sysconf("SC_CLK_TCK")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--viewer", default="build/app/resizelab/resizelab")
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--display", action="store_true", help="use $DISPLAY instead of the offscreen platform")
    args = ap.parse_args()

    tmp = pathlib.Path(tempfile.mkdtemp(prefix="push-bench-"))
    (tmp / "run").mkdir(mode=0o700)
    os.environ["XDG_RUNTIME_DIR"] = str(tmp / "run")
    os.environ.pop("RESIZELAB_SOCKET", None)
    env = dict(os.environ, XDG_CONFIG_HOME=str(tmp / "config"))
    if not args.display:
        env["QT_QPA_PLATFORM"] = "offscreen"
    proc = subprocess.Popen([args.viewer], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        path = pathlib.Path(live.socket_path())
        while not path.exists():
            time.sleep(0.05)
        rng = np.random.default_rng(0)
        hr = rng.random((1356, 2040, 3), dtype=np.float32)
        resizelab.show(hr, name="hr", role="hr", scale=4, start=False)
        live.query("", role="hr", pixels=False)
        outputs = [np.clip(hr + np.float32(0.001 * (i + 1)), 0, 1) for i in range(4)]
        for i in range(3):  # warm-up
            resizelab.show(outputs[i % 4], name="sr", start=False)
            live.query("sr", pixels=False)
        shown, in_pane, saves, pings = [], [], [], []
        cpu0 = cpu_ms(proc.pid)
        for i in range(args.runs):
            t0 = time.perf_counter()
            resizelab.show(outputs[i % 4], name="sr", start=False)
            shown.append(ms(t0))
            _, text = live.query("sr", pixels=False)
            in_pane.append(ms(t0))
            assert "PSNR" in text, text
            t0 = time.perf_counter()
            np.save("/dev/shm/push-bench.npy", outputs[i % 4])
            saves.append(ms(t0))
            t0 = time.perf_counter()
            try:
                live.close("no-such-pane")
            except live.ViewerError:
                pass
            pings.append(ms(t0))
        cpu = (cpu_ms(proc.pid) - cpu0) / args.runs  # the viewer's threads, all of them, per push
        os.remove("/dev/shm/push-bench.npy")

        # The longest stall: a second client's small requests while the first pushes.
        stop, worst = threading.Event(), []

        def ping():
            while not stop.is_set():
                t0 = time.perf_counter()
                try:
                    live.close("no-such-pane")
                except live.ViewerError:
                    pass
                worst.append(ms(t0))
                time.sleep(0.005)

        t = threading.Thread(target=ping)
        t.start()
        for i in range(args.runs):
            resizelab.show(outputs[i % 4], name="sr", start=False)
            live.query("sr", pixels=False)
        stop.set()
        t.join()
        med = statistics.median
        print(f"2040x1356x3 float32 ({hr.nbytes / 2**20:.1f} MiB), median of {args.runs}:")
        print(f"  show() until the viewer replied 'shown'       {med(shown):7.1f} ms")
        print(f"  show() until in the pane with its statistics  {med(in_pane):7.1f} ms  (max {max(in_pane):.1f})")
        print(f"  the viewer's CPU time per push (all threads) {cpu:7.1f} ms  on {os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.1f}")
        print(f"  peer: np.save to /dev/shm                     {med(saves):7.1f} ms")
        print(f"  peer: a small request's round trip            {med(pings):7.2f} ms")
        print(f"  small requests during pushes: {len(worst)}, worst round trip {max(worst):.1f} ms, "
              f"median {med(worst):.2f} ms")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
