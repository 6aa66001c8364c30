"""Checks mcore-layout --list --chip=gfx1250 --format=json (issue 33): the
37 gfx1250 WMMA/SWMMAC entries of the catalog, each with its layout and
cost sources, each only on gfx1250, and the LLVM intrinsic of each one of
LLVM 22's gfx1250 names (unittests/Target/LlvmIntrinsicsTest.cpp names the
6 gfx1250 intrinsics the catalog does not have); the two bf16f32 ones with
a bf16 D of 8 values per lane from an f32 C."""
import json
import sys

entries = json.load(sys.stdin)
assert len(entries) == 37, len(entries)
for e in entries:
    assert e["chips"] == ["gfx1250"], e["name"]
    assert e["wave_size"] == 32, e["name"]
    assert "gfx1250" in e["layout_source"], e["name"]
    assert "llvm-mca-22 -mcpu=gfx1250" in e["cost_source"], e["name"]
    assert e["llvm_intrinsic"] == "llvm.amdgcn." + e["name"].replace("_", ".")
    if "bf16f32" in e["name"]:
        assert (e["c_type"], e["d_type"]) == ("f32", "bf16"), e["name"]
        assert e["fragment_lengths"]["C"] == 8, e["name"]
        assert e["fragment_lengths"]["D"] == 8, e["name"]
    else:
        assert "d_type" not in e and "D" not in e["fragment_lengths"], e["name"]
families = [e["family"] for e in entries]
assert families.count("wmma") == 23 and families.count("swmmac") == 14
print(f"{len(entries)} gfx1250 intrinsics, each with its sources")
