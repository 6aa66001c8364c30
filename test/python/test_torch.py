"""PyTorch tensors in mcore.matmul, mcore.linear and MatmulKernel, and
mcore.torch.SparseLinear against torch.nn.functional.linear on the pruned
weight (docs/Python.md, "PyTorch"). Without torch these tests skip; mcore
itself does not need it (test_without_torch.py)."""
import numpy as np
import pytest

import mcore

torch = pytest.importorskip(
    "torch", reason="PyTorch is not installed (Debian: python3-torch); "
    "mcore's torch support is optional")
import mcore.torch  # noqa: E402

BACKEND = "emu"
U = {"f32": 2.0 ** -24, "f16": 2.0 ** -11, "bf16": 2.0 ** -8}


def bound(x64, w64, k, acc="f32", out="f32"):
    """docs/Python.md's per-element bound: exact products summed in the
    accumulator, the result rounded once to `out`."""
    magnitude = np.abs(x64) @ np.abs(w64).T
    return (k + 2) * 2 * U[acc] * magnitude + 2 * U[out] * magnitude + 1e-30


def sparse_weight(shape, seed):
    """Random weights with groups of four that hold 0, 1 or more non-zeros
    before pruning."""
    g = torch.Generator().manual_seed(seed)
    w = torch.randn(*shape, generator=g)
    groups = w.view(shape[0], -1, 4)
    groups[::3, ::5, :] = 0          # groups with no non-zero
    groups[1::3, 1::4, 1:] = 0       # groups with one
    return w


def test_matmul_takes_and_returns_tensors():
    g = torch.Generator().manual_seed(1)
    a = torch.randn(48, 96, generator=g).half()
    b = torch.randn(64, 96, generator=g).half().t()   # not contiguous
    c = mcore.matmul(a, b, chip="gfx942", backend=BACKEND)
    assert isinstance(c, torch.Tensor) and c.dtype == torch.float32
    assert c.shape == (48, 64)
    ref = a.double() @ b.double()
    assert (c.double() - ref).abs().max() < 1e-3
    # A numpy operand with a tensor one; acc as a tensor.
    acc = torch.ones(48, 64)
    c2 = mcore.matmul(a, b.numpy(), chip="gfx942", backend=BACKEND, acc=acc)
    assert isinstance(c2, torch.Tensor)
    assert (c2.double() - ref - 1).abs().max() < 1e-3


def test_bfloat16_tensors():
    g = torch.Generator().manual_seed(2)
    a = torch.randn(32, 64, generator=g).bfloat16()
    b = torch.randn(64, 32, generator=g).bfloat16()
    # bf16 tensors are bf16 operands without a_type=; a bf16 C comes back
    # as a bfloat16 tensor.
    c = mcore.matmul(a, b, chip="gfx1201", backend=BACKEND)
    assert c.dtype == torch.float32
    ref = a.double() @ b.double()
    assert (c.double() - ref).abs().max() < 1e-3
    c16 = mcore.matmul(a, b, chip="gfx1201", backend=BACKEND, c_type="bf16")
    assert c16.dtype == torch.bfloat16
    assert torch.equal(c16, c16.float().bfloat16())


def test_tensor_that_requires_grad_and_kernel_call():
    x = torch.randn(16, 32, requires_grad=True)
    w = torch.randn(24, 32, requires_grad=True)
    y = mcore.linear(x, w, chip="gfx942", x_type="f16", backend=BACKEND)
    assert isinstance(y, torch.Tensor) and not y.requires_grad
    ref = x.detach().half().double() @ w.detach().half().double().t()
    assert (y.double() - ref).abs().max() < 1e-3
    kernel = mcore.compile_matmul(16, 24, 32, chip="gfx942",
                                  transpose_b=True, backend=BACKEND)
    y2 = kernel(x.half(), w.half())
    assert isinstance(y2, torch.Tensor) and torch.equal(y2, y)


def test_linear_with_tensors_and_epilogue():
    g = torch.Generator().manual_seed(3)
    x = torch.randn(2, 7, 64, generator=g).half()
    w = torch.from_numpy(
        mcore.prune_2to4(sparse_weight((48, 64), seed=5).half().numpy()))
    bias = torch.randn(48, generator=g)
    y = mcore.linear(x, w, bias, "relu", torch.float16, chip="gfx942",
                     sparse=True, backend=BACKEND)
    assert y.dtype == torch.float16 and y.shape == (2, 7, 48)
    ref = torch.relu(torch.nn.functional.linear(x.double(), w.double(),
                                                bias.double()))
    assert (y.double() - ref).abs().max() <= 2 ** -10 * ref.abs().max()
    # A compressed weight as tensors.
    values, metadata = mcore.compress_2to4(w.numpy())
    y2 = mcore.linear(x, (torch.from_numpy(values),
                          torch.from_numpy(metadata.view(np.int32))),
                      bias, "relu", "f16", chip="gfx942", backend=BACKEND)
    assert torch.equal(y, y2)
    # A remark of the compiler points at the caller's line, as for arrays.
    with pytest.warns(mcore.CompilerRemark, match="no sparse") as remarks:
        mcore.linear(x, w, chip="gfx90a", sparse=True, backend=BACKEND)
    assert remarks[0].filename == __file__


@pytest.mark.parametrize("chip, layer_dtype", [
    ("gfx942", torch.float32),    # SMFMAC, f16, f32 in and out
    ("gfx1201", torch.float16),   # SWMMAC, f16 in and out
    ("gfx942", torch.bfloat16),   # SMFMAC bf16
    ("gfx90a", torch.float32),    # no sparse instruction: dense fallback
])
def test_sparse_linear_from_dense(chip, layer_dtype):
    k, n = 128, 48
    layer = torch.nn.Linear(k, n).to(layer_dtype)
    with torch.no_grad():
        layer.weight.copy_(sparse_weight((n, k), seed=4))
    sparse = mcore.torch.SparseLinear.from_dense(layer, chip=chip,
                                                 backend=BACKEND)
    compute = "bf16" if layer_dtype == torch.bfloat16 else "f16"
    assert sparse.dtype == compute and sparse.chip == chip
    # Pruned by magnitude: two of every four kept, the rest of the layer's
    # weight as it was (rounded to the instruction's type).
    w = sparse.weight.float().numpy()
    assert mcore.is_2to4(w)
    expected = mcore.round_to(
        mcore.prune_2to4(layer.weight.detach().float().numpy()), compute)
    np.testing.assert_array_equal(w, expected)
    groups = (w.reshape(n, -1, 4) != 0).sum(axis=2)
    assert (groups == 0).any() and (groups == 1).any() and (groups == 2).any()

    x = torch.randn(3, 5, k).to(layer_dtype)
    y = sparse(x)
    assert y.dtype == layer_dtype and y.shape == (3, 5, n)
    xr = x.double() if compute == "bf16" or layer_dtype != torch.float32 \
        else x.half().double()
    ref = torch.nn.functional.linear(xr, sparse.weight.double(),
                                     layer.bias.detach().double())
    out = {torch.float32: "f32", torch.float16: "f16",
           torch.bfloat16: "bf16"}[layer_dtype]
    allowed = bound(xr.numpy().reshape(-1, k), w.astype(np.float64), k,
                    out=out) + 2 * U[out] * np.abs(
                        layer.bias.detach().double().numpy())
    err = np.abs(y.double().numpy().reshape(-1, n) -
                 ref.numpy().reshape(-1, n))
    assert (err <= allowed).all(), float((err - allowed).max())


def test_sparse_linear_state_and_errors():
    layer = torch.nn.Linear(64, 32, bias=False)
    sparse = mcore.torch.SparseLinear.from_dense(layer, chip="gfx1201",
                                                 backend=BACKEND)
    assert set(sparse.state_dict()) == {"weight", "values", "metadata"}
    assert "chip=gfx1201, dtype=f16, 2:4" in repr(sparse)
    with pytest.raises(mcore.Error, match="the layer takes 64"):
        sparse(torch.randn(4, 63))
    with pytest.raises(mcore.Error, match="not 2:4"):
        mcore.torch.SparseLinear(torch.ones(8, 8), None, chip="gfx942")
    with pytest.raises(mcore.Error, match="torch.nn.Linear"):
        mcore.torch.SparseLinear.from_dense(torch.nn.ReLU(), chip="gfx942")
