"""Shared by mlir_fuzz.py and matmul_fuzz.py: running one case under a
timeout, telling a crash from an error, and keeping reproducers.

A case *crashes* when the tool dies of a signal, prints one of
CRASH_MARKERS (LLVM's fatal-error and crash-handler messages, a sanitizer
report, mcore-run's report of a crashed child) or does not finish within the
timeout (a hang). A case that exits with a status and a diagnostic is fine:
rejecting bad input is what the tools must do.
"""
import hashlib
import os
import re
import shlex
import signal
import subprocess
import time

# Text that must never reach a user, whatever the input.
CRASH_MARKERS = [
    "LLVM ERROR",
    "Stack dump",
    "PLEASE submit a bug report",
    "Assertion `",
    "UNREACHABLE executed",
    "terminate called",
    "ERROR: AddressSanitizer",
    "ERROR: LeakSanitizer",
    "runtime error: ",          # UndefinedBehaviorSanitizer
    "the program crashed",      # mcore-run: its child died of a signal
]

# Every chip of mcore's catalog, and the five the CI fuzzing covers first.
ALL_CHIPS = ["gfx908", "gfx90a", "gfx942", "gfx950", "gfx1100", "gfx1101",
             "gfx1102", "gfx1200", "gfx1201"]
MAIN_CHIPS = ["gfx1201", "gfx942", "gfx1100", "gfx90a", "gfx950"]


# Outcomes that fail a fuzzing run (matmul_fuzz.py adds wrong results and
# rejected valid configurations to crashes and hangs).
FAILURE_KINDS = ("crash", "hang", "mismatch", "rejected-valid")


class Outcome:
    """What one run did: kind is "ok", "error" (exit status != 0 with a
    diagnostic), "crash" or "hang"; signature names a crash for
    de-duplication."""

    def __init__(self, kind, returncode, output, seconds, signature=""):
        self.kind = kind
        self.returncode = returncode
        self.output = output
        self.seconds = seconds
        self.signature = signature

    @property
    def failed(self):
        return self.kind in FAILURE_KINDS


def _normalize(line):
    """A crash line without the numbers that differ between inputs (node
    ids, addresses, sizes), so that one bug gives one signature."""
    line = re.sub(r"0x[0-9a-fA-F]+|\d+",
                  lambda m: "0x?" if m.group(0).startswith("0x") else "N", line)
    return line.strip()[:160]


def classify(returncode, output, timed_out, seconds):
    if timed_out:
        return Outcome("hang", returncode, output, seconds, "hang")
    marker_line = ""
    for line in output.splitlines():
        if any(m in line for m in CRASH_MARKERS):
            marker_line = line
            break
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = "signal %d" % -returncode
        return Outcome("crash", returncode, output, seconds,
                       name + ": " + _normalize(marker_line))
    if marker_line:
        return Outcome("crash", returncode, output, seconds,
                       _normalize(marker_line))
    return Outcome("ok" if returncode == 0 else "error", returncode, output,
                   seconds)


def run(cmd, timeout, env=None, cwd=None):
    """Runs cmd (a list) with stdout and stderr merged; kills its whole
    process group at the timeout, so that no child outlives a hang."""
    start = time.monotonic()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                            env=env, cwd=cwd, start_new_session=True)
    timed_out = False
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, _ = proc.communicate()
    seconds = time.monotonic() - start
    text = out.decode("utf-8", "replace")
    return classify(proc.returncode, text, timed_out, seconds)


def run_confirmed(cmd, timeout, env=None, cwd=None):
    """run(), but a timeout is tried again with four times the time before
    it counts as a hang: a loaded machine is not a hang."""
    outcome = run(cmd, timeout, env, cwd)
    if outcome.kind == "hang":
        outcome = run(cmd, timeout * 4, env, cwd)
    return outcome


class Reproducers:
    """Keeps each failing case in DIR/<kind>-<hash>/: the input files, the
    command (cmd.sh, runnable from that directory) and the output. At most
    `per_signature` cases are kept per crash signature."""

    def __init__(self, directory, per_signature=3):
        self.directory = directory
        self.per_signature = per_signature
        self.seen = {}

    def keep(self, outcome, cmd, files, note):
        count = self.seen.get(outcome.signature, 0)
        self.seen[outcome.signature] = count + 1
        if count >= self.per_signature:
            return None
        digest = hashlib.sha1((outcome.signature + "\0" + note).encode())
        path = os.path.join(self.directory, "%s-%s" % (
            outcome.kind, digest.hexdigest()[:12]))
        os.makedirs(path, exist_ok=True)
        for name, text in files.items():
            with open(os.path.join(path, name), "w") as f:
                f.write(text)
        with open(os.path.join(path, "cmd.sh"), "w") as f:
            f.write("#!/bin/sh\n# %s\n# signature: %s\ncd \"$(dirname \"$0\")\"\n%s\n"
                    % (note, outcome.signature,
                       " ".join(shlex.quote(c) for c in cmd)))
        os.chmod(os.path.join(path, "cmd.sh"), 0o755)
        with open(os.path.join(path, "output.txt"), "w") as f:
            f.write("exit status %d after %.1f s\n%s" % (
                outcome.returncode, outcome.seconds, outcome.output))
        return path


class Tally:
    def __init__(self):
        self.counts = {"ok": 0, "error": 0, "crash": 0, "hang": 0}
        self.signatures = {}

    def add(self, outcome):
        self.counts[outcome.kind] = self.counts.get(outcome.kind, 0) + 1
        if outcome.failed:
            self.signatures[outcome.signature] = \
                self.signatures.get(outcome.signature, 0) + 1

    @property
    def cases(self):
        return sum(self.counts.values())

    @property
    def failures(self):
        return sum(self.counts.get(k, 0) for k in FAILURE_KINDS)

    def summary(self, name, seed, seconds):
        c = self.counts
        extra = "".join(" %d %s," % (v, k) for k, v in sorted(c.items())
                        if k not in ("ok", "error", "crash", "hang") and v)
        return ("%s: seed %s: %d cases in %.0f s: %d ok, %d rejected,%s "
                "%d crashes, %d hangs" % (name, seed, self.cases, seconds,
                                          c["ok"], c["error"], extra,
                                          c["crash"], c["hang"]))
