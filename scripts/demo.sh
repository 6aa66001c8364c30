#!/usr/bin/env bash
# Builds mcore (installing missing Debian packages first, as root) and shows
# what it does today, step by step.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
mcore_setup

bin="$MCORE_BUILD/bin"
ex="$MCORE_ROOT/examples"

mcore_log "1. A matmul tile (examples/tile.mlir)"
cat "$ex/tile.mlir"

mcore_log "2. mcore-opt --mcore-select-intrinsics=chip=gfx942 chooses the instruction"
"$bin/mcore-opt" --mcore-select-intrinsics=chip=gfx942 "$ex/tile.mlir"

mcore_log "Done."
