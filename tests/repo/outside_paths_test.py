#!/usr/bin/env python3
"""Fails when a tracked file names a path outside the repository.

A clone with nothing beside it must build, test and run every example: no script, CMake file, test or
document may read or point at a folder above the repository root (such as a sibling data folder).
Checked in every tracked text file:
  - a relative path (../x) that, read from the file's own folder, climbs above the root;
  - a path from a root variable ($root/.., ${CMAKE_SOURCE_DIR}/.., ${PROJECT_SOURCE_DIR}/..) going up;
  - Python's Path(__file__).parents[k] climbing above the root, and the root's .parent (ROOT.parent);
  - the name of the sibling folder the golden data was once read from.
Usage: outside_paths_test.py REPO_ROOT
"""
import os
import re
import subprocess
import sys

SIBLING = "../" + "shared"  # spelled in two parts so this file does not name it itself
ROOT_VARS = re.compile(r"\$\{?(?:root|top|repo|repo_root|CMAKE_SOURCE_DIR|PROJECT_SOURCE_DIR)\}?/\.\.(?:/|\b)")
FILE_VARS = re.compile(r"\$\{?(?:here|CMAKE_CURRENT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR)\}?/((?:\.\./)*\.\.)(?:/|\b)")
RELATIVE = re.compile(r"(?:^|[\s\"'(=:,\[<`])((?:\.\./)+)")
PARENTS = re.compile(r"__file__\)?\.resolve\(\)\.parents\[(\d+)\]")
ROOT_PARENT = re.compile(r"\b(?:ROOT|REPO|REPO_ROOT|root|repo_root)\.parent\b")


def tracked_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, check=True).stdout
        return [p for p in out.decode().split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        files = []  # not a git checkout (a source archive): every file but build output
        for d, dirs, names in os.walk(root):
            dirs[:] = [x for x in dirs if not x.startswith((".git", "build"))]
            files += [os.path.relpath(os.path.join(d, n), root) for n in names]
        return files


def problems_in(rel, text):
    depth = rel.count("/")  # folders between the root and the file
    for n, line in enumerate(text.splitlines(), 1):
        why = []
        if SIBLING in line:
            why.append("names the sibling folder " + SIBLING)
        if ROOT_VARS.search(line):
            why.append("goes above the root from a root variable")
        for m in FILE_VARS.finditer(line):
            if m.group(1).count("..") > depth:
                why.append("goes above the root from the file's folder")
        for m in RELATIVE.finditer(line):
            if m.group(1).count("../") > depth:
                why.append(f"'{m.group(1)}' from {os.path.dirname(rel) or '.'} climbs above the root")
        for m in PARENTS.finditer(line):
            if int(m.group(1)) > depth:
                why.append(f"parents[{m.group(1)}] of a file {depth} folder(s) deep is above the root")
        if ROOT_PARENT.search(line):
            why.append("goes above the root (the root's .parent)")
        for w in why:
            yield f"{rel}:{n}: {w}: {line.strip()[:160]}"


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".")
    me = os.path.relpath(os.path.abspath(__file__), root)
    found, checked = [], 0
    for rel in tracked_files(root):
        path = os.path.join(root, rel)
        if rel == me or not os.path.isfile(path):
            continue
        with open(path, "rb") as f:
            data = f.read()
        if b"\0" in data[:8192]:
            continue  # images, .npy and other binary data
        checked += 1
        found += problems_in(rel, data.decode("utf-8", "replace"))
    for p in found:
        print(p)
    print(f"outside paths: {len(found)} found in {checked} text files")
    return 1 if found or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
