"""Catalog queries from Python agree with mcore-layout."""
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


def test_chips():
    names = [c["name"] for c in mcore.chips()]
    assert names == ["gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100",
                     "gfx1101", "gfx1102", "gfx1200", "gfx1201"]
    by_name = {c["name"]: c for c in mcore.chips()}
    assert by_name["gfx1201"]["wave_size"] == 32
    assert by_name["gfx942"]["fp8"] == "fnuz"
    assert by_name["gfx90a"]["smfmac"] is False


def test_intrinsics_match_the_tool():
    assert mcore.intrinsics() == layout_tool("--list", "--format=json")
    assert mcore.intrinsics("gfx942") == layout_tool("--list", "--chip=gfx942",
                                                     "--format=json")
    names = {i["name"] for i in mcore.intrinsics("gfx1201")}
    assert "swmmac_f32_16x16x32_f16_w32" in names
    assert not any(n.startswith("mfma") for n in names)


@pytest.mark.parametrize("name", ["swmmac_f32_16x16x32_f16_w32",
                                  "smfmac_f32_32x32x16_f16",
                                  "wmma_f32_16x16x16_f16_w32",
                                  "mfma_i32_32x32x16_i8"])
def test_layout_matches_the_tool(name):
    assert mcore.layout(name) == layout_tool(name, "--format=json")


def test_errors():
    with pytest.raises(mcore.Error, match="unknown chip 'gfx1234'"):
        mcore.intrinsics("gfx1234")
    with pytest.raises(mcore.Error,
                       match="did you mean swmmac_f32_16x16x32_f16_w32"):
        mcore.layout("swmmac_f32_16x16x32_f16")
