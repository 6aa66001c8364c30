#!/usr/bin/env python3
"""Emulated GFLOP/s of mcore's own matmul kernels on the CPU emulator, for
two builds side by side in one run (the before/after table of
docs/Emulator.md, "Performance").

For each chip (--chips), kind (dense f16 A, 2:4-sparse f16 A) and size N
(--sizes), it runs `mcore-run --backend=emu --matmul=NxNxN --a-type=f16`
of each build --runs times, alternating the builds so that both see the same
load, and takes the median of the `time_ms` mcore-run prints (the kernel's
wall time on the emulator, host threads of MCORE_EMU_THREADS, default one per
core). GFLOP/s are emulated: 2 N^3 (dense-equivalent for 2:4, as vendors
count sparse throughput) per second of that time. Every run must pass
mcore-run's own check of C; a failing run stops the benchmark.

    benchmarks/emulator-speed.py --before /work/emu-before --after build
    benchmarks/emulator-speed.py --before OLD --after build --sizes 1024 --runs 5

--before and --after are directories holding bin/mcore-run (and the lib/
beside it that mcore-run loads its runtime library from): a build tree, or
a copy of one's bin/ and lib/. The load average before and after is printed
with the table: the machine is shared, so time it when the load is low.
Not a test: nothing here is checked against a threshold.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys


def run_once(build, chip, sparse, n):
    cmd = [os.path.join(build, 'bin', 'mcore-run'), '--backend=emu',
           '--chip=' + chip, '--matmul=%dx%dx%d' % (n, n, n),
           '--a-type=f16', '--quiet']
    if sparse:
        cmd.append('--sparse-a=2:4')
    out = subprocess.run(cmd, capture_output=True, text=True)
    m = re.search(r'time_ms=([0-9.]+)', out.stdout)
    if out.returncode != 0 or not m or 'status=PASS' not in out.stdout:
        sys.exit('emulator-speed.py: error: %s failed (exit status %d):\n%s%s'
                 % (' '.join(cmd), out.returncode, out.stdout, out.stderr))
    return float(m.group(1))


def load():
    with open('/proc/loadavg') as f:
        return ' '.join(f.read().split()[:3])


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument('--before', required=True,
                   help='directory with bin/mcore-run of the old build')
    p.add_argument('--after', required=True,
                   help='directory with bin/mcore-run of the new build')
    p.add_argument('--chips', default='gfx1201,gfx942')
    p.add_argument('--sizes', default='1024,2048')
    p.add_argument('--kinds', default='dense,2:4')
    p.add_argument('--runs', type=int, default=3,
                   help='runs of each build per row (the median is shown)')
    args = p.parse_args()
    for d in (args.before, args.after):
        if not os.access(os.path.join(d, 'bin', 'mcore-run'), os.X_OK):
            sys.exit('emulator-speed.py: error: no bin/mcore-run in ' + d)

    print('load average before: %s; %d run(s) per build and row, median; '
          'MCORE_EMU_THREADS=%s' % (load(), args.runs,
                                    os.environ.get('MCORE_EMU_THREADS',
                                                   'unset (one per core)')))
    print()
    print('| chip | A | N | before ms | after ms | before GFLOP/s '
          '| after GFLOP/s | speed-up |')
    print('| --- | --- | --- | --- | --- | --- | --- | --- |')
    for chip in args.chips.split(','):
        for kind in args.kinds.split(','):
            for n in (int(s) for s in args.sizes.split(',')):
                times = {'before': [], 'after': []}
                for _ in range(args.runs):
                    for which in ('before', 'after'):
                        build = getattr(args, which)
                        times[which].append(
                            run_once(build, chip, kind == '2:4', n))
                before = statistics.median(times['before'])
                after = statistics.median(times['after'])
                flops = 2.0 * n ** 3
                print('| %s | %s f16 | %d | %.0f | %.0f | %.1f | %.1f | '
                      '%.2fx |' % (chip, kind, n, before, after,
                                   flops / before / 1e6, flops / after / 1e6,
                                   before / after), flush=True)
    print()
    print('load average after: %s' % load())


if __name__ == '__main__':
    main()
