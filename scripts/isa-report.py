#!/usr/bin/env python3
"""Summarize the AMDGPU kernels of an mcore-opt --mcore-pipeline format=isa run.

It counts; it predicts nothing. For predicted occupancy, loop cycles,
matrix-unit use and TFLOP/s, use mcore-perf (docs/Performance.md).

Reads MLIR (whose gpu.binary objects hold `assembly = "..."`) or plain
assembly from a file or stdin and prints, per kernel:

  kernel matmul_kernel: vgpr 182, agpr 0, sgpr 12, vgpr spills 0, sgpr spills 0, lds 40960 B, wave 32
    loop .LBB0_1-.LBB0_4: v_swmmac_f32_16x16x32_f16 x16, ds_load x20, ds_store x9, global_load x9, s_barrier x1

A loop is the code between a label and the last branch back to it; loops
nested in a larger one are reported separately. Instruction classes: matrix
instructions by mnemonic, memory instructions by kind, barriers; the rest is
not listed. `--asm` prints the assembly instead.

It behaves as mcore's other tools do: `--version`, one-line errors
(`mcore-isa-report: error: ...`, status 1; status 2 for bad arguments), and
a reader that stops early (`| head`) ends it quietly, by SIGPIPE.
"""

import argparse
import re
import os
import signal
import sys

TOOL = 'mcore-isa-report'
# Filled in by CMake in the copy it makes (build/bin/mcore-isa-report, and
# installed): mcore's version and LLVM's, as the other tools print them.
MCORE_VERSION = '@PROJECT_VERSION@'
LLVM_VERSION = '@LLVM_PACKAGE_VERSION@'


def extract_assembly(text):
    """(gpu.binary name, assembly) of every object, or ('', input)."""
    found = re.findall(r'gpu\.binary\s+@([\w.$]+)[^\[]*\[.*?assembly = "((?:[^"\\]|\\.)*)"',
                       text, re.S)
    if not found:
        return [('', text)]

    def unescape(s):
        out = re.sub(r'\\([0-9A-Fa-f]{2})', lambda m: chr(int(m.group(1), 16)), s)
        return out.replace('\\"', '"').replace('\\\\', '\\')

    return [(name, unescape(s)) for name, s in found]


MATRIX = re.compile(r'^v_(s?wmmac?|s?mfmac?|smfmac)\w*')
CLASSES = [
    ('global_load', re.compile(r'^global_load')),
    ('global_store', re.compile(r'^global_store')),
    ('buffer_load', re.compile(r'^buffer_load')),
    ('buffer_store', re.compile(r'^buffer_store')),
    ('ds_load', re.compile(r'^ds_(load|read)')),
    ('ds_store', re.compile(r'^ds_(store|write)')),
    ('scratch', re.compile(r'^scratch_')),
    ('s_barrier', re.compile(r'^s_barrier(_signal)?$')),
]


def classify(mnemonic):
    if MATRIX.match(mnemonic):
        return mnemonic
    for name, pattern in CLASSES:
        if pattern.match(mnemonic):
            return name
    return None


def metadata(asm, kernel):
    """Register and LDS figures of `kernel` from the code object metadata."""
    info = {}
    # The metadata lists each kernel's keys alphabetically around .name;
    # search the whole entry that contains this name.
    entries = re.split(r'\n  - ', asm.split('amdhsa.kernels:')[-1])
    for entry in entries:
        if re.search(r'\.name:\s+' + re.escape(kernel) + r'\s', entry + '\n'):
            for key in ['vgpr_count', 'agpr_count', 'sgpr_count', 'vgpr_spill_count',
                        'sgpr_spill_count', 'group_segment_fixed_size', 'wavefront_size',
                        'private_segment_fixed_size']:
                m = re.search(r'\.' + key + r':\s+(\d+)', entry)
                if m:
                    info[key] = int(m.group(1))
    return info


def kernels(asm):
    """(name, lines) of every kernel body."""
    result = []
    functions = set(re.findall(r'\.type\s+([\w.$]+),\s*@function', asm))
    lines = asm.split('\n')
    current = None
    for line in lines:
        m = re.match(r'^([A-Za-z_][\w.$]*):\s*(;.*)?$', line)
        if m and m.group(1) in functions:
            current = (m.group(1), [])
            result.append(current)
            continue
        if current is None:
            continue
        if re.match(r'^\s*\.Lfunc_end', line) or re.match(r'^\.Lfunc_end', line):
            current = None
            continue
        current[1].append(line)
    return result


def instructions(body):
    """(label or None, mnemonic, operands) per line."""
    out = []
    for line in body:
        m = re.match(r'^(\.LBB\w+):', line)
        if m:
            out.append((m.group(1), None, ''))
            continue
        s = line.split(';')[0].strip()
        if not s or s.startswith('.'):
            continue
        parts = s.split(None, 1)
        out.append((None, parts[0], parts[1] if len(parts) > 1 else ''))
    return out


def loops(insts):
    """(header, last block label, [mnemonics]) of each loop, outermost first."""
    label_at = {}
    for i, (label, _, _) in enumerate(insts):
        if label:
            label_at[label] = i
    spans = {}
    for i, (_, mnemonic, operands) in enumerate(insts):
        if mnemonic and mnemonic.startswith('s_') and 'branch' in mnemonic:
            target = operands.strip().split(',')[-1].strip()
            if target in label_at and label_at[target] < i:
                spans[target] = max(spans.get(target, 0), i)
    result = []
    for header, end in sorted(spans.items(), key=lambda kv: label_at[kv[0]]):
        start = label_at[header]
        last = header
        for label, _, _ in insts[start:end + 1]:
            if label:
                last = label
        result.append((header, last, [m for _, m, _ in insts[start:end + 1] if m]))
    return result


def summarize(mnemonics):
    counts = {}
    for m in mnemonics:
        c = classify(m)
        if c:
            counts[c] = counts.get(c, 0) + 1
    matrix = sorted(k for k in counts if MATRIX.match(k))
    rest = [name for name, _ in CLASSES if name in counts]
    return ', '.join('%s x%d' % (k, counts[k]) for k in matrix + rest)


class ArgumentParser(argparse.ArgumentParser):
    """argparse with the tools' one-line errors."""

    def error(self, message):
        fail(message, status=2)


def fail(message, status=1):
    sys.stderr.write('%s: error: %s\n' % (TOOL, message))
    sys.exit(status)


def version():
    if MCORE_VERSION.startswith('@'):
        # scripts/isa-report.py itself, not the copy CMake configures.
        return '%s (mcore) unknown: run build/bin/%s for the version\n' % (TOOL, TOOL)
    return '%s (mcore) %s\nLLVM/MLIR %s\n' % (TOOL, MCORE_VERSION, LLVM_VERSION)


def read_input(path):
    try:
        if path == '-':
            return sys.stdin.read()
        with open(path) as f:
            return f.read()
    except OSError as e:
        fail("cannot read '%s': %s" % (path, e.strerror))
    except UnicodeDecodeError:
        fail("'%s' is not text: give the MLIR or assembly of mcore-opt "
             "--mcore-pipeline=\"... format=isa\"" % path)


def main():
    # Like any filter: a reader that closes the pipe early ends this
    # process by SIGPIPE, silently, not with a BrokenPipeError.
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    parser = ArgumentParser(prog=TOOL, description=__doc__.split('\n')[0])
    parser.add_argument('input', nargs='?', default='-',
                        help='MLIR with gpu.binary assembly, or assembly (default: stdin)')
    parser.add_argument('--asm', action='store_true', help='print the assembly')
    parser.add_argument('--version', action='store_true',
                        help="print mcore's and LLVM's versions")
    args = parser.parse_args()
    if args.version:
        sys.stdout.write(version())
        return
    text = read_input(args.input)
    found = 0
    for binary, asm in extract_assembly(text):
        if args.asm:
            sys.stdout.write(asm)
            found += bool(kernels(asm))
            continue
        for name, body in kernels(asm):
            found += 1
            info = metadata(asm, name)
            print('%skernel %s: vgpr %s, agpr %s, sgpr %s, vgpr spills %s, sgpr spills %s, '
                  'lds %s B, scratch %s B, wave %s' % (
                      '@%s ' % binary if binary else '', name,
                      info.get('vgpr_count', '?'), info.get('agpr_count', 0),
                      info.get('sgpr_count', '?'), info.get('vgpr_spill_count', '?'),
                      info.get('sgpr_spill_count', '?'),
                      info.get('group_segment_fixed_size', '?'),
                      info.get('private_segment_fixed_size', '?'),
                      info.get('wavefront_size', '?')))
            for header, last, mnemonics in loops(instructions(body)):
                summary = summarize(mnemonics)
                if summary:
                    print('  loop %s-%s: %s' % (header, last, summary))
    if not found:
        fail("no AMDGPU kernel in %s: give the output of mcore-opt "
             "--mcore-pipeline=\"... format=isa\" (or an assembly file)"
             % ('stdin' if args.input == '-' else "'%s'" % args.input))


def run():
    """main(), with a failed write to stdout (a full disk) an error."""
    try:
        main()
        sys.stdout.flush()
    except OSError as e:
        if e.errno is None:
            raise
        # Nothing more can reach stdout; keep Python's exit from trying.
        try:
            sys.stdout = open(os.devnull, 'w')
        except OSError:
            pass
        fail('cannot write standard output: %s' % e.strerror)


if __name__ == '__main__':
    run()
