"""mcore for PyTorch: a ``torch.nn.Linear`` whose weight is pruned to 2:4,
compressed in mcore's canonical format and run by mcore's sparse kernels
(SWMMAC on gfx1200/gfx1201, SMFMAC on gfx942/gfx950; a dense fallback
elsewhere), on an AMD GPU through HIP or on mcore's emulator.

    import torch, mcore.torch
    layer = torch.nn.Linear(4096, 4096)
    sparse = mcore.torch.SparseLinear.from_dense(layer, chip="gfx942")
    y = sparse(x)       # F.linear(x, sparse.weight, sparse.bias), by mcore

PyTorch is optional for the rest of mcore; this module needs it (Debian:
python3-torch). docs/Python.md, "PyTorch", is the reference.
"""

from __future__ import annotations

from typing import Optional

try:
    import torch as _torch
except ImportError as e:  # pragma: no cover - exercised without torch
    raise ImportError("mcore.torch needs PyTorch (Debian: python3-torch); "
                      "the rest of mcore works without it") from e

import numpy as _np

from . import _mcore
from ._compiler import check_chip_name
from ._linear import linear as _linear
from . import prune_2to4, compress_2to4, is_2to4
from ._types import round_to

Error = _mcore.Error

__all__ = ["SparseLinear"]

#: The element types a SparseLinear computes in, by the layer's dtype: the
#: matrix instructions take 16-bit floats, not float32.
_COMPUTE_TYPES = {_torch.float16: "f16", _torch.bfloat16: "bf16"}
_OUT_TYPES = {_torch.float16: "f16", _torch.bfloat16: "bf16"}


class SparseLinear(_torch.nn.Module):
    """``y = x @ weight.T + bias`` with a 2:4 ``weight`` (``out_features x
    in_features``, two non-zeros in every four along ``in_features``),
    computed by one mcore kernel per input shape (compiled once and cached,
    the bias fused into its epilogue).

    Attributes: ``in_features``, ``out_features``, ``chip``, ``dtype`` (the
    element type of the matrix instruction: ``"f16"`` or ``"bf16"``),
    ``backend``; the buffers ``weight`` (the pruned weight, dense, rounded
    to ``dtype``, in the layer's dtype: what the kernel multiplies),
    ``values`` and ``metadata`` (its compressed form, the metadata's
    uint32 words stored as int32) and ``bias`` (or None).

    Inference only: no gradient flows through it. Inputs on another
    device than the CPU are copied to the CPU and back (mcore's HIP backend
    runs its own kernels; it does not share PyTorch's device memory).
    """

    def __init__(self, weight, bias, *, chip: str, dtype: str = "f16",
                 backend: str = "auto", **pipeline_options):
        super().__init__()
        check_chip_name(chip)
        if dtype not in ("f16", "bf16"):
            raise Error(f"dtype={dtype!r}: a SparseLinear computes in f16 or "
                        f"bf16")
        weight = _torch.as_tensor(weight).detach().cpu()
        if weight.dim() != 2:
            raise Error(f"the weight must be out_features x in_features, got "
                        f"shape {tuple(weight.shape)}")
        self.out_features, self.in_features = weight.shape
        self.chip, self.dtype, self.backend = chip, dtype, backend
        self._options = dict(pipeline_options)
        # The weight as the kernel multiplies it: rounded to the type (a
        # rounding that underflows to 0 keeps the weight 2:4).
        w = weight.float().numpy()
        rounded = w.astype(_np.float16) if dtype == "f16" \
            else round_to(w, "bf16")
        if not is_2to4(rounded):
            raise Error("the weight is not 2:4 along in_features: use "
                        "SparseLinear.from_dense, which prunes it")
        values, metadata = compress_2to4(rounded)
        self.register_buffer("weight", _torch.from_numpy(
            rounded.astype(_np.float32)).to(weight.dtype))
        self.register_buffer("values", _torch.from_numpy(values))
        self.register_buffer("metadata",
                             _torch.from_numpy(metadata.view(_np.int32)))
        if bias is not None:
            bias = _torch.as_tensor(bias).detach().cpu()
            if tuple(bias.shape) != (self.out_features,):
                raise Error(f"the bias must have shape ({self.out_features},)"
                            f", got {tuple(bias.shape)}")
        self.register_buffer("bias", bias)

    @classmethod
    def from_dense(cls, linear: "_torch.nn.Linear", *, chip: str,
                   dtype: Optional[str] = None, backend: str = "auto",
                   **pipeline_options) -> "SparseLinear":
        """`linear`'s weight pruned to 2:4 along ``in_features`` by
        magnitude (the two largest of every four kept, mcore.prune_2to4),
        with its bias. `dtype`: the instruction's element type, by default
        the layer's (bf16 for a bfloat16 layer, else f16). Keyword
        arguments are ``--mcore-pipeline`` options."""
        if not isinstance(linear, _torch.nn.Linear):
            raise Error(f"from_dense takes a torch.nn.Linear, got "
                        f"{type(linear).__name__}")
        weight = linear.weight.detach().cpu()
        if dtype is None:
            dtype = _COMPUTE_TYPES.get(weight.dtype, "f16")
        pruned = prune_2to4(weight.float().numpy())
        layer = cls(_torch.from_numpy(pruned).to(weight.dtype),
                    linear.bias, chip=chip, dtype=dtype, backend=backend,
                    **pipeline_options)
        return layer

    def forward(self, x: "_torch.Tensor") -> "_torch.Tensor":
        if x.shape[-1] != self.in_features:
            raise Error(f"x has {x.shape[-1]} features in its last "
                        f"dimension, the layer takes {self.in_features}")
        # The result in x's dtype, rounded once by the kernel.
        out_dtype = _OUT_TYPES.get(x.dtype)
        with _torch.no_grad():
            y = _linear(x, (self.values, self.metadata), self.bias,
                        out_dtype=out_dtype, chip=self.chip, sparse=True,
                        backend=self.backend, x_type=self.dtype,
                        w_type=self.dtype, **self._options)
        return y

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, "
                f"out_features={self.out_features}, "
                f"bias={self.bias is not None}, chip={self.chip}, "
                f"dtype={self.dtype}, 2:4")
