"""OCP MX element formats as Python input types: fp4 (E2M1), fp6 (E2M3)
and bf6 (E3M2). No matrix instruction of the pipeline takes them yet, so a
matmul of them runs as the SIMT kernel (docs/Types.md); float arrays are
rounded to the format (round_to), and the result is checked against the
float64 product of the rounded values. Block-scaled matmuls
(compile_matmul(..., scales="e8m0"), E8M0 scales per 32 elements of K; on
gfx950's block-scaled MFMA, elsewhere the loops kernel) are checked against
a numpy reference that applies the scales itself."""

import warnings

import numpy as np
import pytest

import mcore

BACKEND = "emu"  # no machine of the project has an AMD GPU

# Every value of each format (sign, exponent, mantissa; no inf, no NaN).
FP4 = [0, 0.5, 1, 1.5, 2, 3, 4, 6]
FP6 = [m / 8 for m in range(8)] + [(1 + m / 8) * 2.0 ** e
                                   for e in range(0, 3) for m in range(8)]
BF6 = [m / 16 for m in range(4)] + [(1 + m / 4) * 2.0 ** e
                                    for e in range(-2, 5) for m in range(4)]


def test_round_to_formats():
    # Every value of a format rounds to itself, and 2.4 to its neighbours.
    for name, values in (("fp4", FP4), ("fp6", FP6), ("bf6", BF6)):
        v = np.array(values + [-x for x in values])
        np.testing.assert_array_equal(mcore.round_to(v, name), v)
    assert mcore.round_to([2.4], "fp4")[0] == 2
    assert mcore.round_to([2.4], "fp6")[0] == 2.5
    assert mcore.round_to([2.4], "bf6")[0] == 2.5


@pytest.mark.parametrize("chip", ["gfx950", "gfx1201"])
@pytest.mark.parametrize("a_type,b_type,values_a,values_b",
                         [("fp4", "fp6", FP4, FP6), ("bf6", "fp4", BF6, FP4)])
def test_mx_matmul_simt(chip, a_type, b_type, values_a, values_b):
    rng = np.random.default_rng(5)
    m, n, k = 19, 23, 41  # ragged: no size a multiple of 16
    a = rng.choice(values_a, (m, k)) * rng.choice([-1, 1], (m, k))
    b = rng.choice(values_b, (k, n)) * rng.choice([-1, 1], (k, n))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        d = mcore.matmul(a, b, a_type=a_type, b_type=b_type, chip=chip,
                         backend=BACKEND)
    assert any("SIMT kernel" in str(w.message) for w in caught)
    assert d.dtype == np.float32 and d.shape == (m, n)
    # Products of these formats are exact in f32 and the sums here are too
    # (at most 11 significant bits): C must be exact.
    np.testing.assert_array_equal(d.astype(np.float64), a @ b)
    kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type=a_type,
                                  b_type=b_type, backend=BACKEND)
    assert kernel.intrinsic == "none"


# -- Block scales (OCP MX) -------------------------------------------------

# Largest finite value of each format on gfx950 and gfx12 (OCP fp8 E4M3).
LARGEST = {"fp4": 6, "fp6": 7.5, "bf6": 28, "fp8": 448, "bf8": 57344}


def random_mx(rng, type_name, shape):
    """Floats of both signs from about 1/8 to the format's largest value,
    uniform in the exponent, unrounded (the module rounds them)."""
    top = np.log2(LARGEST[type_name])
    return rng.choice([-1.0, 1.0], shape) * 2.0 ** rng.uniform(-3, top, shape)


def scaled_reference(a, b, a_type, b_type, sa, sb, chip):
    """(acc-free C, |A sA| @ |B sB|ᵀ) in float64: each rounded element times
    2^(e - 127) of its row's (B: column's) block of 32 along K, then numpy's
    product; independent of the C++ reference."""
    def scaled(x, t, s):
        factors = np.repeat(2.0 ** (s.astype(np.int64) - 127), 32, axis=1)
        return mcore.round_to(x, t, chip=chip).astype(np.float64) * factors
    a_s, b_s = scaled(a, a_type, sa), scaled(b, b_type, sb)
    return a_s @ b_s.T, np.abs(a_s) @ np.abs(b_s).T


@pytest.mark.parametrize("chip", ["gfx950", "gfx1201"])
@pytest.mark.parametrize("a_type,b_type,m,n,k", [
    ("fp4", "fp4", 19, 23, 128),   # ragged M and N
    ("fp8", "bf6", 33, 17, 64),
    ("fp6", "fp4", 24, 24, 96),    # square: swapped scales fit, and differ
])
def test_block_scaled(chip, a_type, b_type, m, n, k):
    rng = np.random.default_rng(11)
    a = random_mx(rng, a_type, (m, k))
    b = random_mx(rng, b_type, (n, k))        # B is N x K, as MX weights
    # Scales from 2^-6 to 2^6 (E8M0 121 to 133), one per row and block of
    # 32: blocks differ in size, so C's f32 sums round.
    sa = rng.integers(121, 134, (m, k // 32), dtype=np.uint8)
    sb = rng.integers(121, 134, (n, k // 32), dtype=np.uint8)
    acc = rng.standard_normal((m, n)).astype(np.float32)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type=a_type,
                                      b_type=b_type, scales="e8m0",
                                      backend=BACKEND)
    assert kernel.scales == "e8m0" and kernel.transpose_b
    # gfx950's block-scaled MFMA; gfx1201 has none: the loops kernel.
    assert kernel.intrinsic == (
        f"mfma_scale_f32_16x16x128_f8f6f4_{a_type}_{b_type}"
        if chip == "gfx950" else "none")
    if chip == "gfx950":
        # The heuristic's configuration, as every matrix kernel's
        # (docs/Tuning.md, "Block-scaled (MX) kernels").
        assert kernel.config["stages"] == 1 and kernel.config["tile_k"] == 128
        assert kernel.config["description"].endswith(
            "operands from global memory")
    d = kernel(a, b, acc=acc, a_scales=sa, b_scales=sb)
    assert d.dtype == np.float32 and d.shape == (m, n)
    product, magnitude = scaled_reference(a, b, a_type, b_type, sa, sb, chip)
    ref = acc.astype(np.float64) + product
    # The data is not exact in f32: the check below is not a check of
    # exact sums.
    assert (ref.astype(np.float32) != ref).sum() > m * n // 4
    # f32's bound (docs/Python.md, Numerics): (K + 2) 2u (|acc| + |A||B|)
    # for the sums, 2u |C| for the last rounding, u = 2^-24.
    u = 2.0 ** -24
    bound = (k + 2) * 2 * u * (np.abs(acc) + magnitude) + 2 * u * np.abs(ref) \
        + np.finfo(np.float32).tiny
    error = np.abs(d.astype(np.float64) - ref)
    assert (error <= bound).all(), (error / bound).max()


@pytest.mark.parametrize("chip", ["gfx950", "gfx1201"])
def test_block_scaled_nan_scale(chip):
    # E8M0's 255 is NaN: the products of its block, and so C, are NaN.
    m, n, k = 4, 5, 64
    a, b = np.ones((m, k)), np.ones((n, k))
    sa = np.full((m, 2), 127, np.uint8)
    sb = np.full((n, 2), 127, np.uint8)
    sa[1, 1] = 255
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="fp4",
                                      scales="e8m0", backend=BACKEND)
    d = kernel(a, b, a_scales=sa, b_scales=sb)
    assert np.isnan(d[1]).all()
    np.testing.assert_array_equal(np.delete(d, 1, axis=0), k)


def compile_error(**kwargs):
    args = dict(m=32, n=32, k=64, chip="gfx950", a_type="fp4",
                scales="e8m0", backend=BACKEND)
    args.update(kwargs)
    with pytest.raises(mcore.Error) as e, warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        mcore.compile_matmul(**args)
    return str(e.value)


def test_block_scaled_errors():
    assert "needs K a multiple of 32" in compile_error(k=40)
    assert compile_error(a_type="f16").startswith(
        "block scales (scales=) are for the MX element types fp8, bf8, fp6, "
        "bf6 and fp4; A is f16 and B f16")
    assert "A is fp4 and B f16" in compile_error(a_type="fp4", b_type="f16")
    for kwargs in (dict(sparse=True), dict(sparse_b=True), dict(batch=2),
                   dict(epilogue="relu")):
        assert compile_error(**kwargs).startswith(
            "a block-scaled matmul is dense, without a batch, an epilogue")
    assert "accumulates into f32, not f16" in compile_error(c_type="f16")
    assert "scales='e4m3' is not one of None, 'e8m0'" in \
        compile_error(scales="e4m3")
    assert "gfx908 has none" in compile_error(a_type="fp8", b_type="fp4",
                                              chip="gfx908")


def test_block_scaled_call_errors():
    m, n, k = 8, 16, 64
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        kernel = mcore.compile_matmul(m, n, k, chip="gfx1201", a_type="fp4",
                                      scales="e8m0", backend=BACKEND)
        plain = mcore.compile_matmul(m, n, k, chip="gfx1201", a_type="fp4",
                                     backend=BACKEND)
    a, b = np.ones((m, k)), np.ones((n, k))
    sa, sb = np.full((m, 2), 127, np.uint8), np.full((n, 2), 127, np.uint8)
    np.testing.assert_array_equal(kernel(a, b, a_scales=sa, b_scales=sb), k)
    with pytest.raises(mcore.Error, match="give a_scales \\(8 x 2\\) and "
                       "b_scales \\(16 x 2\\)"):
        kernel(a, b, a_scales=sa)
    with pytest.raises(mcore.Error, match="the scales of A must be 8 x 2, "
                       "got 16 x 2"):
        kernel(a, b, a_scales=sb, b_scales=sa)   # swapped
    with pytest.raises(mcore.Error, match="E8M0 biased exponents"):
        kernel(a, b, a_scales=sa.astype(np.float32), b_scales=sb)
    bad = sb.astype(np.int32)
    bad[3, 1] = 256
    with pytest.raises(mcore.Error, match=r"the scales of B\[3, 1\] = 256 "
                       "is not an E8M0 scale"):
        kernel(a, b, a_scales=sa, b_scales=bad)
    with pytest.raises(mcore.Error, match="B must be 16 x 64"):
        kernel(a, b.T, a_scales=sa, b_scales=sb)   # B is N x K
    with pytest.raises(mcore.Error, match="has no block scales"):
        plain(a, b.T, a_scales=sa, b_scales=sb)
