#!/usr/bin/env bash
# The pip install test: `pip install` of the source tree into a fresh
# virtual environment (Debian's python3 with --system-site-packages, for
# numpy), offline (--no-index), through mcore's PEP 517 backend
# (pyproject.toml, python/pep517/mcore_build.py) reusing this build
# directory (MCORE_CMAKE_BUILD_DIR: no second compile, only a wheel of
# `cmake --install`); then, with the build and source trees hidden
# (hide-trees.sh), the package and the tools in the environment: import
# mcore, a matmul on the emulator, the tools on PATH, the plugin; then
# `pip uninstall` removes them (it leaves empty folders: lib/mcore/...).
#
#   pip.sh BUILD_DIR FILECHECK
set -euo pipefail
build="$(cd "$1" && pwd)" filecheck=$2
here="$(cd "$(dirname "$0")" && pwd)"
src="$(cd "$here/../.." && pwd)"
work="${TMPDIR:-/tmp}/mcore-pip-test-$(printf %s "$build" | md5sum | cut -c1-12)"
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT

/usr/bin/python3 -m venv --system-site-packages "$work/venv"
MCORE_CMAKE_BUILD_DIR="$build" "$work/venv/bin/pip" install --no-index \
  --no-cache-dir --disable-pip-version-check -q "$src"
echo "pip installed $("$work/venv/bin/pip" list --disable-pip-version-check 2>/dev/null | grep '^mcore ')"
# Nothing installed names the build tree.
named="$(grep -rl --binary-files=text -F "$build" "$work/venv" || true)"
if [ -n "$named" ]; then
  echo "error: installed files name the build tree $build:"; echo "$named"
  exit 1
fi
cp "$src/examples/matmul.mlir" "$work/"

cat > "$work/use.sh" <<'USE'
set -euo pipefail
work=$1 filecheck=$2
cd "$work"
source venv/bin/activate
export MCORE_CACHE_DIR="$work/kernel-cache"
expect() { # FILE PATTERN
  grep -q -- "$2" "$1" || {
    echo "error: expected '$2' in $1:"; head -c 4000 "$1"; exit 1; }
}
python - > python.txt <<'PY'
import os, sys
import numpy as np
import mcore
assert mcore.__file__.startswith(sys.prefix), mcore.__file__
rng = np.random.default_rng(1)
a = rng.standard_normal((64, 96)).astype(np.float16)
b = rng.standard_normal((96, 48)).astype(np.float16)
c = mcore.matmul(a, b, chip="gfx942", backend="emu")
err = np.abs(c - a.astype(np.float64) @ b.astype(np.float64)).max()
print("python", mcore.__version__, "from", os.path.dirname(mcore.__file__))
print("python matmul max_abs_err", err, "PASS" if err < 1e-3 else "FAIL")
hsaco = mcore.compile(open("matmul.mlir").read(), "gfx942", "hsaco")
print("python hsaco", "ELF" if hsaco[:4] == b"\x7fELF" else "not an ELF")
PY
expect python.txt "from $VIRTUAL_ENV/lib/python3.*/site-packages/mcore"
expect python.txt "max_abs_err .* PASS"
expect python.txt "python hsaco ELF"
for tool in mcore-opt mcore-run mcore-layout mcore-emu-run mcore-perf \
            mcore-tune mcore-lsp-server mcore-isa-report; do
  [ "$(command -v "$tool")" = "$VIRTUAL_ENV/bin/$tool" ] || {
    echo "error: $tool is not the environment's: $(command -v "$tool" || true)"; exit 1; }
done
mcore-opt --version > version.txt
expect version.txt "mcore-opt (mcore) $(python -c 'import mcore; print(mcore.__version__)')"
mcore-run --matmul=64x64x128 --a-type=f16 --sparse-a=2:4 --chip=gfx1201 \
  --backend=emu > run.txt
expect run.txt "status=PASS"
mcore-opt matmul.mlir --mcore-pipeline="chip=gfx942 format=hsaco" > hsaco.mlir
expect hsaco.mlir 'bin = "\\7FELF'
mcore-opt matmul.mlir --mcore-pipeline="chip=gfx1201 format=isa" > isa.mlir
mcore-isa-report isa.mlir > report.txt
expect report.txt "v_wmma_f32_16x16x16_f16 x"
"$(dirname "$filecheck")/mlir-opt" --load-dialect-plugin="$VIRTUAL_ENV/lib/MCorePlugin.so" \
  --load-pass-plugin="$VIRTUAL_ENV/lib/MCorePlugin.so" \
  --pass-pipeline="builtin.module(mcore-pipeline{chip=gfx1201 format=isa})" \
  matmul.mlir | cmp - isa.mlir
cat python.txt run.txt
echo "the environment's mcore: import, matmul on the emulator, HSACO, tools on PATH, plugin"
USE
bash "$here/hide-trees.sh" "$build" "$src" bash "$work/use.sh" "$work" "$filecheck"

"$work/venv/bin/pip" uninstall --disable-pip-version-check -q -y mcore
left="$(cd "$work/venv" && find . -path ./lib/python3*/site-packages/pip -prune -o \
          -type f \( -path '*mcore*' -o -name 'MCorePlugin.so' \) -print)"
if [ -n "$left" ]; then
  echo "error: pip uninstall left:"; echo "$left"; exit 1
fi
echo "pip uninstall removed the package, the tools and the libraries"
