"""Checks mcore-layout --list --chip=gfx1250 --format=json (issue 33): the
35 gfx1250 WMMA/SWMMAC entries of the catalog, each with its layout and
cost sources, each only on gfx1250, and the LLVM intrinsic of each one of
LLVM 22's gfx1250 names (unittests/Target/LlvmIntrinsicsTest.cpp names the
8 gfx1250 intrinsics the catalog does not have)."""
import json
import sys

entries = json.load(sys.stdin)
assert len(entries) == 35, len(entries)
for e in entries:
    assert e["chips"] == ["gfx1250"], e["name"]
    assert e["wave_size"] == 32, e["name"]
    assert "gfx1250" in e["layout_source"], e["name"]
    assert "llvm-mca-22 -mcpu=gfx1250" in e["cost_source"], e["name"]
    assert e["llvm_intrinsic"] == "llvm.amdgcn." + e["name"].replace("_", ".")
families = [e["family"] for e in entries]
assert families.count("wmma") == 22 and families.count("swmmac") == 13
print(f"{len(entries)} gfx1250 intrinsics, each with its sources")
