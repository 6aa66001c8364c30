#!/usr/bin/env bash
# The install test: `cmake --install` of the build tree into a scratch
# prefix outside it, checks of what is installed, then (hidden.sh) a
# downstream project built and run against that prefix with the build tree
# and the source tree hidden, so that nothing can come from them.
#
#   run.sh BUILD_DIR CXX_COMPILER FILECHECK
set -euo pipefail
build="$(cd "$1" && pwd)" cxx=$2 filecheck=$3
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "$here/../.." && pwd)"
# Outside both trees; the same path for the same build, so that ccache finds
# the downstream objects of the last run.
work="${TMPDIR:-/tmp}/mcore-install-test-$(printf %s "$build" | md5sum | cut -c1-12)"
rm -rf "$work"
mkdir -p "$work"

cmake --install "$build" --prefix "$work/prefix" >/dev/null
prefix="$work/prefix"

# What is installed: no empty folders (the build's CMakeFiles), nothing
# that names the build tree (a path baked into a library, tool or Python
# module would break once the build tree is gone), and every program of
# build/bin but the benchmarks.
empty="$(find "$prefix" -type d -empty)"
if [ -n "$empty" ]; then
  echo "error: empty folders installed:"; echo "$empty"; exit 1
fi
named="$(grep -rl --binary-files=text -F "$build" "$prefix" || true)"
if [ -n "$named" ]; then
  echo "error: installed files name the build tree $build:"; echo "$named"
  exit 1
fi
for tool in "$build"/bin/*; do
  name="$(basename "$tool")"
  case "$name" in *-bench) continue ;; esac
  if [ ! -x "$prefix/bin/$name" ]; then
    echo "error: $name is in $build/bin but not installed"; exit 1
  fi
done
echo "installed $(ls "$prefix/bin" | wc -l) programs; no empty folders, no build-tree paths"

# docs/GettingStarted.md's table names every library target the package
# exports.
for target in $(grep -o 'add_library(MCore::[A-Za-z]*' \
                  "$prefix/lib/cmake/mcore/MCoreTargets.cmake" | cut -d'(' -f2); do
  if ! grep -q "\`$target\`" "$src/docs/GettingStarted.md"; then
    echo "error: docs/GettingStarted.md does not name $target"; exit 1
  fi
done

# The downstream project and its inputs, copied out of the source tree; its
# opt tool is docs/GettingStarted.md's my-opt, as the page writes it.
cp -r "$here/downstream" "$work/src"
/usr/bin/python3 "$src/test/Docs/doc-blocks.py" --source "$src" --build "$build" \
  --extract "$work/src" "$src/docs/GettingStarted.md"
cp "$here"/*.mlir "$here/hidden.sh" "$work/src/"
cp "$src/examples/matmul.mlir" "$src/examples/sparse-matmul.mlir" "$work/src/"

# The build and source trees hidden (hide-trees.sh).
bash "$here/hide-trees.sh" "$build" "$src" \
  bash "$work/src/hidden.sh" "$work" "$cxx" "$filecheck"
