# Run by run.sh with the build tree and the source tree hidden
# (hide-trees.sh): builds the downstream project against the installed
# prefix and runs it and the installed tools.
#
#   hidden.sh WORK_DIR CXX_COMPILER FILECHECK
set -euo pipefail
work=$1 cxx=$2 filecheck=$3
prefix="$work/prefix"
cd "$work"

# Output goes to files before it is searched: `tool | grep -q` fails under
# pipefail when grep stops reading early and the tool dies of SIGPIPE.
expect() { # FILE PATTERN
  grep -q -- "$2" "$1" || {
    echo "error: expected '$2' in $1:"; head -c 4000 "$1"; exit 1; }
}

launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -G Ninja -S "$work/src" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld "${launcher[@]}" \
  -DMCore_DIR="$prefix/lib/cmake/mcore" >/dev/null
cmake --build "$work/build" >/dev/null
echo "built my-opt (docs/GettingStarted.md), downstream-run and downstream-emu against $prefix"

# The downstream opt tool: upstream's passes beside mcore's (registerAllPasses),
# one pass of mcore's, then the whole pipeline to ISA, dense
# and 2:4-sparse, on RDNA4 and CDNA3; the installed mcore-isa-report reads
# the result.
"$work/build/my-opt/my-opt" --mcore-select-intrinsics=chip=gfx942 \
  "$work/src/input.mlir" | "$filecheck" "$work/src/input.mlir"
"$work/build/my-opt/my-opt" --canonicalize --cse --mcore-select-intrinsics=chip=gfx942 \
  "$work/src/input.mlir" | "$filecheck" "$work/src/input.mlir"
"$work/build/my-opt/my-opt" "$work/src/matmul.mlir" \
  --mcore-pipeline="chip=gfx1201 format=isa" > "$work/dense-gfx1201.mlir"
"$prefix/bin/mcore-isa-report" "$work/dense-gfx1201.mlir" > "$work/dense-gfx1201.txt"
expect "$work/dense-gfx1201.txt" "v_wmma_f32_16x16x16_f16 x"
expect "$work/dense-gfx1201.txt" "vgpr spills 0"
for chip in gfx1201 gfx942; do
  "$work/build/my-opt/my-opt" "$work/src/sparse-matmul.mlir" \
    --mcore-pipeline="chip=$chip format=isa" > "$work/sparse-$chip.mlir"
  "$prefix/bin/mcore-isa-report" "$work/sparse-$chip.mlir" > "$work/sparse-$chip.txt"
done
expect "$work/sparse-gfx1201.txt" "v_swmmac_f32_16x16x32_f16 x"
expect "$work/sparse-gfx942.txt" "v_smfmac_f32_16x16x32_f16 x"
# Code objects, linked with the installation's ld.lld (lib/mcore/rocm-toolkit).
"$work/build/my-opt/my-opt" "$work/src/sparse-matmul.mlir" \
  --mcore-pipeline="chip=gfx942 format=hsaco" > "$work/sparse-gfx942-hsaco.mlir"
expect "$work/sparse-gfx942-hsaco.mlir" "gpu.binary @matmul_kernel"
expect "$work/sparse-gfx942-hsaco.mlir" "chip = \"gfx942\"[^>]*>, bin = \"\\\\7FELF"
echo "my-opt ran --mcore-pipeline to ISA (WMMA; SWMMAC, SMFMAC) and to an HSACO"

# Upstream's mlir-opt-22 with the installed plugin: the pipeline to ISA (the
# same as my-opt's) and to an HSACO (ld.lld found beside the plugin).
mlir_opt="$(dirname "$filecheck")/mlir-opt"
plugin="$prefix/lib/MCorePlugin.so"
"$mlir_opt" --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" \
  --pass-pipeline="builtin.module(mcore-pipeline{chip=gfx1201 format=isa})" \
  "$work/src/matmul.mlir" > "$work/dense-gfx1201-plugin.mlir"
cmp "$work/dense-gfx1201.mlir" "$work/dense-gfx1201-plugin.mlir"
"$mlir_opt" --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" \
  --pass-pipeline="builtin.module(mcore-pipeline{chip=gfx942 format=hsaco})" \
  "$work/src/sparse-matmul.mlir" > "$work/sparse-gfx942-plugin.mlir"
expect "$work/sparse-gfx942-plugin.mlir" "chip = \"gfx942\"[^>]*>, bin = \"\\\\7FELF"
echo "mlir-opt with the installed MCorePlugin.so ran --mcore-pipeline to ISA and to an HSACO"

# A matmul compiled and run on the emulator by the downstream program, with
# the installed runtime library; the emulator library on its own.
"$work/build/downstream-run" > "$work/run.txt"
expect "$work/run.txt" "intrinsic=swmmac_f32_16x16x32_f16_w32 runtime=$prefix/lib/libmcore_emu_runtime.so"
expect "$work/run.txt" "status=PASS"
"$work/build/downstream-emu" > "$work/emu.txt"
expect "$work/emu.txt" "emulated gfx942: PASS"
cat "$work/run.txt" "$work/emu.txt"

# The installed tools: RPATH to LLVM's libraries, runtime libraries and
# ld.lld found beside them.
"$prefix/bin/mcore-layout" --list --chip=gfx1201 > "$work/layout.txt"
expect "$work/layout.txt" swmmac_f32_16x16x32_f16_w32
"$prefix/bin/mcore-opt" --help > "$work/opt-help.txt"
expect "$work/opt-help.txt" mcore-pipeline
"$prefix/bin/mcore-opt" "$work/src/matmul.mlir" \
  --mcore-pipeline="chip=gfx942 format=hsaco" > "$work/hsaco.mlir"
expect "$work/hsaco.mlir" "gpu.binary"
"$prefix/bin/mcore-run" --matmul=16x16x64 --a-type=f16 --b-type=f16 \
  --c-type=f32 --sparse-a=2:4 --chip=gfx1201 --backend=emu > "$work/run-tool.txt"
expect "$work/run-tool.txt" status=PASS
"$prefix/bin/mcore-perf" --list-products > "$work/perf.txt"
expect "$work/perf.txt" mi300x
for tool in mcore-opt mcore-run mcore-layout mcore-emu-run mcore-lsp-server mcore-isa-report; do
  "$prefix/bin/$tool" --version > "$work/version.txt"
  expect "$work/version.txt" "$tool (mcore) "
done
echo "installed mcore-layout, mcore-opt (HSACO), mcore-run, mcore-perf and --version work"

# The installed Python package (its kernel cache in the scratch folder).
MCORE_CACHE_DIR="$work/kernel-cache" PYTHONPATH="$prefix/python" /usr/bin/python3 - > "$work/python.txt" <<'PY'
import numpy as np, mcore
rng = np.random.default_rng(1)
a = rng.standard_normal((64, 96)).astype(np.float16)
b = rng.standard_normal((96, 48)).astype(np.float16)
c = mcore.matmul(a, b, chip="gfx942", backend="emu")
err = np.abs(c - a.astype(np.float64) @ b.astype(np.float64)).max()
import os
typed = os.path.isfile(os.path.join(os.path.dirname(mcore.__file__), "py.typed"))
print("python", mcore.__version__, "typed" if typed else "untyped")
print("python matmul max_abs_err", err, "PASS" if err < 1e-3 else "FAIL")
PY
expect "$work/python.txt" "python $("$prefix/bin/mcore-opt" --version | head -1 | cut -d' ' -f3) typed"
expect "$work/python.txt" PASS
echo "the installed Python package runs a matmul on the emulator"
