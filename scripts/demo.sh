#!/usr/bin/env bash
# Builds mcore (installing missing Debian packages first, as root) and shows
# what it does today, step by step: the instruction catalog, the compiler
# pipeline on a 2:4-sparse matmul, and matmuls compiled, run on the CPU
# emulator and checked against a CPU reference. About a minute after the
# build.
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
mcore_setup

bin="$MCORE_BUILD/bin"
ex="$MCORE_ROOT/examples"
# Debian's interpreter, which has numpy (another python3 may come first on PATH).
py=/usr/bin/python3

mcore_log "1. mcore-layout: gfx1201's 2:4-sparse WMMA (SWMMAC), which lane holds which element"
"$bin/mcore-layout" swmmac_f32_16x16x32_f16_w32 --operand=index

mcore_log "2. mcore-opt --mcore-select-intrinsics=chip=gfx942 chooses the instruction for a tile (examples/tile.mlir)"
"$bin/mcore-opt" --mcore-select-intrinsics=chip=gfx942 "$ex/tile.mlir"

mcore_log "3. --mcore-pipeline on a 4096^3 f16 linalg.matmul with a 2:4-sparse A (examples/sparse-matmul.mlir): the kernels' registers, spills and main loop"
for chip in gfx1201 gfx942; do
  echo "chip=$chip:"
  "$bin/mcore-opt" "$ex/sparse-matmul.mlir" \
    --mcore-pipeline="chip=$chip format=isa" |
    "$py" "$MCORE_ROOT/scripts/isa-report.py"
done

mcore_log "4. mcore-run: the 2:4-sparse f16 matmul on gfx1201 (SWMMAC), compiled, run on the emulator, checked"
"$bin/mcore-run" --matmul=256x256x256 --a-type=f16 --b-type=f16 --c-type=f32 \
  --sparse-a=2:4 --chip=gfx1201 --backend=emu

mcore_log "5. mcore-run: a dense f16 matmul on gfx942 (MFMA), on the emulator"
"$bin/mcore-run" --matmul=256x256x256 --a-type=f16 --b-type=f16 --c-type=f32 \
  --chip=gfx942 --backend=emu

mcore_log "6. mcore-run, ragged shapes: 2:4-sparse bf16 on gfx942 (SMFMAC), OCP fp8 on gfx950 (MFMA), i4 on gfx1100 (WMMA)"
"$bin/mcore-run" --matmul=300x200x333 --a-type=bf16 --sparse-a=2:4 \
  --chip=gfx942 --backend=emu
"$bin/mcore-run" --matmul=300x200x333 --a-type=fp8 --chip=gfx950 --backend=emu
"$bin/mcore-run" --matmul=300x200x333 --a-type=i4 --chip=gfx1100 --backend=emu

mcore_log "7. The Python package: prune, compress and multiply with numpy arrays"
PYTHONPATH="$MCORE_BUILD/python" "$py" - <<'PY'
import numpy as np, mcore
rng = np.random.default_rng(0)
w = mcore.prune_2to4(rng.standard_normal((128, 256)).astype(np.float16))
x = rng.standard_normal((256, 64)).astype(np.float16)
y = mcore.matmul(w, x, chip="gfx1201", sparse=True, backend="emu")
ref = w.astype(np.float64) @ x.astype(np.float64)
print("mcore.matmul on gfx1201 (emulated): max |error| vs numpy", np.abs(y - ref).max())
PY

mcore_log "Done. Next: README.md (status), docs/GettingStarted.md, docs/Running.md"
