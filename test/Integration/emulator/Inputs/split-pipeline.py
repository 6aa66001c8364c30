"""Splits the pass pipeline `mcore-opt --dump-pass-pipeline` printed (read
from stdin, among mcore-opt's remarks) after gpu-kernel-outlining: writes the
part up to it to argv[1] and the rest to argv[2], each a pipeline that
--pass-pipeline takes. Between the two, a test can edit the gpu.module (the
kernel is outlined, its barriers are still gpu.barrier).
"""
import sys

text = sys.stdin.read()
text = text[text.index("builtin.module("):]
text = text[:text.index("\n)\n") + 2]
cut = text.index("\n", text.index("gpu-kernel-outlining"))
with open(sys.argv[1], "w") as f:
    f.write(text[:cut].rstrip().rstrip(",") + "\n)\n")
with open(sys.argv[2], "w") as f:
    f.write("builtin.module(\n" + text[cut + 1:])
