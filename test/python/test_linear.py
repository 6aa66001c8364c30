"""mcore.linear (y = activation((x @ w.T) * scale + bias), the weight N x K
on the right, dense or 2:4 along K, the scale, bias, activation and result
type fused into the kernel's epilogue) and batched mcore.matmul against
numpy, on the emulator, on RDNA4, RDNA3, CDNA3, CDNA4 and CDNA2 (whose 2:4
weights are decompressed for dense instructions).

The 2:4 weights have random patterns with groups of 0, 1 and 2 non-zeros;
shapes are ragged (K not a multiple of 4 or of any instruction's K).
"""
import math
import warnings

import numpy as np
import pytest

import mcore
from test_matmul import (BACKEND, MIN_NORMAL, UNIT, check_float,
                         check_int, random_floats, random_ints, random_24)

SPARSE_INSTRUCTION = {"gfx1201": "swmmac", "gfx942": "smfmac",
                      "gfx950": "smfmac"}
DENSE_INSTRUCTION = {"gfx1201": "wmma", "gfx1100": "wmma", "gfx942": "mfma",
                     "gfx950": "mfma", "gfx90a": "mfma"}


def rounded(a, type_name, chip):
    return mcore.round_to(a, type_name, chip=chip).astype(np.float64)


def check_linear(y, x, w, acc_type="f32"):
    """y (..., N) against x (..., K) @ w.T with check_float's bound."""
    n, k = w.shape
    check_float(y.reshape(-1, n), x.reshape(-1, k), np.asarray(w).T,
                acc_type)


@pytest.mark.parametrize("chip", ["gfx1201", "gfx1100", "gfx942", "gfx950",
                                  "gfx90a"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_f16(chip, sparse):
    rng = np.random.default_rng(21)
    x = random_floats(rng, (3, 7, 70))  # rows 21, K 70
    w = random_floats(rng, (36, 70))
    if sparse:
        w = random_24(rng, w)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        y = mcore.linear(x, w, chip=chip, sparse=sparse, backend=BACKEND)
    assert y.shape == (3, 7, 36) and y.dtype == np.float32
    check_linear(y, x, w)
    kernel = mcore.compile_matmul(21, 36, 70, chip=chip, a_type="f16",
                                  sparse_b=sparse, transpose_b=True,
                                  backend=BACKEND)
    if sparse and chip in SPARSE_INSTRUCTION:
        assert kernel.intrinsic.startswith(SPARSE_INSTRUCTION[chip] + "_")
        assert not kernel.dense_fallback
    else:
        assert kernel.intrinsic.startswith(DENSE_INSTRUCTION[chip] + "_")
        assert kernel.dense_fallback == sparse
        # gfx1100 and gfx90a have no sparse instruction: a remark says so.
        assert any("no sparse matrix instruction" in str(w.message)
                   for w in caught) == sparse


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942"])
def test_bf16_and_fp8_sparse(chip):
    rng = np.random.default_rng(22)
    x = rng.standard_normal((19, 66))
    w = random_24(rng, rng.standard_normal((40, 66)))
    for t in ("bf16", "fp8"):
        y = mcore.linear(x, w, chip=chip, sparse=True, x_type=t,
                         backend=BACKEND)
        check_linear(y, rounded(x, t, chip), rounded(w, t, chip))
    # The compressed weight gives the same numbers as the pruned one.
    values, metadata = mcore.compress_2to4(w.astype(np.float32))
    np.testing.assert_array_equal(
        mcore.linear(x, (values, metadata), chip=chip, x_type="fp8",
                     w_type="fp8", backend=BACKEND),
        mcore.linear(x, w, chip=chip, sparse=True, x_type="fp8",
                     backend=BACKEND))


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942", "gfx90a"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_i8_and_u8_activations(chip, sparse):
    rng = np.random.default_rng(23)
    w = random_ints(rng, (24, 100), -128, 127, np.int8)
    if sparse:
        w = random_24(rng, w)
    for lo, hi, dtype in ((-128, 127, np.int8), (0, 255, np.uint8)):
        x = random_ints(rng, (13, 100), lo, hi, dtype)
        y = mcore.linear(x, w, chip=chip, sparse=sparse, backend=BACKEND)
        check_int(y, x, w.T)


def reference_epilogue(v, bias, activation, scale=1.0):
    """The numpy reference of linear's fused epilogue, in float64."""
    v = v * scale + bias
    if activation is None:
        return v
    if activation == "relu":
        return np.maximum(v, 0)
    if activation == "gelu":
        return 0.5 * v * (1 + np.vectorize(math.erf)(v / math.sqrt(2)))
    if activation == "gelu_tanh":
        return 0.5 * v * (1 + np.tanh(math.sqrt(2 / math.pi)
                                      * (v + 0.044715 * v ** 3)))
    return v / (1 + np.exp(-v))  # silu


def epilogue_bound(mm_err, mm, scale, bias, activation, want, out):
    """What the kernel's result may differ from the float64 reference by:
    the matmul's error `mm_err` scaled, the f32 roundings of the scale's
    product and the bias's sum, carried through the activation (slope at
    most 1.13), the activation's own error on the device (erf, tanh and
    exp within 4 ulps of f32, and the roundings of the few f32 operations
    around them), and the final rounding to `out` (one ulp of it)."""
    u = UNIT["f32"]
    v = mm * scale
    e = mm_err * np.abs(scale) + 2 * u * np.abs(v)
    v = v + bias
    e = e + 2 * u * np.abs(v)
    if activation not in (None, "relu"):
        e = 1.13 * e + 16 * u * (np.abs(v) + np.abs(want))
    return (e + 2 * UNIT[out] * (np.abs(want) + e) + MIN_NORMAL[out]
            + MIN_NORMAL["f32"])


def no_separate_kernels(caught):
    """The epilogue was fused: no remark that an op runs as a kernel of its
    own."""
    texts = [str(w.message) for w in caught]
    assert not any("kernel of its own" in t for t in texts), texts


@pytest.mark.parametrize("x_type", ["f16", "bf16", "fp8", "i8"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_fused_epilogue(x_type, sparse):
    # Every activation, with and without a bias, a dequantizing scale for
    # fp8 and i8 (per output feature, and a scalar), each result type: one
    # kernel each, the epilogue fused into it (no kernel of its own), the
    # result against numpy. The 2:4 weight on the right runs as
    # yᵀ = w·xᵀ on SMFMAC, the epilogue on the tiles of yᵀ.
    chip = "gfx942"
    rng = np.random.default_rng(24)
    n, k = 30, 44
    if x_type == "i8":
        x = random_ints(rng, (2, 9, k), -128, 127, np.int8)
        w = random_ints(rng, (n, k), -128, 127, np.int8)
    else:
        x = rng.standard_normal((2, 9, k))
        w = rng.standard_normal((n, k))
    if sparse:
        w = random_24(rng, w)
    bias = rng.standard_normal(n).astype(np.float32)
    scales = [None]
    if x_type in ("fp8", "i8"):
        # i8: results up to 44 * 128^2; scaled into f16's range.
        s = 2.0 ** -12 if x_type == "i8" else 1.0
        scales = [(rng.random(n) * s + s / 4).astype(np.float32),
                  np.float32(0.75 * s)]
    if x_type == "i8":
        xm = x.astype(np.float64).reshape(-1, k)
        wm = w.astype(np.float64)
        mm = xm @ wm.T
        mm_err = UNIT["f32"] * np.abs(mm)  # i32 exact, converted to f32
    else:
        xm = rounded(x, x_type, chip).reshape(-1, k)
        wm = rounded(w, x_type, chip)
        mm = xm @ wm.T
        mm_err = (k + 2) * 2 * UNIT["f32"] * (np.abs(xm) @ np.abs(wm).T)
    outs = [None, "f16", "bf16"]
    # Each activation, with and without a bias (no activation with both),
    # each scale and result type in turn: six kernels per type and form.
    cases = [(None, False), (None, True), ("relu", True), ("gelu", False),
             ("gelu_tanh", True), ("silu", False)]
    for case, (activation, with_bias) in enumerate(cases):
        scale = scales[case % len(scales)] if case % 3 else None
        out = outs[case % 3]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            y = mcore.linear(x, w, bias if with_bias else None,
                             activation, out, chip=chip, scale=scale,
                             sparse=sparse, x_type=x_type,
                             backend=BACKEND)
        no_separate_kernels(caught)
        assert y.shape == (2, 9, n)
        # No step and no out_dtype: the accumulator itself (int32 for i8).
        plain = (scale is None and not with_bias and activation is None
                 and out is None and x_type == "i8")
        assert y.dtype == (np.float16 if out == "f16" else
                           np.int32 if plain else np.float32)
        sc = 1.0 if scale is None else scale.astype(np.float64)
        b = bias.astype(np.float64) if with_bias else 0.0
        want = reference_epilogue(mm, b, activation, sc)
        bound = epilogue_bound(mm_err, mm, sc, b, activation, want,
                               out or "f32")
        err = np.abs(y.reshape(-1, n).astype(np.float64) - want)
        assert (err <= bound).all(), (
            scale is not None, with_bias, activation, out,
            float((err - bound).max()))
        if activation is not None:
            # The activation did something: ReLU zeroes, the
            # others bend.
            assert not np.allclose(
                want, reference_epilogue(mm, b, None, sc))


@pytest.mark.parametrize("chip", ["gfx1201", "gfx950", "gfx1100", "gfx90a"])
@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_fused_epilogue_chips(chip, sparse):
    # Scale, bias, GELU and the cast to f16 in one kernel on the other chip
    # families (gfx1100 and gfx90a decompress a 2:4 weight).
    rng = np.random.default_rng(27)
    n, k = 36, 70
    x = random_floats(rng, (21, k))
    w = random_floats(rng, (n, k))
    if sparse:
        w = random_24(rng, w)
    bias = rng.standard_normal(n).astype(np.float32)
    scale = (rng.random(n) + 0.5).astype(np.float32)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        y = mcore.linear(x, w, bias, "gelu", "f16", chip=chip, scale=scale,
                         sparse=sparse, backend=BACKEND)
    no_separate_kernels(caught)
    assert y.dtype == np.float16
    xm, wm = x.astype(np.float64), w.astype(np.float64)
    mm = xm @ wm.T
    mm_err = (k + 2) * 2 * UNIT["f32"] * (np.abs(xm) @ np.abs(wm).T)
    sc, b = scale.astype(np.float64), bias.astype(np.float64)
    want = reference_epilogue(mm, b, "gelu", sc)
    err = np.abs(y.astype(np.float64) - want)
    assert (err <= epilogue_bound(mm_err, mm, sc, b, "gelu", want,
                                  "f16")).all()


def test_i8_with_bias_and_out_dtype():
    # i32 results with a float bias become float32, computed in f32 by the
    # kernel (the sum exact, the bias rounded to float32, the addition
    # rounded once); out_dtype rounds once more. ReLU is exact, so numpy's
    # float32 arithmetic gives the same bits.
    rng = np.random.default_rng(25)
    # Small magnitudes: every result fits f16 (|y| <= 64 * 15 * 8).
    x = random_ints(rng, (8, 64), 0, 15, np.uint8)
    w = random_24(rng, random_ints(rng, (16, 64), -8, 7, np.int8))
    bias = rng.standard_normal(16)
    exact = x.astype(np.int64) @ w.astype(np.int64).T
    y32 = exact.astype(np.float32) + bias.astype(np.float32)
    y = mcore.linear(x, w, bias, chip="gfx942", sparse=True,
                     backend=BACKEND)
    assert y.dtype == np.float32
    np.testing.assert_array_equal(y, y32)
    for out, dtype in (("f16", np.float16), ("bf16", np.float32)):
        y = mcore.linear(x, w, bias, "relu", out, chip="gfx942",
                         sparse=True, backend=BACKEND)
        assert y.dtype == dtype
        np.testing.assert_array_equal(
            y, mcore.round_to(np.maximum(y32, 0), out))
        # The i32 result converted (i32 -> f32 -> out), no other step.
        np.testing.assert_array_equal(
            mcore.linear(x, w, None, None, out, chip="gfx942", sparse=True,
                         backend=BACKEND),
            mcore.round_to(exact.astype(np.float32), out))
    assert mcore.linear(x, w, out_dtype="i32", chip="gfx942", sparse=True,
                        backend=BACKEND).dtype == np.int32


@pytest.mark.parametrize("sparse", [False, True], ids=["dense", "sparse"])
def test_temporary_c(sparse):
    # store_c=False (what linear uses with an epilogue): the matmul
    # accumulates from zero into a temporary only the epilogue reads. The C
    # argument is neither read nor written: NaNs in it stay, and none reach
    # the result.
    from mcore import _types
    rng = np.random.default_rng(28)
    x = random_floats(rng, (16, 32))
    w = random_floats(rng, (24, 32))
    if sparse:
        w = random_24(rng, w)
    bias = rng.standard_normal(24).astype(np.float32)
    kernel = mcore.compile_matmul(16, 24, 32, chip="gfx942", a_type="f16",
                                  sparse_b=sparse, transpose_b=not sparse,
                                  epilogue=["bias-col", "relu"],
                                  out_type="f16", store_c=False,
                                  backend=BACKEND)
    w_bits, meta = kernel._operand(w, "w", "f16", (24, 32), sparse)
    nan = np.full((16, 24), 0x7FC00000, np.uint32)
    c, out = kernel._native.run(_types.to_bits(x, "f16", "gfx942", "x"),
                                meta, w_bits, nan, [bias])
    assert (c == 0x7FC00000).all()
    y = _types.from_bits(out, "f16", "gfx942").astype(np.float64)
    want = np.maximum(x.astype(np.float64) @ w.astype(np.float64).T + bias, 0)
    assert np.abs(y - want).max() <= 2.0 ** -10 * np.abs(want).max()
    np.testing.assert_array_equal(
        kernel(x, w, inputs=[bias]).astype(np.float64), y)
    with pytest.raises(mcore.Error, match="it takes no acc"):
        kernel._run(x, w, np.zeros((16, 24), np.float32), inputs=[bias])


def test_linear_errors():
    x = np.ones((4, 8), np.float16)
    w = np.ones((6, 8), np.float16)
    with pytest.raises(mcore.Error, match="activation='tanh' is not one of"):
        mcore.linear(x, w, activation="tanh", chip="gfx942")
    with pytest.raises(mcore.Error, match=r"bias must have shape \(6,\)"):
        mcore.linear(x, w, np.ones(8), chip="gfx942")
    with pytest.raises(mcore.Error, match="out_dtype='f64' is not one of"):
        mcore.linear(x, w, out_dtype="f64", chip="gfx942")
    with pytest.raises(mcore.Error, match=r"scale must be a scalar or have "
                       r"shape \(6,\)"):
        mcore.linear(x, w, scale=np.ones(4), chip="gfx942")
    with pytest.raises(mcore.Error, match="out_dtype='i32' is the "
                       "accumulator of integer inputs"):
        mcore.linear(x, w, out_dtype="i32", chip="gfx942")
    with pytest.raises(mcore.Error, match="w is 6 x 7"):
        mcore.linear(x, w[:, :7], chip="gfx942")
    # A weight that is not 2:4 names its row and group.
    with pytest.raises(mcore.Error, match="row 0"):
        mcore.linear(x, w, chip="gfx942", sparse=True, backend=BACKEND)


@pytest.mark.parametrize("chip", ["gfx1201", "gfx942"])
def test_batched_matmul(chip):
    # 3-D operands: the batch on the grid's z; a 2-D one is shared.
    rng = np.random.default_rng(26)
    a = random_floats(rng, (3, 17, 40))
    b = random_floats(rng, (3, 40, 22))
    shared = random_floats(rng, (40, 22))
    c = mcore.matmul(a, b, chip=chip, backend=BACKEND)
    assert c.shape == (3, 17, 22)
    for i in range(3):
        check_float(c[i], a[i], b[i], "f32")
    c = mcore.matmul(a, shared, chip=chip, backend=BACKEND)
    for i in range(3):
        check_float(c[i], a[i], shared, "f32")
    kernel = mcore.compile_matmul(17, 22, 40, chip=chip, batch=3,
                                  shared_b=True, backend=BACKEND)
    assert (kernel.batch, kernel.shared_b) == (3, True)
    # A 2:4 A, batched, with B shared.
    sa = np.stack([random_24(rng, a[i]) for i in range(3)])
    c = mcore.matmul(sa, shared, chip=chip, sparse=True, backend=BACKEND)
    for i in range(3):
        check_float(c[i], sa[i], shared, "f32")
    with pytest.raises(mcore.Error, match="batch of 3 and B of 2"):
        mcore.matmul(a, b[:2], chip=chip, backend=BACKEND)
