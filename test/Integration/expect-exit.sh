#!/bin/sh
# expect-exit.sh CODE COMMAND [ARGS...]
#
# Runs COMMAND with its stdout and stderr passed through and succeeds only if
# it exits with status CODE (lit's `not` accepts any failure; mcore-run's
# statuses mean different things: 1 is a numeric mismatch, 2 an error).
want=$1
shift
"$@"
got=$?
if [ "$got" -ne "$want" ]; then
  echo "expect-exit.sh: $1 exited with $got, expected $want" >&2
  exit 1
fi
