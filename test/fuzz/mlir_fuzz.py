#!/usr/bin/python3
"""mlir_fuzz.py: a seeded mutation fuzzer of mcore-opt.

Takes the MLIR inputs of mcore's tests and examples (test/**/*.mlir,
examples/*.mlir, cut at `// -----`), mutates them (shapes, element types,
integers, chips, op names, SSA uses, lines, snippets such as a private
array in a kernel, characters, deep nesting of many kinds up to 10^5
levels, huge attributes up to 10^7 bytes) and runs one target on each
mutant:

  * one of mcore's passes (every `--mcore-*` / `--convert-mcore-*` pass
    `mcore-opt --help` lists), with random values for its options, or the
    passes the input's own RUN lines use;
  * the whole `--mcore-pipeline` on gfx1201, gfx942, gfx1100, gfx90a or
    gfx950 (sometimes any other chip), format=isa or llvm, sometimes with
    random tile options and optimization levels.

A signal, an LLVM fatal error, a crash handler's stack dump, a sanitizer
report or a hang is a failure (fuzzlib.CRASH_MARKERS); the case is kept as
a reproducer (input.mlir, cmd.sh, output.txt) in --out. Rejecting the
input with a diagnostic is what mcore-opt must do and is fine.

Case I of seed S is the same mutant and target on every machine
(random.Random("S:I")), so `--seed S --case I --show` prints it again.
The run stops after --cases cases or --seconds seconds, whichever is first.
Exit status: 0 nothing found, 1 a crash or hang, 2 usage.
"""
import argparse
import glob
import os
import random
import re
import shlex
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402

INTERESTING_INTS = [0, 1, -1, 2, 3, 4, 5, 7, 8, 15, 16, 17, 31, 32, 33, 48,
                    63, 64, 65, 127, 128, 255, 256, 1023, 1024, 4096, 65535,
                    65536, 2147483647, 2147483648, -2147483648, 4294967295,
                    4294967296, 9223372036854775807, -9223372036854775808,
                    18446744073709551616]
DIMS = ["0", "1", "2", "3", "4", "5", "7", "8", "12", "16", "17", "24", "31",
        "32", "33", "48", "64", "65", "96", "128", "129", "256", "1000",
        "4096", "?"]
ELEMENT_TYPES = ["f16", "bf16", "f32", "f64", "i1", "i4", "i8", "i16", "i32",
                 "i64", "index", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3FN",
                 "f8E5M2", "ui8", "si8", "tf32", "f4E2M1FN", "f8E8M0FNU",
                 "complex<f32>", "vector<2xf16>"]
CHIP_NAMES = fuzzlib.ALL_CHIPS + ["gfx000", "gfx940", "gfx1030", "gfx1151",
                                  "gfx12"]
# Ops a mutation may swap for one another: same operands, other meaning.
OP_GROUPS = [
    ["arith.addf", "arith.subf", "arith.mulf", "arith.divf", "arith.maximumf"],
    ["arith.addi", "arith.subi", "arith.muli", "arith.divsi", "arith.divui",
     "arith.remui", "arith.maxsi", "arith.shli"],
    ["arith.extf", "arith.truncf"], ["arith.extsi", "arith.extui",
                                     "arith.trunci"],
    ["memref.alloc", "memref.alloca"],
    ["gpu.thread_id", "gpu.block_id", "gpu.block_dim", "gpu.grid_dim"],
    ["linalg.matmul", "linalg.batch_matmul", "linalg.matvec",
     "linalg.generic"],
    ["mcore.mma", "mcore.sparse_mma"],
    ["tensor.empty", "bufferization.alloc_tensor"],
    ["scf.for", "scf.parallel"],
    ["cast_unsigned", "cast_signed"],
    ["host_shared", ""],
    ["vector.transfer_read", "vector.load"],
    ["gpu.barrier", "gpu.lane_id"],
    [" x", " y", " z"],
    ["(d0, d1, d2) -> (d0, d2)", "(d0, d1, d2) -> (d2, d0)",
     "(d0, d1, d2) -> (d2, d1)", "(d0, d1, d2) -> (d1, d2)",
     "(d0, d1, d2) -> (d0, d1)", "(d0, d1, d2) -> (d1, d0)"],
    ["(m, n, k) -> (m, k)", "(m, n, k) -> (k, m)", "(m, n, k) -> (k, n)",
     "(m, n, k) -> (n, k)", "(m, n, k) -> (m, n)"],
]
# Lines a mutation inserts into a body (after a line that opens a region).
SNIPPETS = [
    "%fz_a = memref.alloca() : memref<4xf32>",
    "%fz_a = memref.alloca() : memref<16x16xf16>",
    "%fz_c = arith.constant 0 : index\n%fz_a = memref.alloca() : memref<8xi32>"
    "\n%fz_v = memref.load %fz_a[%fz_c] : memref<8xi32>\n"
    "memref.store %fz_v, %fz_a[%fz_c] : memref<8xi32>",
    "%fz_a = memref.alloc() : memref<64x64xf16>",
    "%fz_a = memref.alloc() : memref<0x64xf32>",
    "gpu.barrier",
    "%fz_c = arith.constant 0 : index",
    "%fz_i = arith.constant -1 : i32",
    "%fz_t = tensor.empty() : tensor<0x0xf32>",
    "%fz_d = arith.constant dense<1.0> : tensor<64x64xf16>",
    "%fz_x = gpu.lane_id",
    "%fz_x = gpu.thread_id x",
    "scf.yield",
    "return",
    "llvm.unreachable",
]
S24 = ("#sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : "
       "dense, j mod 4 : structured[2, 4])}>")
# How deep a "deep" mutation nests: around mcore's limit of 1000 levels
# (mcore/Support/Nesting.h) and far past it, where MLIR's recursive parser
# overflowed its stack.
DEPTHS = [10, 100, 495, 999, 1000, 1001, 2000, 5000, 10000, 100000]
# How large a "huge" mutation makes an attribute.
HUGE_SIZES = [1000, 100000, 1000000]


def deep_snippet(rng):
    """A line nested `n` levels deep, of a kind the parser recurses on: an
    attribute of arrays, regions, an affine chain or unary minus, parens,
    a type."""
    n = rng.choice(DEPTHS)
    kind = rng.choice(["array", "regions", "plus", "minus", "parens",
                       "vector", "dict"])
    if kind == "array":
        return ('%%fz_d = "arith.constant"() {value = 0 : index, fz.deep = '
                '%s%s} : () -> index' % ("[" * n, "]" * n))
    if kind == "dict":
        return ('%%fz_d = "arith.constant"() {value = 0 : index, fz.deep = '
                '%s0%s} : () -> index' % ("{a = " * n, "}" * n))
    if kind == "regions":
        return ("scf.execute_region {\n" * n + "scf.yield\n" +
                "}\nscf.yield\n" * (n - 1) + "}")
    if kind == "plus":
        return ("%%fz_d = affine.apply affine_map<() -> (%s)>()" %
                " + ".join(["1"] * n))
    if kind == "minus":
        return "%%fz_d = affine.apply affine_map<() -> (%s1)>()" % ("- " * n)
    if kind == "parens":
        return ("%%fz_d = affine.apply affine_map<() -> (%s1%s)>()" %
                ("(" * n, ")" * n))
    return ('%%fz_d = "arith.constant"() {value = 0 : index, fz.deep = '
            'dense<0> : %sf32%s} : () -> index' % ("vector<1x" * n, ">" * n))


def huge_snippet(rng):
    """A line holding one huge attribute: a long dense literal, an array,
    a string, a hex blob."""
    n = rng.choice(HUGE_SIZES)
    kind = rng.choice(["dense", "array", "string", "hex"])
    if kind == "dense":
        return ("%%fz_h = arith.constant dense<[%s]> : tensor<%dxf32>" %
                (", ".join(["1.5"] * n), n))
    if kind == "array":
        return ('%%fz_h = "arith.constant"() {value = 0 : index, fz.huge = '
                '[%s]} : () -> index' % ", ".join(["7"] * n))
    if kind == "string":
        return ('%%fz_h = "arith.constant"() {value = 0 : index, fz.huge = '
                '"%s"} : () -> index' % ("x" * (10 * n)))
    return ('%%fz_h = arith.constant dense<"0x%s"> : tensor<%dxi32>' %
            ("5A" * (4 * n), n))
TYPE_RE = re.compile(r"(?<=[x<\s,(:])(%s)(?=[\s,>)\]]|$)" % "|".join(
    re.escape(t) for t in ["f16", "bf16", "f32", "f64", "i1", "i4", "i8",
                           "i16", "i32", "i64", "f8E4M3FNUZ", "f8E5M2FNUZ",
                           "f8E4M3FN", "f8E5M2", "index"]))
DIM_RE = re.compile(r"(?<=[<x])(\d+|\?)(?=x)")
INT_RE = re.compile(r"(?<=[\s(\[,=:<])-?\d+(?=[\s)\],:}>]|$)")
SSA_RE = re.compile(r"%[A-Za-z_0-9$.-]+")
CHIP_RE = re.compile(r"gfx\d+[a-z]?")
SHAPED_TYPE_RE = re.compile(r"tensor<[^<>]*>")
OPEN_RE = re.compile(r"\{\s*$")


def read_corpus(src_root):
    """Every test input, cut into the chunks mcore-opt sees, with the
    mcore passes of the file's RUN lines."""
    files = sorted(glob.glob(os.path.join(src_root, "test", "**", "*.mlir"),
                             recursive=True) +
                   glob.glob(os.path.join(src_root, "examples", "*.mlir")))
    corpus = []
    flag_re = re.compile(
        r"--?(?:mcore-[\w-]+|convert-mcore-[\w-]+)(?:=.*)?")
    for path in files:
        with open(path) as f:
            text = f.read()
        run_flags = []
        for line in text.splitlines():
            if "RUN:" in line:
                try:
                    words = shlex.split(line.split("RUN:", 1)[1].split("|")[0])
                except ValueError:
                    continue
                flags = [w.replace("%chip", "gfx1201") for w in words
                         if flag_re.fullmatch(w)]
                flags = [fl for fl in flags if "toolkit=" not in fl]
                if flags:
                    run_flags.append(flags)
        for chunk in re.split(r"^// -----.*$", text, flags=re.M):
            body = "\n".join(l for l in chunk.splitlines()
                             if "RUN:" not in l and "CHECK" not in l)
            if body.strip():
                corpus.append((os.path.relpath(path, src_root), body,
                               run_flags))
    return corpus


def read_passes(mcore_opt):
    """mcore's passes and their options, from `mcore-opt --help`."""
    import subprocess
    text = subprocess.run([mcore_opt, "--help"], capture_output=True,
                          text=True).stdout
    passes = {}
    current = None
    for line in text.splitlines():
        m = re.match(r"^      --((?:mcore|convert-mcore)-[\w-]+)\s", line)
        if m:
            current = m.group(1)
            passes[current] = []
            continue
        if current and line.startswith("        -"):
            o = re.match(r"^\s+--?([\w-]+)(?:[= ]<(\w+)>)?", line)
            if o:
                passes[current].append((o.group(1), o.group(2) or "bool"))
            continue
        current = None
    return passes


class Catalog:
    def __init__(self, names):
        self.names = names


def option_value(rng, name, kind, catalog):
    if name == "chip":
        return rng.choice(fuzzlib.MAIN_CHIPS * 3 + CHIP_NAMES)
    if name == "format":
        return rng.choice(["isa", "llvm", "llvm", "isa", "ptx", ""])
    if name == "intrinsic":
        return rng.choice(catalog.names + ["nope", ""])
    if name == "toolkit":
        return None
    if kind == "bool":
        return rng.choice(["true", "false"])
    if kind == "string":
        return rng.choice(["", "x", "gfx942", "0"])
    if rng.random() < 0.5:
        return str(rng.choice([0, 1, 2, 4, 8, 16, 32, 64, 128, 256]))
    return str(rng.choice(INTERESTING_INTS))


def pick_target(rng, chunk_flags, passes, catalog):
    """The mcore-opt flags of one case."""
    r = rng.random()
    if chunk_flags and r < 0.35:
        return list(rng.choice(chunk_flags))
    if r < 0.7:
        chip = rng.choice(fuzzlib.MAIN_CHIPS if rng.random() < 0.85
                          else fuzzlib.ALL_CHIPS)
        opts = ["chip=" + chip, "format=" + rng.choice(["isa", "llvm"])]
        if rng.random() < 0.3:
            for name, kind in rng.sample(passes.get("mcore-pipeline", []),
                                         rng.randint(1, 3)):
                if name in ("chip", "format", "toolkit"):
                    continue
                if name == "O":
                    opts.append("O=%d" % rng.randint(0, 3))
                    continue
                value = option_value(rng, name, kind, catalog)
                if value is not None:
                    opts.append("%s=%s" % (name, value))
        return ['--mcore-pipeline=%s' % " ".join(opts)]
    names = sorted(p for p in passes if p != "mcore-pipeline")
    name = rng.choice(names)
    opts = []
    for oname, kind in passes[name]:
        if rng.random() < (0.7 if oname == "chip" else 0.2):
            value = option_value(rng, oname, kind, catalog)
            if value is not None:
                opts.append("%s=%s" % (oname, value))
    flag = "--" + name
    if opts:
        flag += "=" + " ".join(opts)
    flags = [flag]
    # A second pass now and then, as the pipeline chains them.
    if rng.random() < 0.2:
        flags.append("--" + rng.choice(names))
    return flags


def mutate(rng, text, corpus):
    def sub_one(regex, text, make):
        matches = list(regex.finditer(text))
        if not matches:
            return text
        m = rng.choice(matches)
        return text[:m.start()] + make(m) + text[m.end():]

    kind = rng.choices(
        ["dim", "dim_all", "type", "type_all", "int", "chip", "op", "ssa",
         "line_del", "line_dup", "line_swap", "splice", "snippet", "encode",
         "char", "deep", "huge"],
        weights=[4, 12, 2, 10, 8, 3, 6, 2, 4, 2, 2, 2, 8, 4, 2, 3, 2])[0]
    lines = text.split("\n")
    if kind == "dim":
        return sub_one(DIM_RE, text, lambda m: rng.choice(DIMS))
    if kind == "dim_all":
        dims = DIM_RE.findall(text)
        if not dims:
            return text
        old = rng.choice(dims)
        new = rng.choice(DIMS)
        return DIM_RE.sub(lambda m: new if m.group(0) == old else m.group(0),
                          text)
    if kind == "type":
        return sub_one(TYPE_RE, text, lambda m: rng.choice(ELEMENT_TYPES))
    if kind == "type_all":
        found = TYPE_RE.findall(text)
        if not found:
            return text
        old = rng.choice(found)
        new = rng.choice(ELEMENT_TYPES)
        return TYPE_RE.sub(lambda m: new if m.group(0) == old else m.group(0),
                           text)
    if kind == "int":
        return sub_one(INT_RE, text, lambda m: str(rng.choice(INTERESTING_INTS)))
    if kind == "chip":
        return sub_one(CHIP_RE, text, lambda m: rng.choice(CHIP_NAMES))
    if kind == "op":
        present = [g for g in OP_GROUPS if any(o and o in text for o in g)]
        if not present:
            return text
        group = rng.choice(present)
        old = rng.choice([o for o in group if o and o in text])
        new = rng.choice([o for o in group if o != old])
        starts = [m.start() for m in re.finditer(re.escape(old), text)]
        at = rng.choice(starts)
        return text[:at] + new + text[at + len(old):]
    if kind == "ssa":
        names = sorted(set(SSA_RE.findall(text)))
        if len(names) < 2:
            return text
        matches = list(SSA_RE.finditer(text))
        m = rng.choice(matches)
        return text[:m.start()] + rng.choice(names) + text[m.end():]
    if kind == "line_del" and len(lines) > 1:
        del lines[rng.randrange(len(lines))]
        return "\n".join(lines)
    if kind == "line_dup" and lines:
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
        return "\n".join(lines)
    if kind == "line_swap" and len(lines) > 1:
        i = rng.randrange(len(lines) - 1)
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
        return "\n".join(lines)
    if kind == "splice":
        other = rng.choice(corpus)[1].split("\n")
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(other))
        return "\n".join(lines)
    if kind in ("snippet", "deep", "huge"):
        opens = [i for i, l in enumerate(lines) if OPEN_RE.search(l)]
        if not opens:
            return text
        line = (rng.choice(SNIPPETS) if kind == "snippet" else
                deep_snippet(rng) if kind == "deep" else huge_snippet(rng))
        lines.insert(rng.choice(opens) + 1, line)
        return "\n".join(lines)
    if kind == "encode":
        # A 2:4 encoding on one tensor type: A, B, C or a result.
        types = list(SHAPED_TYPE_RE.finditer(text))
        if not types:
            return text
        m = rng.choice(types)
        if "#" in m.group(0):
            return text[:m.start()] + re.sub(r",\s*#[^>]*", "", m.group(0)) + \
                text[m.end():]
        return text[:m.end() - 1] + ", " + S24 + ">" + text[m.end():]
    if kind == "char" and text:
        i = rng.randrange(len(text))
        op = rng.random()
        if op < 0.4:
            return text[:i] + text[i + 1:]
        if op < 0.8:
            return text[:i] + rng.choice("{}()<>[],:%#@\"x?0 ") + text[i:]
        return text[:i]
    return text


def make_case(seed, index, corpus, passes, catalog):
    rng = random.Random("%s:%d" % (seed, index))
    origin, text, run_flags = rng.choice(corpus)
    # No mutation now and then: the target and its options are the case.
    count = 0 if rng.random() < 0.1 else min(1 + int(rng.expovariate(1.2)), 6)
    for _ in range(count):
        text = mutate(rng, text, corpus)
    flags = pick_target(rng, run_flags, passes, catalog)
    return origin, text, flags


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--tools-dir", required=True,
                   help="directory of mcore-opt and mcore-layout")
    p.add_argument("--src-root", default=os.path.dirname(os.path.dirname(here)),
                   help="mcore's source tree (its test/ and examples/)")
    p.add_argument("--seed", default="1")
    p.add_argument("--cases", type=int, default=100)
    p.add_argument("--first-case", type=int, default=0)
    p.add_argument("--seconds", type=float, default=0,
                   help="stop after this long (0: no limit)")
    p.add_argument("--timeout", type=float, default=30,
                   help="seconds one case may take before it is a hang "
                        "(tried again with 4x before it counts)")
    p.add_argument("--out", default="fuzz-reproducers",
                   help="directory for reproducers")
    p.add_argument("--case", type=int, default=None,
                   help="with --show: print case N of --seed")
    p.add_argument("--show", action="store_true",
                   help="print the case's input and command, run nothing")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()

    mcore_opt = os.path.join(args.tools_dir, "mcore-opt")
    corpus = read_corpus(args.src_root)
    passes = read_passes(mcore_opt)
    if not corpus or "mcore-pipeline" not in passes:
        print("mlir_fuzz: no corpus or no mcore passes found", file=sys.stderr)
        return 2
    import json
    import subprocess
    catalog = Catalog([e["name"] for e in json.loads(subprocess.check_output(
        [os.path.join(args.tools_dir, "mcore-layout"), "--list",
         "--format=json"]))])

    if args.show:
        origin, text, flags = make_case(args.seed, args.case or 0, corpus,
                                        passes, catalog)
        print("// from %s\n// mcore-opt input.mlir %s\n%s" % (
            origin, " ".join(shlex.quote(f) for f in flags), text))
        return 0

    reproducers = fuzzlib.Reproducers(args.out)
    tally = fuzzlib.Tally()
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="mcore-fuzz-") as tmp:
        for index in range(args.first_case, args.first_case + args.cases):
            if args.seconds and time.monotonic() - start > args.seconds:
                break
            origin, text, flags = make_case(args.seed, index, corpus, passes,
                                            catalog)
            path = os.path.join(tmp, "input.mlir")
            with open(path, "w") as f:
                f.write(text)
            cmd = [mcore_opt, path] + flags + ["-o", os.devnull]
            outcome = fuzzlib.run_confirmed(cmd, args.timeout)
            tally.add(outcome)
            if args.verbose:
                first = outcome.output.strip().split("\n")[0][:150]
                print("case %d: %s %.1fs %s  %s" % (
                    index, outcome.kind, outcome.seconds, flags,
                    first if outcome.kind != "ok" else ""))
            if outcome.failed:
                kept = reproducers.keep(
                    outcome, [mcore_opt, "input.mlir"] + flags +
                    ["-o", "/dev/null"], {"input.mlir": text},
                    "mlir_fuzz.py --seed %s --case %d (from %s)" % (
                        args.seed, index, origin))
                print("FAILED: case %d (%s, from %s): %s%s" % (
                    index, " ".join(flags), origin, outcome.signature,
                    "\n  kept in " + kept if kept else ""))
    print(tally.summary("mlir_fuzz", args.seed, time.monotonic() - start))
    for signature, count in sorted(tally.signatures.items()):
        print("  %4d x %s" % (count, signature))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
