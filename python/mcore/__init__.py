"""mcore: AMD GPU matrix-core compilation from Python.

mcore lowers ``linalg.matmul`` to AMD matrix instructions (WMMA, SWMMAC,
MFMA, SMFMAC). This package is a small layer over its C++ library (not over
the command-line tools):

* :func:`matmul` runs ``acc + A @ B`` on numpy arrays (or batches of them),
  dense or with a 2:4-sparse A, on an AMD GPU or on mcore's CPU emulator;
  :func:`linear` runs ``x @ w.T`` as ``torch.nn.functional.linear`` does,
  with a dense or 2:4 weight; :func:`compile_matmul` compiles one matmul to
  run many times;
* :func:`compile` runs ``--mcore-pipeline`` on MLIR text and returns ISA,
  LLVM bitcode, a code object (HSACO) or the lowered MLIR;
* the chips and the intrinsic catalog (:func:`chips`, :func:`intrinsics`,
  :func:`layout`) as objects (:class:`Chip`, :class:`Intrinsic`,
  :class:`Layout`), the same data ``mcore-layout`` prints;
* mcore's canonical 2:4 sparse format (:func:`prune_2to4`,
  :func:`compress_2to4`, :func:`decompress_2to4`, :func:`is_2to4`);
* element types numpy lacks (bf16, fp8, bf8, i4, u4): :func:`round_to`.

Errors are raised as :class:`mcore.Error` (a :class:`ValueError`) with the
same messages the command-line tools print; compiler remarks are
:class:`CompilerRemark` warnings. docs/Python.md is the reference.

Element types: 2:4 functions take numpy arrays of float16, float32 or
integers up to 32 bits, and work along the last axis (leading axes are rows).
"""

from __future__ import annotations

from typing import Optional

import numpy as _np

from . import _mcore

#: mcore's version (the CMake project's, as the tools' --version says it).
__version__: str = _mcore.__version__

Error = _mcore.Error
# The catalog's classes (read-only views of the C++ catalog).
Chip = _mcore.Chip
Intrinsic = _mcore.Intrinsic
Fragment = _mcore.Fragment
SparseIndex = _mcore.SparseIndex
Layout = _mcore.Layout
LayoutCell = _mcore.LayoutCell

from ._compiler import CompilerRemark, compile, pipeline_options  # noqa: E402
from ._matmul import (MatmulKernel, backend_info, cache_info,  # noqa: E402
                      clear_cache, compile_matmul, matmul)
from ._linear import linear  # noqa: E402
from . import _types  # noqa: E402
from ._types import (ACCUMULATOR_TYPES, INPUT_TYPES, round_to,  # noqa: E402
                     type_info)

__all__ = [
    "Error",
    "CompilerRemark",
    "Chip",
    "Intrinsic",
    "Fragment",
    "SparseIndex",
    "Layout",
    "LayoutCell",
    "chips",
    "intrinsics",
    "layout",
    "prune_2to4",
    "compress_2to4",
    "decompress_2to4",
    "is_2to4",
    # Not "compile": `from mcore import *` would hide the builtin.
    "pipeline_options",
    "matmul",
    "linear",
    "compile_matmul",
    "MatmulKernel",
    "backend_info",
    "cache_info",
    "clear_cache",
    "round_to",
    "type_info",
    "INPUT_TYPES",
    "ACCUMULATOR_TYPES",
]


def chips() -> list[Chip]:
    """Every chip mcore targets, as :class:`Chip`: ``name``, ``family``,
    ``product``, ``wave_size``, ``fp8`` (its fp8 encoding), the
    matrix-instruction families it has (``mfma``, ``smfmac``, ``wmma``,
    ``swmmac``), ``lds_bytes``, ``vgprs`` and ``agprs``."""
    return _mcore.chips()


def intrinsics(chip: Optional[str] = None) -> list[Intrinsic]:
    """The catalog, as :class:`Intrinsic` entries in the order
    ``mcore-layout --list`` prints them; only the intrinsics of ``chip``
    when given."""
    return _mcore.intrinsics(chip)


def layout(name: str) -> Layout:
    """The register layouts of one intrinsic, as ``mcore-layout NAME``
    prints them: a :class:`Layout` whose ``a``, ``b``, ``c`` and (sparse
    intrinsics) ``index`` are lists of :class:`LayoutCell`."""
    return _mcore.layout(name)


# ---------------------------------------------------------------------------
# 2:4 sparsity on numpy arrays
# ---------------------------------------------------------------------------


def _to_bits(a: _np.ndarray) -> tuple[str, _np.ndarray, int, int]:
    """(element kind, rows x k uint32 bit patterns, rows, k) of an array."""
    a = _np.asarray(a)
    if a.ndim == 0:
        raise Error("2:4 sparsity needs at least one axis, got a scalar")
    k = a.shape[-1]
    rows = int(_np.prod(a.shape[:-1], dtype=_np.int64)) if a.ndim > 1 else 1
    if a.dtype == _np.float16:
        bits = a.view(_np.uint16).astype(_np.uint32)
        kind = "f16"
    elif a.dtype == _np.float32:
        bits = a.view(_np.uint32)
        kind = "f32"
    elif _np.issubdtype(a.dtype, _np.integer) and a.dtype.itemsize <= 4:
        if _np.issubdtype(a.dtype, _np.unsignedinteger) and a.dtype.itemsize == 4:
            raise Error("uint32 elements do not fit mcore's 32-bit signed "
                        "integer kind; use int32 or a narrower type")
        bits = a.astype(_np.int32).view(_np.uint32)
        kind = "i32"
    else:
        raise Error(f"unsupported element type {a.dtype}: use float16, "
                    f"float32 or an integer type of up to 32 bits (convert "
                    f"float64 with a.astype(numpy.float32))")
    return kind, _np.ascontiguousarray(bits.reshape(rows, k)), rows, k


def _from_bits(bits: _np.ndarray, dtype, shape) -> _np.ndarray:
    dtype = _np.dtype(dtype)
    if dtype == _np.float16:
        out = bits.astype(_np.uint16).view(_np.float16)
    elif dtype == _np.float32:
        out = bits.astype(_np.uint32).view(_np.float32)
    else:
        out = bits.astype(_np.uint32).view(_np.int32).astype(dtype)
    return out.reshape(shape)


def is_2to4(a) -> bool:
    """Whether every group of four consecutive elements along the last axis
    holds at most two non-zeros (-0.0 counts as zero)."""
    kind, bits, rows, k = _to_bits(a)
    return _mcore.find_violation(kind, bits, rows, k) is None


def prune_2to4(a) -> _np.ndarray:
    """Keeps the two largest magnitudes of every group of four along the last
    axis (ties keep the lower position) and zeroes the others."""
    a = _np.asarray(a)
    kind, bits, rows, k = _to_bits(a)
    return _from_bits(_mcore.prune(kind, bits, rows, k), a.dtype, a.shape)


def compress_2to4(a) -> tuple[_np.ndarray, _np.ndarray]:
    """Compresses a 2:4-sparse array into mcore's canonical format
    (docs/Sparsity.md): ``values`` of shape ``(..., 2 * ceil(K / 4))`` and
    the same dtype, and ``metadata``, ``uint32`` words of shape
    ``(..., ceil(K / 32))``, one 4-bit group per nibble. Raises
    :class:`mcore.Error` naming the first row and group with more than two
    non-zeros."""
    a = _np.asarray(a)
    kind, bits, rows, k = _to_bits(a)
    values, metadata = _mcore.compress(kind, bits, rows, k)
    lead = a.shape[:-1]
    return (_from_bits(values, a.dtype, lead + (values.shape[1],)),
            metadata.reshape(lead + (metadata.shape[1],)))


def decompress_2to4(values, metadata, k: Optional[int] = None) -> _np.ndarray:
    """Expands canonical compressed ``values`` and ``metadata`` back to the
    dense array. ``k`` is the dense width; by default twice the compressed
    width (pass it when K is not a multiple of 4)."""
    values = _np.asarray(values)
    metadata = _np.asarray(metadata)
    kc = values.shape[-1]
    if k is None:
        k = 2 * kc
    if isinstance(k, bool) or not isinstance(k, (int, _np.integer)) \
            or not 0 <= k < 2**31:
        raise Error(f"k must be an integer from 0 to 2^31 - 1, got {k!r}")
    kind, vbits, rows, _ = _to_bits(values)
    words = _types.metadata_words(metadata, "A")
    meta = _np.ascontiguousarray(
        words.reshape(rows, -1) if words.size else words.reshape(rows, 0))
    dense = _mcore.decompress(kind, vbits, meta, rows, k)
    return _from_bits(dense, values.dtype, values.shape[:-1] + (k,))
