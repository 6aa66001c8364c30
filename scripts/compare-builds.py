#!/usr/bin/env python3
"""Whether two builds of mcore compile the same way: the same matmuls
through `mcore-opt --mcore-pipeline="chip=CHIP format=isa"` of each build,
and every `mcore-opt` command of the lit tests, byte for byte (stdout,
stderr and exit status). A refactoring that must not change the kernels
(docs/Architecture.md) is checked with it:

    scripts/compare-builds.py --before /tmp/base --after build
    scripts/compare-builds.py --before /tmp/base --after build --quick -j2

--before and --after are directories holding bin/mcore-opt (a build tree,
or a copy of its bin/ and lib/). The matmuls are generated once, by the
--before build's `mcore-run --matmul ... --print-input-ir`, so that both
builds compile the same text: every chip, the input and accumulator types
each takes (mixed signs and fp8 x bf8 too), dense, 2:4 A and a 2:4 weight
on the right (compressed and encoded), square, odd, skinny, split-K,
eight-wave and few-work-group shapes, batches with shared operands,
transposed operands, dynamic shapes and fused epilogues; a problem a chip
cannot compile is compared too (the same error). The lit commands are the
`// RUN: mcore-opt ...` lines of test/ up to their first pipe.

Prints the number of inputs compared and each difference (the first
differing line); the exit status is 1 when any differs.
"""

import argparse
import concurrent.futures
import os
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHIPS = ['gfx908', 'gfx90a', 'gfx942', 'gfx950', 'gfx1100', 'gfx1101',
         'gfx1102', 'gfx1200', 'gfx1201']
SPARSE_CHIPS = {'gfx942', 'gfx950', 'gfx1200', 'gfx1201'}
# (a, b, c): c None is mcore-run's default (f32, i32 for integers).
TYPES = [('f16', 'f16', None), ('f16', 'f16', 'f16'), ('bf16', 'bf16', None),
         ('bf16', 'bf16', 'bf16'), ('fp8', 'fp8', None), ('bf8', 'bf8', None),
         ('fp8', 'bf8', None), ('i8', 'i8', None), ('u8', 'i8', None),
         ('u8', 'u8', None), ('i4', 'i4', None), ('u4', 'i4', None)]
# Every path of the heuristic: square (CDNA's large tiles fitted to the
# CUs), few work-groups (split-K on CDNA, the fill rule on RDNA), skinny M
# and N (split-K), the LLM table's shapes, odd edges and small problems.
SHAPES = ['4096x4096x4096', '2048x4096x4096', '4096x2048x4096',
          '128x4096x4096', '128x14336x4096', '14336x128x4096',
          '16x4096x4096', '4096x16x4096', '1x4096x4096', '1000x999x1003',
          '64x64x64', '256x256x256']


def matmul_cases(quick):
    """mcore-run --matmul arguments, one list per case."""
    cases = []
    shapes = SHAPES[::3] if quick else SHAPES
    for chip in CHIPS:
        twin = chip in ('gfx1101', 'gfx1102', 'gfx1200')
        types = TYPES[:1] + TYPES[7:8] if twin or quick else TYPES
        for a, b, c in types:
            common = ['--chip=' + chip, '--a-type=' + a, '--b-type=' + b]
            if c:
                common.append('--c-type=' + c)
            for shape in shapes if (a, b, c) in (TYPES[0], TYPES[7]) else \
                    ['4096x4096x4096', '1000x999x1003']:
                cases.append(common + ['--matmul=' + shape])
                if chip in SPARSE_CHIPS or shape == '4096x4096x4096':
                    cases.append(common + ['--matmul=' + shape,
                                           '--sparse-a=2:4'])
                    cases.append(common + ['--matmul=' + shape,
                                           '--sparse-b=2:4'])
        # The forms and layers, on f16 and i8.
        for a in ['f16'] if quick else ['f16', 'i8']:
            common = ['--chip=' + chip, '--a-type=' + a]
            more = [
                ['--matmul=1000x999x1003', '--dynamic-shapes'],
                ['--matmul=4096x4096x4096', '--dynamic-shapes'],
                ['--matmul=1000x999x1003', '--transpose-a'],
                ['--matmul=1000x999x1003', '--transpose-b'],
                ['--matmul=4096x4096x4096', '--transpose-a', '--transpose-b'],
                ['--matmul=256x512x1024', '--batch=8'],
                ['--matmul=256x512x1024', '--batch=8', '--shared-a'],
                ['--matmul=256x512x1024', '--batch=8', '--shared-b'],
                ['--matmul=1000x999x1003', '--epilogue=bias,relu'],
                ['--matmul=16x4096x4096', '--epilogue=scale-row,silu',
                 '--out-type=f16'],
                ['--matmul=4096x4096x4096',
                 '--epilogue=bias-row,alpha,beta,gelu', '--out-type=bf16'],
                ['--matmul=1000x999x1003', '--sparse-a=2:4',
                 '--dynamic-shapes'],
                ['--matmul=1000x999x1003', '--sparse-a=2:4',
                 '--sparse-form=encoded'],
                ['--matmul=4096x16x4096', '--sparse-b=2:4',
                 '--sparse-form=encoded'],
                ['--matmul=256x512x1024', '--sparse-a=2:4', '--batch=4'],
                ['--matmul=256x512x1024', '--sparse-b=2:4', '--batch=4',
                 '--shared-b'],
                ['--matmul=16x4096x4096', '--sparse-b=2:4',
                 '--epilogue=bias,gelu-tanh', '--out-type=f16'],
            ]
            if a == 'i8':
                # Epilogues are f32 steps: float C only.
                more = [m for m in more
                        if not any(x.startswith('--epilogue') for x in m)]
            for m in more:
                cases.append(common + m)
    return cases


def generate(before, args, path):
    """The input IR of one case, from the --before build's mcore-run; None
    when mcore-run rejects the problem itself (the types, the sizes)."""
    cmd = [os.path.join(before, 'bin', 'mcore-run'), '--backend=emu',
           '--compile-only', '--print-input-ir', '--quiet'] + args
    out = subprocess.run(cmd, capture_output=True, text=True)
    text = out.stdout
    if not text.startswith('//'):
        return None
    with open(path, 'w') as f:
        f.write(text + '\n')
    return path


def lit_commands():
    """(name, shell command with MCORE_OPT for the binary) of every
    `mcore-opt` RUN line of test/, up to its first pipe or redirection."""
    commands = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, 'test')):
        for name in sorted(files):
            if not name.endswith('.mlir'):
                continue
            path = os.path.join(dirpath, name)
            with open(path) as f:
                text = f.read()
            runs = []
            current = ''
            for line in text.splitlines():
                m = re.match(r'\s*//\s*RUN:\s?(.*)$', line)
                if not m:
                    continue
                part = m.group(1)
                if part.rstrip().endswith('\\'):
                    current += part.rstrip()[:-1] + ' '
                    continue
                runs.append(current + part)
                current = ''
            for i, run in enumerate(runs):
                run = run.strip()
                if not run.startswith('mcore-opt '):
                    continue
                cmd = re.split(r'\s(?:\||2>|>|<)', run)[0]
                if '%t' in cmd or 'not ' in cmd:
                    continue
                cmd = cmd.replace('%s', shlex.quote(path)).replace(
                    '%S', shlex.quote(dirpath))
                if '%' in cmd:
                    continue
                commands.append(('%s:%d' % (os.path.relpath(path, ROOT), i),
                                 cmd[len('mcore-opt '):]))
    return commands


def run(binary, shell_args, cwd):
    out = subprocess.run(binary + ' ' + shell_args, shell=True, cwd=cwd,
                         capture_output=True)
    # Paths and binary names the two builds spell differently.
    norm = lambda b: b.replace(binary.encode(), b'mcore-opt')
    return out.returncode, norm(out.stdout), norm(out.stderr)


def first_difference(x, y):
    xl, yl = x.splitlines(), y.splitlines()
    for i, (a, b) in enumerate(zip(xl, yl)):
        if a != b:
            return 'line %d: %r vs %r' % (i + 1, a[:160], b[:160])
    return 'lengths %d vs %d lines' % (len(xl), len(yl))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('--before', required=True)
    parser.add_argument('--after', required=True)
    parser.add_argument('--quick', action='store_true',
                        help='fewer types and shapes per chip')
    parser.add_argument('--no-lit', action='store_true',
                        help='only the generated matmuls')
    parser.add_argument('--no-matmuls', action='store_true',
                        help='only the lit commands')
    parser.add_argument('-j', type=int, default=2)
    args = parser.parse_args()
    before_opt = os.path.abspath(os.path.join(args.before, 'bin', 'mcore-opt'))
    after_opt = os.path.abspath(os.path.join(args.after, 'bin', 'mcore-opt'))
    work = tempfile.mkdtemp(prefix='mcore-compare-')

    jobs = []  # (name, shell args, cwd)
    if not args.no_matmuls:
        cases = matmul_cases(args.quick)
        with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
            paths = list(pool.map(
                lambda ic: generate(args.before, ic[1],
                                    os.path.join(work, 'm%04d.mlir' % ic[0])),
                enumerate(cases)))
        for case, path in zip(cases, paths):
            if path is None:
                continue
            chip = case[0].split('=')[1]
            jobs.append((' '.join(case), shlex.quote(path) +
                         ' --mcore-pipeline="chip=%s format=isa"' % chip,
                         work))
        print('%d matmuls generated (%d rejected by mcore-run itself)' %
              (len(jobs), paths.count(None)), flush=True)
    if not args.no_lit:
        lit = lit_commands()
        jobs += [(name, cmd, work) for name, cmd in lit]
        print('%d lit commands' % len(lit), flush=True)

    def compare(job):
        name, shell_args, cwd = job
        b = run(before_opt, shell_args, cwd)
        a = run(after_opt, shell_args, cwd)
        if a == b:
            return name, None, b[0]
        if a[0] != b[0]:
            return name, 'exit status %d vs %d' % (b[0], a[0]), b[0]
        stream = 1 if a[1] != b[1] else 2
        return name, ('stdout ' if stream == 1 else 'stderr ') + \
            first_difference(b[stream], a[stream]), b[0]

    differ = 0
    failing = 0
    with concurrent.futures.ThreadPoolExecutor(args.j) as pool:
        for name, problem, status in pool.map(compare, jobs):
            failing += status != 0
            if problem:
                differ += 1
                print('DIFFERS %s: %s' % (name, problem), flush=True)
    print('%d inputs compared (%d of them errors in both builds), %d differ'
          % (len(jobs), failing, differ))
    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main())
