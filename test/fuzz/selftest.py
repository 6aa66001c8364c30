#!/usr/bin/python3
"""selftest.py: the fuzzers' crash detection tells each kind of failure from
a clean error, and keeps a reproducer of each; with a stand-in tool that
aborts, dies of SIGSEGV, prints an LLVM fatal error or a sanitizer report,
hangs (with a child that must not outlive it), or rejects its input."""
import os
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fuzzlib  # noqa: E402

PY = sys.executable
CASES = [
    # (what the stand-in does, expected kind, text the signature contains)
    ("import os; os.abort()", "crash", "SIGABRT"),
    ("import os, signal; os.kill(os.getpid(), signal.SIGSEGV)", "crash",
     "SIGSEGV"),
    ("import sys; print('LLVM ERROR: Cannot select: 0x55d0: i64 = "
     "FrameIndex<0>'); sys.exit(1)", "crash",
     "LLVM ERROR: Cannot select: 0x?: iN = FrameIndex<N>"),
    ("import sys; print('x.cpp:3:1: runtime error: signed integer overflow');"
     " sys.exit(0)", "crash", "runtime error"),
    ("import sys; print('mcore-run: error: the program crashed "
     "(Segmentation fault, signal 11)'); sys.exit(2)", "crash",
     "the program crashed"),
    ("import sys; print('in.mlir:1:1: error: expected operation name');"
     " sys.exit(1)", "error", ""),
    ("print('fine')", "ok", ""),
]


def main():
    failures = 0
    with tempfile.TemporaryDirectory() as out:
        keep = fuzzlib.Reproducers(out)
        for code, kind, text in CASES:
            outcome = fuzzlib.run([PY, "-c", code], timeout=30)
            good = outcome.kind == kind and text in outcome.signature
            if outcome.failed:
                path = keep.keep(outcome, [PY, "-c", code], {"in.txt": code},
                                 "selftest")
                good = good and os.path.exists(os.path.join(path, "cmd.sh"))
            print("%s: %-6s %r" % ("ok" if good else "FAILED", outcome.kind,
                                   outcome.signature))
            failures += not good
        # A hang: the tool and a child it started are both killed.
        marker = os.path.join(out, "child-alive")
        child = "import time; time.sleep(3); open(%r, 'w')" % marker
        code = ("import subprocess, sys, time; subprocess.Popen([sys.executable,"
                " '-c', %r]); time.sleep(100)" % child)
        start = time.monotonic()
        outcome = fuzzlib.run([PY, "-c", code], timeout=1)
        time.sleep(4)
        good = (outcome.kind == "hang" and time.monotonic() - start < 20 and
                not os.path.exists(marker))
        print("%s: %-6s the child killed too: %s" % (
            "ok" if good else "FAILED", outcome.kind, not os.path.exists(marker)))
        failures += not good
        # A signature is kept at most per_signature times.
        keep2 = fuzzlib.Reproducers(os.path.join(out, "dedup"), per_signature=2)
        kept = [keep2.keep(fuzzlib.classify(-6, "LLVM ERROR: x %d" % i, False, 0),
                           ["true"], {}, "case %d" % i) for i in range(4)]
        good = kept[0] and kept[1] and not kept[2] and not kept[3]
        print("%s: de-duplication keeps 2 of 4 cases of one signature" % (
            "ok" if good else "FAILED"))
        failures += not good
    print("selftest: %d failures" % failures)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
