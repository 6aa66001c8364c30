#!/usr/bin/env python3
"""Every (intrinsic, chip) pair of mcore's catalog, through the real toolchain.

For each chip:
  * every intrinsic the catalog lists for it goes through mcore-opt
    (convert-mcore-to-amdgpu, upstream's convert-amdgpu-to-rocdl, then
    upstream to LLVM), mlir-translate and llc -mcpu=CHIP, and the ISA must
    hold the expected v_wmma / v_swmmac / v_mfma / v_smfmac mnemonic in that
    intrinsic's function, using the LLVM intrinsic the catalog names; the
    convert-mcore-to-rocdl pipeline (the two passes under one name) must
    lower them to the same IR;
  * every intrinsic the catalog does not list for it must be rejected by
    mcore-opt with mcore's error ("NAME needs ...; the target is CHIP")
    before llc ever sees it.

Usage: all-pairs.py MCORE_BIN_DIR LLVM_TOOLS_DIR WORK_DIR
"""
import json
import os
import re
import subprocess
import sys

bindir, llvmdir, work = sys.argv[1:4]
os.makedirs(work, exist_ok=True)


def run(cmd, stdin=None):
    return subprocess.run(cmd, input=stdin, capture_output=True, text=True)


catalog = json.loads(run([os.path.join(bindir, "mcore-layout"), "--list",
                          "--format=json"]).stdout)
# mcore.mma does not take f64 operands yet (MCore_MmaElementType in
# MCoreOps.td): the f64 MFMAs are the catalog's and the emulator's only.
skipped_f64 = [e for e in catalog if e["c_type"] == "f64"]
catalog = [e for e in catalog if e["c_type"] != "f64"]
chips = ["gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1101",
         "gfx1102", "gfx1200", "gfx1201", "gfx1250"]
fp8 = {"gfx942": ("f8E4M3FNUZ", "f8E5M2FNUZ"),
       "gfx950": ("f8E4M3FN", "f8E5M2"),
       "gfx1200": ("f8E4M3FN", "f8E5M2"),
       "gfx1201": ("f8E4M3FN", "f8E5M2"),
       "gfx1250": ("f8E4M3FN", "f8E5M2")}


def mlir_type(kind, chip):
    if kind in ("fp8", "bf8"):
        pair = fp8.get(chip, ("f8E4M3FN", "f8E5M2"))
        return pair[0] if kind == "fp8" else pair[1]
    return {"f16": "f16", "bf16": "bf16", "i8": "i8", "i4": "i4",
            "f32": "f32", "i32": "i32", "f64": "f64", "xf32": "f32",
            "fp6": "f6E2M3FN", "bf6": "f6E3M2FN", "fp4": "f4E2M1FN"}[kind]


lengths = {e["name"]: e["fragment_lengths"] for e in catalog}


def scale_sels(entry):
    """Scale selects in range and not 0 where the entry has several sets:
    gfx950's op_sel 1 and 2 (4 bytes), gfx1250's lane half 1 (the 32-row
    f4 A, one set: 0)."""
    sc = entry["scales"]
    return min(1, sc["sets"] - 1), min(2, sc["b_sets"] - 1)


def scale_bytes(entry):
    return {"i32": 4, "i64": 8}[entry["scales"]["operand"]]


def function(entry, chip, fn):
    n = lengths[entry["name"]]
    # The MX formats are OCP's (gfx950's fp8), whatever the target chip.
    types_of = "gfx950" if "scales" in entry or "formats" in entry else chip
    ta, tb, tc = (mlir_type(entry[k], types_of) for k in ("a_type", "b_type",
                                                          "c_type"))
    va, vb, vc = (f"vector<{n['A']}x{ta}>", f"vector<{n['B']}x{tb}>",
                  f"vector<{n['C']}x{tc}>")
    # D, where it differs from C (gfx1250's bf16f32: `into C -> D`).
    into, vd = vc, vc
    if "d_type" in entry:
        vd = f"vector<{n['D']}x{mlir_type(entry['d_type'], chip)}>"
        into = f"{vc} -> {vd}"
    intr = f"#mcore.intrinsic<{entry['name']}>"
    if "scales" in entry:
        # Block-scaled: the lane's scale operands (gfx950's word, gfx1250's
        # 4 or 8 scales) and scale selects that the IR shows (scale_sel).
        sel_a, sel_b = scale_sels(entry)
        ts = f"vector<{scale_bytes(entry)}xf8E8M0FNU>"
        op = (f"%d = mcore.scaled_mma %a, %b, %c, %sa, %sb {{intrinsic = "
              f"{intr}, scale_sel_a = {sel_a} : i32, scale_sel_b = {sel_b} : "
              f"i32}} : {va}, {vb}, {ts}, {ts} into {vc}")
        args = f"%a: {va}, %b: {vb}, %c: {vc}, %sa: {ts}, %sb: {ts}"
    elif entry["sparse"]:
        # The lane's index word: i32, or i64 (gfx1250's 8-bit SWMMAC).
        ti = entry["index_type"]
        op = (f"%d = mcore.sparse_mma %a, %b, %c, %i {{intrinsic = {intr}}} "
              f": {va}, {vb}, {ti} into {into}")
        args = f"%a: {va}, %b: {vb}, %c: {vc}, %i: {ti}"
    else:
        op = (f"%d = mcore.mma %a, %b, %c {{intrinsic = {intr}}} "
              f": {va}, {vb} into {into}")
        args = f"%a: {va}, %b: {vb}, %c: {vc}"
    return (f"func.func @{fn}({args}) -> {vd} {{\n  {op}\n"
            f"  return %d : {vd}\n}}\n")


def mnemonic_key(text):
    """Compares mnemonics modulo underscores and the _1k/_w32/_gfx12
    suffixes and _2b/_4b/_16b block counts LLVM prints differently per
    chip."""
    text = re.sub(r"_(1k|w32|gfx12|\d+b)(?=_|$)", "", text)
    return text.replace("_", "")


failures = []
checked_legal = checked_illegal = 0
checked_distinct_d = 0  # legal pairs whose D differs from C
checked_mx_wmma = 0  # gfx1250's f8f6f4 / f4 WMMA, scaled or not
for chip in chips:
    legal = [e for e in catalog if chip in e["chips"]]
    illegal = [e for e in catalog if chip not in e["chips"]]

    # Legal pairs: the whole way to ISA.
    src = "".join(function(e, chip, f"f{i}") for i, e in enumerate(legal))
    path = os.path.join(work, f"{chip}.mlir")
    with open(path, "w") as f:
        f.write(src)
    to_llvm = ["--convert-vector-to-llvm", "--convert-arith-to-llvm",
               "--convert-func-to-llvm", "--reconcile-unrealized-casts"]
    lowered = run([os.path.join(bindir, "mcore-opt"), path,
                   f"--convert-mcore-to-amdgpu=chip={chip}",
                   f"--convert-amdgpu-to-rocdl=chipset={chip}"] + to_llvm)
    if lowered.returncode != 0:
        failures.append(f"{chip}: mcore-opt failed:\n{lowered.stderr}")
        continue
    alias = run([os.path.join(bindir, "mcore-opt"), path,
                 f"--convert-mcore-to-rocdl=chip={chip}"] + to_llvm)
    if alias.returncode != 0 or alias.stdout != lowered.stdout:
        failures.append(f"{chip}: convert-mcore-to-rocdl differs from "
                        f"convert-mcore-to-amdgpu + convert-amdgpu-to-rocdl:"
                        f"\n{alias.stderr}")
    ll = run([os.path.join(llvmdir, "mlir-translate"), "--mlir-to-llvmir"],
             lowered.stdout)
    if ll.returncode != 0:
        failures.append(f"{chip}: mlir-translate failed:\n{ll.stderr}")
        continue
    isa = run([os.path.join(llvmdir, "llc"), "-mtriple=amdgcn-amd-amdhsa",
               f"-mcpu={chip}", "-o", "-"], ll.stdout)
    if isa.returncode != 0:
        failures.append(f"{chip}: llc failed:\n{isa.stderr}")
        continue
    # Split the ISA per function and the IR per function.
    bodies = dict(re.findall(r"^(f\d+):[^\n]*\n(.*?)\.Lfunc_end", isa.stdout,
                             re.S | re.M))
    calls = dict(re.findall(r"define [^@]*@(f\d+)\(.*?\n(.*?)\n}", ll.stdout,
                            re.S))
    for i, e in enumerate(legal):
        fn = f"f{i}"
        checked_legal += 1
        checked_distinct_d += "d_type" in e
        checked_mx_wmma += e["family"] == "wmma" and (
            "scales" in e or "formats" in e or e["a_type"] == "fp4")
        if e["llvm_intrinsic"] + "." not in calls.get(fn, "") and \
           e["llvm_intrinsic"] + "(" not in calls.get(fn, ""):
            failures.append(f"{chip} {e['name']}: the LLVM IR does not call "
                            f"{e['llvm_intrinsic']}")
        want = mnemonic_key("v_" + e["name"])
        call = calls.get(fn, "")
        def expect_call(imms, what):
            if not re.search(imms, call):
                failures.append(f"{chip} {e['name']}: the call does not "
                                f"pass {what}")
        if "scales" in e and e["family"] == "mfma":
            # One instruction for every format pair: the formats are the
            # call's cbsz and blgp, then op_sel 1 for A's scale, 2 for B's.
            sc = e["scales"]
            expect_call(rf"i32 {sc['a_format']}, i32 {sc['b_format']}, i32 1, "
                        rf"i32 %\w+, i32 2, i32 %\w+\)",
                        f"formats {sc['a_format']}, {sc['b_format']} and "
                        f"op_sel 1, 2")
        elif "scales" in e:
            # gfx1250: matrix_a_scale / matrix_b_scale are the lane halves
            # scale_sel picks, the scale formats E8M0 (0).
            sel_a, sel_b = scale_sels(e)
            expect_call(rf"i32 {sel_a}, i32 0, i(32|64) %\w+, i32 {sel_b}, "
                        rf"i32 0, i(32|64) %\w+, i1 false, i1 false\)",
                        f"matrix_a_scale {sel_a}, matrix_b_scale {sel_b}")
        fmts = e.get("formats") or (e["scales"] if "scales" in e and
                                    e["name"].find("f8f6f4") >= 0 else None)
        if fmts and e["family"] == "wmma":
            # gfx1250's f8f6f4: matrix_a_fmt before A, matrix_b_fmt before B.
            expect_call(rf"\(i32 {fmts['a_format']}, <\d+ x i32> %\w+, "
                        rf"i32 {fmts['b_format']}, <\d+ x i32> %\w+,",
                        f"matrix_a_fmt {fmts['a_format']} and matrix_b_fmt "
                        f"{fmts['b_format']}")
        if "scales" in e or "formats" in e:
            want = mnemonic_key("v_" + e["llvm_intrinsic"].replace(
                "llvm.amdgcn.", "").replace(".", "_"))
        got = [m for m in re.findall(r"\b(v_[a-z0-9_]+)", bodies.get(fn, ""))
               if mnemonic_key(m) == want]
        if not got:
            failures.append(f"{chip} {e['name']}: no v_{e['name']} in the "
                            f"ISA of {fn}")

    # Illegal pairs: mcore's own error. One split-input-file run per chip;
    # -verify-diagnostics fails unless every function gets exactly its error.
    chunks = []
    for i, e in enumerate(illegal):
        checked_illegal += 1
        fn = function(e, chip if chip in fp8 else "gfx950", f"g{i}")
        names = e["chips"]
        chips_text = names[0] if len(names) == 1 else \
            ", ".join(names[:-1]) + " or " + names[-1]
        note = (f"  // expected-error @+1 {{{{{e['name']} needs {chips_text}; "
                f"the target is {chip}}}}}\n")
        fn = fn.replace("\n  %d", "\n" + note + "  %d", 1)
        chunks.append(fn)
    if chunks:
        path = os.path.join(work, f"{chip}-illegal.mlir")
        with open(path, "w") as f:
            f.write("\n// -----\n\n".join(chunks))
        r = run([os.path.join(bindir, "mcore-opt"), path, "-split-input-file",
                 "-verify-diagnostics", f"--convert-mcore-to-amdgpu=chip={chip}"])
        if r.returncode != 0:
            failures.append(f"{chip}: illegal pairs not all rejected by mcore:"
                            f"\n{r.stderr}")

print(f"legal pairs compiled to their instruction: {checked_legal}")
print(f"illegal pairs rejected by mcore: {checked_illegal}")
print(f"legal pairs whose D differs from C: {checked_distinct_d}")
print(f"gfx1250 MX WMMA pairs (f8f6f4 per format pair, f4): "
      f"{checked_mx_wmma}")
print(f"f64 entries not checked (mcore.mma has no f64 yet): "
      f"{len(skipped_f64)}")
if failures:
    print("\n".join(failures))
    sys.exit(1)
