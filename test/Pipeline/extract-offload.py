"""Writes the first gpu.binary object's payload (an MLIR string attribute)
from an MLIR file to a file, so tests can inspect the bitcode or ELF."""
import re
import sys

text = open(sys.argv[1]).read()
match = re.search(r'(?:offload|bin|assembly) = "', text)
if not match:
    sys.exit("no gpu.object payload found")
i = match.end()
out = bytearray()
while text[i] != '"':
    if text[i] == "\\":
        if text[i + 1] in '\\"':
            out.append(ord(text[i + 1]))
            i += 2
        else:
            out.append(int(text[i + 1:i + 3], 16))
            i += 3
    else:
        out.append(ord(text[i]))
        i += 1
open(sys.argv[2], "wb").write(bytes(out))
