"""mcore.linear: ``y = x @ w.T`` as torch.nn.functional.linear computes it,
with the weight dense or 2:4-sparse (the weight of a linear layer is the
right operand: the kernel computes ``yᵀ = w @ xᵀ`` on the sparse
instructions)."""

from __future__ import annotations

from typing import Optional, Union

import numpy as _np
from numpy.typing import ArrayLike

from . import _mcore
from . import _tensors
from . import _types
from ._compiler import check_chip_name, wrapped_call
from ._types import TypeName
from ._matmul import _check_matrix, compile_matmul

Error = _mcore.Error

#: A weight: dense ``N x K``, or ``(values, metadata)`` of a 2:4 one.
Weight = Union[ArrayLike, "tuple[ArrayLike, ArrayLike]"]


#: The activations :func:`linear` applies after the bias, and the steps of
#: the kernel's fused epilogue (as ``mcore-run --epilogue`` spells them)
#: that compute them.
ACTIVATIONS = ("relu", "gelu", "gelu_tanh", "silu")
_ACTIVATION_STEPS = {"relu": "relu", "gelu": "gelu", "gelu_tanh": "gelu-tanh",
                     "silu": "silu"}

#: What `out_dtype` may name: the epilogue's result types, and i32 (the
#: accumulator of integer inputs, without an epilogue).
OUT_TYPES = ("f32", "f16", "bf16", "i32")


def linear(x: ArrayLike, w: Weight, bias: Optional[ArrayLike] = None,
           activation: Optional[str] = None,
           out_dtype: Optional[TypeName] = None,
           *, chip: str, scale: Optional[ArrayLike] = None,
           sparse: bool = False, backend: str = "auto",
           x_type: Optional[TypeName] = None,
           w_type: Optional[TypeName] = None,
           **pipeline_options) -> _np.ndarray:
    """``activation((x @ w.T) * scale + bias)`` with the matmul and the
    rest computed by one mcore kernel for `chip`, as
    ``torch.nn.functional.linear(x, w, bias)`` (followed by the activation)
    computes it; returns a new numpy array.

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
      (``u8`` activations with ``i8`` weights). The matmul's result is
      float32 for float inputs and int32 for integer ones (the
      accumulator).
    * `scale` (a scalar, or ``N`` values: one per output feature, the
      dequantization of i8 or fp8 results), `bias` (``N``), `activation`
      (one of ``relu``, ``gelu`` (the erf form), ``gelu_tanh``, ``silu``)
      and `out_dtype` (``f32``, ``f16``, ``bf16``; bf16 returned as float32
      as :func:`round_to` does) are the kernel's **fused epilogue**: the
      compiler applies them to the accumulator tiles in registers, in f32
      (scale and bias rounded to float32; an integer result converted to
      f32 first), and the kernel writes the result rounded once to
      `out_dtype`. With any of them the result is float32 unless
      `out_dtype` says otherwise; ``out_dtype="i32"`` is the accumulator of
      integer inputs, without an epilogue.

    Kernels are compiled once per shape, types, chip, form of `w`,
    epilogue, backend and pipeline options, and cached with those of
    :func:`matmul`.
    """
    check_chip_name(chip)
    like = _tensors.first_tensor(x, w, bias, scale)
    if like is not None:
        # PyTorch tensors (docs/Python.md, "PyTorch"): numpy views in, a
        # tensor out; out_dtype may be a torch dtype.
        out_dtype = _tensors.type_name_of_dtype(out_dtype)
        (x, x_hint), (w, w_hint), (bias, _), (scale, _) = (
            _tensors.to_array(v) for v in (x, w, bias, scale))
        with wrapped_call():
            y = linear(x, w, bias, activation, out_dtype, chip=chip,
                       scale=scale, sparse=sparse, backend=backend,
                       x_type=x_type or x_hint, w_type=w_type or w_hint,
                       **pipeline_options)
        return _tensors.to_tensor(y, like, out_dtype)
    if activation is not None and activation not in ACTIVATIONS:
        raise Error(f"activation={activation!r} is not one of "
                    f"{', '.join(ACTIVATIONS)}")
    out_dtype = _types.normalize_type(out_dtype, "out_dtype")
    if out_dtype is not None and out_dtype not in OUT_TYPES:
        raise Error(f"out_dtype={out_dtype!r} is not one of "
                    f"{', '.join(OUT_TYPES)}")
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
    if bias is not None:
        bias = _np.asarray(bias)
        if bias.shape != (n,):
            raise Error(f"bias must have shape ({n},) (one value per output "
                        f"feature, N), got {bias.shape}")
    if rows == 0 or k == 0:
        raise Error(f"x of shape {x.shape} has no elements to multiply")
    xt = _types.input_type_of(x, x_type, w_type, "x")
    wt = _types.input_type_of(w_like, w_type, x_type, "w")
    # The fused epilogue: its steps and their operands, in order.
    steps, inputs = [], []
    if scale is not None:
        scale = _np.asarray(scale)
        if scale.ndim == 0:
            steps.append("alpha")
        elif scale.shape == (n,):
            steps.append("scale-col")
        else:
            raise Error(f"scale must be a scalar or have shape ({n},) (one "
                        f"value per output feature, N), got {scale.shape}")
        inputs.append(scale)
    if bias is not None:
        steps.append("bias-col")
        inputs.append(bias)
    if activation is not None:
        steps.append(_ACTIVATION_STEPS[activation])
    accumulator = _types.accumulator_type_of(None, None, xt)
    if out_dtype == "i32":
        if steps or accumulator != "i32":
            raise Error("out_dtype='i32' is the accumulator of integer "
                        "inputs, without scale, bias or activation; the "
                        "epilogue's result is f32, f16 or bf16")
        out_type = None
    elif steps or (out_dtype is not None and out_dtype != accumulator):
        out_type = out_dtype or "f32"
    else:
        out_type = None
    kernel = compile_matmul(rows, n, k, chip=chip, a_type=xt, b_type=wt,
                            sparse_b=compressed or sparse,
                            transpose_b=True, epilogue=steps,
                            out_type=out_type, store_c=out_type is None,
                            backend=backend,
                            **pipeline_options)
    y = kernel._run(x.reshape(rows, k), w, None, a_name="x", b_name="w",
                    inputs=inputs)
    return y.reshape(lead + (n,))
