#!/usr/bin/env python3
"""mcore-perf's predictions against AMD's measured GEMM speeds.

Not a timed test: nothing runs on a GPU here. The corpus (by default
../shared/calibration beside the repository; --corpus) pairs each GEMM
problem size AMD measured when it tuned hipBLASLt with the assembly of the
kernel it chose (its README says how it was made). For every case this runs

    mcore-perf KERNEL.s --shape=MxNxK --batch=B --tile=MT0xMT1xDU
               --workgroup-size=WG --lds-bytes=LDS --product=P
               --c-type=T [--split-k=GSU] --json

and compares the predicted TFLOP/s (the whole problem, on the product) with
the measured ones: ratio = predicted / measured. Per chip it gives the
geometric mean of the ratios, the worst ratios, the share of cases within
the target band (0.7-1.4) and the rank correlation (Spearman) of predicted
against measured.

    benchmarks/calibration.py --build build                 # the table
    benchmarks/calibration.py --build build --json out.json # every case
    benchmarks/calibration.py --from-json out.json --update-doc docs/Calibration.md
    benchmarks/calibration.py --build build --check-doc docs/Calibration.md \\
        --corpus test/Perf/Inputs/calibration              # CI's subset

--check-doc recomputes the cases of the given corpus (CI runs the subset in
test/Perf/Inputs/calibration) and fails when a row of the document differs:
the document is stale. --update-doc rewrites the document's generated block
from the whole corpus. Every prediction is labelled PREDICTED; every
measurement is AMD's, from hipBLASLt's logic files.
"""

import argparse
import concurrent.futures
import gzip
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import threading

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_CORPUS = os.path.join(os.path.dirname(REPO), 'shared', 'calibration')
BAND = (0.7, 1.4)       # every case within this ratio
GEOMEAN = (0.9, 1.1)    # the geometric mean per chip
MIN_RANK = 0.8          # Spearman, where a chip has 5 or more cases
BEGIN = '<!-- calibration-table -->'
END = '<!-- /calibration-table -->'

# "f16*f16->f16, f32 accumulate": the output element type in memory.
OUT_TYPES = {'f16': 'f16', 'bf16': 'bf16', 'f32': 'f32', 'i32': 'i32',
             'i8': 'i8', 'f8': 'fp8', 'fp8': 'fp8', 'bf8': 'bf8'}


def case_id(case):
    p = case['problem']
    return '{}:{}x{}x{}x{}'.format(case['kernel'], p['M'], p['N'], p['K'],
                                   p.get('batch', 1))


def out_type(case):
    m = re.search(r'->\s*([a-z0-9]+)', case['types'])
    return OUT_TYPES.get(m.group(1)) if m else None


def global_split(case):
    """Tensile's GlobalSplitU of the case's solution (its name's GSU<n>): K
    split over n work-groups per tile, a run-time argument of the same
    kernel."""
    name = case.get('source', {}).get('solution_name', '')
    m = re.search(r'_GSU(\d+)(?:_|$)', name)
    return int(m.group(1)) if m else 1


def kernel_text(corpus, kernel, cache_dir):
    """The kernel's assembly, unzipped once into cache_dir."""
    path = os.path.join(cache_dir, kernel + '.s')
    if not os.path.exists(path):
        src = os.path.join(corpus, 'kernels', kernel + '.s.gz')
        # Cases of one kernel run in parallel threads: each writes its own
        # temporary file (a shared name lost the race: FileNotFoundError).
        tmp = '%s.%d.tmp' % (path, threading.get_ident())
        with gzip.open(src, 'rb') as f, open(tmp, 'wb') as out:
            out.write(f.read())
        os.replace(tmp, path)
    return path


def predict(build, corpus, case, cache_dir, extra):
    p = case['problem']
    tile = case['tile']
    args = [os.path.join(build, 'bin', 'mcore-perf'),
            kernel_text(corpus, case['kernel'], cache_dir),
            '--kernel=' + case['kernel_symbol'],
            '--shape={}x{}x{}'.format(p['M'], p['N'], p['K']),
            '--batch={}'.format(p.get('batch', 1)),
            '--tile={}x{}x{}'.format(*tile),
            '--workgroup-size={}'.format(case['workgroup_size']),
            '--lds-bytes={}'.format(case['lds_bytes']),
            '--product=' + case['product'],
            '--json'] + extra
    t = out_type(case)
    if t:
        args.append('--c-type=' + t)
    if global_split(case) > 1:
        args.append('--split-k={}'.format(global_split(case)))
    r = subprocess.run(args, capture_output=True, text=True)
    if r.returncode != 0:
        return {'error': (r.stderr.strip() or r.stdout.strip())[:500]}
    report = json.loads(r.stdout)
    total = next((t for t in report['totals']
                  if t['key'] == case['product']), None)
    if total is None:
        return {'error': 'no prediction for ' + case['product']}
    seconds = total['seconds']
    flops = 2.0 * p['M'] * p['N'] * p['K'] * p.get('batch', 1)
    kernel = report['kernels'][0]
    prod = kernel['problem']['products'][0]
    return {'predicted_tflops': flops / seconds / 1e12,
            'predicted_us': seconds * 1e6,
            'clock_mhz': prod.get('clock_mhz'),
            'bound': prod['bound'],
            'waves_per_simd': kernel['occupancy']['waves_per_simd'],
            'iterations': kernel['problem']['iterations']}


def input_type(case):
    return re.match(r'\s*([a-z0-9]+)', case['types']).group(1)


def mcore_predict(build, case):
    """mcore's own kernel for the case's problem, types and layouts
    (mcore-run --matmul generates the linalg.matmul), predicted on the
    case's product. Tensile's problem type names the layouts: A is K-major
    in Alik (M-major, stored K x M, in Ailk), B K-major in Bljk (stored N x
    K) and N-major in Bjlk. mcore accumulates into an f32 C."""
    p = case['problem']
    ptype = case['tensile_problem_type']
    flags = []
    if '_Ailk_' in ptype:
        flags.append('--transpose-a')
    if '_Bljk_' in ptype:
        flags.append('--transpose-b')
    shape = '{}x{}x{}'.format(p['M'], p['N'], p['K'])
    gen = subprocess.run(
        [os.path.join(build, 'bin', 'mcore-run'), '--matmul=' + shape,
         '--a-type=' + input_type(case), '--c-type=f32',
         '--chip=' + case['chip'], '--backend=emu', '--compile-only',
         '--print-input-ir'] + flags, capture_output=True, text=True)
    if gen.returncode:
        return {'error': gen.stderr.strip()[-500:]}
    tile = re.search(r'\((\d+)x(\d+)x\d+ tile', gen.stderr)
    isa = subprocess.run(
        [os.path.join(build, 'bin', 'mcore-opt'), '-',
         '--mcore-pipeline=chip={} format=isa'.format(case['chip'])],
        input=gen.stdout, capture_output=True, text=True)
    if isa.returncode:
        return {'error': isa.stderr.strip()[-500:]}
    args = [os.path.join(build, 'bin', 'mcore-perf'), '-', '--shape=' + shape,
            '--product=' + case['product'], '--json']
    if tile:
        args.append('--tile={}x{}'.format(tile.group(1), tile.group(2)))
    r = subprocess.run(args, input=isa.stdout, capture_output=True, text=True)
    if r.returncode:
        return {'error': r.stderr.strip()[-500:]}
    total = json.loads(r.stdout)['totals'][0]
    flops = 2.0 * p['M'] * p['N'] * p['K'] * p.get('batch', 1)
    return {'mcore_tflops': flops / total['seconds'] / 1e12,
            'mcore_tile': '{}x{}'.format(tile.group(1), tile.group(2))
            if tile else '?'}


def side_by_side_cases(cases):
    """The doc's selection: every MI300X case, and of each RX 9070 XT
    kernel the smallest and the largest problem."""
    chosen = [c for c in cases if c['chip'] != 'gfx1201']
    for kernel in sorted(set(c['kernel'] for c in cases
                             if c['chip'] == 'gfx1201')):
        mine = [c for c in cases if c['kernel'] == kernel]
        work = lambda c: c['problem']['M'] * c['problem']['N'] * c['problem']['K']
        chosen += [min(mine, key=work), max(mine, key=work)]
    return chosen


def spearman(xs, ys):
    def ranks(v):
        order = sorted(range(len(v)), key=lambda i: v[i])
        r = [0.0] * len(v)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
                j += 1
            for k in range(i, j + 1):
                r[order[k]] = (i + j) / 2.0
            i = j + 1
        return r
    rx, ry = ranks(xs), ranks(ys)
    n = len(xs)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx > 0 and vy > 0 else float('nan')


def summarize(rows):
    """Per chip and overall: count, geometric mean, worst, in band, rank."""
    groups = {}
    for r in rows:
        if 'ratio' in r:
            groups.setdefault(r['chip'], []).append(r)
    out = []
    for chip in sorted(groups) + ['all']:
        g = [r for r in rows if 'ratio' in r] if chip == 'all' else groups[chip]
        if not g:
            continue
        ratios = [r['ratio'] for r in g]
        geo = math.exp(sum(math.log(x) for x in ratios) / len(ratios))
        inband = sum(BAND[0] <= x <= BAND[1] for x in ratios)
        rank = (spearman([r['predicted_tflops'] for r in g],
                         [r['measured_tflops'] for r in g])
                if len(g) >= 2 else float('nan'))
        out.append({'chip': chip, 'cases': len(g), 'geomean': geo,
                    'min': min(ratios), 'max': max(ratios),
                    'in_band': inband, 'rank': rank})
    return out


def meets(s):
    ok = (GEOMEAN[0] <= s['geomean'] <= GEOMEAN[1] and
          s['in_band'] == s['cases'])
    if s['cases'] >= 5:
        ok = ok and s['rank'] >= MIN_RANK
    return ok


def summary_table(summary):
    lines = ['| chip | cases | geometric mean of predicted / measured | '
             'lowest | highest | within {:.1f}-{:.1f} | rank correlation '
             '(Spearman) | targets met |'.format(*BAND),
             '| --- | --- | --- | --- | --- | --- | --- | --- |']
    for s in summary:
        target = '-' if s['chip'] == 'all' else ('yes' if meets(s) else 'NO')
        lines.append('| {} | {} | {:.3f} | {:.3f} | {:.3f} | {} of {} | {:.3f} '
                     '| {} |'.format(s['chip'], s['cases'], s['geomean'],
                                     s['min'], s['max'], s['in_band'],
                                     s['cases'], s['rank'], target))
    return '\n'.join(lines)


def case_row(r):
    if 'ratio' not in r:
        return '| {} | {} | {} | {} | {:.2f} | error: {} | | | |'.format(
            r['chip'], r['kernel'], r['shape'], r['tile'],
            r['measured_tflops'], r.get('error', '?').replace('|', '/'))
    return ('| {} | {} | {} | {} | {:.2f} | {:.2f} | {:.0f} | {} | {:.3f} |'
            .format(r['chip'], r['kernel'], r['shape'], r['tile'],
                    r['measured_tflops'], r['predicted_tflops'],
                    r['clock_mhz'] or 0, r['bound'], r['ratio']))


def mcore_row(r):
    if 'mcore_tflops' not in r:
        return '| {} | {} | {} | {} | {:.2f} | error: {} | | |'.format(
            r['chip'], r['types'], r['layout'], r['shape'],
            r['measured_tflops'], r.get('mcore_error', '?').replace('|', '/'))
    return ('| {} | {} | {} | {} | {:.2f} | {} | {:.2f} | {} | {:.2f} |'
            .format(r['chip'], r['types'], r['layout'], r['shape'],
                    r['measured_tflops'], r['tile'],
                    r.get('predicted_tflops', 0), r['mcore_tile'],
                    r['mcore_tflops']))


MCORE_HEADER = ('| chip | types | layout | M x N x K x batch | AMD measured '
                'TFLOP/s (hipBLASLt) | hipBLASLt tile | hipBLASLt kernel, '
                'predicted | mcore tile | mcore kernel, predicted |\n'
                '| --- | --- | --- | --- | --- | --- | --- | --- | --- |')
MCORE_BEGIN = '<!-- calibration-mcore -->'
MCORE_END = '<!-- /calibration-mcore -->'


def mcore_block(rows):
    rows = sorted((r for r in rows if 'mcore_tflops' in r or
                   'mcore_error' in r),
                  key=lambda r: (r['chip'], r['kernel'], r['shape']))
    return '\n'.join([
        MCORE_BEGIN,
        'Measured by AMD (hipBLASLt\'s tuned kernel); both kernels predicted '
        'by mcore-perf on the same product (calibrated). mcore compiles the '
        'same problem and layouts (`mcore-run --matmul`, default options) '
        'with an f32 C; hipBLASLt\'s C is the input type.',
        '',
        MCORE_HEADER,
        '\n'.join(mcore_row(r) for r in rows),
        MCORE_END])


CASE_HEADER = ('| chip | kernel | M x N x K x batch | tile | measured TFLOP/s '
               '(AMD) | predicted TFLOP/s | clock (MHz, assumed) | bound | '
               'predicted / measured |\n'
               '| --- | --- | --- | --- | --- | --- | --- | --- | --- |')


def doc_block(rows):
    summary = summarize(rows)
    rows = sorted(rows, key=lambda r: (r['chip'], r['kernel'], r['shape']))
    return '\n'.join([
        BEGIN,
        'Predicted by mcore-perf (docs/Performance.md); measured by AMD '
        '(hipBLASLt\'s logic files, ../shared/calibration). {} cases.'.format(
            len(rows)),
        '',
        summary_table(summary),
        '',
        '<details><summary>Every case</summary>',
        '',
        CASE_HEADER,
        '\n'.join(case_row(r) for r in rows),
        '',
        '</details>',
        END])


def run(args):
    with open(os.path.join(args.corpus, 'cases.json')) as f:
        cases = json.load(f)
    if args.cases:
        cases = [c for c in cases if re.search(args.cases, case_id(c))]
    extra = [a for a in args.perf_arg]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        cache = args.cache or tmp
        os.makedirs(cache, exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(predict, args.build, args.corpus, c,
                                   cache, extra) for c in cases]
            for i, (case, fut) in enumerate(zip(cases, futures)):
                res = fut.result()
                p = case['problem']
                row = {'chip': case['chip'], 'product': case['product'],
                       'kernel': case['kernel'],
                       'shape': '{}x{}x{}x{}'.format(p['M'], p['N'], p['K'],
                                                     p.get('batch', 1)),
                       'tile': 'x'.join(str(t) for t in case['tile']),
                       'measured_tflops': case['measured_tflops']}
                row.update(res)
                if 'predicted_tflops' in res:
                    row['ratio'] = (res['predicted_tflops'] /
                                    case['measured_tflops'])
                row['types'] = case['types'].split(',')[0]
                row['layout'] = case['transpose']
                rows.append(row)
            if args.mcore:
                chosen = [case_id(c) for c in (
                    [c for c in cases if re.search(args.mcore_cases,
                                                   case_id(c))]
                    if args.mcore_cases else side_by_side_cases(cases))]
                picked = [(r, c) for r, c in zip(rows, cases)
                          if case_id(c) in chosen]
                futures = [pool.submit(mcore_predict, args.build, c)
                           for _, c in picked]
                for (row, _), fut in zip(picked, futures):
                    res = fut.result()
                    if 'error' in res:
                        row['mcore_error'] = res['error']
                    else:
                        row.update(res)
                if args.progress and (i + 1) % 25 == 0:
                    print('{} of {} cases'.format(i + 1, len(cases)),
                          file=sys.stderr)
    return rows


def fit_launch(rows):
    """Per product, the launch overhead (us) that minimizes the squared log
    ratios of predicted to measured time, given predictions made without
    one (--launch-overhead=0): the one constant the corpus fits."""
    out = {}
    for product in sorted(set(r['product'] for r in rows if 'ratio' in r)):
        g = [r for r in rows if r['product'] == product and 'ratio' in r]
        measured = [r['predicted_us'] * r['ratio'] for r in g]

        def cost(t0):
            return sum(math.log((r['predicted_us'] + t0) / m) ** 2
                       for r, m in zip(g, measured))
        lo, hi = 0.0, 200.0
        for _ in range(100):  # golden-section search; cost is unimodal here
            a = hi - (hi - lo) / 1.618034
            b = lo + (hi - lo) / 1.618034
            if cost(a) < cost(b):
                hi = b
            else:
                lo = a
        out[product] = (lo + hi) / 2
    return out


def check_doc(rows, path):
    text = open(path).read()
    stale = []
    for r in rows:
        lines = [case_row(r)]
        if 'mcore_tflops' in r or 'mcore_error' in r:
            lines.append(mcore_row(r))
        stale += [line for line in lines if line not in text]
    return stale


def replace_block(text, begin, end, block, path):
    if begin not in text or end not in text:
        sys.exit('calibration.py: error: {} has no {} ... {} block'.format(
            path, begin, end))
    head, rest = text.split(begin, 1)
    _, tail = rest.split(end, 1)
    return head + block + tail


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--build', default=os.path.join(REPO, 'build'))
    ap.add_argument('--corpus', default=DEFAULT_CORPUS)
    ap.add_argument('--cases', help='only cases whose id matches this regex')
    ap.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    ap.add_argument('--cache', help='where to unzip the kernels (kept)')
    ap.add_argument('--perf-arg', action='append', default=[],
                    help='another mcore-perf argument (repeatable)')
    ap.add_argument('--json', help='write every case as JSON to this file')
    ap.add_argument('--from-json', help='read the cases from a --json file')
    ap.add_argument('--update-doc', help='rewrite the generated block')
    ap.add_argument('--check-doc', help='fail if a row differs from the doc')
    ap.add_argument('--cases-table', action='store_true',
                    help='print every case, not only the summary')
    ap.add_argument('--progress', action='store_true')
    ap.add_argument('--mcore', action='store_true',
                    help='also predict mcore\'s own kernel for the same '
                    'problems (every MI300X case and each RX 9070 XT '
                    'kernel\'s smallest and largest, or --mcore-cases)')
    ap.add_argument('--mcore-cases',
                    help='with --mcore: the cases whose id matches this')
    ap.add_argument('--fit', action='store_true',
                    help='print the launch overhead per product that fits '
                    'the corpus best (predictions made without one)')
    args = ap.parse_args()
    if args.fit:
        args.perf_arg.append('--launch-overhead=0')

    if args.from_json:
        with open(args.from_json) as f:
            rows = json.load(f)
    else:
        if not os.path.exists(os.path.join(args.corpus, 'cases.json')):
            sys.exit('calibration.py: error: no cases.json in ' + args.corpus)
        rows = run(args)
    if args.json:
        with open(args.json, 'w') as f:
            json.dump(rows, f, indent=1)
    if args.fit:
        for product, t0 in fit_launch(rows).items():
            print('{}: launch overhead {:.1f} us fits best (least squares of '
                  'log(predicted / measured))'.format(product, t0))
        return 0
    errors = [r for r in rows if 'ratio' not in r]
    if args.check_doc:
        stale = check_doc(rows, args.check_doc)
        if stale:
            print('calibration.py: error: {} is stale; these rows differ '
                  '(rerun with --update-doc):'.format(args.check_doc),
                  file=sys.stderr)
            for line in stale:
                print(line, file=sys.stderr)
            return 1
        print('{}: the {} rows of this corpus are current'.format(
            args.check_doc, len(rows)))
        return 0
    if args.update_doc:
        text = open(args.update_doc).read()
        text = replace_block(text, BEGIN, END, doc_block(rows),
                             args.update_doc)
        if any('mcore_tflops' in r or 'mcore_error' in r for r in rows):
            text = replace_block(text, MCORE_BEGIN, MCORE_END,
                                 mcore_block(rows), args.update_doc)
        with open(args.update_doc, 'w') as f:
            f.write(text)
    print('Predicted by mcore-perf; measured by AMD. ratio = predicted / '
          'measured.\n')
    print(summary_table(summarize(rows)))
    if any('mcore_tflops' in r or 'mcore_error' in r for r in rows):
        print()
        print(mcore_block(rows))
    if args.cases_table:
        print()
        print(CASE_HEADER)
        for r in sorted(rows, key=lambda r: (r['chip'], r['kernel'],
                                             r['shape'])):
            print(case_row(r))
    for r in errors:
        print('error: {} {}: {}'.format(r['kernel'], r['shape'],
                                        r.get('error')), file=sys.stderr)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
