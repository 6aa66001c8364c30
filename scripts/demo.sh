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

mcore_log "3. mcore-run: a 2:4-sparse f16 matmul on gfx1201 (SWMMAC), compiled, run on the emulator, checked"
"$bin/mcore-run" --matmul=256x256x256 --a-type=f16 --b-type=f16 --c-type=f32 \
  --sparse-a=2:4 --chip=gfx1201 --backend=emu

mcore_log "4. mcore-run: a dense f16 matmul on gfx942 (MFMA), on the emulator"
"$bin/mcore-run" --matmul=256x256x256 --a-type=f16 --b-type=f16 --c-type=f32 \
  --chip=gfx942 --backend=emu

mcore_log "Done."
