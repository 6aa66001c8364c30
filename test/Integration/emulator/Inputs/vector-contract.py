"""Runs the hand-written vector.contract kernels on the emulator and checks
them against numpy.

  vector-contract.py MCORE_OPT MLIR_RUNNER RUNTIME LIB_DIR KERNELS CHIP TMP
      [--dense-only]

--dense-only, for chips without sparse instructions (gfx11), runs the dense
kernel alone. MLIR_RUNNER is one argument, split as a shell splits it: the
command lit's %mlir-runner gives, `env LD_PRELOAD=<ASan runtime>
.../mlir-runner` in a sanitizer build.

Random data: f16 values of varied magnitude (partial sums are not exact in
f32), a random 2:4 pattern with groups of 0, 1 and 2 non-zeros (every kind
present), compressed into mcore's canonical format (docs/Sparsity.md) here,
independently of mcore. The program (KERNELS plus a @main with the data as
globals) is compiled by --mcore-pipeline="chip=CHIP format=llvm
kernels=given" and run by mlir-runner with the emulator runtime; C is
compared with float64 products, element by element, within the error f32
accumulation and the printed precision allow.
"""
import re
import shlex
import subprocess
import sys
import zlib

import numpy as np

mcore_opt, runner, runtime, lib_dir, kernels, chip, tmp = sys.argv[1:8]
runner = shlex.split(runner)
dense_only = sys.argv[8:] == ["--dense-only"]
M, N, K = 32, 32, 64
WAVE = 64 if chip.startswith("gfx9") else 32
rng = np.random.default_rng(zlib.crc32(chip.encode()))


def f16(shape):
    # Magnitudes over four decades: sums of products round in f32.
    mag = np.exp2(rng.integers(-6, 7, size=shape))
    return (rng.standard_normal(shape) * mag).astype(np.float16)


# A 2:4 along K: each group keeps 0, 1 or 2 random positions.
A = f16((M, K))
kept = np.zeros((M, K // 4), dtype=np.int64)
for i in range(M):
    for g in range(K // 4):
        n = rng.choice([0, 1, 2], p=[0.15, 0.25, 0.6])
        keep = rng.choice(4, size=n, replace=False)
        for p in range(4):
            if p not in keep:
                A[i, 4 * g + p] = 0
        kept[i, g] = n
assert {0, 1, 2} <= set(kept.flatten().tolist())

# Canonical compression: two values per group in column order, a nibble of
# two increasing positions; missing ones take the lowest free positions.
values = np.zeros((M, K // 2), dtype=np.float16)
meta = np.zeros((M, K // 32), dtype=np.uint32)
for i in range(M):
    for g in range(K // 4):
        nz = [p for p in range(4) if A[i, 4 * g + p] != 0]
        free = [p for p in range(4) if p not in nz]
        pos = sorted(nz + free[:2 - len(nz)])
        for s, p in enumerate(pos):
            values[i, 2 * g + s] = A[i, 4 * g + p]
        meta[i, g // 8] |= (pos[0] | pos[1] << 2) << (4 * (g % 8))

B = f16((K, N))
Ad = f16((M, K))
Bt = f16((N, K))
C0s = rng.standard_normal((M, N)).astype(np.float32)
C0d = rng.standard_normal((M, N)).astype(np.float32)


def dense_attr(a, elem):
    """A 2-D array as an MLIR dense literal: exact decimals of f16 and f32
    values, i32 words as signed integers."""
    def scalar(x):
        if elem == "i32":
            return str(int(np.int32(np.uint32(x))))
        return repr(float(x))
    rows = ", ".join("[" + ", ".join(scalar(x) for x in row) + "]"
                     for row in a)
    shape = "x".join(str(d) for d in a.shape)
    return f"dense<[{rows}]>", f"memref<{shape}x{elem}>"


globals_, main, frees = [], [], []
args = {}
for name, arr, elem in [("values", values, "f16"), ("meta", meta, "i32"),
                        ("b", B, "f16"), ("cs", C0s, "f32"),
                        ("a", Ad, "f16"), ("bt", Bt, "f16"),
                        ("cd", C0d, "f32")]:
    attr, mtype = dense_attr(arr, elem)
    globals_.append(f'memref.global "private" constant @{name} : {mtype} = '
                    f'{attr}')
    main += [f"  %g_{name} = memref.get_global @{name} : {mtype}",
             f"  %{name} = gpu.alloc host_shared () : {mtype}",
             f"  memref.copy %g_{name}, %{name} : {mtype} to {mtype}"]
    frees.append(f"  gpu.dealloc %{name} : {mtype}")
    args[name] = (f"%{name}", mtype)

kernel_text = open(kernels).read()
if dense_only:
    # The sparse kernel needs a sparse instruction to lower at all.
    start = kernel_text.index("// C += A * B with a 2:4-sparse A")
    end = kernel_text.index("// C += A * B^T")
    kernel_text = kernel_text[:start] + kernel_text[end:]
sparse_call = "" if dense_only else """
  call @sparse_kernel(%values, %meta, %b, %cs, %threads)
      : (memref<32x32xf16>, memref<32x2xi32>, memref<64x32xf16>,
         memref<32x32xf32>, index) -> ()
  %us = memref.cast %cs : memref<32x32xf32> to memref<*xf32>
  call @printMemrefF32(%us) : (memref<*xf32>) -> ()"""
program = kernel_text + "\n" + "\n".join(globals_) + f"""
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {{
  %threads = arith.constant {WAVE} : index
""" + "\n".join(main) + sparse_call + """
  call @dense_kernel(%a, %bt, %cd, %threads)
      : (memref<32x64xf16>, memref<32x64xf16>, memref<32x32xf32>, index) -> ()
  %ud = memref.cast %cd : memref<32x32xf32> to memref<*xf32>
  call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
""" + "\n".join(frees) + """
  return
}
"""
src = f"{tmp}.{chip}.mlir"
open(src, "w").write(program)
lowered = subprocess.run(
    [mcore_opt, src,
     f"--mcore-pipeline=chip={chip} format=llvm kernels=given"],
    capture_output=True, text=True)
if lowered.returncode != 0:
    sys.exit(f"mcore-opt failed:\n{lowered.stderr[:4000]}")
if lowered.stderr:
    sys.exit(f"mcore-opt warned:\n{lowered.stderr}")
ran = subprocess.run(
    runner + ["--entry-point-result=void",
              f"--shared-libs={runtime},{lib_dir}/libmlir_runner_utils.so,"
              f"{lib_dir}/libmlir_c_runner_utils.so"],
    input=lowered.stdout, capture_output=True, text=True)
if ran.returncode != 0:
    sys.exit(f"mlir-runner failed:\n{ran.stderr}")

blocks = ran.stdout.split("Unranked Memref")[1:]
if len(blocks) != (1 if dense_only else 2):
    sys.exit(f"expected one printed memref per kernel, got:\n"
             f"{ran.stdout[:4000]}")


def parse(block):
    nums = re.findall(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?|-?nan|-?inf",
                      block.split("data =", 1)[1])
    return np.array([float(x) for x in nums]).reshape(M, N)


def check(name, got, a, b, c0):
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    ref = a64 @ b64 + c0
    # f32 accumulation of K products plus C, printed with 6 digits.
    bound = (K + 1) * 2.0**-23 * (np.abs(a64) @ np.abs(b64) + np.abs(c0)) \
        + 1e-5 * np.abs(ref) + 1e-30
    err = np.abs(got - ref)
    bad = np.argwhere(err > bound)
    if len(bad):
        i, j = bad[0]
        sys.exit(f"{chip} {name}: C[{i}][{j}] = {got[i, j]}, expected "
                 f"{ref[i, j]} (bound {bound[i, j]:.3g}); {len(bad)} of "
                 f"{M * N} elements wrong")
    inexact = np.count_nonzero(ref != ref.astype(np.float32))
    print(f"{chip} {name}: {M}x{N}x{K} matches numpy; max |error| "
          f"{err.max():.3g}; {inexact} sums not exact in f32")


if not dense_only:
    check("2:4 sparse", parse(blocks[0]), A, B, C0s)
check("dense", parse(blocks[-1]), Ad, Bt.T, C0d)
