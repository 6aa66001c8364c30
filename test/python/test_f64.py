"""f64 matmuls from Python (issue 31): float64 arrays in, float64 out, as
64-bit element bit patterns all the way (runner::ElementBits), on CDNA's f64
MFMA and as the SIMT kernel where the chip has no f64 instruction. The data
have full 53-bit significands and partial sums that are not exact in f64 or
f32, so a value truncated to 32 bits anywhere fails the bound by about
seven orders of magnitude."""

import warnings

import numpy as np
import pytest

import mcore

BACKEND = "emu"  # no machine of the project has an AMD GPU
U64 = 2.0 ** -53


def f64_operands(seed, m, n, k):
    """float64 A (m x k), B (k x n) and C (m x n): both signs, magnitudes
    over several binades, every significand bit random."""
    rng = np.random.default_rng(seed)

    def values(shape):
        return (rng.choice([-1.0, 1.0], shape) * (1 + rng.random(shape)) *
                np.ldexp(1.0, rng.integers(-3, 3, shape)))
    return values((m, k)), values((k, n)), values((m, n))


def check_f64(d, a, b, acc):
    """D within f64's bound for K + 2 roundings of the exact A @ B + C
    (Running.md, "the check", with u = 2^-53), and far from f32's: the
    values are not those of a 32-bit computation."""
    k = a.shape[1]
    ref = a @ b + acc
    mag = np.abs(a) @ np.abs(b) + np.abs(acc)
    # numpy's own sum is off by as much again; twice the bound covers both.
    bound = 2 * (k + 2) * 2 * U64 * mag
    err = np.abs(d - ref)
    assert (err <= bound).all(), (err / mag).max()
    # The sums need more than 32 bits: f32 rounding of the reference misses
    # the bound almost everywhere.
    err32 = np.abs(ref.astype(np.float32).astype(np.float64) - ref)
    assert (err32 > bound).mean() > 0.9


@pytest.mark.parametrize("chip", ["gfx90a", "gfx942"])
def test_f64_mfma(chip):
    # float64 arrays are f64: CDNA's f64 MFMA, a ragged shape, an f64 C.
    m, n, k = 50, 70, 37
    a, b, acc = f64_operands(11, m, n, k)
    d = mcore.matmul(a, b, acc=acc, chip=chip, backend=BACKEND)
    assert d.dtype == np.float64 and d.shape == (m, n)
    check_f64(d, a, b, acc)
    kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="f64",
                                  backend=BACKEND)
    assert kernel.intrinsic == "mfma_f64_16x16x4f64", kernel.intrinsic
    assert kernel.accumulator == "f64"
    # Without acc: C starts at zero and is f64 (the only C of f64 inputs).
    d0 = mcore.matmul(a, b, chip=chip, backend=BACKEND)
    assert d0.dtype == np.float64
    check_f64(d0, a, b, np.zeros((m, n)))


@pytest.mark.parametrize("chip", ["gfx1201", "gfx908"])
def test_f64_simt(chip):
    # No f64 matrix instruction on RDNA or gfx908: the SIMT kernel, with a
    # CompilerRemark saying why.
    m, n, k = 33, 45, 29
    a, b, acc = f64_operands(12, m, n, k)
    with pytest.warns(mcore.CompilerRemark, match="a SIMT kernel computes it"):
        d = mcore.matmul(a, b, acc=acc, chip=chip, backend=BACKEND)
    assert d.dtype == np.float64 and d.shape == (m, n)
    check_f64(d, a, b, acc)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mcore.CompilerRemark)
        kernel = mcore.compile_matmul(m, n, k, chip=chip, a_type="f64",
                                      backend=BACKEND)
    assert kernel.intrinsic == "none", kernel.intrinsic


def test_f64_types():
    assert "f64" in mcore.INPUT_TYPES and "f64" in mcore.ACCUMULATOR_TYPES
    assert mcore.type_info(np.float64)["bits"] == 64
    x = f64_operands(13, 4, 4, 4)[0]
    # Stored as f64, a value keeps all 64 bits.
    assert (mcore.round_to(x, "f64") == x).all()
    assert mcore.round_to(x, "f64").dtype == np.float64
