"""Nothing ends the interpreter: compiler inputs that once aborted it (issue
15) give results or mcore.Error, and an LLVM fatal error inside the library
is raised as mcore.Error while the interpreter lives on."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mcore

# A kernel with a private array (memref.alloca): its stack allocation once
# reached llc in address space 0 ("Cannot select: FrameIndex").
KERNEL_ALLOCA = """
func.func @main(%out: memref<4xf32>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %p = memref.alloca() : memref<8xf32>
    %c0 = arith.constant 0 : index
    %f = arith.constant 1.0 : f32
    memref.store %f, %p[%c0] : memref<8xf32>
    %v = memref.load %p[%c0] : memref<8xf32>
    memref.store %v, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
"""

# A 2:4-sparse matmul with K = 0.
SPARSE_K0 = """
#S24 = #sparse_tensor.encoding<{map = (i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 4])}>
func.func @mm(%a: tensor<2x0xf16, #S24>, %b: tensor<0x2xf16>, %c: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<2x0xf16, #S24>, tensor<0x2xf16>) outs(%c : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
"""

# f128 division in a kernel: the AMDGPU backend has no f128 arithmetic and
# no library to call; LLVM 22 would end with "unsupported library call
# operation". mcore-verify-device-code makes it a located error.
F128_DIV = """
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx942">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {rocdl.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> f128
      %y = llvm.fdiv %x, %x : f128
      llvm.store %y, %p : f128, !llvm.ptr<1>
      llvm.return
    }
  }
}
"""

# An intrinsic gfx942 does not have (permlane16.var is gfx12's), called by
# name: no verifier of mcore knows it, and LLVM 22 ends with
# report_fatal_error ("Cannot select: intrinsic") while selecting
# instructions.
FATAL_INTRINSIC = """
module attributes {gpu.container_module} {
  gpu.module @k [#rocdl.target<chip = "gfx942">] {
    llvm.func @k(%p: !llvm.ptr<1>) attributes {rocdl.kernel} {
      %x = llvm.load %p : !llvm.ptr<1> -> i32
      %f = llvm.mlir.constant(false) : i1
      %y = llvm.call_intrinsic "llvm.amdgcn.permlane16.var"(%x, %x, %x, %f, %f) : (i32, i32, i32, i1, i1) -> i32
      llvm.store %y, %p : i32, !llvm.ptr<1>
      llvm.return
    }
  }
}
"""


@pytest.mark.parametrize("fmt", ["isa", "llvm", "mlir"])
def test_kernel_alloca_compiles(fmt):
    out = mcore.compile(KERNEL_ALLOCA, chip="gfx942", format=fmt)
    assert out


def test_sparse_k0_makes_no_kernel():
    # C += A B with K = 0 leaves C as it is: no kernel, and no abort.
    assert "gpu.binary" not in mcore.compile(SPARSE_K0, chip="gfx942",
                                             format="mlir")
    with pytest.raises(mcore.Error, match="the program has no GPU kernel"):
        mcore.compile(SPARSE_K0, chip="gfx942", format="isa")


def test_o0_matmul_on_the_emulator():
    rng = np.random.default_rng(15)
    a = rng.standard_normal((64, 64)).astype(np.float16)
    b = rng.standard_normal((64, 64)).astype(np.float16)
    c = mcore.matmul(a, b, chip="gfx942", backend="emu", O=0)
    ref = a.astype(np.float64) @ b.astype(np.float64)
    assert np.max(np.abs(c - ref)) < 1e-3


def test_llvm_fatal_error_is_mcore_error():
    # The same fatal error twice: the interpreter survives the first, and
    # the library still works after it.
    for _ in range(2):
        with pytest.raises(mcore.Error,
                           match="LLVM fatal error: Cannot select: intrinsic"):
            mcore.compile(FATAL_INTRINSIC, chip="gfx942", format="isa")
    assert "v_mfma" in mcore.compile(textwrap.dedent("""
        func.func @mm(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>,
                      %c: tensor<64x64xf32>) -> tensor<64x64xf32> {
          %r = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>)
                             outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
          return %r : tensor<64x64xf32>
        }"""), chip="gfx942", format="isa")


@pytest.mark.parametrize("fmt", ["isa", "llvm"])
def test_f128_arithmetic_is_a_located_error(fmt):
    with pytest.raises(mcore.Error,
                       match=r"input.mlir:6:\d+: error: 'llvm.fdiv' on 'f128' in "
                             r"device code: the AMDGPU backend has no"):
        mcore.compile(F128_DIV, chip="gfx942", format=fmt)


def errors_in_a_fresh_interpreter(source, fmt, times=1):
    """Compiles `source` `times` times in a fresh interpreter, so that a
    failure is the death of that process (SIGABRT, SIGSEGV), not of the test
    run; checks that it lives on, and returns the first line of each error
    raised."""
    script = textwrap.dedent(f"""
        import mcore
        for _ in range({times}):
            try:
                mcore.compile({source!r}, chip="gfx942", format={fmt!r})
            except mcore.Error as e:
                print("raised:", str(e).splitlines()[0])
        print("alive")
    """)
    # On stdin: a source of 10^5 levels is longer than one argument may be.
    proc = subprocess.run([sys.executable, "-"], input=script,
                          capture_output=True, text=True, timeout=300,
                          env=os.environ)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("alive"), proc.stdout
    assert "Stack dump" not in proc.stderr
    return [line[len("raised: "):] for line in proc.stdout.splitlines()
            if line.startswith("raised: ")]


def test_interpreter_survives_a_fatal_error():
    errors = errors_in_a_fresh_interpreter(FATAL_INTRINSIC, "isa")
    assert len(errors) == 1
    assert errors[0].startswith("LLVM fatal error: Cannot select: intrinsic")


# Upstream MLIR 22's parser crashes (SIGSEGV) on a batch_matmul whose
# element types cannot be cast to the accumulator's (found by test/fuzz).
UPSTREAM_PARSER_CRASH = """
func.func @f(%A: memref<3x64x96xf16>, %B: memref<3x96x80xf16>, %C: memref<3x64x80xindex>) {
  linalg.batch_matmul ins(%A, %B : memref<3x64x96xf16>, memref<3x96x80xf16>) outs(%C : memref<3x64x80xindex>)
  return
}
"""


def test_interpreter_survives_a_crash_of_the_upstream_parser():
    errors = errors_in_a_fresh_interpreter(UPSTREAM_PARSER_CRASH, "mlir",
                                           times=2)
    assert len(errors) == 2
    for error in errors:
        assert "the MLIR parser crashed on this input" in error
        assert "defect of upstream MLIR 22" in error


def nested_attribute(levels):
    """The 64x64 f16 matmul with an attribute of `levels` nested arrays."""
    return MATMUL_WITH_ATTRIBUTE.replace("ATTR", "[" * levels + "]" * levels)


MATMUL_WITH_ATTRIBUTE = """func.func @matmul(%a: tensor<64x64xf16>, %b: tensor<64x64xf16>, %c: tensor<64x64xf32>) -> tensor<64x64xf32> attributes {deep = ATTR} {
  %r = linalg.matmul ins(%a, %b : tensor<64x64xf16>, tensor<64x64xf16>) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
  return %r : tensor<64x64xf32>
}
"""


@pytest.mark.parametrize("levels", [10**4, 10**5])
def test_deep_nesting_is_a_located_error(levels):
    # A stack overflow of the parser ended the interpreter (SIGSEGV) from
    # about 10^4 levels; now the source is refused where it passes the limit
    # (mcore/Support/Nesting.h), twice in one interpreter.
    errors = errors_in_a_fresh_interpreter(nested_attribute(levels), "isa",
                                           times=2)
    assert errors == ["input.mlir:1:1127: nesting deeper than 1000 levels "
                      "(brackets and chained affine operators); mcore parses "
                      "at most 1000, so that its recursive parser stays "
                      "within its stack"] * 2


def test_compile_runs_on_a_stack_of_its_own():
    # 990 levels, under the limit, need more stack than a small Python
    # thread has (the parser takes about 1.2 KiB per level): compile runs on
    # a thread of its own with 64 MiB.
    script = textwrap.dedent(f"""
        import threading, mcore
        threading.stack_size(256 * 1024)
        out = []
        t = threading.Thread(target=lambda: out.append(
            mcore.compile({nested_attribute(990)!r}, chip="gfx942")))
        t.start()
        t.join()
        print("v_mfma" in out[0])
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True,
                          text=True, timeout=300, env=os.environ)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == "True"


@pytest.mark.parametrize("name,value,message", [
    ("MCORE_EMU_STACK_KB", "abc",
     "MCORE_EMU_STACK_KB=abc is not a stack size in KiB from 16 to 1048576"),
    ("MCORE_EMU_THREADS", "-3",
     "MCORE_EMU_THREADS=-3 is not a number of threads from 0 (one per core) "
     "to 4096"),
])
def test_bad_emulator_settings_are_errors(name, value, message):
    script = textwrap.dedent("""
        import numpy as np, mcore
        a = np.ones((16, 16), np.float16)
        try:
            mcore.matmul(a, a, chip="gfx1201", backend="emu")
            print("no error")
        except mcore.Error as e:
            print("error:", e)
    """)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True,
                          text=True, timeout=300,
                          env=dict(os.environ, **{name: value}))
    assert proc.returncode == 0, proc.stderr
    assert message in proc.stdout


def test_out_of_range_integers_are_mcore_errors():
    # Not the binding's TypeError: the same message as any other bad size.
    with pytest.raises(mcore.Error, match=r"^M = 9223372036854775808 is out "
                       r"of range \(1 to 2\^31 - 1\)$"):
        mcore.compile_matmul(2**63, 16, 16, chip="gfx942", backend="emu")
    with pytest.raises(mcore.Error, match=r"^K = -18446744073709551616 is out "
                       r"of range"):
        mcore.compile_matmul(16, 16, -2**64, chip="gfx942", backend="emu")
    values = np.zeros((4, 2), np.float16)
    metadata = np.zeros((4, 1), np.uint32)
    for k in (-4, 2**40, 2.0, True):
        with pytest.raises(mcore.Error, match="k must be an integer from 0 "
                           "to 2\\^31 - 1, got"):
            mcore.decompress_2to4(values, metadata, k=k)
