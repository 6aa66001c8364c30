"""Checks `mcore-layout NAME --format=json`: the keys the issue names, one
entry per (lane, register position), every tile element covered, and the
fields consistent with each other."""
import json
import sys

name = sys.argv[1]
d = json.load(sys.stdin)
assert d["name"] == name
for key in ("wave_size", "m", "n", "k", "A", "B", "C"):
    assert key in d, key
sparse = name.startswith(("swmmac", "smfmac"))
assert ("index" in d) == sparse
m, n, k = d["m"], d["n"], d["k"]
ak = k // 2 if sparse else k
shapes = {"A": ((m, ak), ("row", "k")), "B": ((k, n), ("k", "col")),
          "C": ((m, n), ("row", "col"))}
if sparse:
    shapes["index"] = ((m, k // 2), ("row", "k"))
for op, ((rows, cols), (c0, c1)) in shapes.items():
    seen = {}
    slots = set()
    for e in d[op]:
        assert 0 <= e["lane"] < d["wave_size"]
        assert 0 <= e[c0] < rows and 0 <= e[c1] < cols, (op, e)
        assert e["bit_lo"] + e["bits"] <= 32
        slot = (e["lane"], e.get("vgpr", 0), e["bit_lo"])
        assert slot not in slots, (op, "two elements in one slot", e)
        slots.add(slot)
        seen[(e[c0], e[c1])] = seen.get((e[c0], e[c1]), 0) + 1
    assert len(seen) == rows * cols, (op, len(seen), rows * cols)
    counts = set(seen.values())
    assert len(counts) == 1, (op, counts)  # uniform replication
print(f"{name}: layouts cover their tiles")
