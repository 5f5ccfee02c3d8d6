#!/usr/bin/env bash
# Builds the .deb with cpack, checks its contents and its Depends against the libraries its programs
# link (readelf NEEDED, resolved by ldd, owned per dpkg -S), then extracts it and runs the programs:
# imresize --version, resizelab --version and resizelab --export without a display.
# Usage: deb_test.sh BUILD_DIR VERSION [CPACK]
set -euo pipefail
build=$1 version=$2 cpack=${3:-cpack}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log"; exit 1; }
debs=("$tmp"/pkg/resizelab_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "FAIL: expected one resizelab_*.deb"; ls "$tmp/pkg"; exit 1; }
deb=${debs[0]}
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"
[ "$(dpkg-deb -f "$deb" Package)" = resizelab ] || { echo "FAIL: Package field"; exit 1; }
[ "$(dpkg-deb -f "$deb" Version)" = "$version" ] || { echo "FAIL: Version $(dpkg-deb -f "$deb" Version) != $version"; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
echo "Depends: $depends"

# The files a user expects, at their Debian places.
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' >"$tmp/files"
for f in /usr/bin/imresize /usr/bin/resizelab /usr/share/applications/resizelab.desktop \
         /usr/share/icons/hicolor/scalable/apps/resizelab.svg /usr/share/icons/hicolor/48x48/apps/resizelab.png \
         /usr/share/man/man1/imresize.1 /usr/share/man/man1/imresize-batch.1 /usr/share/man/man1/resizelab.1 \
         /usr/share/doc/resizelab/copyright \
         /usr/include/rl/resize.hpp /usr/include/rl/version.hpp; do
  grep -qxF "$f" "$tmp/files" || { echo "FAIL: $f is not in the .deb"; exit 1; }
done
grep -q '/ResizeLabConfig.cmake$' "$tmp/files" || { echo "FAIL: no ResizeLabConfig.cmake in the .deb"; exit 1; }

dpkg-deb -x "$deb" "$tmp/root"
bin=$tmp/root/usr/bin

# Every package that owns a library the programs link directly must be declared (what those libraries
# link in turn is declared by their own packages).
dep_names=" $(printf '%s' "$depends" | tr ',|' '\n\n' | sed 's/(.*)//; s/:.*//; s/ //g' | tr '\n' ' ') "
checked=0
for exe in "$bin"/imresize "$bin"/resizelab; do
  ldd_out=$(ldd "$exe")
  for soname in $(readelf -d "$exe" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'); do
    # "soname => /path (addr)", or "/path/soname (addr)" for the dynamic loader.
    # awk reads to the end (no early exit): an exit while printf still writes kills printf with SIGPIPE,
    # which pipefail and set -e turned into a silent failure once the list outgrew one pipe write.
    path=$(printf '%s\n' "$ldd_out" | awk -v s="$soname" '
      !found && $1 == s && $2 == "=>" {print $3; found = 1}
      !found && $2 != "=>" {n = split($1, part, "/"); if (n > 1 && part[n] == s) {print $1; found = 1}}')
    [ -n "$path" ] && [ "$path" != "not" ] || { echo "FAIL: $(basename "$exe"): $soname is not found by ldd"; exit 1; }
    # dpkg records a file under one spelling; with merged /usr, /lib and /usr/lib name the same file.
    pkg=""
    for cand in "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr$path"; do
      pkg=$(dpkg -S "$cand" 2>/dev/null | head -n1 | cut -d: -f1) && [ -n "$pkg" ] && break
    done
    [ -n "$pkg" ] || { echo "FAIL: no Debian package owns $path ($soname)"; exit 1; }
    case "$dep_names" in
      *" $pkg "*) echo "  $(basename "$exe"): $soname -> $pkg: declared" ;;
      *) echo "FAIL: $(basename "$exe") links $soname from $pkg, which Depends does not name"; exit 1 ;;
    esac
    checked=$((checked + 1))
  done
done
[ "$checked" -gt 0 ] || { echo "FAIL: no linked libraries found"; exit 1; }

# The extracted programs run: --version with no display, and a figure exported offscreen.
"$bin/imresize" --version
env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=xcb "$bin/resizelab" --version
"$bin/imresize" --version | head -n1 | grep -qxF "imresize (ResizeLab) $version" || { echo "FAIL: imresize --version"; exit 1; }
env -u DISPLAY -u WAYLAND_DISPLAY QT_QPA_PLATFORM=xcb "$bin/resizelab" --version | head -n1 |
  grep -qxF "resizelab (ResizeLab) $version" || { echo "FAIL: resizelab --version"; exit 1; }
env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM "$bin/resizelab" --export "$tmp/figure.png" --scale 0.5
head -c 8 "$tmp/figure.png" | od -An -tx1 | tr -d ' \n' | grep -qx 89504e470d0a1a0a ||
  { echo "FAIL: resizelab --export did not write a PNG"; exit 1; }
echo "ok: extracted programs ran; figure $(stat -c %s "$tmp/figure.png") bytes"
