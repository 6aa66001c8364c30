"""mcore.matmul: compile a matmul once per shape, types, chip, sparsity and
backend, and run it on numpy arrays."""

from __future__ import annotations

import collections
import os
import threading
from typing import Optional, Union

import numpy as _np
from numpy.typing import ArrayLike

#: A 2:4-sparse A: dense, or (values, metadata) as compress_2to4 returns them.
SparseOperand = Union[ArrayLike, "tuple[ArrayLike, ArrayLike]"]

from . import _mcore
from . import _types
from ._compiler import (LIB_DIR, TOOLKIT_DIR, _emit_remarks, check_chip_name,
                        in_python_words, make_options)

Error = _mcore.Error

_mcore.set_runtime_directory(LIB_DIR)

BACKENDS = ("auto", "hip", "emu")

#: How many compiled matmuls :func:`matmul` keeps (least recently used
#: first out).
CACHE_SIZE = 32

_lock = threading.RLock()
_cache: "collections.OrderedDict[tuple, MatmulKernel]" = \
    collections.OrderedDict()
_backends: dict[str, tuple] = {}
_stats = {"hits": 0, "misses": 0}


def _choose_backend(backend: str) -> tuple:
    """(name, library, reason, gpus) of `backend`, chosen once per process."""
    if backend not in BACKENDS:
        raise Error(f"backend={backend!r} is not one of {', '.join(BACKENDS)}")
    with _lock:
        if backend not in _backends:
            with in_python_words():
                _backends[backend] = _mcore.choose_backend(backend)
        return _backends[backend]


def _resolve_backend(backend: str, chip: str) -> str:
    """The backend `backend` ("auto", "hip" or "emu") stands for here."""
    name, _, _, gpus = _choose_backend(backend)
    if name == "hip" and gpus and chip not in gpus.split(","):
        raise Error(f"chip={chip}, but the GPU is {gpus}; a code object runs "
                    f"only on its chip (use backend='emu' to emulate {chip})")
    return name


def backend_info(backend: str = "auto") -> dict:
    """What `backend` resolves to here: ``backend`` ("hip" or "emu"),
    ``reason`` (the GPU found, or why there is none), ``library`` (the
    runtime library) and ``gpus`` (the GPUs' chips, comma-separated)."""
    name, library, reason, gpus = _choose_backend(backend)
    return {"backend": name, "reason": reason, "library": library,
            "gpus": gpus}


class MatmulKernel:
    """A matmul compiled for one problem: ``C = acc + A @ B`` with A of
    ``m x k`` (2:4-sparse along K when ``sparse``), B of ``k x n``, on one
    chip and backend. Calling it runs it; :func:`compile_matmul` makes one,
    :func:`matmul` keeps them in a cache.

    Attributes: ``m, n, k, a_type, b_type, c_type, sparse, chip, backend``
    (``"hip"`` or ``"emu"``), ``intrinsic`` (the catalog instruction the
    kernel uses), ``accumulator`` (the instruction's C type),
    ``dense_fallback`` (a sparse A decompressed for dense instructions),
    ``config`` (the tiles and waves the compiler chose, a dict: see
    :attr:`config`) and ``last_run_ms``.
    """

    def __init__(self, native, m: int, n: int, k: int, a_type: str,
                 b_type: str, c_type: str, sparse: bool, chip: str):
        self._native = native
        self.m, self.n, self.k = m, n, k
        self.a_type, self.b_type, self.c_type = a_type, b_type, c_type
        self.sparse = sparse
        self.chip = chip

    backend = property(lambda self: self._native.backend)
    intrinsic = property(lambda self: self._native.intrinsic)
    accumulator = property(lambda self: self._native.accumulator)
    dense_fallback = property(lambda self: self._native.dense_fallback)
    last_run_ms = property(lambda self: self._native.last_run_ms)

    @property
    def config(self) -> dict:
        """The configuration the compiler chose: ``tile_m``, ``tile_n``,
        ``tile_k`` (the work-group tile), ``waves_m``, ``waves_n``,
        ``stages``, ``lds_padding``, ``group_m``, ``sched_barriers`` and
        ``intrinsic`` (named as the pipeline options that set them, so
        ``compile_matmul(..., **kernel.config)`` compiles the same kernel),
        and ``wave_size``, ``tiles_m``, ``tiles_n`` (intrinsic tiles per
        wave), ``lds_bytes``, ``sparse_instruction``, ``decompress_a`` and
        ``description`` (the text ``mcore-run`` prints)."""
        return dict(self._native.config)

    def __repr__(self) -> str:
        return (f"<mcore.MatmulKernel {self._native.description} on "
                f"{self.backend}: {self.intrinsic}, "
                f"{self._native.config['description']}>")

    # -- operands ----------------------------------------------------------

    def _a_operand(self, a):
        """(bits, metadata bits or None) of A."""
        m, k = self.m, self.k
        if not self.sparse:
            a = _check_matrix(a, "A", (m, k))
            return _types.to_bits(a, self.a_type, self.chip, "A"), None
        if isinstance(a, tuple):
            return self._compressed_a(a)
        a = _check_matrix(a, "A", (m, k))
        bits = _types.to_bits(a, self.a_type, self.chip, "A")
        kind = _types.type_info(self.a_type)["kind"]
        # The canonical format; raises naming the first row and group with
        # more than two non-zeros.
        values, metadata = _mcore.compress(kind, bits, m, k)
        return values, metadata

    def _compressed_a(self, a):
        """A given as (values, metadata) of the canonical 2:4 format."""
        if len(a) != 2:
            raise Error("a sparse A given as a tuple must be (values, "
                        "metadata), as compress_2to4 returns them")
        m, k = self.m, self.k
        kc, words = 2 * ((k + 3) // 4), (k + 31) // 32
        values = _check_matrix(a[0], "the compressed values of A", (m, kc))
        metadata = _np.asarray(a[1])
        if metadata.shape != (m, words):
            raise Error(f"the metadata of A must be {m} x {words} uint32 "
                        f"words for K = {k}, got shape {metadata.shape}")
        if metadata.dtype.kind not in "iu":
            raise Error(f"the metadata of A must be integer words, got "
                        f"{metadata.dtype}")
        bits = _types.to_bits(values, self.a_type, self.chip,
                              "the compressed values of A")
        # The run checks the metadata's positions and the zeros past K.
        words = (metadata.astype(_np.int64) & 0xFFFFFFFF).astype(_np.uint32)
        return bits, _np.ascontiguousarray(words)

    def __call__(self, a: SparseOperand, b: ArrayLike, *,
                 acc: Optional[ArrayLike] = None) -> _np.ndarray:
        """Runs ``acc + A @ B`` (``A @ B`` when `acc` is None: C starts at
        zero) and returns C as a new array. Operands are converted as
        :func:`matmul` describes."""
        a_bits, metadata = self._a_operand(a)
        b = _check_matrix(b, "B", (self.k, self.n))
        b_bits = _types.to_bits(b, self.b_type, self.chip, "B")
        if acc is None:
            c_bits = _np.zeros((self.m, self.n), dtype=_np.uint32)
        else:
            acc = _check_matrix(acc, "acc", (self.m, self.n))
            c_bits = _types.to_bits(acc, self.c_type, self.chip, "acc")
        with in_python_words():
            out = self._native.run(a_bits, metadata, b_bits, c_bits)
        return _types.from_bits(out, self.c_type, self.chip).astype(
            _types.result_dtype(self.c_type), copy=False)


def _check_matrix(x: ArrayLike, what: str,
                  shape: Optional[tuple] = None) -> _np.ndarray:
    x = _np.asarray(x)
    if x.ndim != 2:
        raise Error(f"{what} must be a 2-D array, got shape {x.shape}")
    if shape is not None and x.shape != tuple(shape):
        raise Error(f"{what} must be {shape[0]} x {shape[1]}, got "
                    f"{x.shape[0]} x {x.shape[1]}")
    return x


def compile_matmul(m: int, n: int, k: int, *, chip: str, a_type: str = "f16",
                   b_type: Optional[str] = None, c_type: Optional[str] = None,
                   sparse: bool = False, backend: str = "auto",
                   **pipeline_options) -> MatmulKernel:
    """Compiles ``C (m x n) = acc + A (m x k) @ B (k x n)`` for `chip` and
    loads it on `backend` (``"auto"``: HIP when an AMD GPU is usable, else
    the emulator). `b_type` defaults to `a_type`, `c_type` to f32 (integer
    inputs: i32). `sparse`: A is 2:4-sparse along K and the kernel uses the
    chip's sparse instruction (SWMMAC, SMFMAC) on it; a chip without one
    decompresses A for a dense instruction (a :class:`CompilerRemark`
    says so; ``allow_dense_fallback=False`` makes that an error). Keyword
    arguments are ``--mcore-pipeline`` options (``tile_m=64``,
    ``intrinsic=...``). Compiled kernels are cached: the same arguments
    return the same kernel."""
    check_chip_name(chip)
    for name, value in (("m", m), ("n", n), ("k", k)):
        if isinstance(value, bool) or not isinstance(value, (int, _np.integer)):
            raise Error(f"{name} must be an integer, got {value!r}")
        if value == 0:
            raise Error(f"{name} = 0: a kernel needs m, n and k of at least 1 "
                        f"(mcore.matmul returns an empty product without "
                        f"compiling one)")
    a_type = _types.check_input_type(a_type, "a_type")
    b_type = _types.check_input_type(b_type if b_type is not None else a_type,
                                     "b_type")
    c_type = _types.accumulator_type_of(None, c_type, a_type)
    resolved = _resolve_backend(backend, chip)
    if resolved == "hip" and "toolkit" not in pipeline_options \
            and os.path.isdir(TOOLKIT_DIR):
        pipeline_options["toolkit"] = TOOLKIT_DIR
    options, options_key = make_options(pipeline_options, reserved={
        "chip": "chip is an argument of its own",
        "format": "the backend decides the format (hsaco for hip, llvm for "
                  "emu); use mcore.compile for other formats"})
    key = (int(m), int(n), int(k), a_type, b_type, c_type, bool(sparse), chip,
           resolved, options_key)
    with _lock:
        kernel = _cache.get(key)
        if kernel is not None:
            _cache.move_to_end(key)
            _stats["hits"] += 1
            return kernel
        _stats["misses"] += 1
        with in_python_words():
            native, remarks = _mcore.compile_matmul(
                int(m), int(n), int(k), a_type, b_type, c_type, bool(sparse),
                chip, resolved, options)
        _emit_remarks(remarks, stacklevel=3)
        kernel = MatmulKernel(native, int(m), int(n), int(k), a_type, b_type,
                              c_type, bool(sparse), chip)
        _cache[key] = kernel
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
        return kernel


def matmul(a: SparseOperand, b: ArrayLike, *, chip: str, sparse: bool = False,
           backend: str = "auto", acc: Optional[ArrayLike] = None,
           a_type: Optional[str] = None,
           b_type: Optional[str] = None, c_type: Optional[str] = None,
           **pipeline_options) -> _np.ndarray:
    """``acc + a @ b`` computed by an mcore kernel for `chip`, on an AMD GPU
    or on mcore's emulator; returns C as a new numpy array. Without `acc`, C
    starts at zero (``a @ b``).

    `a` is ``M x K``, `b` is ``K x N``. Element types (docs/Python.md):

    * float16, int8 and uint8 arrays are f16, i8 and u8 as they are;
    * ``a_type=`` / ``b_type=`` name the type instead (an operand without
      one takes the other's, as ``mcore-run --b-type`` defaults to
      ``--a-type``); other arrays need one. ``"bf16"``, ``"fp8"``,
      ``"bf8"`` (and ``"f16"``) round float or integer arrays to nearest
      even (fp8 and bf8 in the chip's encoding: FNUZ on gfx942, OCP on
      gfx950 and gfx12); a finite value beyond the type's range is an
      error. ``"i8"``, ``"u8"``,
      ``"i4"``, ``"u4"`` take integer arrays and check that every value is
      in range (float arrays are refused rather than rounded);
    * C: ``c_type=`` (``"f32"``, ``"f16"``, ``"bf16"``, ``"i32"``), else
      acc's dtype (float32, float16, int32), else f32 for float inputs and
      i32 for integer ones. The result is float32 for f32 and bf16, float16
      for f16, int32 for i32 (integer sums wrap around as on the GPU).

    `sparse=True`: A is 2:4-sparse along K, given dense (checked after
    rounding: a group of four with more than two non-zeros raises an error
    naming its row and group) or as ``(values, metadata)`` from
    :func:`compress_2to4`; the kernel uses the chip's sparse instruction, or
    on chips without one decompresses A for a dense one (with a
    :class:`CompilerRemark`).

    An empty product (M, N or K is 0) compiles nothing: it returns `acc`
    in C's type (rounded to it), or zeros, of shape M x N, as numpy's ``@``
    does.

    Kernels are compiled once per shape, types, chip, sparsity, backend and
    pipeline options (``tile_m=...``, ``intrinsic=...``; see
    :func:`pipeline_options`) and cached (:func:`cache_info`,
    :func:`clear_cache`). Errors raise :class:`mcore.Error` (a
    :class:`ValueError`) with the tools' messages.
    """
    check_chip_name(chip)
    if isinstance(a, tuple) and sparse:
        if len(a) != 2:
            raise Error("a sparse A given as a tuple must be (values, "
                        "metadata), as compress_2to4 returns them")
        values = _np.asarray(a[0])
        if values.ndim != 2:
            raise Error(f"the compressed values of A must be a 2-D array, got "
                        f"shape {values.shape}")
        a_like = values
    else:
        if isinstance(a, tuple):
            raise Error("A is a tuple: (values, metadata) of a compressed A "
                        "needs sparse=True")
        a_like = _check_matrix(a, "A")
    b = _check_matrix(b, "B")
    if acc is not None:
        acc = _check_matrix(acc, "acc")
    m = a_like.shape[0]
    k, n = b.shape
    if not (isinstance(a, tuple)) and a_like.shape[1] != k:
        raise Error(f"A is {m} x {a_like.shape[1]} and B is {k} x {n}: B must "
                    f"have as many rows as A has columns (K)")
    if isinstance(a, tuple) and a_like.shape[1] != 2 * ((k + 3) // 4):
        raise Error(f"the compressed values of A are {m} x {a_like.shape[1]}, "
                    f"but B is {k} x {n}: K = {k} needs {2 * ((k + 3) // 4)} "
                    f"compressed columns")
    if acc is not None and acc.shape != (m, n):
        raise Error(f"acc must be {m} x {n} (M x N), got {acc.shape[0]} x "
                    f"{acc.shape[1]}")
    at = _types.input_type_of(a_like, a_type, b_type, "A")
    bt = _types.input_type_of(b, b_type, a_type, "B")
    ct = _types.accumulator_type_of(acc, c_type, at)
    if 0 in (m, n, k):
        return _empty_product(m, n, acc, at, bt, ct, sparse, chip, backend,
                              pipeline_options)
    kernel = compile_matmul(m, n, k, chip=chip, a_type=at, b_type=bt,
                            c_type=ct, sparse=sparse, backend=backend,
                            **pipeline_options)
    return kernel(a, b, acc=acc)


def _empty_product(m: int, n: int, acc, a_type: str, b_type: str,
                   c_type: str, sparse: bool, chip: str, backend: str,
                   pipeline_options: dict) -> _np.ndarray:
    """``acc + A @ B`` when M, N or K is 0: acc in C's type, or zeros. The
    arguments are checked as for a kernel, and nothing is compiled."""
    if backend not in BACKENDS:
        raise Error(f"backend={backend!r} is not one of {', '.join(BACKENDS)}")
    with in_python_words():
        _mcore.check_matmul_types(a_type, b_type, c_type, sparse, chip)
    make_options(pipeline_options, reserved={
        "chip": "chip is an argument of its own",
        "format": "the backend decides the format (hsaco for hip, llvm for "
                  "emu); use mcore.compile for other formats"})
    dtype = _types.result_dtype(c_type)
    if acc is None or acc.size == 0:
        return _np.zeros((m, n), dtype=dtype)
    rounded = _types.from_bits(_types.to_bits(acc, c_type, chip, "acc"),
                               c_type, chip)
    return rounded.astype(dtype, copy=False)


def cache_info() -> dict:
    """The matmul cache: ``hits``, ``misses``, ``size`` and ``max_size``."""
    with _lock:
        return {"hits": _stats["hits"], "misses": _stats["misses"],
                "size": len(_cache), "max_size": CACHE_SIZE}


def clear_cache() -> None:
    """Drops every cached matmul kernel (their code and GPU modules are
    freed once no MatmulKernel refers to them)."""
    with _lock:
        _cache.clear()
