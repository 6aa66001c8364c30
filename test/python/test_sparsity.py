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
