"""mcore.compile: --mcore-pipeline in-process, every output format, agreement
with mcore-opt, and the errors."""
import os
import re
import shutil
import subprocess

import pytest

import mcore

TOOLS = os.environ.get("MCORE_TOOLS_DIR", "")

SPARSE_ENCODED = """
#sparse24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @matmul(%a: tensor<64x64xf16, #sparse24>, %b: tensor<64x64xf16>,
                  %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf16, #sparse24>, tensor<64x64xf16>)
                     outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
"""

# Compressed operands (the canonical format) whose metadata the caller has
# validated (canonical_metadata): one kernel.
SPARSE_COMPRESSED = """
func.func @matmul(%v: memref<64x32xf16>, %m: memref<64x2xi32>,
                  %b: memref<64x64xf16>, %c: memref<64x64xf32>) {
  mcore.sparse_matmul ins(%v, %m, %b : memref<64x32xf16>, memref<64x2xi32>,
                          memref<64x64xf16>) outs(%c : memref<64x64xf32>)
                          {canonical_metadata}
  return
}
"""

# The same with metadata nobody has checked: a kernel checks it first.
SPARSE_UNCHECKED = SPARSE_COMPRESSED.replace("{canonical_metadata}", "")

DENSE = """
func.func @matmul(%a: tensor<64x64x{t}>, %b: tensor<64x64x{t}>,
                  %c: tensor<64x64x{c}>) -> tensor<64x64x{c}> {{
  %r = linalg.matmul ins(%a, %b : tensor<64x64x{t}>, tensor<64x64x{t}>)
                     outs(%c : tensor<64x64x{c}>) -> tensor<64x64x{c}>
  return %r : tensor<64x64x{c}>
}}
"""


def dense(t="f16", c="f32"):
    return DENSE.format(t=t, c=c)


def instructions(isa, prefix):
    return set(re.findall(r"\b" + prefix + r"\w*", isa))


@pytest.mark.parametrize("chip,source,expected", [
    ("gfx1201", SPARSE_COMPRESSED, {"v_swmmac_f32_16x16x32_f16"}),
    ("gfx942", SPARSE_COMPRESSED, {"v_smfmac_f32_32x32x16_f16"}),
    ("gfx1201", dense(), {"v_wmma_f32_16x16x16_f16"}),
    ("gfx942", dense(), {"v_mfma_f32_32x32x8_f16"}),
    ("gfx942", dense("i8", "i32"), {"v_mfma_i32_32x32x16_i8"}),
], ids=["swmmac", "smfmac", "wmma", "mfma", "mfma-i8"])
def test_isa_has_the_instruction(chip, source, expected):
    isa = mcore.compile(source, chip)
    assert isinstance(isa, str)
    assert f'.amdgcn_target "amdgcn-amd-amdhsa--{chip}' in isa
    family = "_".join(next(iter(expected)).split("_")[:2])  # "v_swmmac"
    assert instructions(isa, family) == expected


def test_isa_of_an_encoded_a_has_both_kernels():
    # The 2:4-encoded A is compressed (and validated) by a kernel of its
    # own, then multiplied by SWMMAC.
    isa = mcore.compile(SPARSE_ENCODED, "gfx1201")
    assert isa.count("; gpu.binary @") == 2
    assert instructions(isa, "v_swmmac") == {"v_swmmac_f32_16x16x32_f16"}
    objects = mcore.compile(SPARSE_ENCODED, "gfx1201", format="hsaco")
    assert isinstance(objects, dict) and len(objects) == 2
    assert all(o.startswith(b"\x7fELF") for o in objects.values())


def test_metadata_given_at_run_time_is_checked_by_a_kernel():
    # Without canonical_metadata, a kernel checks the metadata before the
    # matmul's kernel (which has the sparse instruction) runs.
    isa = mcore.compile(SPARSE_UNCHECKED, "gfx1201")
    names = re.findall(r"^; gpu.binary @(\w+)", isa, re.M)
    assert len(names) == 2, names
    check, matmul = isa.split("; gpu.binary @")[1:]
    assert instructions(check, "v_swmmac") == set()
    assert instructions(matmul, "v_swmmac") == {"v_swmmac_f32_16x16x32_f16"}
    objects = mcore.compile(SPARSE_UNCHECKED, "gfx942", format="hsaco")
    assert isinstance(objects, dict) and len(objects) == 2
    assert all(o.startswith(b"\x7fELF") for o in objects.values())
    # With it, the matmul's kernel alone.
    assert "; gpu.binary @" not in mcore.compile(SPARSE_COMPRESSED, "gfx1201")


def mcore_opt_isa(source, chip, tmp_path, options=""):
    """The ISA texts of `mcore-opt --mcore-pipeline` for `source`."""
    path = tmp_path / "input.mlir"
    path.write_text(source)
    out = subprocess.run(
        [os.path.join(TOOLS, "mcore-opt"), str(path),
         f"--mcore-pipeline=chip={chip} format=isa {options}"],
        check=True, capture_output=True, text=True).stdout
    texts = re.findall(r'assembly = "((?:[^"\\]|\\.)*)"', out)
    decode = lambda s: re.sub(r"\\([0-9A-Fa-f]{2})|\\\\",
                              lambda m: chr(int(m.group(1), 16))
                              if m.group(1) else "\\", s)
    return [decode(t) for t in texts]


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942"])
def test_isa_agrees_with_mcore_opt(chip, tmp_path):
    assert [mcore.compile(SPARSE_COMPRESSED, chip)] == \
        mcore_opt_isa(SPARSE_COMPRESSED, chip, tmp_path)


def test_options_reach_the_pipeline(tmp_path):
    # Other tiles give other code, the same as mcore-opt's with the options.
    small = mcore.compile(dense(), "gfx942", tile_m=64, tile_n=64, stages=1)
    assert small != mcore.compile(dense(), "gfx942")
    assert [small] == mcore_opt_isa(dense(), "gfx942", tmp_path,
                                    "tile-m=64 tile-n=64 stages=1")


def test_tuning_file(tmp_path):
    # A tuning table reaches mcore-configure-matmul as tuning_file, the same
    # as mcore-opt's tuning-file=.
    assert mcore.pipeline_options()["tuning_file"]["type"] is str
    table = tmp_path / "table.json"
    table.write_text('{"mcore_tuning_table": 1, "entries": [{"chip": '
                     '"gfx942", "config": {"tile_m": 64, "waves_m": 1}}]}')
    tuned = mcore.compile(dense(), "gfx942", tuning_file=str(table))
    assert tuned != mcore.compile(dense(), "gfx942")
    assert [tuned] == mcore_opt_isa(dense(), "gfx942", tmp_path,
                                    f"tuning-file={table}")
    with pytest.raises(mcore.Error, match="cannot read tuning file"):
        mcore.compile(dense(), "gfx942", tuning_file=str(tmp_path / "no"))


def test_hsaco():
    obj = mcore.compile(SPARSE_COMPRESSED, "gfx942", format="hsaco")
    assert isinstance(obj, bytes)
    assert obj.startswith(b"\x7fELF")
    assert int.from_bytes(obj[18:20], "little") == 224  # EM_AMDGPU
    assert b"amdgcn-amd-amdhsa--gfx942" in obj
    readelf = shutil.which("llvm-readelf-22") or "/usr/lib/llvm-22/bin/llvm-readelf"
    if os.path.exists(readelf):
        notes = subprocess.run([readelf, "--notes", "-"], input=obj,
                               capture_output=True, check=True).stdout
        assert b"matmul_kernel" in notes


def test_llvm_bitcode():
    bc = mcore.compile(SPARSE_COMPRESSED, "gfx1201", format="llvm")
    assert isinstance(bc, bytes) and bc.startswith(b"BC\xc0\xde")
    dis = "/usr/lib/llvm-22/bin/llvm-dis"
    if os.path.exists(dis):
        text = subprocess.run([dis, "-", "-o", "-"], input=bc,
                              capture_output=True, check=True).stdout.decode()
        assert "@llvm.amdgcn.swmmac.f32.16x16x32.f16" in text


def test_mlir_before_serialization():
    ir = mcore.compile(SPARSE_COMPRESSED, "gfx1201", format="mlir")
    assert "gpu.module @matmul_kernel" in ir
    assert "gpu.binary" not in ir
    assert "llvm.amdgcn.swmmac.f32.16x16x32.f16" in ir
    assert "gpu.launch_func" in ir  # the host code
    ir = mcore.compile(dense(), "gfx942", format="mlir")
    assert "rocdl.mfma.f32.32x32x8f16" in ir


def test_pipeline_options():
    options = mcore.pipeline_options()
    assert options["tile_m"]["option"] == "tile-m"
    assert options["tile_m"]["type"] is int
    assert options["tile_m"]["default"] == 0
    assert options["allow_dense_fallback"]["type"] is bool
    assert options["allow_dense_fallback"]["default"] is True
    assert options["lds_padding"]["default"] == -1
    assert options["format"]["type"] is str
    assert options["format"]["default"] == "hsaco"
    assert "Rows of C" in options["tile_m"]["description"]
    # Every option mcore-opt's --help lists for --mcore-pipeline, with the
    # type its value takes there (the C++ struct's options, found by their
    # type, not listed by hand).
    help_text = subprocess.run([os.path.join(TOOLS, "mcore-opt"), "--help"],
                               capture_output=True, text=True).stdout
    block = help_text[help_text.index("--mcore-pipeline "):].split("\n")[1:]
    listed = {}
    for line in block:
        match = re.match(r" {8}-{1,2}([\w-]+)(=<(\w+)>| <(\w+)>)?\s", line)
        if not match:
            break
        value = match.group(3) or match.group(4)
        listed[match.group(1)] = {None: bool, "string": str}.get(value, int)
    assert len(listed) > 10
    assert listed == {i["option"]: i["type"] for i in options.values()}


def test_pipeline_options_are_typed():
    # Values are set on the options, not printed into option text: a string
    # with a space reaches the tiler as it is.
    with pytest.raises(mcore.Error, match=r"unknown intrinsic 'no such'"):
        mcore.compile(dense(), "gfx942", intrinsic="no such")
    for kwargs, message in [
            ({"tile_m": "64"}, "pipeline option tile_m takes an integer, got "
                               "'64'"),
            ({"tile_m": 64.0}, "takes an integer, got 64.0"),
            ({"tile_m": True}, "takes an integer, got True"),
            ({"O": -1}, "pipeline option O takes an integer from 0 to "
                        "4294967295, got -1"),
            ({"tile_k": 2 ** 63}, "takes an integer from "
                                  "-9223372036854775808 to "
                                  "9223372036854775807"),
            ({"sched_barriers": 1}, "pipeline option sched_barriers takes "
                                    "True or False, got 1"),
            ({"intrinsic": 3}, "pipeline option intrinsic takes a string, "
                               "got 3")]:
        with pytest.raises(mcore.Error) as error:
            mcore.compile(dense(), "gfx942", **kwargs)
        assert message in str(error.value), kwargs


def test_errors():
    with pytest.raises(mcore.Error, match=r"format='elf' is not one of isa, "
                                          r"llvm, hsaco, mlir"):
        mcore.compile(dense(), "gfx942", format="elf")
    with pytest.raises(mcore.Error, match="unknown chip 'gfx1234'; supported "
                                          "chips: gfx908, gfx90a, gfx942"):
        mcore.compile(dense(), "gfx1234")
    with pytest.raises(mcore.Error, match=r"unknown pipeline option 'tile_mm'; "
                                          r"did you mean tile_m"):
        mcore.compile(dense(), "gfx942", tile_mm=64)
    with pytest.raises(mcore.Error, match="takes an integer, got '64'"):
        mcore.compile(dense(), "gfx942", tile_m="64")
    with pytest.raises(mcore.Error, match="takes True or False"):
        mcore.compile(dense(), "gfx942", allow_dense_fallback=0)
    # Located, as mcore-opt prints them.
    with pytest.raises(mcore.Error, match=r"input.mlir:1:18: error: custom op "
                                          r"'foo' is unknown"):
        mcore.compile("func.func @f() { foo }", "gfx942")
    # f32 on RDNA4: the SIMT kernel (no WMMA); strict=True makes it an error
    # naming what gfx1201 computes.
    isa = mcore.compile(dense("f32"), "gfx1201", format="isa")
    assert "v_fmac_f32" in isa and "v_wmma" not in isa
    with pytest.raises(mcore.Error, match=r"input.mlir:4:8: error: "
                                          r"linalg.matmul of f32 x f32 -> f32: "
                                          r"no matrix instruction of gfx1201 "
                                          r"computes it; gfx1201 supports "
                                          r"f16 x f16 -> f32"):
        mcore.compile(dense("f32"), "gfx1201", strict=True)
    with pytest.raises(mcore.Error, match="gfx1100 has no fp8 matrix "
                                          "instructions"):
        mcore.compile(dense("f8E4M3FN"), "gfx1100")
    with pytest.raises(mcore.Error, match="unknown intrinsic 'nope'"):
        mcore.compile(dense(), "gfx942", intrinsic="nope")
    with pytest.raises(mcore.Error, match="has no GPU kernel"):
        mcore.compile("func.func @f() { return }", "gfx942")


def test_errors_match_mcore_opt(tmp_path):
    # The same message mcore-opt prints for a bad input (without its
    # file name).
    path = tmp_path / "input.mlir"
    path.write_text(dense("f32"))
    out = subprocess.run(
        [os.path.join(TOOLS, "mcore-opt"), str(path),
         "--mcore-pipeline=chip=gfx1201 format=isa strict=true",
         "--mlir-print-op-on-diagnostic=false"],
        capture_output=True, text=True)
    assert out.returncode != 0
    tool = out.stderr.strip().replace(str(path), "input.mlir")
    with pytest.raises(mcore.Error) as error:
        mcore.compile(dense("f32"), "gfx1201", strict=True)
    assert str(error.value) == tool


def test_constant_not_2to4_names_row_and_group():
    rows = []
    for r in range(4):
        row = ["1.0", "0.0", "0.0", "2.0"] * 4
        if r == 2:
            row[4:8] = ["1.0", "1.0", "1.0", "0.0"]
        rows.append("[" + ", ".join(row) + "]")
    source = f"""
#sparse24 = #sparse_tensor.encoding<{{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}}>
func.func @f(%b: tensor<16x16xf16>, %c: tensor<4x16xf32>) -> tensor<4x16xf32> {{
  %a = arith.constant dense<[{", ".join(rows)}]> : tensor<4x16xf16, #sparse24>
  %r = linalg.matmul ins(%a, %b : tensor<4x16xf16, #sparse24>, tensor<16x16xf16>)
                     outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %r : tensor<4x16xf32>
}}
"""
    with pytest.raises(mcore.Error, match=r"row 2, group 1 \(columns 4-7\) has "
                                          r"3 non-zeros"):
        mcore.compile(source, "gfx1201")


def test_remark_is_a_warning():
    with pytest.warns(mcore.CompilerRemark, match="gfx1100 has no sparse"):
        isa = mcore.compile(SPARSE_COMPRESSED, "gfx1100")
    assert instructions(isa, "v_wmma") == {"v_wmma_f32_16x16x16_f16"}
