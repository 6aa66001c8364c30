"""Element types of matmuls: which numpy arrays go in, how they are rounded
or checked, and what comes out. docs/Python.md describes the conventions."""

from __future__ import annotations

from typing import Optional

import numpy as _np
from numpy.typing import ArrayLike, DTypeLike

from . import _mcore

Error = _mcore.Error

#: What an argument naming a type takes: mcore's name ("f16") or a numpy
#: dtype of one (numpy.float16, numpy.dtype("float16"), "float16").
TypeName = DTypeLike

#: Types of A and B (matrix-instruction inputs), as ``mcore-run`` names them.
INPUT_TYPES: tuple[str, ...] = tuple(_mcore.input_types())
#: Types of C (accumulators).
ACCUMULATOR_TYPES: tuple[str, ...] = tuple(_mcore.accumulator_types())

# numpy dtypes that are an input type as they are.
_NATIVE_INPUT = {_np.dtype(_np.float16): "f16", _np.dtype(_np.int8): "i8",
                 _np.dtype(_np.uint8): "u8", _np.dtype(_np.float32): "f32",
                 _np.dtype(_np.float64): "f64"}
# numpy dtypes that are an accumulator type as they are.
_NATIVE_ACCUMULATOR = {_np.dtype(_np.float32): "f32",
                       _np.dtype(_np.float16): "f16",
                       _np.dtype(_np.int32): "i32",
                       _np.dtype(_np.float64): "f64"}
# numpy's names of the dtypes that are an mcore type, for arguments that
# name a type (np.float16, np.dtype("float16") and "float16" name f16);
# bfloat16 is ml_dtypes' (and PyTorch's) name.
_DTYPE_NAMES = {"float16": "f16", "float32": "f32", "float64": "f64",
                "int8": "i8",
                "uint8": "u8", "int32": "i32", "bfloat16": "bf16"}
# What a C type comes back as: bf16 values are exact in float32.
_RESULT_DTYPE = {"f32": _np.float32, "f16": _np.float16, "bf16": _np.float32,
                 "i32": _np.int32, "f64": _np.float64}
# Any chip decodes the types whose encoding does not depend on the chip.
_ANY_CHIP = "gfx1201"


def normalize_type(name, what: str):
    """mcore's name of the type an argument names: mcore's own (``"f16"``),
    or a numpy dtype (``numpy.float16``, ``numpy.dtype("float16")``,
    ``"float16"``); None stays None, and a name neither knows is returned
    as given for the caller to reject. mcore's short names win where numpy
    reads a string otherwise (numpy's ``"i8"`` is int64)."""
    if name is None or (isinstance(name, str) and
                        name in INPUT_TYPES + ACCUMULATOR_TYPES):
        return name
    try:
        dtype = _np.dtype(name)
    except (TypeError, ValueError):
        if isinstance(name, str):
            return name
        raise Error(f"{what}={name!r} names no type; use one of "
                    f"{', '.join(INPUT_TYPES + ACCUMULATOR_TYPES)} or a "
                    f"numpy dtype") from None
    mapped = _DTYPE_NAMES.get(dtype.name)
    if mapped is None:
        raise Error(f"{what}={name!r} is numpy's {dtype.name}, which is not "
                    f"a type of mcore ({', '.join(INPUT_TYPES)} in, "
                    f"{', '.join(ACCUMULATOR_TYPES)} out)")
    return mapped


def metadata_words(metadata, what: str) -> _np.ndarray:
    """2:4 metadata as the uint32 words it must be: integers that fit 32
    bits, read as unsigned (int32 words with the top bit set are negative).
    A wider value is an error, not silently truncated."""
    metadata = _np.asarray(metadata)
    if metadata.dtype.kind not in "iu":
        raise Error(f"the metadata of {what} must be integer words, got "
                    f"{metadata.dtype}")
    if metadata.dtype.itemsize > 4:
        wide = metadata.astype(_np.int64) if metadata.dtype.kind == "i" \
            else metadata
        too_big = (wide > 0xFFFFFFFF) if metadata.dtype.kind == "u" else \
            (wide > 0xFFFFFFFF) | (wide < -(1 << 31))
        if too_big.any():
            flat = int(_np.flatnonzero(too_big)[0])
            raise Error(f"the metadata of {what}[{_index(metadata.shape, flat)}]"
                        f" = {metadata.reshape(-1)[flat]:#x} does not fit a "
                        f"32-bit word")
    return _np.ascontiguousarray(
        (metadata.astype(_np.int64) & 0xFFFFFFFF).astype(_np.uint32))


def e8m0_scales(scales, what: str) -> _np.ndarray:
    """Block scales as the bytes they are: E8M0 biased exponents, integers
    0 to 255 (the scale of e is 2^(e - 127); 255 is NaN). Floats are refused,
    not read as the scale's value, so that nothing is rounded silently."""
    scales = _np.asarray(scales)
    if scales.dtype.kind not in "iu":
        raise Error(f"{what} are E8M0 biased exponents (the scale of e is "
                    f"2^(e - 127)): pass integers 0 to 255 (uint8), got "
                    f"{scales.dtype}")
    wide = scales.astype(_np.int64)
    if scales.dtype == _np.uint64:
        wide = _np.where(scales > 255, 256, wide)
    bad = (wide < 0) | (wide > 255)
    if bad.any():
        flat = int(_np.flatnonzero(bad)[0])
        raise Error(f"{what}[{_index(scales.shape, flat)}] = "
                    f"{scales.reshape(-1)[flat]} is not an E8M0 scale (0 to "
                    f"255)")
    return _np.ascontiguousarray(wide.astype(_np.uint8))


def type_info(type_name: str) -> dict:
    """Facts about one element type: ``bits``, ``float``, ``unsigned``,
    ``input``, ``accumulator`` and the matrix-instruction ``kind``."""
    return _mcore.type_info(_check_type_name(
        normalize_type(type_name, "type"), "type"))


def _check_type_name(name, what: str) -> str:
    if not isinstance(name, str) or name not in INPUT_TYPES + ACCUMULATOR_TYPES:
        raise Error(f"unknown {what} {name!r}; inputs are "
                    f"{', '.join(INPUT_TYPES)}, accumulators "
                    f"{', '.join(ACCUMULATOR_TYPES)}")
    return name


def _int_range(type_name: str) -> tuple[int, int]:
    info = _mcore.type_info(type_name)
    bits = info["bits"]
    if info["unsigned"]:
        return 0, (1 << bits) - 1
    return -(1 << (bits - 1)), (1 << (bits - 1)) - 1


def _index(shape, flat: int) -> str:
    return ", ".join(str(i) for i in _np.unravel_index(flat, shape))


def _encoding_chip(type_name: str, chip: Optional[str]) -> str:
    """The chip whose encoding `type_name` uses: fp8 and bf8 differ per
    chip (FNUZ on gfx942, OCP on gfx950 and gfx12)."""
    if type_name in ("fp8", "bf8"):
        if chip is None:
            raise Error(f"{type_name} is encoded per chip (FNUZ on gfx942, OCP "
                        f"on gfx950 and gfx12): pass chip=")
        if _mcore.chip_fp8(chip) == "none":  # an unknown chip raises
            raise Error(f"{chip} has no fp8 or bf8 matrix instructions, so "
                        f"no {type_name} encoding")
        return chip
    return chip if chip is not None else _ANY_CHIP


def to_bits(x: ArrayLike, type_name: str, chip: Optional[str],
            what: str) -> _np.ndarray:
    """The element bit patterns (uint64, same shape: f64 elements are 64
    bits) of `x` as `type_name`.
    Floats are rounded to nearest even (a finite value out of the type's
    range is an error); integers must be integers in the type's range."""
    x = _np.asarray(x)
    info = _mcore.type_info(type_name)
    if x.dtype.kind not in "fiub":
        raise Error(f"{what} has dtype {x.dtype}; {type_name} takes "
                    f"{'float or integer' if info['float'] else 'integer'} "
                    f"arrays")
    if info["float"]:
        if type_name == "f16" and x.dtype == _np.float16:
            bits = x.view(_np.uint16)
        elif type_name == "f32" and x.dtype == _np.float32:
            bits = x.view(_np.uint32)
        elif type_name == "f64" and x.dtype == _np.float64:
            bits = x.view(_np.uint64)
        else:
            bits = _mcore.encode_floats(type_name,
                                        _encoding_chip(type_name, chip),
                                        x.astype(_np.float64), what)
        return _np.ascontiguousarray(bits, dtype=_np.uint64)
    if x.dtype.kind == "f":
        raise Error(f"{what} is a {x.dtype} array, but {type_name} is an "
                    f"integer type: pass integers (for example "
                    f"numpy.rint({what.lower()}).astype(numpy.int32)) so that "
                    f"nothing is rounded silently")
    lo, hi = _int_range(type_name)
    wide = x.astype(_np.int64)
    if x.dtype == _np.uint64:
        # Values above 2^63 wrap in int64; none fits any mcore type.
        too_big = x > _np.uint64(hi)
        wide = _np.where(too_big, _np.int64(hi) + 1, wide)
    bad = (wide < lo) | (wide > hi)
    if bad.any():
        flat = int(_np.flatnonzero(bad)[0])
        raise Error(f"{what}[{_index(x.shape, flat)}] = "
                    f"{x.reshape(-1)[flat]} is out of range for {type_name} "
                    f"({lo} to {hi})")
    mask = (1 << info["bits"]) - 1
    return _np.ascontiguousarray((wide & mask).astype(_np.uint64))


def from_bits(bits: _np.ndarray, type_name: str,
              chip: Optional[str]) -> _np.ndarray:
    """The values of element bit patterns, as numpy: float64, float32,
    float16 or int32 as the type is, bf16 as float32, fp8/bf8 as float32,
    narrow integers as int32."""
    bits = _np.asarray(bits, dtype=_np.uint64)
    if type_name == "f64":
        return bits.view(_np.float64).copy()
    if type_name == "f32":
        return bits.astype(_np.uint32).view(_np.float32)
    if type_name == "f16":
        return bits.astype(_np.uint16).view(_np.float16)
    if type_name == "i32":
        return bits.astype(_np.uint32).view(_np.int32)
    values = _mcore.decode(type_name, _encoding_chip(type_name, chip), bits)
    if _mcore.type_info(type_name)["float"]:
        return values.astype(_np.float32)
    return values.astype(_np.int32)


def round_to(a: ArrayLike, type_name: str, *,
             chip: Optional[str] = None) -> _np.ndarray:
    """The values `a` has once stored as `type_name`, the way
    :func:`mcore.matmul` stores its operands: floats rounded to nearest even
    (returned as float32, float16 for f16), integers range-checked (returned
    as int32). fp8 and bf8 need the chip (their encoding is FNUZ on gfx942,
    OCP on gfx950 and gfx12). Use it to compute a numpy reference from the
    numbers the GPU actually multiplies::

        ref = mcore.round_to(a, "bf16").astype(np.float64) @ \\
              mcore.round_to(b, "bf16").astype(np.float64)
    """
    type_name = _check_type_name(normalize_type(type_name, "type"), "type")
    return from_bits(to_bits(a, type_name, chip, "a"), type_name, chip)


def check_input_type(name, what: str) -> str:
    name = normalize_type(name, what)
    if name not in INPUT_TYPES:
        raise Error(f"unknown {what} {name!r}; inputs are "
                    f"{', '.join(INPUT_TYPES)}, accumulators "
                    f"{', '.join(ACCUMULATOR_TYPES)}")
    return name


def input_type_of(x: _np.ndarray, given: Optional[str], other: Optional[str],
                  what: str) -> str:
    """The input type of operand `what`: `given`, else the other operand's
    given type (as mcore-run's --b-type defaults to --a-type), else its
    dtype's (float16 is f16, float32 f32, float64 f64, int8 i8, uint8
    u8)."""
    if given is not None:
        return check_input_type(given, f"{what.lower()}_type")
    if other is not None:
        partner = {"A": "b", "B": "a", "x": "w", "w": "x"}[what]
        return check_input_type(other, f"{partner}_type")
    native = _NATIVE_INPUT.get(x.dtype)
    if native is not None:
        return native
    raise Error(f"{what} is a {x.dtype} array, which is not a type of "
                f"mcore's matrix instructions ({', '.join(INPUT_TYPES)}): "
                f"convert it (numpy.float16, numpy.float32, numpy.float64, "
                f"numpy.int8, numpy.uint8) or name "
                f"its type with {what.lower()}_type= (bf16, fp8 and bf8 round "
                f"floats to nearest even; i4 and u4 check integers)")


def accumulator_type_of(acc: Optional[_np.ndarray], given: Optional[str],
                        a_type: str) -> str:
    """C's type: `given`, else acc's dtype (float32, float16, int32), else
    f64 for f64 inputs, f32 for other float inputs and i32 for integer
    inputs."""
    given = normalize_type(given, "c_type")
    if given is not None:
        if given not in ACCUMULATOR_TYPES:
            raise Error(f"unknown c_type {given!r}; accumulators are "
                        f"{', '.join(ACCUMULATOR_TYPES)}")
        return given
    if acc is not None:
        native = _NATIVE_ACCUMULATOR.get(acc.dtype)
        if native is None:
            raise Error(f"acc is a {acc.dtype} array; C is "
                        f"{', '.join(ACCUMULATOR_TYPES)}: convert acc "
                        f"(numpy.float32, numpy.float16, numpy.int32, "
                        f"numpy.float64) or "
                        f"name C's type with c_type=")
        return native
    if a_type == "f64":
        return "f64"  # the only C of f64 inputs
    return "f32" if _mcore.type_info(a_type)["float"] else "i32"


def result_dtype(c_type: str):
    return _RESULT_DTYPE[c_type]
