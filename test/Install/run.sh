#!/usr/bin/env bash
# Installs mcore from the build tree into a scratch prefix, builds the
# downstream project in test/Install/downstream against it, and runs one mcore
# pass with the downstream tool.
#
#   run.sh BUILD_DIR CXX_COMPILER FILECHECK
set -euo pipefail
build=$1 cxx=$2 filecheck=$3
here="$(cd "$(dirname "$0")" && pwd)"
work="$build/test/Install/work"
rm -rf "$work"
mkdir -p "$work"

cmake --install "$build" --prefix "$work/prefix" >/dev/null
launcher=()
if command -v ccache >/dev/null 2>&1; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
fi
cmake -G Ninja -S "$here/downstream" -B "$work/build" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld "${launcher[@]}" \
  -DMCore_DIR="$work/prefix/lib/cmake/mcore" >/dev/null
cmake --build "$work/build"
"$work/build/downstream-opt" --mcore-select-intrinsics=chip=gfx942 \
  "$here/input.mlir" | "$filecheck" "$here/input.mlir"
echo "downstream tool built against $work/prefix ran mcore-select-intrinsics"

# The installed tools run from the install tree (RPATH to LLVM's libraries,
# the runtime libraries and ld.lld found beside them). Output goes to files
# before it is searched: `tool | grep -q` fails under pipefail when grep stops
# reading early and the tool dies of SIGPIPE.
expect() { # FILE PATTERN
  grep -q -- "$2" "$1" || { echo "expected '$2' in:"; cat "$1"; exit 1; }
}
"$work/prefix/bin/mcore-layout" --list --chip=gfx1201 > "$work/layout.txt"
expect "$work/layout.txt" swmmac_f32_16x16x32_f16_w32
"$work/prefix/bin/mcore-opt" --help > "$work/opt-help.txt"
expect "$work/opt-help.txt" mcore-pipeline
"$work/prefix/bin/mcore-run" --matmul=16x16x64 --a-type=f16 --b-type=f16 \
  --c-type=f32 --sparse-a=2:4 --chip=gfx1201 --backend=emu > "$work/run.txt"
expect "$work/run.txt" status=PASS
"$work/prefix/bin/mcore-perf" --list-products > "$work/perf.txt"
expect "$work/perf.txt" mi300x
echo "installed mcore-layout, mcore-opt, mcore-run and mcore-perf work"
