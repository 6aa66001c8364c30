"""Runs the code blocks of Markdown pages that are marked runnable, and
compares their output where the page shows it.

A block is runnable when the line before its opening fence (blank lines
aside) is an HTML comment starting with `test`:

    <!-- test -->
    ```sh
    mcore-layout --list --chip=gfx1201 > list.txt
    ```

    <!-- test -->
    ```console
    $ mcore-layout --list --chip=gfx1234
    error: unknown chip 'gfx1234'; supported chips: ...
    ```

    <!-- test file=tile.mlir -->
    ```mlir
    func.func @tile(...) ...
    ```

- `sh` (or `bash`, `shell`) blocks run with `bash -e -o pipefail`; they
  must exit with status 0.
- `console` blocks are a session: each `$ ` line is a command (a line
  ending in `\\` continues it on the next), the lines after it up to the
  next `$ ` are what it prints (stdout and stderr) and must match; a line
  `...` matches any number of lines, and `...` at the end of a line any
  rest of it. Every command must exit with status 0 but the last, which may
  be given another status with `exit=N`.
- `file=NAME` writes the block (any language) to NAME (a path under the
  scratch directory, folders made as needed) instead of running it.
- `requires=MODULE` skips the block (SKIP, not a failure) when Debian's
  python3 cannot import MODULE: an optional dependency such as torch.

The blocks of a page run in order, in one fresh temporary directory that
holds symbolic links to the top-level entries of the source tree (so that
`examples/...` and `docs/...` work as in a checkout) and `build` (the build
tree), with the build's tools first on PATH and then LLVM 22's. Nothing is
written into the source tree. A page's blocks stop at its first failure.

    doc-blocks.py --source ROOT --build BUILD [--llvm-tools DIR] PAGE...|--all
    doc-blocks.py --source ROOT --build BUILD --extract DIR PAGE...

It prints one line per block and exits with status 1 when one fails.
--extract writes the `file=` blocks of the pages into DIR and runs nothing:
the install test builds docs/GettingStarted.md's downstream project that way,
as the page writes it.
See "Docs that run" in docs/GettingStarted.md.
"""

import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

parser = argparse.ArgumentParser()
parser.add_argument("--source", required=True)
parser.add_argument("--build", required=True)
parser.add_argument("--llvm-tools", default="/usr/lib/llvm-22/bin")
parser.add_argument("--timeout", type=float, default=300,
                    help="seconds a block may run")
parser.add_argument("--all", action="store_true",
                    help="the source tree's README.md and docs/*.md")
parser.add_argument("--extract", metavar="DIR",
                    help="write the pages' file= blocks into DIR; run nothing")
parser.add_argument("pages", nargs="*")
args = parser.parse_args()
args.source = os.path.abspath(args.source)
args.build = os.path.abspath(args.build)
if args.all:
    args.pages += [os.path.join(args.source, "README.md")] + sorted(
        glob.glob(os.path.join(args.source, "docs", "*.md")))
if not args.pages:
    parser.error("no pages (give PAGE... or --all)")

MARKER = re.compile(r"^\s*<!--\s*test(?P<options>(\s+[\w-]+=\S+)*)\s*-->\s*$")
FENCE = re.compile(r"^(?P<indent>\s*)(?P<fence>```+|~~~+)\s*(?P<lang>[\w+-]*)")
SHELLS = {"sh", "bash", "shell"}
OPTIONS = {"file", "exit", "requires"}


class Block:
    def __init__(self, page, line, lang, options, text):
        self.page, self.line, self.lang = page, line, lang
        self.options, self.text = options, text

    def where(self):
        return f"{os.path.relpath(self.page, args.source)}:{self.line}"


def parse(page):
    """The runnable blocks of a page, and errors in their markers."""
    with open(page) as f:
        lines = f.read().split("\n")
    blocks, errors = [], []
    i = 0
    while i < len(lines):
        m = MARKER.match(lines[i])
        if not m:
            i += 1
            continue
        where = f"{os.path.relpath(page, args.source)}:{i + 1}"
        bad = len(errors)
        options = {}
        for item in m.group("options").split():
            key, _, value = item.partition("=")
            if key not in OPTIONS:
                errors.append(f"{where}: unknown option '{key}' (file=, exit=, "
                              f"requires=)")
            options[key] = value
        j = i + 1
        while j < len(lines) and not lines[j].strip():
            j += 1
        fence = FENCE.match(lines[j]) if j < len(lines) else None
        if not fence:
            errors.append(f"{where}: a test marker not followed by a code "
                          "block")
            i = j
            continue
        lang = fence.group("lang")
        close = fence.group("indent") + fence.group("fence")
        k = j + 1
        body = []
        while k < len(lines) and not lines[k].startswith(close):
            body.append(lines[k][len(fence.group("indent")):])
            k += 1
        if k == len(lines):
            errors.append(f"{where}: the code block never ends")
            break
        if "file" not in options and lang not in SHELLS | {"console"}:
            errors.append(f"{where}: a runnable block must be sh or console, "
                          f"or name a file= ('{lang}')")
        i = k + 1
        if len(errors) > bad:
            continue
        blocks.append(Block(page, j + 1, lang, options, "\n".join(body) + "\n"))
    return blocks, errors


def environment(tmp):
    env = dict(os.environ)
    # The Python package's persistent kernel cache in the scratch directory,
    # not the user's ~/.cache/mcore.
    env["MCORE_CACHE_DIR"] = os.path.join(tmp, ".mcore-kernel-cache")
    env["PATH"] = os.pathsep.join([os.path.join(args.build, "bin"),
                                   args.llvm_tools, env.get("PATH", "")])
    # What a user's terminal does not have: no colours to compare.
    env.pop("MCORE_EMU_CHIP", None)
    env["TERM"] = "dumb"
    return env


def run(command, cwd, env):
    r = subprocess.run(["bash", "-e", "-o", "pipefail", "-c", command],
                       cwd=cwd, env=env, stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True,
                       timeout=args.timeout)
    return r.returncode, r.stdout


def matches(expected, got):
    """Lines of `got` against `expected`, with `...` wildcards."""
    def line_ok(pattern, line):
        if pattern.endswith("...") and pattern != "...":
            return line.startswith(pattern[:-3])
        return pattern == line

    def match(e, g):
        if e == len(expected):
            return g == len(got)
        if expected[e] == "...":
            return any(match(e + 1, h) for h in range(g, len(got) + 1))
        return g < len(got) and line_ok(expected[e], got[g]) and \
            match(e + 1, g + 1)

    return match(0, 0)


def session(text):
    """(command, expected output lines) of a console block."""
    steps = []
    lines = text.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        if not lines[i].startswith("$ "):
            raise ValueError(f"output before the first command: '{lines[i]}'")
        command = lines[i][2:]
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command += "\n" + lines[i]
        i += 1
        output = []
        while i < len(lines) and not lines[i].startswith("$ "):
            output.append(lines[i].rstrip())
            i += 1
        steps.append((command, output))
    return steps


_importable = {}


def importable(module):
    if module not in _importable:
        _importable[module] = subprocess.run(
            ["/usr/bin/python3", "-c", f"import {module}"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode == 0
    return _importable[module]


def write_file(block, cwd):
    path = os.path.join(cwd, block.options["file"])
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(block.text)


def run_block(block, cwd, env):
    """None when the block passes, else what went wrong."""
    if "file" in block.options:
        write_file(block, cwd)
        return None
    want_exit = int(block.options.get("exit", "0"))
    if block.lang in SHELLS:
        status, output = run(block.text, cwd, env)
        if status != want_exit:
            return f"exit status {status}, expected {want_exit}:\n{output}"
        return None
    try:
        steps = session(block.text)
    except ValueError as e:
        return str(e)
    for n, (command, expected) in enumerate(steps):
        last = n == len(steps) - 1
        status, output = run(command, cwd, env)
        got = [line.rstrip() for line in output.rstrip("\n").split("\n")] \
            if output else []
        want = want_exit if last else 0
        if status != want:
            return (f"`{command}`: exit status {status}, expected {want}:\n"
                    f"{output}")
        if expected and not matches(expected, got):
            return (f"`{command}` printed:\n" + "\n".join(got) +
                    "\nwhere the page shows:\n" + "\n".join(expected))
    return None


def scratch_dir(tmp):
    for entry in os.listdir(args.source):
        if entry not in (".git", "build"):
            os.symlink(os.path.join(args.source, entry),
                       os.path.join(tmp, entry))
    os.symlink(args.build, os.path.join(tmp, "build"))


if args.extract:
    failed = 0
    for page in args.pages:
        blocks, errors = parse(page)
        for e in errors:
            print("FAIL", e)
            failed += 1
        for block in blocks:
            if "file" in block.options:
                write_file(block, args.extract)
    sys.exit(1 if failed else 0)

failed = 0
total = 0
for page in args.pages:
    blocks, errors = parse(page)
    for e in errors:
        print("FAIL", e)
        failed += 1
    with tempfile.TemporaryDirectory(prefix="mcore-doc-") as tmp:
        scratch_dir(tmp)
        env = environment(tmp)
        for block in blocks:
            total += 1
            module = block.options.get("requires")
            if module and not importable(module):
                print(f"SKIP {block.where()}: needs the Python module {module}")
                continue
            try:
                problem = run_block(block, tmp, env)
            except subprocess.TimeoutExpired:
                problem = f"still running after {args.timeout:.0f} s"
            if problem:
                print(f"FAIL {block.where()}: {problem}")
                failed += 1
                break
            print(f"PASS {block.where()}")
print(f"{total} runnable blocks in {len(args.pages)} pages, {failed} failed")
sys.exit(1 if failed else 0)
