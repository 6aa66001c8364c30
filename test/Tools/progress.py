"""Runs a command with its stderr on a pseudo-terminal, as at a user's
terminal, and prints what its progress line showed: each redraw as
`line: TEXT`, `rising` when the percentages it shows never go down within
a launch, `erased` when the line is erased at the end, and the command's
exit status.

    progress.py COMMAND [ARG...]
"""

import os
import pty
import re
import subprocess
import sys

master, slave = pty.openpty()
process = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
data = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # the terminal closes with the command
        break
    if not chunk:
        break
    data += chunk
status = process.wait()

text = data.decode(errors="replace")
lines = [part.replace("\x1b[K", "") for part in text.split("\r")]
drawn = [line for line in lines if line.startswith("[")]
for line in drawn:
    print("line:", line)
# Each launch's percentages (a run of lines naming the same kernel: a
# second kernel, such as split-K's reduction, starts again from 0 when it
# too runs long enough for a line) must never go down.
launches = []
for line in drawn:
    m = re.search(r", (\d+)% \(.* of (\S+)\)", line)
    if not m:
        continue
    if not launches or launches[-1][0] != m.group(2):
        launches.append((m.group(2), []))
    launches[-1][1].append(int(m.group(1)))
if launches and all(p == sorted(p) for _, p in launches):
    print("rising")
if drawn and text.endswith("\r\x1b[K"):
    print("erased")
print("status", status)
