#!/usr/bin/python3
"""matmul_fuzz.py: a seeded differential fuzzer of mcore's matmuls.

Each case is one random `mcore-run --matmul=MxNxK` on the emulator, whose
result mcore-run checks against its CPU reference (per-element error
bounds):

  * a chip (any of the catalog's) and the A/B/C types of one of its
    instructions (sometimes a forced --intrinsic), or now and then random
    types;
  * a shape: tiny, odd (one off a tile), multiples of tiles, ragged;
  * dense A with A and/or B transposed, or 2:4-sparse A (compressed or
    encoded), also on chips without sparse instructions (dense fallback);
  * static or dynamic shapes, a random data seed, sometimes the emulator's
    bounds checker (MCORE_EMU_CHECK=1) and repeated runs;
  * sometimes random tile options (tile-m/n/k, waves, stages, LDS padding,
    group-m, scheduling barriers, wide accumulator, O level);
  * sometimes infinities and NaNs among float operands (--inf-nan);
  * now and then a block-scaled (OCP MX) matmul (--scales=e8m0): A and B of
    fp8, bf8, fp6, bf6 or fp4, K a multiple of 32, on any chip (fp8 and bf8
    on chips with an fp8 encoding), and sometimes what it must refuse (K not
    a multiple of 32, types without block scales, a 2:4 or transposed A, a
    batch, dynamic shapes).

A case fails when the result is wrong (exit 1), when mcore-run crashes,
aborts or hangs (fuzzlib.CRASH_MARKERS, a signal, a timeout), or when it
rejects a configuration that is valid by construction (catalog types on a
chip that has them, no tile options). Rejecting random types or tile options
with an error is fine. Failing cases are kept in --out (cmd.sh,
output.txt).

Case I of seed S is the same configuration everywhere; `--show` prints it.
Exit status: 0 nothing found, 1 a failure, 2 usage.
"""
import argparse
import json
import os
import random
import shlex
import subprocess
import sys
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402

TYPES = ["f16", "bf16", "fp8", "bf8", "i8", "u8", "i4", "u4"]
# OCP MX element formats, the types of a block-scaled matmul.
MX_TYPES = ["fp8", "bf8", "fp6", "bf6", "fp4"]
# The share of block-scaled cases.
SCALED_SHARE = 0.12
C_TYPES = ["f32", "f16", "bf16", "i32"]
# How the fuzzer's shapes are drawn: edges of tiles and instructions.
EDGES = [1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 63, 64, 65,
         96, 127, 128, 129, 160, 192]


def dim(rng, large=False):
    r = rng.random()
    if r < 0.4:
        return rng.choice(EDGES)
    if r < 0.7:
        return rng.randint(1, 160)
    if r < 0.9:
        return 16 * rng.randint(1, 12)
    return rng.randint(160, 320 if large else 256)


def make_scaled_case(rng, catalog):
    """A block-scaled (MX) case: (arguments, environment, valid)."""
    chip = rng.choice(fuzzlib.MAIN_CHIPS + fuzzlib.ALL_CHIPS)
    # fp8 and bf8 are read in the chip's encoding (FNUZ on gfx942, OCP on
    # gfx950 and gfx12): chips with fp8 instructions have one.
    fp8_chips = {c for e in catalog if e["a_type"] in ("fp8", "bf8")
                 for c in e["chips"]}
    types = MX_TYPES if chip in fp8_chips else MX_TYPES[2:]
    a = rng.choice(types)
    b = a if rng.random() < 0.3 else rng.choice(types)
    m, n, k = dim(rng), dim(rng), 32 * rng.randint(1, 10)
    valid = True
    r = rng.random()
    if r < 0.06:
        k += rng.choice([-1, 1]) * rng.randint(1, 31)  # not a multiple of 32
        valid = False
    elif r < 0.12:
        a = rng.choice(["f16", "bf16", "i8", "f32"] +
                       ([] if chip in fp8_chips else ["fp8"]))
        valid = False
    args = ["--backend=emu", "--chip=" + chip, "--a-type=" + a,
            "--b-type=" + b, "--matmul=%dx%dx%d" % (m, n, k), "--scales=e8m0",
            "--seed=%d" % rng.randint(0, 2**32 - 1)]
    r = rng.random()
    if r < 0.08:
        args.append(rng.choice(["--sparse-a=2:4", "--transpose-a",
                                "--dynamic-shapes", "--batch=2",
                                "--c-type=f16"]))
        valid = False
    elif r < 0.2:
        args.append("--transpose-b")  # B is N x K already: no change
    if rng.random() < 0.1:
        args.append("--repeat=2")
    # Infinities and NaNs: fp8 and bf8 have them (fp6, bf6, fp4 none).
    if (a in ("fp8", "bf8") or b in ("fp8", "bf8")) and rng.random() < 0.15:
        args.append("--inf-nan")
    env = {"MCORE_EMU_CHECK": "1"} if rng.random() < 0.3 else {}
    return args, env, valid


def make_case(seed, index, catalog):
    """(argument list, environment additions, valid by construction)."""
    # Block-scaled cases draw from a generator of their own, so that the
    # other cases of a seed stay those of before.
    scaled = random.Random("%s:%d:scales" % (seed, index))
    if scaled.random() < SCALED_SHARE:
        return make_scaled_case(scaled, catalog)
    rng = random.Random("%s:%d" % (seed, index))
    chip = rng.choice(fuzzlib.MAIN_CHIPS * 2 + fuzzlib.ALL_CHIPS)
    entries = [e for e in catalog if chip in e["chips"]]
    valid = True
    args = ["--backend=emu", "--chip=" + chip]
    r = rng.random()
    if r < 0.85:
        e = rng.choice(entries)
        a, b, c, sparse = e["a_type"], e["b_type"], e["c_type"], e["sparse"]
        # An xf32 instruction reads f32 data.
        if a == "xf32":
            a = b = "f32"
        # A block-scaled (MX) instruction's types as a plain matmul: no
        # kernel takes fp8/bf8 mixed with fp6/bf6/fp4 without scales (the
        # SIMT kernel has no fp8), so it may be refused.
        if e.get("scales"):
            valid = False
        # gfx1250's unscaled MX WMMA: no plain matmul selects them, and
        # FP6/FP4 without scales has no kernel.
        if e.get("formats") or a in ("fp6", "bf6", "fp4"):
            valid = False
        # mcore-run names unsigned integers u8/u4: RDNA's integer WMMA and
        # SWMMAC take either sign, CDNA's MFMA and SMFMAC signed only.
        if a in ("i8", "i4") and rng.random() < 0.3:
            a = b = "u" + a[1:]
            if e["family"] not in ("wmma", "swmmac"):
                valid = False
        if rng.random() < 0.2 and not (a in ("u8", "u4")):
            args.append("--intrinsic=" + e["name"])
            # mcore's kernels tile with single-block instructions.
            if e["blocks"] > 1:
                valid = False
        elif not sparse and rng.random() < 0.15:
            # A dense instruction's types with 2:4-sparse A: a sparse
            # instruction of those types, or the dense fallback.
            sparse = True
            valid = False
    else:
        a = rng.choice(TYPES)
        b = a if rng.random() < 0.6 else rng.choice(TYPES)
        c = rng.choice(C_TYPES) if rng.random() < 0.5 else None
        sparse = rng.random() < 0.3
        valid = False
    args += ["--a-type=" + a, "--b-type=" + b]
    if c:
        args.append("--c-type=" + c)
    m, n, k = dim(rng), dim(rng), dim(rng, large=True)
    args.append("--matmul=%dx%dx%d" % (m, n, k))
    if sparse:
        args.append("--sparse-a=2:4")
        if rng.random() < 0.4:
            args.append("--sparse-form=encoded")
    else:
        if rng.random() < 0.25:
            args.append("--transpose-a")
        if rng.random() < 0.25:
            args.append("--transpose-b")
    if rng.random() < 0.35:
        args.append("--dynamic-shapes")
    args.append("--seed=%d" % rng.randint(0, 2**32 - 1))
    if rng.random() < 0.1:
        args.append("--repeat=2")
    options = []
    if rng.random() < 0.3:
        choices = {
            "tile-m": [16, 32, 64, 128, 256], "tile-n": [16, 32, 64, 128, 256],
            "tile-k": [8, 16, 32, 64, 128, 256], "waves-m": [1, 2, 4],
            "waves-n": [1, 2, 4], "stages": [1, 2], "group-m": [1, 2, 4, 8, 16],
            "lds-padding": [-1, 0, 4, 8, 16, 32],
            "sched-barriers": ["true", "false"],
            "wide-accumulator": ["true", "false"], "O": [1, 2, 3],
        }
        for name in rng.sample(sorted(choices), rng.randint(1, 4)):
            options.append("%s=%s" % (name, rng.choice(choices[name])))
        # Tile options may be rejected (with an error); O and the flags not.
        if any(o.split("=")[0] in ("tile-m", "tile-n", "tile-k", "waves-m",
                                   "waves-n", "lds-padding") for o in options):
            valid = False
        # A forced instruction with a 16-bit accumulator cannot give the f32
        # accumulator wide-accumulator asks for (an error that says so).
        if ("wide-accumulator=true" in options and c in ("f16", "bf16") and
                any(x.startswith("--intrinsic=") for x in args)):
            valid = False
    if options:
        args.append("--pipeline-options=" + " ".join(options))
    env = {}
    if rng.random() < 0.3:
        env["MCORE_EMU_CHECK"] = "1"
    # Infinities and NaNs among float operands, checked with a 2:4 operand's
    # pruned positions as structural zeros (drawn last: the other draws of a
    # case are those of before).
    floats = ("f16", "bf16", "fp8", "bf8")
    if a in floats and b in floats and rng.random() < 0.15:
        args.append("--inf-nan")
    return args, env, valid


def judge(outcome, valid):
    """The outcome's kind for a matmul: mismatch and rejected-valid are
    failures as well as crash and hang."""
    if outcome.failed:
        return outcome
    if outcome.returncode == 1:
        outcome.kind = "mismatch"
        outcome.signature = "mismatch"
    elif outcome.returncode == 2 and valid:
        outcome.kind = "rejected-valid"
        first = outcome.output.strip().splitlines()
        outcome.signature = "rejected-valid: " + fuzzlib._normalize(
            first[-1] if first else "")
    elif outcome.returncode == 0 and "status=PASS" not in outcome.output:
        outcome.kind = "mismatch"
        outcome.signature = "exit 0 without status=PASS"
    elif outcome.returncode not in (0, 2):
        outcome.kind = "crash"
        outcome.signature = "exit status %d" % outcome.returncode
    return outcome


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tools-dir", required=True,
                   help="directory of mcore-run and mcore-layout")
    p.add_argument("--seed", default="1")
    p.add_argument("--cases", type=int, default=30)
    p.add_argument("--first-case", type=int, default=0)
    p.add_argument("--seconds", type=float, default=0,
                   help="stop after this long (0: no limit)")
    p.add_argument("--timeout", type=float, default=60,
                   help="seconds one case may take before it is a hang "
                        "(tried again with 4x before it counts)")
    p.add_argument("--out", default="fuzz-reproducers")
    p.add_argument("--case", type=int, default=None)
    p.add_argument("--show", action="store_true",
                   help="print case --case of --seed, run nothing")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()

    run = os.path.join(args.tools_dir, "mcore-run")
    catalog = json.loads(subprocess.check_output(
        [os.path.join(args.tools_dir, "mcore-layout"), "--list",
         "--format=json"]))
    if args.show:
        cmd, env, valid = make_case(args.seed, args.case or 0, catalog)
        print(" ".join(["%s=%s" % kv for kv in env.items()] + ["mcore-run"] +
                       [shlex.quote(c) for c in cmd]),
              "" if valid else "  # may be rejected")
        return 0

    reproducers = fuzzlib.Reproducers(args.out)
    tally = fuzzlib.Tally()
    start = time.monotonic()
    for index in range(args.first_case, args.first_case + args.cases):
        if args.seconds and time.monotonic() - start > args.seconds:
            break
        cmd, extra_env, valid = make_case(args.seed, index, catalog)
        env = dict(os.environ)
        env.update(extra_env)
        # One host thread per emulated launch: the fuzzer runs beside other
        # work, and scripts/fuzz.sh runs one fuzzer per core.
        env.setdefault("MCORE_EMU_THREADS", "1")
        outcome = judge(fuzzlib.run_confirmed([run] + cmd, args.timeout, env),
                        valid)
        tally.add(outcome)
        if args.verbose:
            last = outcome.output.strip().splitlines()
            print("case %d: %s %.1fs %s %s  %s" % (
                index, outcome.kind, outcome.seconds,
                " ".join("%s=%s" % kv for kv in extra_env.items()),
                " ".join(cmd), last[-1][:120] if last else ""))
        if outcome.failed:
            envs = ["%s=%s" % kv for kv in sorted(extra_env.items())]
            kept = reproducers.keep(
                outcome, (["env"] + envs if envs else []) + [run] + cmd, {},
                "matmul_fuzz.py --seed %s --case %d" % (args.seed, index))
            print("FAILED: case %d (%s): %s%s" % (
                index, " ".join(envs + cmd), outcome.signature,
                "\n  kept in " + kept if kept else ""))
    print(tally.summary("matmul_fuzz", args.seed, time.monotonic() - start))
    for signature, count in sorted(tally.signatures.items()):
        print("  %4d x %s" % (count, signature))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
