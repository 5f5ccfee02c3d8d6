#!/usr/bin/env bash
# Checks `PROGRAM ... --version`: exit 0 with no display, first line "NAME (ResizeLab) VERSION" where
# VERSION is CMake's project() version, second line whether CUDA was compiled in, as configured.
# Usage: check_version.sh EXPECTED_VERSION EXPECTED_CUDA(0|1) NAME EXE [ARGS...]
set -uo pipefail
want_version=$1 want_cuda=$2 name=$3
shift 3
# No window system at all: xcb with no DISPLAY would abort a program that opened a QApplication.
errf=$(mktemp)
out=$(env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=xcb "$@" 2>"$errf")
rc=$?
err=$(cat "$errf")
rm -f "$errf"
[ "$rc" -eq 0 ] || { echo "FAIL: exit $rc from: $*"; echo "stdout: $out"; echo "stderr: $err"; exit 1; }
line1=$(printf '%s\n' "$out" | sed -n 1p)
line2=$(printf '%s\n' "$out" | sed -n 2p)
lines=$(printf '%s\n' "$out" | wc -l)
[ "$line1" = "$name (ResizeLab) $want_version" ] || { echo "FAIL: first line '$line1', want '$name (ResizeLab) $want_version'"; exit 1; }
if [ "$want_cuda" = 1 ]; then want2="CUDA: compiled in"; else want2="CUDA: not compiled in"; fi
[ "$line2" = "$want2" ] || { echo "FAIL: second line '$line2', want '$want2'"; exit 1; }
[ "$lines" -eq 2 ] || { echo "FAIL: $lines lines, want 2"; exit 1; }
[ -z "$err" ] || { echo "FAIL: unexpected stderr: $err"; exit 1; }
echo "ok: $line1 / $line2"
