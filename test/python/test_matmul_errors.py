"""What mcore.matmul says about bad input: the tools' messages where the tools
have one, and never a crash of the interpreter (runtime errors of the
emulator and of HIP are captured and raised)."""
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mcore

TOOLS = os.environ.get("MCORE_TOOLS_DIR", "")
BACKEND = "emu"

F16 = np.ones((16, 32), np.float16), np.ones((32, 16), np.float16)


def mcore_run_error(*args):
    """The one-line error of `mcore-run --matmul ...`, without its prefix."""
    out = subprocess.run([os.path.join(TOOLS, "mcore-run"), *args],
                         capture_output=True, text=True)
    assert out.returncode == 2, out
    lines = [l for l in out.stderr.splitlines()
             if l.startswith("mcore-run: error: ")]
    assert len(lines) == 1, out.stderr
    return lines[0][len("mcore-run: error: "):]


def python_error(fn):
    with pytest.raises(mcore.Error) as error:
        fn()
    assert isinstance(error.value, ValueError)
    return str(error.value)


@pytest.mark.parametrize("run_args,call", [
    # An unknown chip.
    (["--matmul=16x16x32", "--chip=gfx1234"],
     lambda: mcore.matmul(*F16, chip="gfx1234", backend=BACKEND)),
    # Types the chip has no instruction for: the list of what it supports.
    (["--matmul=16x16x32", "--a-type=fp8", "--b-type=f16", "--chip=gfx942"],
     lambda: mcore.matmul(F16[0], F16[1], chip="gfx942", a_type="fp8",
                          b_type="f16", backend=BACKEND)),
    (["--matmul=16x16x32", "--a-type=fp8", "--chip=gfx1100"],
     lambda: mcore.matmul(*F16, chip="gfx1100", a_type="fp8",
                          backend=BACKEND)),
    (["--matmul=16x16x32", "--a-type=bf8", "--chip=gfx90a"],
     lambda: mcore.matmul(*F16, chip="gfx90a", a_type="bf8",
                          backend=BACKEND)),
    # CDNA has no i4 instruction.
    (["--matmul=16x16x32", "--a-type=i4", "--chip=gfx942"],
     lambda: mcore.matmul(F16[0].astype(np.int8), F16[1].astype(np.int8),
                          chip="gfx942", a_type="i4", backend=BACKEND)),
    # Unsigned x unsigned on CDNA (signed i8 instructions; the offset
    # identity covers one unsigned operand) with strict (else the SIMT
    # kernel computes it), float x int.
    (["--matmul=16x16x32", "--a-type=u8", "--b-type=u8", "--chip=gfx942",
      "--pipeline-options=strict=true"],
     lambda: mcore.matmul(F16[0].astype(np.uint8), F16[1].astype(np.uint8),
                          chip="gfx942", backend=BACKEND, strict=True)),
    (["--matmul=16x16x32", "--a-type=f16", "--b-type=i8", "--chip=gfx1201"],
     lambda: mcore.matmul(F16[0], F16[1].astype(np.int8), chip="gfx1201",
                          backend=BACKEND)),
])
def test_same_message_as_mcore_run(run_args, call):
    assert python_error(call) == mcore_run_error(*run_args, "--backend=emu")


def test_messages_are_worded_for_python():
    # No GPU for backend hip: mcore-run says --backend=emu, Python the
    # keyword argument.
    tool = mcore_run_error("--matmul=16x16x32", "--chip=gfx942",
                           "--backend=hip")
    assert "--backend=emu" in tool
    message = python_error(lambda: mcore.matmul(*F16, chip="gfx942",
                                                backend="hip"))
    assert message == tool.replace("--backend=emu", "backend='emu'")
    assert "--" not in message
    # The runtime libraries' advice too.
    from mcore._compiler import python_words
    assert python_words(
        "no AMD GPU; run on mcore's CPU emulator instead (mcore-run "
        "--backend=emu, or mlir-runner --shared-libs=libmcore_emu_runtime.so)"
    ) == "no AMD GPU; run on mcore's CPU emulator instead (backend='emu')"
    assert python_words(
        "the code object is for gfx942; pass the GPU's chip (mcore-run "
        "--chip=..., or the pipeline's chip=)") == (
        "the code object is for gfx942; pass the GPU's chip (chip=...)")


def test_empty_products():
    """M, N or K of 0: acc (in C's type) or zeros of shape M x N, as numpy's
    @ gives, and nothing compiled."""
    misses = mcore.cache_info()["misses"]
    a, b = F16
    c = mcore.matmul(np.ones((0, 32), np.float16), b, chip="gfx942",
                     backend=BACKEND)
    assert c.shape == (0, 16) and c.dtype == np.float32
    c = mcore.matmul(a, np.ones((32, 0), np.float16), chip="gfx942",
                     backend=BACKEND)
    assert c.shape == (16, 0)
    c = mcore.matmul(np.ones((16, 0), np.float16), np.ones((0, 8), np.float16),
                     chip="gfx1201", backend=BACKEND)
    assert c.shape == (16, 8) and c.dtype == np.float32 and not c.any()
    rng = np.random.default_rng(3)
    acc = rng.standard_normal((16, 8)).astype(np.float32)
    c = mcore.matmul(np.ones((16, 0), np.float16), np.ones((0, 8), np.float16),
                     chip="gfx1201", backend=BACKEND, acc=acc)
    assert np.array_equal(c, acc) and c is not acc
    # acc in C's type: f16 rounds. (f16 inputs cannot accumulate in bf16:
    # linalg.matmul has no conversion between floats of one width.)
    c = mcore.matmul(np.ones((16, 0), np.float16), np.ones((0, 8), np.float16),
                     chip="gfx1201", backend=BACKEND, acc=acc, c_type="f16")
    assert c.dtype == np.float16
    assert np.array_equal(c, mcore.round_to(acc, "f16"))
    same_width = python_error(lambda: mcore.matmul(
        np.ones((16, 0), np.float16), np.ones((0, 8), np.float16),
        chip="gfx1201", backend=BACKEND, acc=acc, c_type="bf16"))
    assert "floats of the same width" in same_width
    c = mcore.matmul(np.ones((0, 32), np.int8), np.ones((32, 4), np.int8),
                     chip="gfx942", backend=BACKEND)
    assert c.shape == (0, 4) and c.dtype == np.int32
    assert mcore.cache_info()["misses"] == misses
    # The types are checked as for a kernel.
    mixed = python_error(lambda: mcore.matmul(
        np.ones((0, 32), np.float16), b.astype(np.int8), chip="gfx1201",
        backend=BACKEND))
    assert mixed == python_error(lambda: mcore.matmul(
        a, b.astype(np.int8), chip="gfx1201", backend=BACKEND))
    # A kernel needs sizes of at least 1.
    assert python_error(lambda: mcore.compile_matmul(
        0, 16, 32, chip="gfx942", backend=BACKEND)).startswith("m = 0:")


def test_bad_shapes():
    a, b = F16
    assert python_error(lambda: mcore.matmul(a, a, chip="gfx942")) == (
        "A is 16 x 32 and B is 16 x 32: B must have as many rows as A has "
        "columns (K)")
    assert python_error(lambda: mcore.matmul(a[0], b, chip="gfx942")) == (
        "A must be a 2-D or 3-D array, got shape (32,)")
    assert python_error(
        lambda: mcore.matmul(a, b, chip="gfx942", acc=np.zeros((16, 17),
                                                               np.float32))
    ) == "acc must be 16 x 16 (the shape of C), got 16 x 17"
    kernel = mcore.compile_matmul(16, 16, 32, chip="gfx942", backend=BACKEND)
    assert python_error(lambda: kernel(a, b[:16])) == \
        "B must be 32 x 16, got 16 x 16"


def test_not_2to4_names_row_and_group():
    a = np.zeros((8, 32), np.float16)
    a[:, ::4] = 1
    a[5, 24:27] = 2
    message = python_error(lambda: mcore.matmul(a, F16[1], chip="gfx1201",
                                                sparse=True, backend=BACKEND))
    assert message == ("A is not 2:4 sparse: row 5, group 6 (columns 24-27) "
                       "has 3 non-zeros")
    # The same as compress_2to4 says.
    assert python_error(lambda: mcore.compress_2to4(a)) == message


def test_bad_compressed_a():
    a = np.zeros((16, 32), np.float16)
    a[:, 1::4] = 1
    values, metadata = mcore.compress_2to4(a)
    b = F16[1]
    assert "needs sparse=True" in python_error(
        lambda: mcore.matmul((values, metadata), b, chip="gfx1201"))
    bad = metadata.copy()
    bad[3, 0] = (bad[3, 0] & ~0xF0) | (2 | 1 << 2) << 4  # positions 2, 1
    # The canonical format's checks are the C++ library's
    # (sparse24::checkCompressed), for every chip and through a kernel too.
    message = ("the metadata of A is not canonical 2:4: row 3, group 1 names "
               "positions 2 and 1; the first must be smaller")
    assert python_error(lambda: mcore.matmul(
        (values, bad), b, chip="gfx1201", sparse=True, backend=BACKEND)) == \
        message
    kernel = mcore.compile_matmul(16, 16, 32, chip="gfx942", sparse=True,
                                  backend=BACKEND)
    assert python_error(lambda: kernel((values, bad), b)) == message
    assert python_error(lambda: mcore.decompress_2to4(values, bad)) == message
    bad[15, 0] = (bad[15, 0] & ~0xF) | (3 | 3 << 2)  # positions 3, 3
    assert "row 3, group 1" in python_error(lambda: kernel((values, bad), b))
    bad[3, 0] = metadata[3, 0]
    assert python_error(lambda: kernel((values, bad), b)) == (
        "the metadata of A is not canonical 2:4: row 15, group 0 names "
        "positions 3 and 3; the first must be smaller")
    assert "the metadata of A must be 16 x 1" in python_error(
        lambda: mcore.matmul((values, metadata[:, :0]), b, chip="gfx1201",
                             sparse=True, backend=BACKEND))


def test_compressed_a_past_k():
    # K = 30: the last group covers columns 28-31; a value at position 2 or
    # 3 of it must be zero.
    rng = np.random.default_rng(5)
    a = np.zeros((8, 30), np.float16)
    a[:, 0::4] = rng.integers(1, 9, (8, 8))
    b = np.ones((30, 16), np.float16)
    values, metadata = mcore.compress_2to4(a)
    kernel = mcore.compile_matmul(8, 16, 30, chip="gfx1201", sparse=True,
                                  backend=BACKEND)
    np.testing.assert_array_equal(kernel((values, metadata), b),
                                  a.astype(np.float32) @ b)
    bad_meta = metadata.copy()
    bad_meta[6, 0] = (bad_meta[6, 0] & ~(0xF << 28)) | (0 | 3 << 2) << 28
    bad_values = values.copy()
    # Position 3 (column 31) holding zero is fine; a non-zero there is not.
    np.testing.assert_array_equal(kernel((bad_values, bad_meta), b),
                                  a.astype(np.float32) @ b)
    bad_values[6, 15] = 2
    assert python_error(lambda: kernel((bad_values, bad_meta), b)) == (
        "the compressed values of A have a non-zero at column 31 of row 6, "
        "past K = 30")


def test_metadata_is_32_bit_words_with_nothing_past_k():
    # K = 60: 15 groups, the second word's top nibble names none.
    rng = np.random.default_rng(7)
    a = mcore.prune_2to4(rng.standard_normal((16, 60)).astype(np.float16))
    b = rng.standard_normal((60, 16)).astype(np.float16)
    values, metadata = mcore.compress_2to4(a)
    assert (metadata[:, 1] >> 28 == 0).all()
    kernel = mcore.compile_matmul(16, 16, 60, chip="gfx942", sparse=True,
                                  backend=BACKEND)
    expected = kernel((values, metadata), b)
    # Wider integer words are the same words (int32 ones with the top bit
    # negative)...
    np.testing.assert_array_equal(
        kernel((values, metadata.astype(np.int64)), b), expected)
    np.testing.assert_array_equal(
        kernel((values, metadata.view(np.int32)), b), expected)
    np.testing.assert_array_equal(
        mcore.decompress_2to4(values, metadata.astype(np.uint64), k=60), a)
    # ... but a bit above 32 is an error, not truncated away.
    wide = metadata.astype(np.int64)
    wide[2, 1] |= 1 << 40
    message = (f"the metadata of A[2, 1] = {int(wide[2, 1]):#x} does not "
               f"fit a 32-bit word")
    assert python_error(lambda: kernel((values, wide), b)) == message
    assert python_error(lambda: mcore.matmul(
        (values, wide), b, chip="gfx1201", sparse=True,
        backend=BACKEND)) == message
    assert python_error(
        lambda: mcore.decompress_2to4(values, wide, k=60)) == message
    # Bits past the last group are not canonical either.
    past = metadata.copy()
    past[5, 1] |= np.uint32(0xE << 28)
    message = (f"the metadata of A is not canonical 2:4: row 5 has bits set "
               f"past its 15 groups (K = 60): word 1 is {int(past[5, 1]):#010x}"
               f", whose top 4 bits must be zero")
    assert python_error(lambda: kernel((values, past), b)) == message
    assert python_error(
        lambda: mcore.decompress_2to4(values, past, k=60)) == message


def test_types_named_as_numpy_names_them():
    # Every argument that names a type takes mcore's name or a numpy dtype
    # (the type, a dtype object, its name).
    rng = np.random.default_rng(3)
    x = rng.standard_normal((16, 32)).astype(np.float16)
    w = rng.standard_normal((16, 32)).astype(np.float16)
    expected = mcore.linear(x, w, out_dtype="f16", chip="gfx942",
                            backend=BACKEND)
    for name in (np.float16, np.dtype("float16"), "float16"):
        y = mcore.linear(x, w, out_dtype=name, chip="gfx942", backend=BACKEND)
        assert y.dtype == np.float16
        np.testing.assert_array_equal(y, expected)
        np.testing.assert_array_equal(
            mcore.linear(x, w, x_type=name, w_type=name, chip="gfx942",
                         backend=BACKEND),
            mcore.linear(x, w, chip="gfx942", backend=BACKEND))
    a, b = x, w.T.copy()
    for c in (np.float32, np.dtype("float32"), "float32"):
        np.testing.assert_array_equal(
            mcore.matmul(a, b, chip="gfx942", a_type=np.float16, c_type=c,
                         backend=BACKEND),
            mcore.matmul(a, b, chip="gfx942", backend=BACKEND))
    kernel = mcore.compile_matmul(16, 16, 32, chip="gfx942", a_type="float16",
                                  c_type=np.float32, backend=BACKEND)
    assert (kernel.a_type, kernel.c_type) == ("f16", "f32")
    assert mcore.compile_matmul(16, 16, 32, chip="gfx1201", a_type=np.int8,
                                backend=BACKEND).c_type == "i32"
    assert mcore.type_info(np.uint8)["bits"] == 8
    np.testing.assert_array_equal(mcore.round_to([1, 2], np.dtype(np.int8)),
                                  [1, 2])
    # mcore's short names win where numpy reads them otherwise ("i8" is
    # numpy's int64).
    assert mcore.compile_matmul(16, 16, 32, chip="gfx1201", a_type="i8",
                                backend=BACKEND).a_type == "i8"
    assert python_error(lambda: mcore.matmul(
        a, b, chip="gfx942", c_type=np.int64, backend=BACKEND)) == (
        "c_type=<class 'numpy.int64'> is numpy's int64, which is not a "
        "type of mcore (f16, bf16, fp8, bf8, i8, u8, i4, u4, f32, f64, fp4, fp6, "
        "bf6 in, "
        "f32, f16, bf16, i32, f64 out)")
    assert python_error(lambda: mcore.linear(
        x, w, out_dtype=object(), chip="gfx942", backend=BACKEND)).startswith(
        "out_dtype=<object object at")


def test_bad_types():
    a, b = F16
    # float64 arrays are f64 (test_f64.py); int64 has no type.
    assert python_error(lambda: mcore.matmul(
        a.astype(np.int64), b.astype(np.int64), chip="gfx942")).startswith(
        "A is a int64 array, which is not a type of mcore's matrix "
        "instructions (f16, bf16, fp8, bf8, i8, u8, i4, u4, f32, f64, fp4, fp6, "
        "bf6)")
    assert python_error(lambda: mcore.matmul(a, b, chip="gfx942",
                                             a_type="f128")).startswith(
        "unknown a_type 'f128'; inputs are f16, bf16, fp8, bf8, i8, u8, i4, "
        "u4, f32, f64")
    # f32 has matrix instructions on CDNA only: elsewhere the SIMT kernel
    # (test_simt.py), with strict=True an error naming the chip's types.
    assert python_error(lambda: mcore.matmul(
        a.astype(np.float32), b.astype(np.float32), chip="gfx1201",
        backend=BACKEND, strict=True)).startswith(
        "linalg.matmul of f32 x f32 -> f32: no matrix instruction of gfx1201 "
        "computes it; gfx1201 supports f16 x f16 -> f32")
    assert "is an integer type: pass integers" in python_error(
        lambda: mcore.matmul(a, b, chip="gfx942", a_type="i8",
                             backend=BACKEND))
    assert python_error(lambda: mcore.matmul(
        a.astype(np.int32) * 300, b.astype(np.int32), chip="gfx1201",
        a_type="u8", backend=BACKEND)) == \
        "A[0, 0] = 300 is out of range for u8 (0 to 255)"
    assert python_error(lambda: mcore.round_to([[3, -9]], "i4")) == \
        "a[0, 1] = -9 is out of range for i4 (-8 to 7)"
    np.testing.assert_array_equal(mcore.round_to([0, 15], "u4"), [0, 15])
    assert python_error(lambda: mcore.matmul(
        a * 300, b, chip="gfx942", a_type="fp8", backend=BACKEND)) == \
        "A[0, 0] = 300 is out of range for fp8 on gfx942 (largest finite " \
        "value 240)"
    assert python_error(lambda: mcore.matmul(a, b, chip="gfx942",
                                             backend="cuda")) == \
        "backend='cuda' is not one of auto, hip, emu"
    assert "unknown pipeline option 'tiles'" in python_error(
        lambda: mcore.matmul(a, b, chip="gfx942", backend=BACKEND, tiles=3))
    assert "the backend decides the format" in python_error(
        lambda: mcore.matmul(a, b, chip="gfx942", backend=BACKEND,
                             format="isa"))


def run_python(code, **env):
    """Runs `code` in a fresh interpreter (the runtime's state is per
    process); returns (exit status, stdout, stderr)."""
    environment = dict(os.environ, **env)
    out = subprocess.run([sys.executable, "-c", textwrap.dedent(code)],
                         capture_output=True, text=True, env=environment,
                         timeout=300)
    return out.returncode, out.stdout, out.stderr


def test_emulator_errors_are_exceptions():
    # A launch that outlives MCORE_EMU_TIMEOUT would end the process in
    # mcore-run; in Python it is an exception and the interpreter goes on.
    status, out, err = run_python("""
        import numpy as np, mcore
        a = np.ones((256, 256), np.float16)
        try:
            mcore.matmul(a, a, chip="gfx1201", backend="emu")
            print("no error")
        except mcore.Error as e:
            print("error:", e)
        print("still alive")
    """, MCORE_EMU_TIMEOUT="0.000001")
    assert status == 0, err
    assert "error: mcore-emu: kernel 'matmul_kernel'" in out
    assert "the launch did not finish within" in out
    assert out.endswith("still alive\n")


@pytest.mark.skipif(not os.environ.get("MCORE_FAKE_HIP_LIBRARY"),
                    reason="needs the stand-in HIP library (run through CTest)")
def test_hip_errors_are_exceptions():
    # The stand-in HIP library reports one GPU and fails the calls FAKE_HIP
    # names; HIP errors end mcore-run, here they are exceptions.
    code = """
        import numpy as np, mcore
        a = np.ones((64, 64), np.float16)
        print(mcore.backend_info()["backend"])
        for attempt in range(2):
            try:
                mcore.matmul(a, a, chip="gfx942")
                print("no error")
            except mcore.Error as e:
                print("error:", e)
        try:
            mcore.matmul(a, a, chip="gfx942", backend="emu")
        except mcore.Error as e:
            print("error:", e)
        print("still alive")
    """
    env = {"MCORE_HIP_LIBRARY": os.environ["MCORE_FAKE_HIP_LIBRARY"]}
    status, out, err = run_python(
        code, FAKE_HIP="devices=1,fail=hipModuleLaunchKernel:701", **env)
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0] == "hip"
    for line in lines[1:3]:
        assert line.startswith("error: mcore-hip: hipModuleLaunchKernel(")
        assert "failed with hipErrorLaunchOutOfResources" in line
    assert lines[3] == (
        "error: this process already runs kernels on backend hip; the hip "
        "and emu runtimes export the same mgpu* functions, so one process "
        "can use only one of them (backend emu was asked for)")
    assert lines[4] == "still alive"

    status, out, err = run_python(
        code, FAKE_HIP="devices=1,fail=hipModuleLoadData:209", **env)
    assert status == 0, err
    assert "error: mcore-hip: hipModuleLoadData(" in out
    assert "hipErrorNoBinaryForGpu" in out
    assert out.endswith("still alive\n")
