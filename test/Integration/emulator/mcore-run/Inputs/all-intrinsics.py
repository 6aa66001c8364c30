#!/usr/bin/env python3
"""all-intrinsics.py MCORE_LAYOUT MCORE_RUN [--dynamic-transposed] [JOBS]

Runs `mcore-run --matmul --intrinsic=NAME` on the emulator for every
intrinsic of mcore's catalog (mcore-layout --list --format=json) on every
chip that has it, with the intrinsic's own A, B and C types (2:4-sparse A for
SWMMAC and SMFMAC), and checks each result: every run must print
status=PASS with the forced intrinsic. With --dynamic-transposed the kernels
are compiled for dynamic shapes, on a shape no tile divides, with A stored
K x M and B N x K where A is dense.

xf32 instructions run f32 A and B with --pipeline-options=f32-precision=tf32.
Multi-block MFMAs (independent 4x4, 16x16 or 32x32 products) are no matmul
kernel's instruction, nor are gfx1250's bf16f32 forms, whose bf16 D cannot
be the next K step's f32 C (docs/Layouts.md, "bf16f32"), nor gfx950's
block-scaled MX MFMA (no matmul kernel lowers the scaled contraction to it
yet; docs/MatmulForms.md), nor gfx1250's MX WMMA, scaled or not (the
pipeline selects none: docs/Layouts.md), and mcore-run has no f64 matmul
yet: those are
counted as skipped (the emulator runs them in unittests/Emulator).
"""
import concurrent.futures
import json
import subprocess
import sys

args = sys.argv[1:]
variant = "--dynamic-transposed" in args
args = [a for a in args if a != "--dynamic-transposed"]
layout, run = args[0], args[1]
jobs = int(args[2]) if len(args) > 2 else 2
catalog = json.loads(subprocess.check_output([layout, "--list",
                                              "--format=json"]))


def check(intr, chip):
    # gfx1250's unscaled MX WMMA (FP6/FP4, or the f8f6f4 format
    # immediates) are not selected by the pipeline either (docs/Layouts.md).
    if (intr["blocks"] > 1 or intr["c_type"] == "f64" or "d_type" in intr
            or intr.get("scales") or intr.get("formats")
            or intr["a_type"] in ("fp6", "bf6", "fp4")):
        return "skip", ""
    tf32 = intr["a_type"] == "xf32"
    ab = {"xf32": "f32"}
    cmd = [run, "--backend=emu", "--chip=" + chip,
           "--matmul=72x40x136" if variant else "--matmul=64x48x160",
           "--a-type=" + ab.get(intr["a_type"], intr["a_type"]),
           "--b-type=" + ab.get(intr["b_type"], intr["b_type"]),
           "--c-type=" + intr["c_type"], "--intrinsic=" + intr["name"],
           "--pipeline-options=tile-m=64 tile-n=64" +
           (" f32-precision=tf32" if tf32 else "")]
    if intr["sparse"]:
        cmd.append("--sparse-a=2:4")
    elif variant:
        cmd += ["--transpose-a", "--transpose-b"]
    if variant:
        cmd += ["--dynamic-shapes", "--seed=7"]
    p = subprocess.run(cmd, capture_output=True, text=True)
    out = p.stdout.strip()
    if p.returncode == 0 and "status=PASS" in out and \
            "intrinsic=" + intr["name"] + " " in out:
        return "pass", ""
    return "fail", "%s on %s: exit %d\n%s\n%s" % (
        intr["name"], chip, p.returncode, out, p.stderr.strip())


work = [(i, c) for i in catalog for c in i["chips"]]
counts = {"pass": 0, "fail": 0, "skip": 0}
with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
    for kind, message in pool.map(lambda w: check(*w), work):
        counts[kind] += 1
        if message:
            print("FAILED:", message)
print("%d intrinsic/chip pairs: %d passed, %d failed, %d skipped" %
      (len(work) - counts["skip"], counts["pass"], counts["fail"],
       counts["skip"]))
sys.exit(1 if counts["fail"] else 0)
