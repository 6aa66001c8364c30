"""PyTorch tensors in and out of :func:`mcore.matmul`, :func:`mcore.linear`
and :class:`mcore.MatmulKernel` (docs/Python.md, "PyTorch").

torch is optional and never imported here: a tensor can only reach mcore
from a program that imported torch already, so ``sys.modules`` tells.
A CPU tensor becomes a numpy array that shares its memory (``Tensor.numpy``
on the detached tensor: no copy); a bfloat16 tensor, which numpy cannot
hold, becomes float32 (exact) with the element type ``bf16``; a tensor on
another device is copied to the CPU. The result is a tensor on the device
of the first tensor argument, sharing the memory of mcore's result on the
CPU (``torch.from_numpy``), bfloat16 where C (or the epilogue's result) is
bf16.
"""

from __future__ import annotations

import sys
from typing import Any, Optional

import numpy as _np

from . import _mcore

Error = _mcore.Error


def _torch():
    return sys.modules.get("torch")


def is_tensor(x: Any) -> bool:
    torch = _torch()
    return torch is not None and isinstance(x, torch.Tensor)


def first_tensor(*args: Any):
    """The first tensor among `args` (a tuple argument is looked into), or
    None."""
    for x in args:
        for item in (x if isinstance(x, tuple) else (x,)):
            if is_tensor(item):
                return item
    return None


def to_array(x: Any) -> tuple[Any, Optional[str]]:
    """(`x` as numpy, the element type it implies or None); `x` unchanged
    when it is not a tensor. A tuple (compressed values, metadata) is
    converted element-wise; its type is the values'."""
    if isinstance(x, tuple):
        converted = [to_array(item) for item in x]
        return tuple(a for a, _ in converted), converted[0][1] \
            if converted else None
    if not is_tensor(x):
        return x, None
    torch = _torch()
    t = x.detach()
    if t.device.type != "cpu":
        t = t.cpu()
    if t.is_complex():
        raise Error(f"complex tensors ({t.dtype}) have no matrix instruction")
    if t.dtype == torch.bfloat16:
        return t.float().numpy(), "bf16"
    # Conjugate and negative views are materialized (numpy has neither).
    return t.resolve_conj().resolve_neg().numpy(), None


#: torch dtypes an out_dtype may be given as.
def type_name_of_dtype(dtype: Any) -> Any:
    torch = _torch()
    if torch is None or not isinstance(dtype, torch.dtype):
        return dtype
    names = {torch.float32: "f32", torch.float16: "f16",
             torch.bfloat16: "bf16", torch.int32: "i32"}
    if dtype not in names:
        raise Error(f"out_dtype={dtype} is not one of torch.float32, "
                    f"torch.float16, torch.bfloat16, torch.int32")
    return names[dtype]


def to_tensor(result: _np.ndarray, like, type_name: Optional[str]):
    """mcore's numpy result as a tensor on `like`'s device; bf16 values
    (float32 in numpy, exact) as bfloat16."""
    torch = _torch()
    out = torch.from_numpy(_np.ascontiguousarray(result))
    if type_name == "bf16":
        out = out.to(torch.bfloat16)
    if like.device.type != "cpu":
        out = out.to(like.device)
    return out
