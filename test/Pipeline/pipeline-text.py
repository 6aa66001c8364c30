"""The pass pipeline mcore-opt prints with --dump-pass-pipeline, as text.

  pipeline-text.py replay MCORE_OPT DUMP_FILE [MCORE_OPT ARGS...]
      runs mcore-opt with the dumped pipeline as --pass-pipeline;
  pipeline-text.py check-doc MARKDOWN DUMP_FILE
      fails unless the ```-block that follows the line "<!-- pipeline-text
      -->" in MARKDOWN is the dumped pipeline.

DUMP_FILE is what a run wrote to stderr: "Pass Manager with N passes:", the
pipeline from "builtin.module(" to the ")" that closes it, and possibly
diagnostics after it (remarks of the run), which are ignored.
"""
import difflib
import subprocess
import sys


def pipeline_of(lines, where):
    try:
        start = next(i for i, l in enumerate(lines)
                     if l.startswith("builtin.module("))
        end = next(i for i in range(start, len(lines)) if lines[i] == ")")
    except StopIteration:
        sys.exit(f"no builtin.module(...) pipeline in {where}")
    return lines[start:end + 1]


mode = sys.argv[1]
if mode == "replay":
    mcore_opt, dump = sys.argv[2:4]
    pipeline = "\n".join(pipeline_of(open(dump).read().split("\n"), dump))
    sys.exit(subprocess.run([mcore_opt, "--pass-pipeline=" + pipeline] +
                            sys.argv[4:]).returncode)
if mode == "check-doc":
    doc, dump = sys.argv[2:4]
    lines = open(doc).read().split("\n")
    try:
        marker = lines.index("<!-- pipeline-text -->")
    except ValueError:
        sys.exit(f"no <!-- pipeline-text --> marker in {doc}")
    shown = pipeline_of(lines[marker:], doc)
    printed = pipeline_of(open(dump).read().split("\n"), dump)
    if shown != printed:
        sys.stdout.writelines(difflib.unified_diff(
            [l + "\n" for l in shown], [l + "\n" for l in printed],
            doc, "--dump-pass-pipeline"))
        sys.exit(1)
    sys.exit(0)
sys.exit(f"unknown mode {mode}")
