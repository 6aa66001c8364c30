"""Runs --mcore-pipeline format=isa for every chip of the catalog and every
(A, B, C) type combination its instructions support, dense and 2:4-sparse
(f16 only on gfx1101, gfx1102 and gfx1200, which compile like gfx1100 and
gfx1201), every format pair of the block-scaled (MX) instructions as the
scaled contraction, and checks each kernel: it compiles, nothing spills, and a loop
issues the expected matrix instruction family.

usage: all-chips.py MCORE_OPT MCORE_LAYOUT ISA_REPORT
"""

import concurrent.futures
import json
import re
import subprocess
import sys

mcore_opt, mcore_layout, isa_report = sys.argv[1:4]

ENCODING = ('#sparse_tensor.encoding<{map = (i, j) -> (i : dense, '
            'j floordiv 4 : dense, j mod 4 : structured[2, 4])}>')


def mlir_type(kind, chip):
    fnuz = chip == 'gfx942'
    return {
        'f16': 'f16', 'bf16': 'bf16', 'f32': 'f32', 'f64': 'f64', 'i8': 'i8',
        'i4': 'i4', 'i32': 'i32',
        'fp8': 'f8E4M3FNUZ' if fnuz else 'f8E4M3FN',
        'bf8': 'f8E5M2FNUZ' if fnuz else 'f8E5M2',
        'fp6': 'f6E2M3FN', 'bf6': 'f6E3M2FN', 'fp4': 'f4E2M1FN',
    }[kind]


def scaled_source(a, b):
    # The block-scaled (MX) contraction of docs/MatmulForms.md, 256 x 256
    # (two 128 x 128 work-group tiles along each side) x 4096.
    return f'''#a = affine_map<(m, n, kb, k) -> (m, kb, k)>
#b = affine_map<(m, n, kb, k) -> (n, kb, k)>
#sa = affine_map<(m, n, kb, k) -> (m, kb)>
#sb = affine_map<(m, n, kb, k) -> (n, kb)>
#c = affine_map<(m, n, kb, k) -> (m, n)>
func.func @mm(%a: memref<256x128x32x{a}>, %b: memref<256x128x32x{b}>,
              %sa: memref<256x128xf8E8M0FNU>, %sb: memref<256x128xf8E8M0FNU>,
              %c: memref<256x256xf32>) {{
  linalg.generic {{indexing_maps = [#a, #b, #sa, #sb, #c],
                  iterator_types = ["parallel", "parallel", "reduction", "reduction"]}}
      ins(%a, %b, %sa, %sb : memref<256x128x32x{a}>, memref<256x128x32x{b}>,
                             memref<256x128xf8E8M0FNU>, memref<256x128xf8E8M0FNU>)
      outs(%c : memref<256x256xf32>) {{
  ^bb0(%x: {a}, %y: {b}, %s: f8E8M0FNU, %t: f8E8M0FNU, %acc: f32):
    %0 = arith.scaling_extf %x, %s : {a}, f8E8M0FNU to f32
    %1 = arith.scaling_extf %y, %t : {b}, f8E8M0FNU to f32
    %2 = arith.mulf %0, %1 : f32
    %3 = arith.addf %acc, %2 : f32
    linalg.yield %3 : f32
  }}
  return
}}'''


def source(a, b, c, sparse, dynamic=False, transpose_a=False):
    # K = 4096 keeps the K loop a loop (not unrolled); one 128 x 128 tile.
    # Dynamic shapes: every tile may cross an edge, so the masked staging
    # loads are compiled too.
    m = n = '?' if dynamic else 128
    k = '?' if dynamic else 4096
    if sparse:
        return f'''func.func @mm(%a: tensor<{m}x{k}x{a}, {ENCODING}>, %b: tensor<{k}x{n}x{b}>, %c: tensor<{m}x{n}x{c}>) -> tensor<{m}x{n}x{c}> {{
  %r = linalg.matmul ins(%a, %b : tensor<{m}x{k}x{a}, {ENCODING}>, tensor<{k}x{n}x{b}>) outs(%c : tensor<{m}x{n}x{c}>) -> tensor<{m}x{n}x{c}>
  return %r : tensor<{m}x{n}x{c}>
}}'''
    if transpose_a:
        return f'''func.func @mm(%a: memref<{k}x{m}x{a}>, %b: memref<{k}x{n}x{b}>, %c: memref<{m}x{n}x{c}>) {{
  linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                 affine_map<(m, n, k) -> (k, n)>,
                                 affine_map<(m, n, k) -> (m, n)>]
      ins(%a, %b : memref<{k}x{m}x{a}>, memref<{k}x{n}x{b}>) outs(%c : memref<{m}x{n}x{c}>)
  return
}}'''
    return f'''func.func @mm(%a: memref<{m}x{k}x{a}>, %b: memref<{k}x{n}x{b}>, %c: memref<{m}x{n}x{c}>) {{
  linalg.matmul ins(%a, %b : memref<{m}x{k}x{a}>, memref<{k}x{n}x{b}>) outs(%c : memref<{m}x{n}x{c}>)
  return
}}'''


def cases():
    intrinsics = json.loads(subprocess.run(
        [mcore_layout, '--list', '--format=json'], check=True,
        capture_output=True, text=True).stdout)
    chips = []
    for info in intrinsics:
        for chip in info['chips']:
            if chip not in chips:
                chips.append(chip)
    # Chips of one family compile alike: every type on one of them, f16 on
    # the others.
    twins = {'gfx1101', 'gfx1102', 'gfx1200'}
    result = []
    for chip in chips:
        mine = [i for i in intrinsics if chip in i['chips']]
        if chip in twins:
            mine = [i for i in mine if (i['a_type'], i['c_type']) == ('f16', 'f32')]
        has_sparse = any(i['sparse'] for i in mine)
        seen = set()
        for info in mine:
            # xf32 is f32 data read by an instruction the user asks for
            # (f32-precision=tf32, test/Pipeline/f32.mlir).
            if info['a_type'] == 'xf32':
                continue
            key = (info['a_type'], info['b_type'], info['c_type'], info['sparse'])
            # gfx1250's unscaled MX WMMA (f8f6f4 per format pair, f4) and
            # its scale16 forms (a scale per 16 of K) are for mcore.mma /
            # mcore.scaled_mma by name: the pipeline selects none of them
            # (docs/Layouts.md, "f8f6f4 and f4 WMMA").
            scales = info.get('scales')
            if info['family'] == 'wmma' and (
                    (scales and scales['block_k'] != 32) or
                    (not scales and (info.get('formats') or
                                     info['a_type'] == 'fp4'))):
                continue
            # A block-scaled (MX) instruction needs scales, which a
            # linalg.matmul has none of: each format pair as the scaled
            # contraction (docs/MatmulForms.md). fp4 x fp4 on gfx1250 has
            # two (16x16x128 f8f6f4 and 32x16x128 f4): the heuristic's.
            if scales:
                if key + ('scaled',) not in seen:
                    seen.add(key + ('scaled',))
                    result.append((chip, key, info['family'] + '_scale',
                                   'scaled'))
                continue
            if key in seen:
                continue
            seen.add(key)
            result.append((chip, key, info['family'], ''))
        if not has_sparse:
            # The dense fallback of 2:4-sparse A.
            family = 'mfma' if chip.startswith('gfx9') else 'wmma'
            result.append((chip, ('f16', 'f16', 'f32', True), family, ''))
    # Dynamic shapes, where register pressure is highest, for the integer
    # types (i4 packs and i8 has the most values per register) and f16.
    for chip, a, c, family in [('gfx1201', 'i4', 'i32', 'wmma'),
                               ('gfx1201', 'i8', 'i32', 'wmma'),
                               ('gfx1201', 'f16', 'f32', 'wmma'),
                               ('gfx1100', 'i4', 'i32', 'wmma'),
                               ('gfx1100', 'i8', 'i32', 'wmma'),
                               ('gfx942', 'i8', 'i32', 'mfma'),
                               ('gfx942', 'f16', 'f32', 'mfma')]:
        result.append((chip, (a, a, c, False), family, 'dynamic'))
    # A stored K x M (staged through a transpose like B), static and
    # dynamic.
    for chip, a, c, family in [('gfx1201', 'f16', 'f32', 'wmma'),
                               ('gfx1201', 'i4', 'i32', 'wmma'),
                               ('gfx1100', 'i8', 'i32', 'wmma'),
                               ('gfx942', 'f16', 'f32', 'mfma'),
                               ('gfx950', 'fp8', 'f32', 'mfma')]:
        for variant in ('transposed-a', 'transposed-a dynamic'):
            result.append((chip, (a, a, c, False), family, variant))
    return result


def run(case):
    chip, (a, b, c, sparse), family, variant = case
    name = '%s %s x %s -> %s %s%s' % (chip, a, b, c,
                                      'sparse' if sparse else 'dense',
                                      ' ' + variant if variant else '')
    if variant == 'scaled':
        src = scaled_source(mlir_type(a, chip), mlir_type(b, chip))
    else:
        src = source(mlir_type(a, chip), mlir_type(b, chip),
                     mlir_type(c, chip), sparse, 'dynamic' in variant,
                     'transposed-a' in variant)
    p = subprocess.run([mcore_opt, '-', '--mcore-pipeline=chip=%s format=isa' % chip],
                       input=src, capture_output=True, text=True)
    if p.returncode:
        errors = [l for l in p.stderr.splitlines() if 'error' in l]
        return 'FAIL %s: %s' % (name, errors[0] if errors else p.stderr[:500])
    report = subprocess.run([sys.executable, isa_report], input=p.stdout,
                            capture_output=True, text=True).stdout
    kernels = [l for l in report.splitlines() if 'kernel ' in l]
    for k in kernels:
        if 'vgpr spills 0, sgpr spills 0' not in k:
            return 'FAIL %s: spills: %s' % (name, k)
    # A 2:4 case where the model picks the dense instruction (a remark says
    # so) runs the dense fallback: its loop issues the dense family.
    fallback = re.search(r'decompressing [AB] in the kernel and using (\w+)',
                         p.stderr)
    if sparse and fallback:
        family = {'swmmac': 'wmma', 'smfmac': 'mfma'}.get(family, family)
    pattern = re.compile(r'\bv_%s\w* x\d+' % family)
    loops = [l for l in report.splitlines() if 'loop ' in l and pattern.search(l)]
    if not loops:
        return 'FAIL %s: no loop issues %s:\n%s' % (name, family, report)
    vgprs = [re.search(r'vgpr (\d+)', k).group(1) for k in kernels]
    return 'ok %s: %s, vgpr %s' % (name, pattern.search(loops[0]).group(0),
                                   '/'.join(vgprs))


def main():
    all_cases = cases()
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, all_cases))
    for r in results:
        print(r)
    failed = [r for r in results if r.startswith('FAIL')]
    if failed:
        print('%d of %d cases failed' % (len(failed), len(results)))
        return 1
    print('all %d cases passed' % len(results))
    return 0


if __name__ == '__main__':
    sys.exit(main())
