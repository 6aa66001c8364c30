"""The table of docs/Pipeline.md that says what --mcore-pipeline's defaults
give for a 4096^3 f16 matmul on each chip (instruction, tiles, the K loop,
registers, LDS), computed from the compiler rather than copied from a run:
the configuration from `mcore-run --compile-only` (what the tiler chose),
the rest from `mcore-opt --mcore-pipeline=... format=isa` on a linalg.matmul
read by `mcore-isa-report`. Checks that the table between the markers

    <!-- pipeline-table: ... -->
    ...
    <!-- end pipeline-table -->

is what they give now; --update rewrites it (`ninja -C build mcore-docs`).

    pipeline-table.py TOOLS_DIR PIPELINE_MD [--update]
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("tools")
parser.add_argument("page")
parser.add_argument("--update", action="store_true")
args = parser.parse_args()

# (chip, 2:4-sparse A): the rows of the table.
ROWS = [("gfx1201", False), ("gfx1201", True), ("gfx942", False),
        ("gfx942", True), ("gfx950", False), ("gfx908", False),
        ("gfx90a", True), ("gfx1100", False), ("gfx1100", True)]
SIZE = 4096

MATMUL = """#S24 = #sparse_tensor.encoding<{{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}}>
func.func @matmul(%a: tensor<{n}x{n}xf16{enc}>, %b: tensor<{n}x{n}xf16>,
                  %c: tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32> {{
  %r = linalg.matmul ins(%a, %b : tensor<{n}x{n}xf16{enc}>, tensor<{n}x{n}xf16>)
                     outs(%c : tensor<{n}x{n}xf32>) -> tensor<{n}x{n}xf32>
  return %r : tensor<{n}x{n}xf32>
}}
"""


def tool(name, *argv, stdin=None):
    r = subprocess.run([os.path.join(args.tools, name), *argv], input=stdin,
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(f"error: {name} {' '.join(argv)} failed:\n{r.stderr}")
    return r.stdout, r.stderr


def row(tmp, chip, sparse):
    # The tiler's choice, as mcore-run reports it.
    _, err = tool("mcore-run", f"--matmul={SIZE}x{SIZE}x{SIZE}", f"--chip={chip}",
                  "--backend=hip", "--compile-only",
                  *(["--sparse-a=2:4"] if sparse else []))
    m = re.search(r"\((\d+x\d+x\d+) tile, \d+x\d+ waves of \d+, (\d+x\d+) x (\S+)"
                  r"( \([AB] decompressed\))?", err)
    if not m:
        sys.exit(f"error: no configuration in mcore-run's report:\n{err}")
    tile, per_wave, fallback = m.group(1), m.group(2), bool(m.group(4))
    # The kernel's registers, LDS and K loop.
    path = os.path.join(tmp, f"{chip}-{sparse}.mlir")
    with open(path, "w") as f:
        f.write(MATMUL.format(n=SIZE, enc=", #S24" if sparse else ""))
    isa, _ = tool("mcore-opt", path, f"--mcore-pipeline=chip={chip} format=isa")
    report, _ = tool("mcore-isa-report", stdin=isa)
    # The matmul is the kernel with a loop (a sparse A also has a kernel
    # that compresses it).
    kernels = re.findall(r"^@\S+ kernel \S+: vgpr (\d+), agpr (\d+),.* lds (\d+) B"
                         r".*\n  loop [^:]+: (v_\w+) x(\d+)", report, re.M)
    if len(kernels) != 1:
        sys.exit(f"error: expected one kernel with a K loop:\n{report}")
    vgpr, agpr, lds, mnemonic, count = kernels[0]
    family = re.match(r"v_(s?wmmac?|s?mfmac?)", mnemonic).group(1).upper()
    registers = vgpr if agpr == "0" else f"{vgpr} + {agpr} AGPRs"
    label = f"{chip} {'2:4' if sparse else 'dense'}" + \
        (" (fallback)" if fallback else "")
    return (f"| {label} | `{mnemonic}` | {tile} | {per_wave} tiles | "
            f"{count} {family} | {registers} | {int(lds) // 1024} KiB |")


with tempfile.TemporaryDirectory() as tmp:
    table = ["| chip | instruction | work-group tile | per wave | K loop body "
             "| VGPRs | LDS |", "| --- | --- | --- | --- | --- | --- | --- |"]
    table += [row(tmp, chip, sparse) for chip, sparse in ROWS]

with open(args.page) as f:
    text = f.read()
m = re.search(r"(<!-- pipeline-table:[^\n]*-->\n)(.*?)(<!-- end pipeline-table -->)",
              text, re.S)
if not m:
    sys.exit(f"error: no pipeline-table markers in {args.page}")
want = "\n".join(table) + "\n"
if m.group(2) == want:
    print(f"the table of {os.path.basename(args.page)} is current")
elif args.update:
    with open(args.page, "w") as f:
        f.write(text[:m.start(2)] + want + text[m.end(2):])
    print(f"updated the table of {os.path.basename(args.page)}")
else:
    sys.exit(f"error: the table of {args.page} is stale (run `ninja -C build "
             f"mcore-docs`); the compiler gives:\n{want}")
