#!/usr/bin/env python3
"""expect-exit.py CODE COMMAND [ARGS...]

Runs COMMAND with its stdout and stderr passed through and succeeds only if
it exits with status CODE (lit's `not` accepts any failure; mcore-run's
statuses mean different things: 1 is a numeric mismatch, 2 an error).
"""
import subprocess
import sys

want = int(sys.argv[1])
got = subprocess.call(sys.argv[2:])
if got != want:
    sys.stderr.write("expect-exit.py: %s exited with %d, expected %d\n"
                     % (sys.argv[2], got, want))
    sys.exit(1)
