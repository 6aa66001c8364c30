"""OCP MX element formats as Python input types: fp4 (E2M1), fp6 (E2M3)
and bf6 (E3M2). No matrix instruction of the pipeline takes them yet, so a
matmul of them runs as the SIMT kernel (docs/Types.md); float arrays are
rounded to the format (round_to), and the result is checked against the
float64 product of the rounded values. Block scales are not in Python yet
(mcore-run --scales=e8m0 has them)."""

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
