#!/usr/bin/env bash
# Runs a command with mcore's build tree and source tree hidden under empty
# file systems, in a mount namespace of its own (other tests go on using
# the trees): what an install holds must work without them. As root, or
# else in a user namespace. The variables that point mcore at a tree are
# unset.
#
#   hide-trees.sh BUILD_DIR SOURCE_DIR COMMAND [ARGS...]
set -euo pipefail
build=$1 src=$2
shift 2
if [ -z "${MCORE_TREES_HIDDEN:-}" ]; then
  export MCORE_TREES_HIDDEN=1
  if unshare --mount --propagation private true 2>/dev/null; then
    exec unshare --mount --propagation private bash "$0" "$build" "$src" "$@"
  elif unshare --user --map-root-user --mount true 2>/dev/null; then
    exec unshare --user --map-root-user --mount bash "$0" "$build" "$src" "$@"
  fi
  echo "error: cannot hide the build tree (unshare --mount needs root or user namespaces)"
  exit 1
fi
for dir in "$build" "$src"; do
  if [ -d "$dir" ]; then
    mount -t tmpfs -o size=1m,mode=0755 mcore-hidden "$dir"
  fi
done
if [ -n "$(ls -A "$src")" ]; then
  echo "error: $src is still visible"; exit 1
fi
if [ -d "$build" ] && [ -n "$(ls -A "$build")" ]; then
  echo "error: $build is still visible"; exit 1
fi
unset MCORE_RUNTIME_DIR MCORE_ROCM_TOOLKIT MCORE_TOOLS_DIR PYTHONPATH
echo "hidden: $build and $src"
exec "$@"
