#!/usr/bin/env python3
"""Runs every command block the README and docs/ mark runnable, as a reader would.

A fenced block whose info string is `sh runnable` (or `bash runnable`) is run by bash -e, and one of
`python runnable` by the Python the build's module was made for, with PYTHONPATH=build/python. The
blocks of one Markdown file run in order in one fresh folder that looks like the repository root:
every top-level entry of the repository is linked into it except docs/ and the build folder, and
`build` links to the build folder under test. So the commands run exactly as written from the root of
a fresh clone, what they write stays in that folder (a command that writes into docs/ fails), and
the test fails when a command fails or leaves the repository's tracked files changed.
Usage: doc_commands_test.py REPO_ROOT BUILD_DIR PYTHON [FILE.md ...]
"""
import os
import pathlib
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\w+)[ \t]+runnable[ \t]*$")


def blocks_of(md):
    """(first line number, language, text) of each runnable block."""
    out, lines = [], md.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        start, body = i + 1, []
        i += 1
        while i < len(lines) and not lines[i].startswith("```"):
            body.append(lines[i])
            i += 1
        if i == len(lines):
            raise SystemExit(f"{md}:{start}: a runnable block is never closed")
        out.append((start + 1, m.group(1), "\n".join(body) + "\n"))
        i += 1
    return out


def tracked_state(root):
    r = subprocess.run(["git", "-C", str(root), "status", "--porcelain", "--untracked-files=no"],
                       capture_output=True, text=True)
    return r.stdout if r.returncode == 0 else None


def main():
    root, build, python = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve(), sys.argv[3]
    files = [pathlib.Path(f) for f in sys.argv[4:]] or [root / "README.md", *sorted((root / "docs").glob("*.md"))]
    before = tracked_state(root)
    failures, ran = [], 0
    for md in files:
        blocks = blocks_of(md)
        if not blocks:
            continue
        with tempfile.TemporaryDirectory(prefix="rl-doc-") as tmp:
            work = pathlib.Path(tmp)
            for entry in root.iterdir():
                if entry.name not in ("docs", ".git") and entry.resolve() != build:
                    (work / entry.name).symlink_to(entry)
            if not (work / "build").exists():
                (work / "build").symlink_to(build)
            # `python3` in a command is the interpreter the module was built for (Debian's /usr/bin/python3,
            # which a readers' machine has first on PATH even where another python3 shadows it here).
            bin_dir = work / ".doc-bin"
            bin_dir.mkdir()
            (bin_dir / "python3").symlink_to(python)
            env = dict(os.environ, PYTHONPATH=str(work / "build" / "python"), PYTHONDONTWRITEBYTECODE="1",
                       QT_QPA_PLATFORM="offscreen", PATH=f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}")
            for line, lang, text in blocks:
                ran += 1
                where = f"{md.relative_to(root) if md.is_relative_to(root) else md}:{line}"
                if lang in ("sh", "bash", "console"):
                    cmd = ["bash", "-e", "-o", "pipefail", "-c", text]
                elif lang == "python":
                    cmd = [python, "-c", text]
                else:
                    failures.append(f"{where}: runnable block of unknown language '{lang}'")
                    continue
                print(f"== {where} ({lang})", flush=True)
                try:
                    r = subprocess.run(cmd, cwd=work, env=env, capture_output=True, text=True, timeout=600)
                except subprocess.TimeoutExpired:
                    failures.append(f"{where}: did not finish in 600 s")
                    continue
                sys.stdout.write(r.stdout[-4000:])
                if r.returncode != 0:
                    failures.append(f"{where}: exit {r.returncode}: {r.stderr.strip()[-2000:]}")
    after = tracked_state(root)
    if before is not None and after != before:
        failures.append("the commands changed tracked files of the repository:\n" + after)
    for f in failures:
        print("FAILED " + f)
    print(f"doc commands: {ran} runnable blocks, {len(failures)} failed")
    return 1 if failures or ran == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
