"""mcore.linear: ``y = x @ w.T`` as torch.nn.functional.linear computes it,
with the weight dense or 2:4-sparse (the weight of a linear layer is the
right operand: the kernel computes ``yᵀ = w @ xᵀ`` on the sparse
instructions)."""

from __future__ import annotations

from typing import Optional, Union

import numpy as _np
from numpy.typing import ArrayLike

from . import _mcore
from . import _types
from ._compiler import check_chip_name
from ._matmul import _check_matrix, compile_matmul

Error = _mcore.Error

#: A weight: dense ``N x K``, or ``(values, metadata)`` of a 2:4 one.
Weight = Union[ArrayLike, "tuple[ArrayLike, ArrayLike]"]


def linear(x: ArrayLike, w: Weight, *, chip: str, sparse: bool = False,
           backend: str = "auto", x_type: Optional[str] = None,
           w_type: Optional[str] = None, **pipeline_options) -> _np.ndarray:
    """``x @ w.T`` computed by an mcore kernel for `chip`, as
    ``torch.nn.functional.linear(x, w)`` computes it; returns a new numpy
    array.

    * `x` is ``(..., K)``: its leading dimensions (none, one, or more) are
      rows of one matmul, and the result is ``(..., N)``.
    * `w` is the weight, ``N x K`` (``out_features x in_features``):
      dense, or the tuple ``(values, metadata)`` of a 2:4 weight that
      :func:`compress_2to4` returns (sparse along K). A dense `w` runs on
      dense instructions, like a dense tensor in PyTorch, unless
      ``sparse=True``: then it must be 2:4 along K (pruned, e.g. by
      :func:`prune_2to4`; a group with more than two non-zeros raises an
      error naming its row and group) and is compressed here. A 2:4 weight
      runs on the chip's sparse instruction, in whichever of the two forms
      the performance model predicts faster (normally ``yᵀ = w xᵀ`` on
      SWMMAC/SMFMAC); chips without one decompress it (a
      :class:`CompilerRemark` says so).
    * Element types as in :func:`matmul`, with `x_type` and `w_type` for
      its `a_type` and `b_type`; the signs of integer `x` and `w` may differ
      (``u8`` activations with ``i8`` weights). The result is float32 for
      float inputs and int32 for integer ones (the accumulator).

    Kernels are compiled once per shape, types, chip, form of `w`, backend
    and pipeline options, and cached with those of :func:`matmul`.
    """
    check_chip_name(chip)
    x = _np.asarray(x)
    if x.ndim == 0:
        raise Error("x must have at least one dimension (..., K), got a "
                    "scalar")
    lead, k = x.shape[:-1], x.shape[-1]
    rows = int(_np.prod(lead, dtype=_np.int64))
    compressed = isinstance(w, tuple)
    if compressed:
        if len(w) != 2:
            raise Error("a 2:4 weight given as a tuple must be (values, "
                        "metadata), as compress_2to4 returns them")
        values = _check_matrix(w[0], "the compressed values of w")
        n = values.shape[0]
        if values.shape[1] != 2 * ((k + 3) // 4):
            raise Error(f"the compressed values of w are {n} x "
                        f"{values.shape[1]}, but x has K = {k}: K = {k} "
                        f"needs {2 * ((k + 3) // 4)} compressed columns")
        w_like = values
    else:
        w_like = _check_matrix(w, "w")
        n = w_like.shape[0]
        if w_like.shape[1] != k:
            raise Error(f"w is {n} x {w_like.shape[1]} (N x K), but x has "
                        f"K = {k}: w must have as many columns as x has "
                        f"elements in its last dimension")
    if rows == 0 or k == 0:
        raise Error(f"x of shape {x.shape} has no elements to multiply")
    xt = _types.input_type_of(x, x_type, w_type, "x")
    wt = _types.input_type_of(w_like, w_type, x_type, "w")
    kernel = compile_matmul(rows, n, k, chip=chip, a_type=xt, b_type=wt,
                            sparse_b=compressed or sparse,
                            transpose_b=True, backend=backend,
                            **pipeline_options)
    y = kernel._run(x.reshape(rows, k), w, None, a_name="x", b_name="w")
    return y.reshape(lead + (n,))
