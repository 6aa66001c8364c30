#!/usr/bin/env python3
"""check-json.py FILE M N K: FILE holds one JSON object from mcore-run --json
with every documented key, for an MxNxK matmul; prints its status and
intrinsic."""
import json
import sys

with open(sys.argv[1]) as f:
    o = json.load(f)
keys = ["m", "n", "k", "chip", "intrinsic", "backend", "sparse", "time_ms",
        "tflops", "max_abs_err", "max_rel_err", "status"]
missing = [k for k in keys if k not in o]
if missing:
    sys.exit("missing keys: %s" % missing)
if [o["m"], o["n"], o["k"]] != [int(x) for x in sys.argv[2:5]]:
    sys.exit("wrong shape: %s" % [o["m"], o["n"], o["k"]])
if o["backend"] == "emu" and o["tflops"] is not None:
    sys.exit("tflops on the emulator: %s" % o["tflops"])
if not (o["time_ms"] > 0 and o["max_abs_err"] >= 0 and o["max_rel_err"] >= 0):
    sys.exit("bad numbers: %s" % o)
print(o["status"], o["intrinsic"], "sparse" if o["sparse"] else "dense",
      o["backend"])
