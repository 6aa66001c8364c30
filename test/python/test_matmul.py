"""mcore.matmul against numpy, on the emulator: dense and 2:4-sparse A, on an
RDNA4 (gfx1201), a CDNA3 (gfx942) and a CDNA4 (gfx950) chip, f16 and i8 and
a few more types.

Float results are checked against an exact reference (float64 sums of exact
products) with the per-element bound mcore-run uses (docs/Running.md):
(K + 2) * 2u_acc * (|acc| + |A| @ |B|) + 2u_c * |ref| + min_normal(c).
Integer results must be exact.
"""
import warnings

import numpy as np
import pytest

import mcore

BACKEND = "emu"  # no machine of the project has an AMD GPU

# Unit roundoff and smallest normal of the accumulator / C types.
UNIT = {"f32": 2.0 ** -24, "f16": 2.0 ** -11, "bf16": 2.0 ** -8}
MIN_NORMAL = {"f32": 2.0 ** -126, "f16": 2.0 ** -14, "bf16": 2.0 ** -126}


def check_float(c, a, b, acc_type, c_type="f32", acc=None):
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    ref = a @ b
    mag = np.abs(a) @ np.abs(b)
    if acc is not None:
        ref = ref + np.asarray(acc, dtype=np.float64)
        mag = mag + np.abs(np.asarray(acc, dtype=np.float64))
    k = a.shape[1]
    bound = ((k + 2) * 2 * UNIT[acc_type] * mag + 2 * UNIT[c_type] * np.abs(ref)
             + MIN_NORMAL[c_type])
    err = np.abs(np.asarray(c, dtype=np.float64) - ref)
    bad = ~(err <= bound)
    assert not bad.any(), (
        f"{bad.sum()} of {bad.size} elements differ; first at "
        f"{tuple(np.argwhere(bad)[0])}: got {c[tuple(np.argwhere(bad)[0])]}, "
        f"want {ref[tuple(np.argwhere(bad)[0])]}")


def check_int(c, a, b, acc=None):
    ref = np.asarray(a, dtype=np.int64) @ np.asarray(b, dtype=np.int64)
    if acc is not None:
        ref = ref + acc
    ref = ((ref + 2 ** 31) % 2 ** 32 - 2 ** 31).astype(np.int32)  # wraps
    assert c.dtype == np.int32
    np.testing.assert_array_equal(c, ref)


def random_floats(rng, shape, dtype=np.float16):
    """Both signs, magnitudes over several binades."""
    mag = np.ldexp(1 + rng.random(shape), rng.integers(-4, 1, shape))
    return (mag * rng.choice([-1, 1], shape)).astype(dtype)


def random_ints(rng, shape, lo, hi, dtype):
    return rng.integers(lo, hi + 1, shape).astype(dtype)


def random_24(rng, dense):
    """A 2:4 A with random patterns: prune random magnitudes, then put the
    dense values back at the kept positions (0, 1 or 2 per group)."""
    scores = rng.random(dense.shape).astype(np.float32)
    scores[rng.random(dense.shape) < 0.15] = 0  # some groups keep fewer
    keep = mcore.prune_2to4(scores) != 0
    return np.where(keep, dense, np.zeros_like(dense))


SPARSE_INSTRUCTION = {"gfx1201": "swmmac", "gfx942": "smfmac",
                      "gfx950": "smfmac"}
DENSE_INSTRUCTION = {"gfx1201": "wmma", "gfx942": "mfma", "gfx950": "mfma"}


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942", "gfx950"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_f16(chip, sparse):
    rng = np.random.default_rng(1)
    m, n, k = 64, 80, 96
    a = random_floats(rng, (m, k))
    if sparse:
        a = random_24(rng, a)
    b = random_floats(rng, (k, n))
    c = mcore.matmul(a, b, chip=chip, sparse=sparse, backend=BACKEND)
    assert c.dtype == np.float32 and c.shape == (m, n)
    kernel = mcore.compile_matmul(m, n, k, chip=chip, sparse=sparse,
                                  backend=BACKEND)
    family = (SPARSE_INSTRUCTION if sparse else DENSE_INSTRUCTION)[chip]
    assert kernel.intrinsic.startswith(family + "_"), kernel.intrinsic
    assert not kernel.dense_fallback
    check_float(c, a, b, kernel.accumulator)


def f32_operands(seed, m, n, k):
    """float32 A (m x k) and B (k x n) of random fractions and magnitudes."""
    rng = np.random.default_rng(seed)
    a = random_floats(rng, (m, k), np.float32) * (1 + rng.random((m, k)))
    b = random_floats(rng, (k, n), np.float32) * (1 + rng.random((k, n)))
    return a.astype(np.float32), b.astype(np.float32)


@pytest.mark.parametrize("chip", ["gfx90a", "gfx942"])
def test_f32(chip):
    # float32 arrays are f32: CDNA's f32 MFMA, a ragged shape.
    m, n, k = 50, 70, 37
    a, b = f32_operands(5, m, n, k)
    c = mcore.matmul(a, b, chip=chip, backend=BACKEND)
    assert c.dtype == np.float32 and c.shape == (m, n)
    kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="f32",
                                  backend=BACKEND)
    assert kernel.intrinsic == "mfma_f32_32x32x2f32", kernel.intrinsic
    check_float(c, a, b, "f32")


@pytest.mark.parametrize("chip", ["gfx1100", "gfx1201"])
def test_f32_simt(chip):
    # RDNA has no f32 matrix instruction: the SIMT kernel (intrinsic "none",
    # a CompilerRemark saying why), f32 FMA in K order; A in column-major
    # memory, a ragged shape.
    m, n, k = 45, 38, 70
    a, b = f32_operands(6, m, n, k)
    with pytest.warns(mcore.CompilerRemark, match="a SIMT kernel computes it"):
        c = mcore.matmul(np.asfortranarray(a), b, chip=chip, backend=BACKEND)
    assert c.dtype == np.float32 and c.shape == (m, n)
    check_float(c, a, b, "f32")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="f32",
                                      backend=BACKEND)
    assert kernel.intrinsic == "none", kernel.intrinsic
    assert kernel.accumulator == "f32"
    assert kernel.config == {"intrinsic": "none", "description": "simt"}


def run_f32_precision(chip, precision, intrinsic, seed, m, n, k):
    """A and B of random f32 values with full significands, C computed with
    ``f32_precision=precision`` on `chip` by `intrinsic`; returns a, b, C
    and the f64 reference and magnitude |A| @ |B|."""
    rng = np.random.default_rng(seed)
    a = (random_floats(rng, (m, k), np.float32) *
         (1 + rng.random((m, k)))).astype(np.float32)
    b = (random_floats(rng, (k, n), np.float32) *
         (1 + rng.random((k, n)))).astype(np.float32)
    kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="f32",
                                  backend=BACKEND, f32_precision=precision)
    assert kernel.intrinsic == intrinsic, kernel.intrinsic
    c = mcore.matmul(a, b, chip=chip, backend=BACKEND,
                     f32_precision=precision)
    a64, b64 = a.astype(np.float64), b.astype(np.float64)
    return a, b, c, a64 @ b64, np.abs(a64) @ np.abs(b64)


def within(c, ref, mag, relative):
    """Whether |C - ref| <= relative * mag plus f32's rounding of C."""
    err = np.abs(c.astype(np.float64) - ref)
    return (err <= relative * mag + 2 * UNIT["f32"] * np.abs(ref)
            + MIN_NORMAL["f32"]).all()


def test_bf16x3_bound():
    # f32 on RDNA from bf16 pieces (docs/Pipeline.md, "f32 from bf16
    # pieces"): three bf16 WMMA matmuls into f32, within the derived bound:
    # u^2 (3 + 4u + 2u^2) |A| @ |B| for the dropped terms (u = 2^-8) plus
    # f32's bound for 3K + 2 additions.
    k = 72
    _, _, c, ref, mag = run_f32_precision(
        "gfx1201", "bf16x3", "wmma_f32_16x16x16_bf16_w32_gfx12", 7, 48, 40, k)
    u = 2.0 ** -8
    assert within(c, ref, mag, u * u * (3 + 4 * u + 2 * u * u) +
                  (3 * k + 2) * 2 * UNIT["f32"] * (1 + u) ** 2 * (1 + 2 * u))


def test_tf32_is_opt_in():
    # xf32 reads A and B with 10 fraction bits: a relative error below
    # 2^-10 per operand, so the f32 bound plus 2 * 2^-10 * |A| @ |B|; and
    # the f32 bound alone does not hold (the option changes results).
    m, n, k = 64, 64, 64
    a, b, c, ref, mag = run_f32_precision(
        "gfx942", "tf32", "mfma_f32_32x32x4_xf32", 6, m, n, k)
    assert within(c, ref, mag, (k + 2) * 2 * UNIT["f32"] + 2 * 2.0 ** -10)
    with pytest.raises(AssertionError):
        check_float(c, a, b, "f32")
    # Without the option: the f32 MFMA and the f32 bound.
    assert mcore.compile_matmul(m, n, k, chip="gfx942", a_type="f32",
                                backend=BACKEND).intrinsic == \
        "mfma_f32_32x32x2f32"


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942", "gfx950"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_i8(chip, sparse):
    rng = np.random.default_rng(2)
    m, n, k = 48, 64, 128
    a = random_ints(rng, (m, k), -128, 127, np.int8)
    if sparse:
        a = random_24(rng, a)
    b = random_ints(rng, (k, n), -128, 127, np.int8)
    c = mcore.matmul(a, b, chip=chip, sparse=sparse, backend=BACKEND)
    kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="i8",
                                  sparse=sparse, backend=BACKEND)
    family = (SPARSE_INSTRUCTION if sparse else DENSE_INSTRUCTION)[chip]
    assert kernel.intrinsic.startswith(family + "_"), kernel.intrinsic
    check_int(c, a, b)


def test_sparse_a_precompressed_and_ragged_shape():
    # K not a multiple of 4 or of the instruction's K; M and N ragged too.
    rng = np.random.default_rng(3)
    m, n, k = 33, 20, 50
    a = random_24(rng, random_floats(rng, (m, k)))
    b = random_floats(rng, (k, n))
    values, metadata = mcore.compress_2to4(a)
    c = mcore.matmul((values, metadata), b, chip="gfx1201", sparse=True,
                     backend=BACKEND)
    check_float(c, a, b, "f32")
    # The dense form gives the same numbers (the same kernel runs).
    np.testing.assert_array_equal(
        c, mcore.matmul(a, b, chip="gfx1201", sparse=True, backend=BACKEND))


def test_acc_is_added():
    rng = np.random.default_rng(4)
    a = random_floats(rng, (32, 64))
    b = random_floats(rng, (64, 32))
    acc = random_floats(rng, (32, 32), np.float32) * 100
    c = mcore.matmul(a, b, chip="gfx942", acc=acc, backend=BACKEND)
    check_float(c, a, b, "f32", acc=acc)
    # And C starts at zero without acc.
    check_float(mcore.matmul(a, b, chip="gfx942", backend=BACKEND), a, b,
                "f32")
    ai = random_ints(rng, (16, 32), -128, 127, np.int8)
    bi = random_ints(rng, (32, 16), -128, 127, np.int8)
    acci = random_ints(rng, (16, 16), -2 ** 31, 2 ** 31 - 1, np.int32)
    check_int(mcore.matmul(ai, bi, chip="gfx1201", acc=acci, backend=BACKEND),
              ai, bi, acc=acci)


def test_f16_result_on_rdna4():
    # An f16 C accumulates in the f16 WMMA on gfx12.
    rng = np.random.default_rng(5)
    a = random_floats(rng, (32, 64))
    b = random_floats(rng, (64, 48))
    c = mcore.matmul(a, b, chip="gfx1201", c_type="f16", backend=BACKEND)
    assert c.dtype == np.float16
    kernel = mcore.compile_matmul(32, 48, 64, chip="gfx1201", c_type="f16",
                                  backend=BACKEND)
    assert kernel.accumulator == "f16"
    check_float(c, a, b, "f16", c_type="f16")


def bf16_round(x):
    """Round to nearest even into bf16, in numpy (independent of mcore)."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return bits.astype(np.uint32).view(np.float32)


def test_round_to_bf16_matches_numpy():
    rng = np.random.default_rng(6)
    x = (rng.standard_normal(10000) * 10).astype(np.float32)
    np.testing.assert_array_equal(mcore.round_to(x, "bf16"), bf16_round(x))


def test_round_to_fp8_ties_to_even():
    # E4M3 has 3 mantissa bits: 1.0625 is halfway between 1.0 and 1.125 and
    # goes to 1.0 (even); 1.1875 goes to 1.25.
    for chip in ("gfx942", "gfx1201"):
        got = mcore.round_to([1.0625, 1.1875, -3.0, 0.0], "fp8", chip=chip)
        np.testing.assert_array_equal(got, [1.0, 1.25, -3.0, 0.0])
    # The largest finite E4M3 value: 240 in FNUZ (gfx942), 448 in OCP.
    assert mcore.round_to([240.0], "fp8", chip="gfx942")[0] == 240
    with pytest.raises(mcore.Error, match=r"a\[0\] = 448 is out of range for "
                                          r"fp8 on gfx942 \(largest finite "
                                          r"value 240\)"):
        mcore.round_to([448.0], "fp8", chip="gfx942")
    assert mcore.round_to([448.0], "fp8", chip="gfx1201")[0] == 448
    with pytest.raises(mcore.Error, match="pass chip="):
        mcore.round_to([1.0], "fp8")


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942", "gfx950"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_bf16_from_float32(chip, sparse):
    rng = np.random.default_rng(7)
    a = rng.standard_normal((32, 64)).astype(np.float32)
    if sparse:
        a = mcore.prune_2to4(a)
    b = rng.standard_normal((64, 32)).astype(np.float32)
    c = mcore.matmul(a, b, chip=chip, sparse=sparse, a_type="bf16",
                     backend=BACKEND)
    check_float(c, bf16_round(a), bf16_round(b), "f32")


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942"])
def test_fp8_from_float64(chip):
    rng = np.random.default_rng(8)
    a = rng.standard_normal((32, 64))
    b = rng.standard_normal((64, 32))
    c = mcore.matmul(a, b, chip=chip, a_type="fp8", backend=BACKEND)
    check_float(c, mcore.round_to(a, "fp8", chip=chip),
                mcore.round_to(b, "fp8", chip=chip), "f32")
    # Rounding happened: the inputs were not fp8 values already.
    assert not np.array_equal(mcore.round_to(a, "fp8", chip=chip), a)


def test_u8():
    rng = np.random.default_rng(9)
    a = random_ints(rng, (32, 64), 0, 255, np.uint8)
    b = random_ints(rng, (64, 32), 0, 255, np.uint8)
    check_int(mcore.matmul(a, b, chip="gfx1201", backend=BACKEND), a, b)


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
@pytest.mark.parametrize("a_type", ["i4", "u4"])
def test_4bit(chip, sparse, a_type):
    # One value per byte in numpy and in device memory, packed in LDS. K is
    # not a multiple of the K tile; gfx1100 decompresses sparse A.
    rng = np.random.default_rng(12)
    lo, hi = (-8, 7) if a_type == "i4" else (0, 15)
    m, n, k = 40, 48, 136
    a = random_ints(rng, (m, k), lo, hi, np.int8)
    if sparse:
        a = random_24(rng, a)
    b = random_ints(rng, (k, n), lo, hi, np.int8)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        c = mcore.matmul(a, b, chip=chip, a_type=a_type, sparse=sparse,
                         backend=BACKEND)
        kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type=a_type,
                                      sparse=sparse, backend=BACKEND)
    family = "swmmac" if sparse and chip == "gfx1201" else "wmma"
    assert kernel.intrinsic.startswith(family + "_i32_"), kernel.intrinsic
    assert "iu4" in kernel.intrinsic, kernel.intrinsic
    check_int(c, a, b)
    a[1, 2] = hi + 1
    with pytest.raises(mcore.Error, match=rf"A\[1, 2\] = {hi + 1} is out of "
                                          rf"range for {a_type} \({lo} to {hi}\)"):
        mcore.matmul(a, b, chip=chip, a_type=a_type, sparse=sparse,
                     backend=BACKEND)


def test_i8_from_wider_ints_checks_range():
    rng = np.random.default_rng(10)
    a = random_ints(rng, (16, 32), -128, 127, np.int64)
    b = random_ints(rng, (32, 16), -128, 127, np.int32)
    check_int(mcore.matmul(a, b, chip="gfx942", a_type="i8", backend=BACKEND),
              a, b)
    a[3, 5] = 200
    with pytest.raises(mcore.Error, match=r"A\[3, 5\] = 200 is out of range "
                                          r"for i8 \(-128 to 127\)"):
        mcore.matmul(a, b, chip="gfx942", a_type="i8", backend=BACKEND)


def test_dense_fallback_on_rdna3():
    rng = np.random.default_rng(11)
    a = random_24(rng, random_floats(rng, (32, 64)))
    b = random_floats(rng, (64, 32))
    with pytest.warns(mcore.CompilerRemark, match="gfx1100 has no sparse "
                                                  "matrix instruction"):
        c = mcore.matmul(a, b, chip="gfx1100", sparse=True, backend=BACKEND)
    check_float(c, a, b, "f32")
    kernel = mcore.compile_matmul(32, 32, 64, chip="gfx1100", sparse=True,
                                  backend=BACKEND)
    assert kernel.dense_fallback and kernel.intrinsic.startswith("wmma_")
    with pytest.raises(mcore.Error, match="dense fallback is disabled"):
        mcore.matmul(a, b, chip="gfx1100", sparse=True, backend=BACKEND,
                     allow_dense_fallback=False)


def test_pipeline_options_reach_the_kernel():
    rng = np.random.default_rng(12)
    a = random_floats(rng, (64, 64))
    b = random_floats(rng, (64, 64))
    c = mcore.matmul(a, b, chip="gfx1201", backend=BACKEND, tile_m=64,
                     tile_n=64, stages=1,
                     intrinsic="wmma_f32_16x16x16_f16_w32_gfx12")
    check_float(c, a, b, "f32")
    kernel = mcore.compile_matmul(64, 64, 64, chip="gfx1201", backend=BACKEND,
                                  tile_m=64, tile_n=64, stages=1,
                                  intrinsic="wmma_f32_16x16x16_f16_w32_gfx12")
    config = kernel.config
    assert (config["tile_m"], config["tile_n"], config["stages"]) == \
        (64, 64, 1), config
    assert config["intrinsic"] == "wmma_f32_16x16x16_f16_w32_gfx12"
    assert config["tiles_m"] * 16 * config["waves_m"] == 64, config
    assert config["description"].startswith("64x64x"), config
    assert "1 stage" in config["description"], config
    # Its keys are the pipeline options that set them: they compile the
    # same kernel again.
    options = {k: v for k, v in config.items()
               if k in mcore.pipeline_options()}
    assert set(options) == {"tile_m", "tile_n", "tile_k", "waves_m",
                            "waves_n", "stages", "lds_padding",
                            "lds_padding_b", "group_m", "split_k",
                            "swap_operands", "sched_barriers", "intrinsic"}
    assert options["swap_operands"] == "never" and options["split_k"] == 1, \
        options
    again = mcore.compile_matmul(64, 64, 64, chip="gfx1201", backend=BACKEND,
                                 **options)
    assert again is not kernel and again.config == config
    # A skinny matmul on a 2:4 weight is split along K, its A and B rows
    # padded apart: the config says so, and it compiles the kernel again.
    kernel = mcore.compile_matmul(16, 256, 4096, chip="gfx942",
                                  backend=BACKEND, sparse_b=True)
    config = kernel.config
    assert config["split_k"] > 1, config
    assert config["lds_padding"] != config["lds_padding_b"], config
    options = {k: v for k, v in config.items()
               if k in mcore.pipeline_options()}
    again = mcore.compile_matmul(16, 256, 4096, chip="gfx942",
                                 backend=BACKEND, sparse_b=True, **options)
    assert again is not kernel and again.config == config


def test_tuning_file_reaches_the_kernel(tmp_path):
    # The kernel obeys the table's knobs, and says so.
    table = tmp_path / "table.json"
    table.write_text('{"mcore_tuning_table": 1, "entries": [{"chip": '
                     '"gfx1201", "m": 64, "config": {"tile_m": 32, '
                     '"tile_n": 64, "waves_m": 1, "stages": 1}}]}')
    rng = np.random.default_rng(13)
    a = random_floats(rng, (64, 96))
    b = random_floats(rng, (96, 64))
    c = mcore.matmul(a, b, chip="gfx1201", backend=BACKEND,
                     tuning_file=str(table))
    check_float(c, a, b, "f32")
    kernel = mcore.compile_matmul(64, 64, 96, chip="gfx1201", backend=BACKEND,
                                  tuning_file=str(table))
    config = kernel.config
    assert (config["tile_m"], config["tile_n"], config["waves_m"],
            config["waves_n"], config["stages"]) == (32, 64, 1, 2, 1), config
    assert config["description"].startswith("32x64x"), config


def test_cache():
    mcore.clear_cache()
    before = mcore.cache_info()
    assert before["size"] == 0
    k1 = mcore.compile_matmul(16, 16, 32, chip="gfx942", backend=BACKEND)
    k2 = mcore.compile_matmul(16, 16, 32, chip="gfx942", backend=BACKEND)
    assert k1 is k2
    k3 = mcore.compile_matmul(16, 16, 32, chip="gfx942", backend=BACKEND,
                              sparse=True)
    assert k3 is not k1
    info = mcore.cache_info()
    assert info["size"] == 2
    assert info["hits"] == before["hits"] + 1
    assert info["misses"] == before["misses"] + 2
    # matmul goes through the same cache.
    x = np.ones((16, 32), np.float16)
    y = np.ones((32, 16), np.float16)
    np.testing.assert_array_equal(mcore.matmul(x, y, chip="gfx942",
                                               backend=BACKEND), 32)
    assert mcore.cache_info()["hits"] == info["hits"] + 1
    # A kernel runs on other operands of its shape.
    np.testing.assert_array_equal(k1(x, 2 * y), 64)


def test_no_warning_for_plain_matmul():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        mcore.matmul(np.ones((16, 16), np.float16),
                     np.ones((16, 16), np.float16), chip="gfx942",
                     backend=BACKEND)


def test_strided_and_fortran_operands():
    # Any layout numpy has: the operands are copied row-major.
    rng = np.random.default_rng(13)
    a = np.asfortranarray(random_floats(rng, (64, 96)))
    b = random_floats(rng, (192, 160))[::2, ::2]
    c = mcore.matmul(a, b, chip="gfx1201", backend=BACKEND)
    check_float(c, a, b, "f32")
    np.testing.assert_array_equal(
        c, mcore.matmul(np.ascontiguousarray(a), np.ascontiguousarray(b),
                        chip="gfx1201", backend=BACKEND))
