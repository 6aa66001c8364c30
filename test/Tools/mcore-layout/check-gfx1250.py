"""Checks mcore-layout --list --chip=gfx1250 --format=json (issue 33): the
gfx1250 WMMA/SWMMAC entries of the catalog cover LLVM 22.1.8's 43 gfx1250
matrix intrinsics (unittests/Target/LlvmIntrinsicsTest.cpp checks the
names against LLVM): 37 with one entry each and the six MX WMMA
(f8f6f4 and f4, plain, scale and scale16) with one entry per format pair,
115 in all; each with its layout and cost sources, only on gfx1250; the two
bf16f32 ones with a bf16 D of 8 values per lane from an f32 C."""
import json
import sys

MX = {"llvm.amdgcn.wmma." + n for n in (
    "f32.16x16x128.f8f6f4", "scale.f32.16x16x128.f8f6f4",
    "scale16.f32.16x16x128.f8f6f4", "f32.32x16x128.f4",
    "scale.f32.32x16x128.f4", "scale16.f32.32x16x128.f4")}

entries = json.load(sys.stdin)
assert len(entries) == 115, len(entries)
intrinsics = {e["llvm_intrinsic"] for e in entries}
assert len(intrinsics) == 43, len(intrinsics)
assert MX <= intrinsics, MX - intrinsics
for e in entries:
    assert e["chips"] == ["gfx1250"], e["name"]
    assert e["wave_size"] == 32, e["name"]
    assert e["layout_source"], e["name"]
    assert "llvm-mca-22 -mcpu=gfx1250" in e["cost_source"], e["name"]
    dotted = "llvm.amdgcn." + e["name"].replace("_", ".")
    if e["llvm_intrinsic"] in MX:
        # One entry per format pair: the name adds the formats.
        assert dotted.startswith(e["llvm_intrinsic"]), e["name"]
    else:
        assert e["llvm_intrinsic"] == dotted, e["name"]
        assert "gfx1250" in e["layout_source"], e["name"]
    if "bf16f32" in e["name"]:
        assert (e["c_type"], e["d_type"]) == ("f32", "bf16"), e["name"]
        assert e["fragment_lengths"]["C"] == 8, e["name"]
        assert e["fragment_lengths"]["D"] == 8, e["name"]
    else:
        assert "d_type" not in e and "D" not in e["fragment_lengths"], e["name"]
families = [e["family"] for e in entries]
assert families.count("wmma") == 101 and families.count("swmmac") == 14
print(f"{len(entries)} gfx1250 entries for {len(intrinsics)} intrinsics, "
      "each with its sources")
