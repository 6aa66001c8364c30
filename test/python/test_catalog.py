"""Catalog queries from Python agree with mcore-layout: every key of the
tool's JSON is an attribute of the Python object with the same value."""
import json
import os
import subprocess

import pytest

import mcore

TOOLS = os.environ.get("MCORE_TOOLS_DIR", "")


def layout_tool(*args):
    out = subprocess.run([os.path.join(TOOLS, "mcore-layout"), *args],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def assert_same_intrinsic(entry, tool):
    assert isinstance(entry, mcore.Intrinsic)
    for key, value in tool.items():
        if key == "fragment_lengths":
            assert {op: getattr(entry, op.lower()).length for op in value} \
                == value, entry.name
        else:
            assert getattr(entry, key) == value, (entry.name, key)


def assert_same_cells(cells, tool):
    assert len(cells) == len(tool)
    for cell, want in zip(cells, tool):
        assert isinstance(cell, mcore.LayoutCell)
        for key, value in want.items():
            assert getattr(cell, key) == value, (cell, key)


def test_chips():
    chips = mcore.chips()
    names = [c.name for c in chips]
    assert names == ["gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100",
                     "gfx1101", "gfx1102", "gfx1200", "gfx1201", "gfx1250"]
    by_name = {c.name: c for c in chips}
    assert isinstance(by_name["gfx1201"], mcore.Chip)
    assert by_name["gfx1201"].wave_size == 32
    assert by_name["gfx942"].fp8 == "fnuz"
    assert by_name["gfx90a"].smfmac is False
    assert by_name["gfx942"].family == "CDNA3"
    assert by_name["gfx942"].lds_bytes == 65536
    assert by_name["gfx1250"].wave_size == 32
    assert by_name["gfx1250"].lds_bytes == 327680
    assert by_name["gfx1250"].family == "GFX12.5"


def test_intrinsics_match_the_tool():
    for args, entries in [((), mcore.intrinsics()),
                          (("--chip=gfx942",), mcore.intrinsics("gfx942"))]:
        tool = layout_tool("--list", *args, "--format=json")
        assert [e.name for e in entries] == [t["name"] for t in tool]
        for entry, want in zip(entries, tool):
            assert_same_intrinsic(entry, want)
    names = {i.name for i in mcore.intrinsics("gfx1201")}
    assert "swmmac_f32_16x16x32_f16_w32" in names
    assert not any(n.startswith("mfma") for n in names)


def test_fragments_and_index():
    by_name = {i.name: i for i in mcore.intrinsics()}
    swmmac = by_name["swmmac_f32_16x16x32_f16_w32"]
    assert isinstance(swmmac.a, mcore.Fragment)
    # Compressed A: 16 x 16 values over 32 lanes, 8 per lane.
    assert (swmmac.a.kind, swmmac.a.count, swmmac.a.length,
            swmmac.a.llvm_type) == ("f16", 8, 8, "<8 x half>")
    assert (swmmac.b.count, swmmac.c.kind, swmmac.c.count) == (16, "f32", 8)
    assert isinstance(swmmac.index, mcore.SparseIndex)
    assert swmmac.index.llvm_type == "i32"
    assert by_name["mfma_f32_32x32x8f16"].index is None
    # RDNA3's 16-bit accumulator: one value per register (stride 2).
    rdna3 = by_name["wmma_f16_16x16x16_f16_w32"]
    assert (rdna3.c.count, rdna3.c.stride, rdna3.c.length) == (8, 2, 16)


@pytest.mark.parametrize("name", ["swmmac_f32_16x16x32_f16_w32",
                                  "smfmac_f32_32x32x16_f16",
                                  "wmma_f32_16x16x16_f16_w32",
                                  "mfma_i32_32x32x16_i8"])
def test_layout_matches_the_tool(name):
    layout = mcore.layout(name)
    tool = layout_tool(name, "--format=json")
    assert isinstance(layout, mcore.Layout)
    for key in ("name", "wave_size", "m", "n", "k"):
        assert getattr(layout, key) == tool[key]
    for operand in ("A", "B", "C", "index"):
        if operand not in tool:
            assert getattr(layout, operand.lower()) is None
            continue
        assert_same_cells(getattr(layout, operand.lower()), tool[operand])


def test_layout_cells_name_their_coordinates():
    layout = mcore.layout("wmma_f32_16x16x16_f16_w32")
    a, b, c = layout.a[3], layout.b[3], layout.c[3]
    assert a.col is None and a.row is not None and a.k is not None
    assert b.row is None and b.k is not None and b.col is not None
    assert c.k is None and c.row is not None and c.col is not None


def test_errors():
    with pytest.raises(mcore.Error, match="unknown chip 'gfx1234'"):
        mcore.intrinsics("gfx1234")
    with pytest.raises(mcore.Error,
                       match="did you mean swmmac_f32_16x16x32_f16_w32"):
        mcore.layout("swmmac_f32_16x16x32_f16")
