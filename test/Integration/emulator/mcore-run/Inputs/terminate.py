"""terminate.py [--signal=KILL] MCORE_RUN ARGS...: starts mcore-run, waits
until its child (the process that compiles and runs) is busy, sends
mcore-run SIGTERM (what Popen.terminate() and CI timeouts send), or the
signal named, and checks that mcore-run ends by it and that its child is
gone too, well before any emulator timeout. SIGKILL cannot be passed on:
the child then ends by the parent-death signal it asked the kernel for."""
import os
import signal
import subprocess
import sys
import time


def children(pid):
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as f:
            return [int(c) for c in f.read().split()]
    except OSError:
        return []


def alive(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


args = sys.argv[1:]
sig = signal.SIGTERM
if args[0].startswith("--signal="):
    sig = signal.Signals["SIG" + args.pop(0).split("=", 1)[1]]
proc = subprocess.Popen(args)
deadline = time.monotonic() + 120
kids = []
while not kids and time.monotonic() < deadline:
    time.sleep(0.2)
    kids = children(proc.pid)
if not kids:
    sys.exit("mcore-run forked no child")
# Let the child compile and start the endless kernel.
time.sleep(5)
if not all(alive(k) for k in kids):
    sys.exit("mcore-run's child ended before the signal")
proc.send_signal(sig)
try:
    rc = proc.wait(timeout=60)
except subprocess.TimeoutExpired:
    proc.kill()
    sys.exit(f"mcore-run did not end within 60 s of {sig.name}")
for _ in range(50):
    if not any(alive(k) for k in kids):
        break
    time.sleep(0.1)
left = [k for k in kids if alive(k)]
for k in left:
    os.kill(k, signal.SIGKILL)
if left:
    sys.exit(f"mcore-run's child {left} still runs after {sig.name}")
print(f"mcore-run ended by signal {-rc}; child gone")
