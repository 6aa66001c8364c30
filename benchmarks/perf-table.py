#!/usr/bin/env python3
"""Predicted performance of mcore's own 4096^3 matmul kernels, per chip.

Not a timed test: nothing runs on a GPU. For each type (--types), chip and kind (dense,
2:4), it compiles the matmul with `mcore-opt --mcore-pipeline="chip=...
format=isa"` (extra pipeline options with --options) and asks `mcore-perf
--json` for the model's figures (docs/Performance.md): waves per SIMD, one
wave's loop cycles, the SIMD's loop cycles with its waves, the steady-state
matrix-unit share, spills, predicted TFLOP/s and the whole problem's share of
the instruction's peak (tail and the rest of the kernel included). For 2:4
kernels the TFLOP/s are dense-equivalent and the last column is the ratio to
the dense kernel of the same chip.

    benchmarks/perf-table.py --build build                  # the default table
    benchmarks/perf-table.py --build build --chips gfx942 --kinds sparse
    benchmarks/perf-table.py --build build --options "tile-m=256 tile-n=256"
    benchmarks/perf-table.py --build build --types f16,i8,fp8   # the doc's table
    benchmarks/perf-table.py --build build --types mxfp8,mxfp4 --chips gfx950 \
        --kinds dense                                       # block-scaled (MX)
    benchmarks/perf-table.py --build build --llm            # LLM layer shapes

--llm prints the table of docs/PerformanceTables.md, "LLM layers": y = x W^T for
M in {1, 16, 128, 2048} and N x K in {4096 x 4096, 14336 x 4096,
4096 x 14336}, with a dense f16 W and a 2:4 one (compressed values and
metadata, the kernel computing y^T = W x^T, swap-operands=never), predicted
time (every kernel of the matmul: a split-K matmul's two) and predicted
fraction of the memory roofline (each operand once at peak bandwidth).
--llm-shapes MxNxK,... limits it (the test runs one shape).

Prints a Markdown table (the one in docs/PerformanceTables.md, "4096³");
--json prints the rows as JSON. Every figure is PREDICTED.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

CHIPS = ['gfx942', 'gfx950', 'gfx1201', 'gfx1100']

# Input type -> accumulator type. fp8 is E4M3 (f8E4M3FNUZ on gfx942, whose
# instructions read the FNUZ formats; f8E4M3FN elsewhere). f32 and f64 have
# matrix instructions on CDNA only; xf32 is f32 data read by gfx942's xf32
# MFMA (the pipeline's f32-precision=tf32).
TYPES = {'f16': 'f32', 'i8': 'i32', 'fp8': 'f32', 'f32': 'f32', 'f64': 'f64',
         'xf32': 'f32'}

# Pipeline options a type asks for.
TYPE_OPTIONS = {'xf32': 'f32-precision=tf32'}

# Block-scaled (OCP MX) types: A's and B's formats, E8M0 scales per 32 of
# K, f32 C (the scaled contraction of docs/MatmulForms.md, B stored N x K).
# Only gfx950 and gfx1250 have block-scaled matrix instructions (other
# chips run the contraction as loops: no row for them).
MX_TYPES = {'mxfp8': ('fp8', 'fp8'), 'mxfp8xfp4': ('fp8', 'fp4'),
            'mxfp6': ('fp6', 'fp6'), 'mxfp4': ('fp4', 'fp4')}
MX_CHIPS = ('gfx950', 'gfx1250')
MX_MLIR = {'fp8': 'f8E4M3FN', 'bf8': 'f8E5M2', 'fp6': 'f6E2M3FN',
           'bf6': 'f6E3M2FN', 'fp4': 'f4E2M1FN'}


def mlir_type(t, chip):
    if t == 'fp8':
        return 'f8E4M3FNUZ' if chip == 'gfx942' else 'f8E4M3FN'
    if t == 'xf32':
        return 'f32'
    return t


DENSE = """func.func @matmul(%A: memref<{m}x{k}x{t}>, %B: memref<{k}x{n}x{t}>,
                  %C: memref<{m}x{n}x{c}>) {{
  linalg.matmul ins(%A, %B : memref<{m}x{k}x{t}>, memref<{k}x{n}x{t}>)
                outs(%C : memref<{m}x{n}x{c}>)
  return
}}
"""

SCALED = """#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @matmul(%a: memref<{m}x{kb}x32x{ta}>, %b: memref<{n}x{kb}x32x{tb}>,
                  %sa: memref<{m}x{kb}xf8E8M0FNU>, %sb: memref<{n}x{kb}xf8E8M0FNU>,
                  %c: memref<{m}x{n}xf32>) {{
  linalg.generic {{indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}}
      ins(%a, %b, %sa, %sb : memref<{m}x{kb}x32x{ta}>, memref<{n}x{kb}x32x{tb}>,
                             memref<{m}x{kb}xf8E8M0FNU>, memref<{n}x{kb}xf8E8M0FNU>)
      outs(%c : memref<{m}x{n}xf32>) {{
  ^bb0(%x: {ta}, %y: {tb}, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : {ta}, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : {tb}, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }}
  return
}}
"""

# examples/sparse-matmul.mlir at any size: the matmul kernel is the second
# object (the first compresses A).
SPARSE = """#S24 = #sparse_tensor.encoding<{{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}}>
func.func @matmul(%a: tensor<{m}x{k}x{t}, #S24>, %b: tensor<{k}x{n}x{t}>,
                  %c: tensor<{m}x{n}x{c}>) -> tensor<{m}x{n}x{c}> {{
  %r = linalg.matmul ins(%a, %b : tensor<{m}x{k}x{t}, #S24>, tensor<{k}x{n}x{t}>)
                     outs(%c : tensor<{m}x{n}x{c}>) -> tensor<{m}x{n}x{c}>
  return %r : tensor<{m}x{n}x{c}>
}}
"""


# The 2:4 weight on the right, compressed: y^T = W x^T (mcore-run
# --sparse-b=2:4 generates the same op).
WEIGHT24 = """func.func @matmul(%a: memref<{m}x{k}xf16>, %values: memref<{n}x{kh}xf16>,
                  %metadata: memref<{n}x{kw}xi32>, %c: memref<{m}x{n}xf32>) {{
  mcore.sparse_matmul ins(%values, %metadata, %a : memref<{n}x{kh}xf16>, memref<{n}x{kw}xi32>, memref<{m}x{k}xf16>) outs(%c : memref<{m}x{n}xf32>) {{transpose_b, transpose_c, canonical_metadata}}
  return
}}
"""

LLM_M = [1, 16, 128, 2048]
LLM_NK = [(4096, 4096), (14336, 4096), (4096, 14336)]


def run(cmd, stdin=None):
    p = subprocess.run(cmd, input=stdin, capture_output=True, text=True)
    if p.returncode:
        sys.exit(f"perf-table: {' '.join(cmd)} failed:\n{p.stderr}")
    return p.stdout


def predict(args, chip, kind, shape, dtype='f16'):
    m, n, k = shape
    if dtype in MX_TYPES:
        ta, tb = MX_TYPES[dtype]
        source = SCALED.format(m=m, n=n, kb=k // 32, ta=MX_MLIR[ta],
                               tb=MX_MLIR[tb])
    else:
        source = (DENSE if kind == 'dense' else SPARSE).format(
            m=m, n=n, k=k, t=mlir_type(dtype, chip), c=TYPES[dtype])
    pipeline = ' '.join(o for o in (f'chip={chip} format=isa',
                                    TYPE_OPTIONS.get(dtype, ''), args.options)
                        if o)
    isa = run([os.path.join(args.build, 'bin', 'mcore-opt'),
               f'--mcore-pipeline={pipeline}', '-'], source)
    with tempfile.NamedTemporaryFile('w', suffix='.mlir') as f:
        f.write(isa)
        f.flush()
        cmd = [os.path.join(args.build, 'bin', 'mcore-perf'), f.name,
               f'--shape={m}x{n}x{k}', '--json']
        # A tile that does not divide the problem cannot be read back from
        # the launch grid: pass the one the options ask for.
        opts = dict(o.split('=', 1) for o in args.options.split() if '=' in o)
        if 'tile-m' in opts and 'tile-n' in opts:
            cmd.append(f"--tile={opts['tile-m']}x{opts['tile-n']}")
        if kind == 'sparse':
            cmd.append('--kernel=@matmul_kernel_0')
        report = json.loads(run(cmd))
    kernel = report['kernels'][0]
    loop = kernel['loop']
    # A chip with no product in the model (gfx1250) has the kernel's
    # figures only: no clock, hence no TFLOP/s.
    products = kernel['problem']['products']
    product = products[0] if products else dict.fromkeys(
        ('product', 'tflops', 'clock_mhz', 'clock_peak_tflops',
         'peak_clock_tflops', 'utilization', 'bound'))
    res = kernel['resources']
    return {
        'chip': chip,
        'kind': kind,
        'type': dtype,
        'product': product['product'],
        'matrix': ', '.join(f"{u['count']} x {u['mnemonic']}"
                            for u in loop['matrix']),
        'vgprs': res['vgprs_allocated'],
        'lds': res['lds_bytes'],
        'spills': (res['vgpr_spill_count'] or 0) + (res['sgpr_spill_count'] or 0),
        'waves': kernel['occupancy']['waves_per_simd'],
        'limit': ', '.join(kernel['occupancy']['limited_by']),
        'wave_cycles': loop['wave_cycles_per_iteration'],
        'simd_cycles': loop['simd_cycles_per_iteration'],
        'steady': loop['simd_utilization'],
        'tflops': product['tflops'],
        'clock': product['clock_mhz'],
        'peak': product['clock_peak_tflops'],
        'peak_clock_tflops': product['peak_clock_tflops'],
        'utilization': product['utilization'],
        'bound': product['bound'],
    }


def predict_llm(args, chip, kind, shape):
    """Predicted whole-problem time and fraction of the memory roofline."""
    m, n, k = shape
    if kind == 'dense':
        source = DENSE.format(m=m, n=n, k=k, t='f16', c='f32')
        options = ''
        perf_shape = f'{m}x{n}x{k}'
    else:
        source = WEIGHT24.format(m=m, n=n, k=k, kh=k // 2, kw=k // 32)
        options = 'swap-operands=never'
        # The kernel's problem: W (N x K) times x^T.
        perf_shape = f'{n}x{m}x{k}'
    pipeline = f'chip={chip} format=isa {options} {args.options}'.strip()
    isa = run([os.path.join(args.build, 'bin', 'mcore-opt'),
               f'--mcore-pipeline={pipeline}', '-'], source)
    # The work-group tile the tiler chose: the launch grid cannot tell a
    # 32-row tile of a 1-row matrix from a 1-row one.
    described = subprocess.run(
        [os.path.join(args.build, 'bin', 'mcore-run'), '--backend=emu',
         f'--chip={chip}', f'--matmul={m}x{n}x{k}', '--a-type=f16',
         '--compile-only', '--sparse-b=2:4' if kind == 'sparse' else '',
         f'--pipeline-options={options} {args.options}'.strip()],
        capture_output=True, text=True)
    tile = re.search(r'\((\d+)x(\d+)x\d+ tile', described.stderr)
    if described.returncode or not tile:
        sys.exit(f"perf-table: mcore-run --compile-only failed:\n"
                 f"{described.stderr}")
    with tempfile.NamedTemporaryFile('w', suffix='.mlir') as f:
        f.write(isa)
        f.flush()
        cmd = [os.path.join(args.build, 'bin', 'mcore-perf'), f.name,
               f'--shape={perf_shape}', '--json',
               f'--tile={tile.group(1)}x{tile.group(2)}']
        report = json.loads(run(cmd))
    matrix = [kk for kk in report['kernels'] if kk.get('loop')]
    if kind == 'sparse' and matrix and not any(
            u['mnemonic'].startswith(('v_smfmac', 'v_swmmac'))
            for u in matrix[0]['loop']['matrix']):
        # The dense fallback decompresses W: the roofline's bytes are 2:4.
        cmd.insert(-1, '--sparse-a')
        with tempfile.NamedTemporaryFile('w', suffix='.mlir') as f:
            f.write(isa)
            f.flush()
            cmd[1] = f.name
            report = json.loads(run(cmd))
    total = report['totals'][0]
    problem = matrix[0]['problem'] if matrix else {}
    return {
        'chip': chip, 'kind': kind, 'm': m, 'n': n, 'k': k,
        'product': total['product'],
        'seconds': total['seconds'],
        'roofline': total['roofline_fraction'],
        'split_k': problem.get('split_k', 1),
        'tile': problem.get('tile'),
        'kernels': total['kernels'],
    }


def main_llm(args):
    chips = args.chips.split(',')
    shapes = ([tuple(int(x) for x in s.split('x'))
               for s in args.llm_shapes.split(',')] if args.llm_shapes else
              [(m, n, k) for (n, k) in LLM_NK for m in LLM_M])
    rows = []
    for chip in chips:
        for shape in shapes:
            dense = predict_llm(args, chip, 'dense', shape)
            sparse = predict_llm(args, chip, 'sparse', shape)
            sparse['vs_dense'] = dense['seconds'] / sparse['seconds']
            rows += [dense, sparse]
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return None
    lines = []
    print = lambda text='': lines.append(text + '\n')
    print('Predicted (mcore-perf, calibrated: the product\'s clock under '
          'load and its launch overhead per kernel, docs/Calibration.md): '
          'y = x W^T, x M x K f16, W N x K f16 dense or 2:4, y f32 (read and '
          'written); default options.')
    print()
    print('| chip | product | M | N x K | dense: time (us) | dense: of '
          'roofline | dense: split-K | 2:4: time (us) | 2:4: of roofline '
          '| 2:4: split-K | 2:4 / dense |')
    print('| --- ' * 11 + '|')
    for d, s in zip(rows[0::2], rows[1::2]):
        print(f"| {d['chip']} | {d['product']} | {d['m']} | "
              f"{d['n']} x {d['k']} | {1e6 * d['seconds']:.1f} | "
              f"{100 * d['roofline']:.0f}% | {d['split_k']} | "
              f"{1e6 * s['seconds']:.1f} | {100 * s['roofline']:.0f}% | "
              f"{s['split_k']} | {s['vs_dense']:.2f}x |")
    return ''.join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--build', default='build',
                        help='the build directory (bin/mcore-opt, bin/mcore-perf)')
    parser.add_argument('--chips', default=','.join(CHIPS))
    parser.add_argument('--kinds', default='dense,sparse',
                        help='dense, sparse (2:4 A) or both')
    parser.add_argument('--types', default='f16',
                        help='input types, of ' + ', '.join(TYPES) +
                        ' (accumulating in ' + ', '.join(
                            f'{t}: {c}' for t, c in TYPES.items()) + '), '
                        'and the block-scaled (MX, dense, gfx950) ' +
                        ', '.join(f'{t} ({a} x {b})'
                                  for t, (a, b) in MX_TYPES.items()))
    parser.add_argument('--shape', default='4096x4096x4096', help='MxNxK')
    parser.add_argument('--options', default='',
                        help='extra --mcore-pipeline options')
    parser.add_argument('--json', action='store_true')
    parser.add_argument('--update-doc', metavar='MD',
                        help='write the table into MD, between '
                        "'<!-- perf-table ARGS -->' and '<!-- /perf-table -->'")
    parser.add_argument('--check-doc', metavar='MD',
                        help='exit 1 with a diff if that table in MD is stale')
    parser.add_argument('--llm', action='store_true',
                        help="the LLM layer table (docs/Performance.md)")
    parser.add_argument('--llm-shapes', default='',
                        help='with --llm: only these MxNxK')
    args = parser.parse_args()
    if args.llm:
        table = main_llm(args)
        if table is not None:
            write_table(args, table)
        return
    for kind in args.kinds.split(','):
        if kind not in ('dense', 'sparse'):
            sys.exit(f"perf-table: --kinds: '{kind}' is not one of dense, "
                     "sparse")
    shape = tuple(int(x) for x in args.shape.split('x'))
    rows = []
    for dtype in args.types.split(','):
        if dtype not in TYPES and dtype not in MX_TYPES:
            sys.exit(f"perf-table: --types: '{dtype}' is not one of "
                     + ', '.join(list(TYPES) + list(MX_TYPES)))
        for chip in args.chips.split(','):
            if dtype == 'fp8' and chip == 'gfx1100':
                continue  # RDNA3 has no fp8 matrix instructions.
            if dtype in MX_TYPES and chip not in MX_CHIPS:
                continue
            dense = None
            for kind in args.kinds.split(','):
                if dtype in MX_TYPES and kind != 'dense':
                    continue  # no 2:4 block-scaled instruction
                row = predict(args, chip, kind, shape, dtype)
                if kind == 'dense':
                    dense = row
                row['vs_dense'] = (row['tflops'] / dense['tflops']
                                   if kind == 'sparse' and dense
                                   and dense['tflops'] else None)
                rows.append(row)
    if args.json:
        json.dump(rows, sys.stdout, indent=1)
        print()
        return
    write_table(args, render(args, rows))


def write_table(args, table):
    """Prints the table, or writes or checks it in --update-doc/--check-doc."""
    if args.update_doc or args.check_doc:
        sys.exit(sync_doc(args.update_doc or args.check_doc, table,
                          update=bool(args.update_doc)))
    sys.stdout.write(table)


BEGIN = '<!-- perf-table {args} -->'
END = '<!-- /perf-table -->'


def sync_doc(path, table, update):
    """Replaces (or compares) the block between `<!-- perf-table ARGS -->`
    and `<!-- /perf-table -->` of a Markdown file with the table. ARGS are
    the options it was made with, other than --build and the doc flags."""
    with open(path) as f:
        text = f.read()
    begin = BEGIN.format(args=' '.join(doc_args()))
    start = text.find(begin)
    end = text.find(END, start)
    if start < 0 or end < 0:
        return (f"perf-table: {path} has no block '{begin}' ... '{END}'; "
                "add one where the table goes")
    start += len(begin) + 1
    if not update:
        if text[start:end] == table:
            return 0
        import difflib
        sys.stdout.writelines(difflib.unified_diff(
            text[start:end].splitlines(True), table.splitlines(True),
            path, 'benchmarks/perf-table.py'))
        return (f"perf-table: the table in {path} is stale; regenerate it: "
                f"benchmarks/perf-table.py --build BUILD "
                f"{' '.join(doc_args())} --update-doc {path}")
    with open(path, 'w') as f:
        f.write(text[:start] + table + text[end:])
    return 0


def doc_args():
    """The command line, without --build, --update-doc and --check-doc."""
    out, skip = [], False
    for a in sys.argv[1:]:
        if skip:
            skip = False
            continue
        name = a.split('=', 1)[0]
        if name in ('--build', '--update-doc', '--check-doc'):
            skip = '=' not in a
            continue
        out.append(a)
    return out


def render(args, rows):
    lines = []
    print = lambda text='': lines.append(text + '\n')
    print(f"Predicted (mcore-perf, calibrated: the product's clock under "
          f"load and its launch overhead, docs/Calibration.md), {args.shape}, "
          f"types {args.types}"
          f"{', options: ' + args.options if args.options else ''}:")
    print()
    print('| type | chip | kind | loop | VGPRs | LDS | spills | waves/SIMD (limit) '
          '| 1 wave, cycles/iter | SIMD, cycles/iter | matrix busy (loop) '
          '| product (clock) | TFLOP/s | of peak at that clock '
          '| TFLOP/s at the peak clock | 2:4 / dense |')
    print('| --- ' * 16 + '|')
    for r in rows:
        ratio = f"{r['vs_dense']:.2f}x" if r['vs_dense'] else ''
        if r['product'] is None:
            # The kernel's figures alone (a chip the model has no product
            # of: docs/Performance.md).
            whole = '(no product) | | | '
        else:
            whole = (f"{r['product']} ({r['clock']:.0f} MHz) "
                     f"| {r['tflops']:.0f} | {100 * r['utilization']:.1f}% of "
                     f"{r['peak']:.0f} ({r['bound']}) "
                     f"| {r['peak_clock_tflops']:.0f} ")
        print(f"| {r['type']} | {r['chip']} | {'2:4' if r['kind'] == 'sparse' else 'dense'} "
              f"| {r['matrix']} | {r['vgprs']} | {r['lds'] // 1024} KiB "
              f"| {r['spills']} | {r['waves']} ({r['limit']}) "
              f"| {r['wave_cycles']:.0f} | {r['simd_cycles']:.0f} "
              f"| {100 * r['steady']:.1f}% | {whole}"
              f"| {ratio} |")
    return ''.join(lines)


if __name__ == '__main__':
    main()
