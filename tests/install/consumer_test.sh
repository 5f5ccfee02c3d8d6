#!/usr/bin/env bash
# Installs the build into a temporary prefix, moves the prefix (the package must be relocatable), then
# configures, builds and runs the outside project tests/install/consumer against it.
# Usage: consumer_test.sh CMAKE BUILD_DIR SOURCE_DIR VERSION HAVE_CUDA(0|1) CXX_COMPILER [LINK_FLAGS]
set -euo pipefail
cmake=$1 build=$2 src=$3 version=$4 cuda=$5 cxx=$6 ldflags=${7:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$cmake" --install "$build" --prefix "$tmp/first" >"$tmp/install.log"
mv "$tmp/first" "$tmp/moved"
prefix="$tmp/moved"
config=$(find "$prefix" -name ResizeLabConfig.cmake)
[ -n "$config" ] || { echo "FAIL: no ResizeLabConfig.cmake under the prefix"; exit 1; }
[ -n "$(find "$prefix" -name ResizeLabConfigVersion.cmake)" ] || { echo "FAIL: no ResizeLabConfigVersion.cmake"; exit 1; }
# No installed CMake file may name the first prefix, the build folder or the sources.
pkgdir=$(dirname "$config")
for p in "$tmp/first" "$build" "$src"; do
  if grep -rlF "$p/" "$pkgdir"; then echo "FAIL: the package above names $p"; exit 1; fi
done
gen=()
command -v ninja >/dev/null && gen=(-G Ninja)
"$cmake" -S "$src/tests/install/consumer" -B "$tmp/consumer" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_PREFIX_PATH="$prefix" -DRL_EXPECT_VERSION="$version" \
  -DRL_EXPECT_CUDA="$cuda" -DRL_EXPECT_PREFIX="$prefix" -DCMAKE_EXE_LINKER_FLAGS="$ldflags" >"$tmp/configure.log" ||
  { cat "$tmp/configure.log"; exit 1; }
"$cmake" --build "$tmp/consumer" >"$tmp/build.log" || { cat "$tmp/build.log"; exit 1; }
"$tmp/consumer/consumer" "$version"
if [ "$cuda" = 1 ]; then
  "$tmp/consumer/consumer_cuda"
fi
