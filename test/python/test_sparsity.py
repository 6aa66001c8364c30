"""The 2:4 functions of the Python package: round trips with random patterns,
the canonical metadata bits, errors."""
import numpy as np
import pytest

import mcore


def random_24(rng, shape, dtype=np.float16):
    """A random array whose every group of four has 0-2 non-zeros at random
    positions (never one uniform pattern)."""
    a = np.zeros(shape, dtype=dtype)
    flat = a.reshape(-1, shape[-1])
    for row in flat:
        for g in range(0, shape[-1], 4):
            n = rng.integers(0, 3)
            pos = rng.choice(min(4, shape[-1] - g), size=min(n, shape[-1] - g),
                             replace=False)
            for p in pos:
                row[g + p] = dtype(rng.integers(1, 100) * (1 if rng.random() < 0.5 else -1))
    return a


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.int8, np.int32])
@pytest.mark.parametrize("k", [4, 32, 50, 64])
def test_round_trip(dtype, k):
    rng = np.random.default_rng(k)
    a = random_24(rng, (3, 5, k), dtype)
    assert mcore.is_2to4(a)
    values, meta = mcore.compress_2to4(a)
    assert values.shape == (3, 5, 2 * ((k + 3) // 4))
    assert values.dtype == dtype
    assert meta.shape == (3, 5, (k + 31) // 32)
    assert meta.dtype == np.uint32
    back = mcore.decompress_2to4(values, meta, k=k)
    np.testing.assert_array_equal(back, a)


def test_metadata_nibbles():
    # Group 0 keeps positions 1 and 3, group 1 keeps positions 0 and 2.
    a = np.array([[0, 1, 0, 2, 3, 0, 4, 0]], dtype=np.float16)
    values, meta = mcore.compress_2to4(a)
    np.testing.assert_array_equal(values, [[1, 2, 3, 4]])
    assert meta[0, 0] == (1 | 3 << 2) | (0 | 2 << 2) << 4


def test_prune_keeps_largest_magnitudes():
    a = np.array([1.0, -3.0, 2.0, 0.5, 4.0, 4.0, -4.0, 1.0], dtype=np.float32)
    np.testing.assert_array_equal(
        mcore.prune_2to4(a), [0, -3, 2, 0, 4, 4, 0, 0])
    rng = np.random.default_rng(0)
    w = rng.standard_normal((64, 128)).astype(np.float16)
    p = mcore.prune_2to4(w)
    assert mcore.is_2to4(p)
    assert not mcore.is_2to4(w)
    # Kept elements are unchanged, and they are the two largest of the group.
    groups = np.abs(w.reshape(64, 32, 4).astype(np.float32))
    kept = p.reshape(64, 32, 4) != 0
    assert (kept.sum(-1) == 2).all()
    assert (groups[kept].reshape(64, 32, 2).min(-1) >=
            np.where(kept, 0, groups).max(-1)).all()


def test_not_2to4_names_row_and_group():
    a = np.zeros((4, 16), dtype=np.float16)
    a[2, 8:11] = 1.0
    with pytest.raises(mcore.Error, match=r"row 2, group 2 \(columns 8-11\) "
                                          r"has 3 non-zeros"):
        mcore.compress_2to4(a)
    assert issubclass(mcore.Error, ValueError)


def test_unsupported_dtype():
    with pytest.raises(mcore.Error, match="float64"):
        mcore.is_2to4(np.zeros((2, 4)))


CHIPS = ["gfx942", "gfx950", "gfx1201", "gfx90a", "gfx1100"]


def structural_product(a, b):
    """A @ B in float64 with A's pruned positions structural zeros (never
    multiplied) and its stored values, zeros included, multiplied as IEEE
    says: the rule of docs/Sparsity.md."""
    values, meta = mcore.compress_2to4(a)
    dense = mcore.decompress_2to4(values, meta, k=a.shape[1])
    m, k = a.shape
    out = np.zeros((m, b.shape[1]))
    with np.errstate(invalid="ignore"):  # 0 x inf: NaN, as it should be
        accumulate(out, dense, meta, b, m, k)
    return out


def accumulate(out, dense, meta, b, m, k):
    for i in range(m):
        for g in range(0, k, 4):
            nibble = int(meta[i, g // 32]) >> (4 * ((g // 4) % 8))
            for s in range(2):
                col = g + ((nibble >> (2 * s)) & 3)
                out[i] += float(dense[i, col]) * b[col].astype(np.float64)


def test_inf_and_nan_meet_no_pruned_zero_on_any_chip():
    # The case: A is 2:4 with its zeros at positions 2-3 (some
    # groups keep one non-zero: a stored zero), B[2, 0] = inf and
    # B[3, 1] = NaN. numpy's dense product has NaN in C[0, 0] and C[0, 1];
    # the sparse instructions (gfx942, gfx950, gfx1201) and the
    # decompressing fallback (gfx90a, gfx1100) all give the structural
    # product: pruned positions multiply nothing.
    rng = np.random.default_rng(0)
    m, n, k = 16, 16, 32
    a = np.zeros((m, k), np.float16)
    a[:, 0::4] = rng.standard_normal((m, k // 4))
    a[:, 1::4] = rng.standard_normal((m, k // 4))
    a[3, 4:8] = 0
    a[3, 5] = 1.5  # group 1 of row 3 keeps position 0 as a stored zero
    b = rng.standard_normal((k, n)).astype(np.float16)
    b[2, 0] = np.inf
    b[3, 1] = np.nan
    b[4, 2] = np.inf  # meets row 3's stored zero: NaN in C[3, 2]
    expected = structural_product(a, b)
    assert np.isfinite(expected[0, :2]).all()
    assert np.isnan(expected[3, 2])
    values, meta = mcore.compress_2to4(a)
    for chip in CHIPS:
        y = mcore.matmul((values, meta), b, chip=chip, sparse=True,
                         backend="emu")
        np.testing.assert_array_equal(np.isnan(y), np.isnan(expected),
                                      err_msg=chip)
        finite = np.isfinite(expected)
        np.testing.assert_allclose(y[finite], expected[finite], rtol=1e-5,
                                   atol=1e-5, err_msg=chip)


def test_linear_with_a_2to4_weight_follows_the_same_rule():
    # y = x W^T with W 2:4 (the weight on the right): an infinity of x at
    # a pruned position of W's row reaches no output, on every chip.
    rng = np.random.default_rng(1)
    x = rng.standard_normal((8, 32)).astype(np.float16)
    w = mcore.prune_2to4(rng.standard_normal((16, 32)).astype(np.float16))
    pruned = np.flatnonzero(w[0] == 0)[0]
    x[0, pruned] = np.inf
    x[1, np.flatnonzero(w[5] == 0)[0]] = np.nan
    expected = structural_product(w, x.T.copy()).T
    for chip in CHIPS:
        y = mcore.linear(x, w, chip=chip, sparse=True, backend="emu")
        np.testing.assert_array_equal(np.isnan(y), np.isnan(expected),
                                      err_msg=chip)
        np.testing.assert_array_equal(np.isinf(y), np.isinf(expected),
                                      err_msg=chip)
        finite = np.isfinite(expected)
        np.testing.assert_allclose(y[finite], expected[finite], rtol=1e-5,
                                   atol=1e-4, err_msg=chip)
    assert np.isfinite(expected[0, 0])
