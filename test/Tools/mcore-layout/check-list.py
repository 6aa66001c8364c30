"""Checks mcore-layout --list --format=json against what the issue asks for:
one object per intrinsic with name, family, chips, wave_size, m, n, k,
a_type, b_type, c_type, covering every chip family."""
import json
import sys

entries = json.load(sys.stdin)
keys = {"name", "family", "chips", "wave_size", "m", "n", "k", "blocks",
        "a_type", "b_type", "c_type"}
for e in entries:
    missing = keys - e.keys()
    assert not missing, (e["name"], missing)
    assert e["wave_size"] == (32 if e["family"] in ("wmma", "swmmac") else 64)
names = {e["name"] for e in entries}
for family in ("wmma", "swmmac", "mfma", "smfmac"):
    assert any(e["family"] == family for e in entries), family
for chip in ("gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1101",
             "gfx1102", "gfx1200", "gfx1201"):
    assert any(chip in e["chips"] for e in entries), chip
assert "swmmac_f32_16x16x32_f16_w32" in names
assert "smfmac_f32_16x16x32_f16" in names
assert "mfma_f32_32x32x8f16" in names
assert "wmma_f32_16x16x16_f16_w32_gfx12" in names
# Issue 31: CDNA's f32, xf32 and f64 MFMAs, multi-block ones included.
blocks = {e["name"]: e["blocks"] for e in entries}
assert blocks["mfma_f32_32x32x2f32"] == 1 and blocks["mfma_f32_4x4x1f32"] == 16
assert blocks["mfma_f64_16x16x4f64"] == 1 and blocks["mfma_f64_4x4x4f64"] == 4
assert "mfma_f32_32x32x4_xf32" in names
assert not any(e["family"] == "smfmac" and
               ({"gfx908", "gfx90a"} & set(e["chips"])) for e in entries)
print(f"{len(entries)} intrinsics listed")
