"""mcore.matmul: compile a matmul once per shape, types, chip, sparsity and
backend, and run it on numpy arrays."""

from __future__ import annotations

import collections
import hashlib
import os
import threading
from typing import Optional, Sequence, Union

import numpy as _np
from numpy.typing import ArrayLike

#: A 2:4-sparse operand: dense, or (values, metadata) as compress_2to4
#: returns them.
SparseOperand = Union[ArrayLike, "tuple[ArrayLike, ArrayLike]"]

from . import _diskcache
from . import _mcore
from . import _tensors
from . import _types
from ._compiler import (LIB_DIR, TOOLKIT_DIR, _emit_remarks, check_chip_name,
                        in_python_words, make_options, wrapped_call)
from ._types import TypeName

Error = _mcore.Error

_mcore.set_runtime_directory(LIB_DIR)

BACKENDS = ("auto", "hip", "emu")

#: What compile_matmul's `scales` takes: block scales, as mcore-run's
#: --scales names them (None: none).
SCALES = ("e8m0",)

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
    ``m x k`` (2:4-sparse along K when ``sparse``), B of ``k x n`` (stored
    ``n x k`` when ``transpose_b``; 2:4-sparse along K, stored ``n x k``,
    when ``sparse_b``), per batch when ``batch`` > 0 (a ``shared_a`` or
    ``shared_b`` operand is one matrix for every batch), with E8M0 block
    scales when ``scales`` is ``"e8m0"`` (B stored ``n x k``), on one chip
    and backend. Calling it runs it; :func:`compile_matmul` makes one,
    :func:`matmul` and :func:`linear` keep them in a cache.

    Attributes: ``m, n, k, batch, shared_a, shared_b, a_type, b_type,
    c_type, sparse, sparse_b, transpose_b, scales`` (``"e8m0"`` or None),
    ``epilogue`` (its steps, a tuple),
    ``out_type`` (None without an epilogue), ``chip, backend`` (``"hip"`` or
    ``"emu"``), ``intrinsic`` (the catalog instruction the kernel uses),
    ``accumulator`` (the instruction's C type), ``dense_fallback`` (a 2:4
    operand decompressed for dense instructions), ``swapped`` (the kernel
    computes ``Cᵀ = Bᵀ Aᵀ``, as for a 2:4 B on a sparse instruction),
    ``config`` (the tiles and waves the compiler chose, a dict: see
    :attr:`config`) and ``last_run_ms``.
    """

    def __init__(self, native, problem: dict):
        self._native = native
        self.m, self.n, self.k = problem["m"], problem["n"], problem["k"]
        self.batch = problem["batch"]
        self.shared_a, self.shared_b = problem["shared_a"], problem["shared_b"]
        self.a_type, self.b_type = problem["a_type"], problem["b_type"]
        self.c_type = problem["c_type"]
        self.sparse, self.sparse_b = problem["sparse_a"], problem["sparse_b"]
        self.transpose_b = problem["transpose_b"]
        self.chip = problem["chip"]
        self.epilogue = tuple(problem["epilogue"].split(",")) \
            if problem["epilogue"] else ()
        self.out_type = problem["out_type"] or None
        self.c_temporary = problem["c_temporary"]
        self.scales = "e8m0" if problem["block_scaled"] else None

    backend = property(lambda self: self._native.backend)
    intrinsic = property(lambda self: self._native.intrinsic)
    accumulator = property(lambda self: self._native.accumulator)
    dense_fallback = property(lambda self: self._native.dense_fallback)
    swapped = property(lambda self: self._native.swapped)
    last_run_ms = property(lambda self: self._native.last_run_ms)

    @property
    def config(self) -> dict:
        """The configuration the compiler chose: every knob of
        ``#mcore.matmul_config``, ``tile_m``, ``tile_n``, ``tile_k`` (the
        work-group tile), ``waves_m``, ``waves_n``, ``stages``,
        ``lds_padding`` and ``lds_padding_b`` (A's and B's LDS row
        padding), ``group_m``, ``split_k``, ``swap_operands``
        (``"always"`` or ``"never"``), ``sched_barriers`` and ``intrinsic``
        (named as the pipeline options that set them, so passing them to
        ``compile_matmul`` compiles the same kernel),
        and ``wave_size``, ``tiles_m``, ``tiles_n`` (intrinsic tiles per
        wave), ``lds_bytes``, ``sparse_instruction``, ``decompress_a`` and
        ``description`` (the text ``mcore-run`` prints)."""
        return dict(self._native.config)

    def __repr__(self) -> str:
        return (f"<mcore.MatmulKernel {self._native.description} on "
                f"{self.backend}: {self.intrinsic}, "
                f"{self._native.config['description']}>")

    # -- operands ----------------------------------------------------------

    def _lead(self, shared: bool) -> tuple:
        """The batch dimension of an operand's shape, if it has one."""
        return (self.batch,) if self.batch and not shared else ()

    def _operand(self, x, what: str, type_name: str, shape: tuple,
                 sparse: bool):
        """(bits, metadata bits or None) of A or B, of `shape` (rows x k
        along its last two axes when `sparse`), given dense or, when sparse,
        as (values, metadata)."""
        if not sparse:
            x = _check_array(x, what, shape)
            return _types.to_bits(x, type_name, self.chip, what), None
        lead, rows, k = shape[:-2], shape[-2], shape[-1]
        if isinstance(x, tuple):
            return self._compressed(x, what, type_name, lead, rows)
        x = _check_array(x, what, shape)
        bits = _types.to_bits(x, type_name, self.chip, what)
        kind = _types.type_info(type_name)["kind"]
        count = int(_np.prod(lead, dtype=_np.int64)) * rows
        # The canonical format; raises naming the first row and group with
        # more than two non-zeros.
        return _mcore.compress(kind, bits.reshape(count, k), count, k, what)

    def _compressed(self, x, what, type_name, lead, rows):
        """A 2:4 operand given as (values, metadata) of the canonical
        format."""
        if len(x) != 2:
            raise Error(f"a 2:4-sparse {what} given as a tuple must be "
                        f"(values, metadata), as compress_2to4 returns them")
        k = self.k
        kc, words = 2 * ((k + 3) // 4), (k + 31) // 32
        values = _check_array(x[0], f"the compressed values of {what}",
                              lead + (rows, kc))
        metadata = _np.asarray(x[1])
        if metadata.shape != lead + (rows, words):
            raise Error(f"the metadata of {what} must be "
                        f"{_shape_text(lead + (rows, words))} uint32 words "
                        f"for K = {k}, got shape {metadata.shape}")
        words = _types.metadata_words(metadata, what)
        bits = _types.to_bits(values, type_name, self.chip,
                              f"the compressed values of {what}")
        # The run checks the metadata's positions, that its bits past K are
        # zero, and the zeros past K of the values.
        return bits, words

    def _block_scales(self, a_scales, b_scales) -> tuple:
        """(A's, B's) E8M0 scales as uint8 arrays of M x K/32 and N x K/32,
        or (None, None) for a kernel without block scales."""
        if self.scales is None:
            if a_scales is not None or b_scales is not None:
                raise Error("this kernel has no block scales (compile_matmul "
                            "with scales='e8m0' makes one that has); it takes "
                            "no a_scales or b_scales")
            return None, None
        blocks = self.k // 32
        if a_scales is None or b_scales is None:
            raise Error(f"this kernel is block-scaled (scales='e8m0'): give "
                        f"a_scales ({self.m} x {blocks}) and b_scales "
                        f"({self.n} x {blocks}), one E8M0 scale per 32 "
                        f"elements of K")
        return tuple(
            _types.e8m0_scales(_check_array(x, what, (rows, blocks)), what)
            for x, what, rows in ((a_scales, "the scales of A", self.m),
                                  (b_scales, "the scales of B", self.n)))

    def _run(self, a, b, acc, a_name: str = "A", b_name: str = "B",
             inputs=(), a_scales=None, b_scales=None):
        m, n, k = self.m, self.n, self.k
        a_bits, a_meta = self._operand(a, a_name, self.a_type,
                                       self._lead(self.shared_a) + (m, k),
                                       self.sparse)
        b_nk = self.transpose_b or self.sparse_b
        b_bits, b_meta = self._operand(
            b, b_name, self.b_type,
            self._lead(self.shared_b) + ((n, k) if b_nk else (k, n)),
            self.sparse_b)
        c_shape = self._lead(False) + (m, n)
        if acc is None:
            c_bits = _np.zeros(c_shape, dtype=_np.uint64)
        else:
            acc = _check_array(acc, "acc", c_shape)
            c_bits = _types.to_bits(acc, self.c_type, self.chip, "acc")
        metadata = a_meta if a_meta is not None else b_meta
        has_epilogue = bool(self.epilogue) or self.out_type is not None
        if acc is not None and self.c_temporary:
            raise Error("this kernel's C is a temporary of its epilogue "
                        "(store_c=False): it takes no acc")
        if has_epilogue:
            inputs = self._epilogue_inputs(inputs)
        elif inputs:
            raise Error("this kernel has no epilogue; it takes no epilogue "
                        "inputs")
        scales_a, scales_b = self._block_scales(a_scales, b_scales)
        with in_python_words():
            c, out = self._native.run(a_bits, metadata, b_bits, c_bits,
                                      list(inputs), scales_a, scales_b)
        if has_epilogue:
            # The epilogue's result, rounded by the kernel to out_type.
            t = self.out_type or "f32"
            return _types.from_bits(out, t, self.chip).astype(
                _types.result_dtype(t), copy=False)
        return _types.from_bits(c, self.c_type, self.chip).astype(
            _types.result_dtype(self.c_type), copy=False)

    def _epilogue_inputs(self, inputs) -> list:
        """The epilogue's operands as float32 vectors, checked against its
        steps: a vector of M per ``*-row`` step, of N per ``*-col`` step,
        one value per ``alpha``, a value and an M x N matrix per ``beta``."""
        shapes = []
        for step in self.epilogue:
            if step.endswith("-row"):
                shapes.append((self.m,))
            elif step.endswith("-col") or step == "bias":
                shapes.append((self.n,))
            elif step == "alpha":
                shapes.append(())
            elif step == "beta":
                shapes += [(), (self.m, self.n)]
        inputs = list(inputs)
        if len(inputs) != len(shapes):
            raise Error(f"the epilogue {','.join(self.epilogue)} takes "
                        f"{len(shapes)} inputs, got {len(inputs)}")
        result = []
        for i, (x, shape) in enumerate(zip(inputs, shapes)):
            x = _check_array(x, f"epilogue input #{i}", shape)
            result.append(_np.ascontiguousarray(x, dtype=_np.float32)
                          .reshape(-1))
        return result

    def __call__(self, a: SparseOperand, b: SparseOperand, *,
                 acc: Optional[ArrayLike] = None,
                 inputs: Sequence[ArrayLike] = (),
                 a_scales: Optional[ArrayLike] = None,
                 b_scales: Optional[ArrayLike] = None) -> _np.ndarray:
        """Runs ``acc + A @ B`` (``A @ B`` when `acc` is None: C starts at
        zero) and returns C as a new array, or with an epilogue its result
        (OUT, in `out_type`) computed from C by the kernel. Operands are
        converted as :func:`matmul` describes; B is given as the kernel
        stores it (``n x k`` with ``transpose_b``, ``sparse_b`` or
        ``scales``); `inputs` are the epilogue's operands in the order of its
        steps (float32). A block-scaled kernel takes `a_scales` (``m x
        k/32``) and `b_scales` (``n x k/32``): E8M0 biased exponents, integers
        0 to 255, the scale of ``e`` being ``2^(e - 127)`` for the 32
        elements of its block of K; C is ``acc + (A sA) @ (B sB)ᵀ``.
        PyTorch tensors in give a tensor out (docs/Python.md, "PyTorch")."""
        like = _tensors.first_tensor(a, b, acc, a_scales, b_scales, *inputs)
        if like is None:
            return self._run(a, b, acc, inputs=inputs, a_scales=a_scales,
                             b_scales=b_scales)
        a, b, acc, a_scales, b_scales = (
            _tensors.to_array(x)[0] for x in (a, b, acc, a_scales, b_scales))
        inputs = [_tensors.to_array(x)[0] for x in inputs]
        result = self._run(a, b, acc, inputs=inputs, a_scales=a_scales,
                           b_scales=b_scales)
        has_epilogue = bool(self.epilogue) or self.out_type is not None
        return _tensors.to_tensor(
            result, like,
            (self.out_type or "f32") if has_epilogue else self.c_type)


def _shape_text(shape: tuple) -> str:
    return " x ".join(str(d) for d in shape)


def _check_array(x: ArrayLike, what: str,
                 shape: Optional[tuple] = None) -> _np.ndarray:
    x = _np.asarray(x)
    if shape is not None and x.shape != tuple(shape):
        raise Error(f"{what} must be {_shape_text(shape)}, got "
                    f"{_shape_text(x.shape) if x.ndim else 'a scalar'}")
    return x


def _check_matrix(x: ArrayLike, what: str, ranks=(2,)) -> _np.ndarray:
    x = _np.asarray(x)
    if x.ndim not in ranks:
        dims = " or ".join(f"{r}-D" for r in ranks)
        raise Error(f"{what} must be a {dims} array, got shape {x.shape}")
    return x


def compile_matmul(m: int, n: int, k: int, *, chip: str,
                   a_type: TypeName = "f16", b_type: Optional[TypeName] = None,
                   c_type: Optional[TypeName] = None,
                   sparse: bool = False, sparse_b: bool = False,
                   transpose_b: bool = False, batch: int = 0,
                   shared_a: bool = False, shared_b: bool = False,
                   epilogue: Sequence[str] = (),
                   out_type: Optional[TypeName] = None,
                   store_c: bool = True, scales: Optional[str] = None,
                   backend: str = "auto",
                   **pipeline_options) -> MatmulKernel:
    """Compiles ``C (m x n) = acc + A (m x k) @ B (k x n)`` for `chip` and
    loads it on `backend` (``"auto"``: HIP when an AMD GPU is usable, else
    the emulator). `b_type` defaults to `a_type`, `c_type` to f32 (integer
    inputs: i32, f64: f64). `sparse`: A is 2:4-sparse along K and the
    kernel uses the chip's sparse instruction (SWMMAC, SMFMAC) on it; a
    chip without one
    decompresses A for a dense instruction (a :class:`CompilerRemark`
    says so; ``allow_dense_fallback=False`` makes that an error).
    `sparse_b`: B is a 2:4 weight, stored ``n x k`` and sparse along K (the
    kernel computes ``Cᵀ = B Aᵀ`` on the sparse instruction); `transpose_b`:
    B is stored ``n x k``. `batch` > 0: A, B and C have a leading batch
    dimension (the grid's z), but a `shared_a` or `shared_b` operand is one
    matrix for every batch. `epilogue` (steps as ``mcore-run --epilogue``
    spells them: ``bias-row``, ``bias-col``, ``scale-row``, ``scale-col``,
    ``alpha``, ``beta``, ``relu``, ``gelu``, ``gelu-tanh``, ``silu``) and
    `out_type` (``f32``, ``f16``, ``bf16``): element-wise steps after the
    matmul that the compiler fuses into the kernel's epilogue, whose result
    the kernel returns (without a batch); ``store_c=False`` makes C a
    temporary of the epilogue, accumulated from zero and never written
    (``acc`` is then not taken). ``scales="e8m0"``: a block-scaled (OCP MX)
    matmul, as ``mcore-run --scales=e8m0``: A and B of fp8, bf8, fp6, bf6 or
    fp4, C f32, K a multiple of 32, B stored ``n x k``, and every 32
    elements along K of a row of A and of B share an E8M0 scale that the
    kernel's call takes (``a_scales``, ``b_scales``); dense, without a batch
    or an epilogue. Keyword arguments are ``--mcore-pipeline``
    options (``tile_m=64``, ``intrinsic=...``). Compiled kernels are
    cached: the same arguments return the same kernel."""
    check_chip_name(chip)
    if isinstance(epilogue, str):
        epilogue = epilogue.split(",") if epilogue else ()
    for name, value in (("m", m), ("n", n), ("k", k), ("batch", batch)):
        if isinstance(value, bool) or not isinstance(value, (int, _np.integer)):
            raise Error(f"{name} must be an integer, got {value!r}")
        if value == 0 and name != "batch":
            raise Error(f"{name} = 0: a kernel needs m, n and k of at least 1 "
                        f"(mcore.matmul returns an empty product without "
                        f"compiling one)")
    a_type = _types.check_input_type(a_type, "a_type")
    b_type = _types.check_input_type(b_type if b_type is not None else a_type,
                                     "b_type")
    c_type = _types.accumulator_type_of(None, c_type, a_type)
    out_type = _types.normalize_type(out_type, "out_type")
    if scales == "none":
        scales = None  # mcore-run's spelling of no scales
    if scales is not None and scales not in SCALES:
        raise Error(f"scales={scales!r} is not one of None, "
                    f"{', '.join(repr(s) for s in SCALES)} (E8M0 scales per "
                    f"32 elements of K)")
    resolved = _resolve_backend(backend, chip)
    if resolved == "hip" and "toolkit" not in pipeline_options \
            and os.path.isdir(TOOLKIT_DIR):
        pipeline_options["toolkit"] = TOOLKIT_DIR
    options, options_key = make_options(pipeline_options, reserved={
        "chip": "chip is an argument of its own",
        "format": "the backend decides the format (hsaco for hip, llvm for "
                  "emu); use mcore.compile for other formats"})
    # A 2:4 B and a block-scaled one are stored n x k
    # (MatmulFunction::isStoredNK): with or without transpose_b, the same
    # kernel, so the same cache entry (linear() asks for transpose_b).
    problem = {"m": int(m), "n": int(n), "k": int(k), "a_type": a_type,
               "b_type": b_type, "c_type": c_type, "sparse_a": bool(sparse),
               "sparse_b": bool(sparse_b), "batch": int(batch),
               "shared_a": bool(shared_a), "shared_b": bool(shared_b),
               "transpose_b": bool(transpose_b) or bool(sparse_b) or
               scales is not None,
               "block_scaled": scales is not None,
               "chip": chip,
               "epilogue": ",".join(epilogue), "out_type": out_type or "",
               "c_temporary": not store_c}
    key = tuple(sorted(problem.items())) + (resolved, options_key)
    with _lock:
        kernel = _cache.get(key)
        if kernel is not None:
            _cache.move_to_end(key)
            _stats["hits"] += 1
            return kernel
        _stats["misses"] += 1
        with in_python_words():
            native, remarks = _compile_native(problem, resolved, options,
                                              options_key)
        _emit_remarks(remarks, stacklevel=3)
        kernel = MatmulKernel(native, problem)
        _cache[key] = kernel
        while len(_cache) > CACHE_SIZE:
            _cache.popitem(last=False)
        return kernel


def _compile_native(problem: dict, backend: str, options, options_key: tuple):
    """(native kernel, remarks): compiled, or its compiled module taken from
    the persistent cache (mcore._diskcache) and only loaded."""
    if not _diskcache.enabled():
        native, remarks, _, _ = _mcore.compile_matmul(
            backend=backend, options=options, **problem)
        _diskcache.count("compiles")
        return native, remarks
    identity = dict(options_key)
    tuning_file = identity.get("tuning_file")
    if tuning_file:
        # The table's content decides the kernel, not its name.
        try:
            with open(tuning_file, "rb") as f:
                identity["tuning_file"] = [
                    tuning_file, hashlib.sha256(f.read()).hexdigest()]
        except OSError:
            pass  # the compiler says what is wrong with it
    name, key_text = _diskcache.make_key({
        "kind": "matmul", "problem": problem, "backend": backend,
        "options": identity,
        # Where a driver finds the toolkit when the options name none.
        "toolkit_env": [os.environ.get(v, "") for v in
                        ("MCORE_ROCM_TOOLKIT", "ROCM_PATH", "ROCM_ROOT",
                         "ROCM_HOME")]})
    cached = _diskcache.load(name, key_text)
    native, remarks, compiled, adopted = _mcore.compile_matmul(
        backend=backend, options=options, compiled=cached[0] if cached else None,
        serialize=True, **problem)
    if adopted:
        _diskcache.count("disk_hits")
        return native, cached[1]  # the remarks of the compile
    _diskcache.count("disk_misses")
    _diskcache.count("compiles")
    if compiled is not None:
        _diskcache.store(name, key_text, compiled, remarks)
    return native, remarks


def matmul(a: SparseOperand, b: ArrayLike, *, chip: str, sparse: bool = False,
           backend: str = "auto", acc: Optional[ArrayLike] = None,
           a_type: Optional[TypeName] = None,
           b_type: Optional[TypeName] = None,
           c_type: Optional[TypeName] = None,
           **pipeline_options) -> _np.ndarray:
    """``acc + a @ b`` computed by an mcore kernel for `chip`, on an AMD GPU
    or on mcore's emulator; returns C as a new numpy array. Without `acc`, C
    starts at zero (``a @ b``).

    `a` is ``M x K``, `b` is ``K x N``. Either may be 3-D, a batch of
    matrices (``B x M x K``, ``B x K x N``, the batch on the grid's z
    dimension): the other one is then 2-D and shared by every batch, or
    3-D with the same batch, and C is ``B x M x N``. Element types
    (docs/Python.md):

    * float16, float32, int8 and uint8 arrays are f16, f32, i8 and u8 as
      they are (f32 runs on CDNA's f32 MFMA, on RDNA as the SIMT kernel
      with a :class:`CompilerRemark`, an error with ``strict=True``;
      ``f32_precision="tf32"`` uses gfx942's xf32 MFMA, which reads them
      with 10 fraction bits; ``f32_precision="bf16x3"`` sums three products
      of bf16 pieces, for RDNA's bf16 WMMA, with a relative error per
      product of up to about 3 * 2^-16);
    * ``a_type=`` / ``b_type=`` name the type instead (an operand without
      one takes the other's, as ``mcore-run --b-type`` defaults to
      ``--a-type``); other arrays need one. ``"bf16"``, ``"fp8"``,
      ``"bf8"`` (and ``"f16"``) round float or integer arrays to nearest
      even (fp8 and bf8 in the chip's encoding: FNUZ on gfx942, OCP on
      gfx950 and gfx12); a finite value beyond the type's range is an
      error. ``"i8"``, ``"u8"``,
      ``"i4"``, ``"u4"`` take integer arrays and check that every value is
      in range (float arrays are refused rather than rounded); A and B may
      differ in sign (``u8 x i8``);
    * C: ``c_type=`` (``"f32"``, ``"f16"``, ``"bf16"``, ``"i32"``), else
      acc's dtype (float32, float16, int32), else f32 for float inputs and
      i32 for integer ones. The result is float32 for f32 and bf16, float16
      for f16, int32 for i32 (integer sums wrap around as on the GPU).

    `sparse=True`: A is 2:4-sparse along K, given dense (checked after
    rounding: a group of four with more than two non-zeros raises an error
    naming its row and group) or as ``(values, metadata)`` from
    :func:`compress_2to4`; the kernel uses the chip's sparse instruction, or
    on chips without one decompresses A for a dense one (with a
    :class:`CompilerRemark`). A 2:4 weight on the right is :func:`linear`.

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
    like = _tensors.first_tensor(a, b, acc)
    if like is not None:
        # PyTorch tensors: as numpy arrays (no copy on the CPU), a bfloat16
        # one as float32 of type bf16; the result as a tensor.
        (a, a_hint), (b, b_hint), (acc, acc_hint) = (
            _tensors.to_array(x) for x in (a, b, acc))
        c_type = c_type or acc_hint
        with wrapped_call():
            c = matmul(a, b, chip=chip, sparse=sparse, backend=backend,
                       acc=acc, a_type=a_type or a_hint,
                       b_type=b_type or b_hint, c_type=c_type,
                       **pipeline_options)
        return _tensors.to_tensor(c, like, c_type)
    if isinstance(a, tuple) and sparse:
        if len(a) != 2:
            raise Error("a sparse A given as a tuple must be (values, "
                        "metadata), as compress_2to4 returns them")
        a_like = _check_matrix(a[0], "the compressed values of A", (2, 3))
    else:
        if isinstance(a, tuple):
            raise Error("A is a tuple: (values, metadata) of a compressed A "
                        "needs sparse=True")
        a_like = _check_matrix(a, "A", (2, 3))
    b = _check_matrix(b, "B", (2, 3))
    batch = 0
    if a_like.ndim == 3 or b.ndim == 3:
        batch = a_like.shape[0] if a_like.ndim == 3 else b.shape[0]
        if a_like.ndim == 3 and b.ndim == 3 and b.shape[0] != batch:
            raise Error(f"A has a batch of {batch} and B of {b.shape[0]}: "
                        f"batched operands need the same batch (a 2-D one "
                        f"is shared by every batch)")
    m = a_like.shape[-2]
    k, n = b.shape[-2:]
    if not isinstance(a, tuple) and a_like.shape[-1] != k:
        raise Error(f"A is {m} x {a_like.shape[-1]} and B is {k} x {n}: B must "
                    f"have as many rows as A has columns (K)")
    if isinstance(a, tuple) and a_like.shape[-1] != 2 * ((k + 3) // 4):
        raise Error(f"the compressed values of A are {m} x "
                    f"{a_like.shape[-1]}, but B is {k} x {n}: K = {k} needs "
                    f"{2 * ((k + 3) // 4)} compressed columns")
    batched = a_like.ndim == 3 or b.ndim == 3
    c_shape = ((batch,) if batched else ()) + (m, n)
    if acc is not None:
        acc = _np.asarray(acc)
        if acc.shape != c_shape:
            raise Error(f"acc must be {_shape_text(c_shape)} (the shape of "
                        f"C), got {_shape_text(acc.shape)}")
    at = _types.input_type_of(a_like, a_type, b_type, "A")
    bt = _types.input_type_of(b, b_type, a_type, "B")
    ct = _types.accumulator_type_of(acc, c_type, at)
    if 0 in (m, n, k) or (batched and batch == 0):
        return _empty_product(c_shape, acc, at, bt, ct, sparse, chip, backend,
                              pipeline_options)
    kernel = compile_matmul(m, n, k, chip=chip, a_type=at, b_type=bt,
                            c_type=ct, sparse=sparse, batch=batch,
                            shared_a=bool(batch) and a_like.ndim == 2,
                            shared_b=bool(batch) and b.ndim == 2,
                            backend=backend, **pipeline_options)
    return kernel(a, b, acc=acc)


def _empty_product(c_shape: tuple, acc, a_type: str, b_type: str,
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
        return _np.zeros(c_shape, dtype=dtype)
    rounded = _types.from_bits(_types.to_bits(acc, c_type, chip, "acc"),
                               c_type, chip)
    return rounded.astype(dtype, copy=False)


def cache_info() -> dict:
    """The matmul caches. This process's, of loaded kernels: ``hits``,
    ``misses``, ``size`` and ``max_size``. The persistent one on disk
    (mcore._diskcache, docs/Python.md): ``compiles`` (kernels this process
    compiled), ``disk_hits`` (kernels it took compiled from the disk cache),
    ``disk_misses``, ``disk_dir``, ``disk_entries``, ``disk_bytes`` and
    ``disk_max_bytes`` (0: the disk cache is off)."""
    with _lock:
        result = {"hits": _stats["hits"], "misses": _stats["misses"],
                  "size": len(_cache), "max_size": CACHE_SIZE}
    result.update(_diskcache.info())
    return result


def clear_cache(disk: bool = False) -> None:
    """Drops every matmul kernel this process keeps (their code and GPU
    modules are freed once no MatmulKernel refers to them); with
    ``disk=True`` also every entry of the persistent cache on disk."""
    with _lock:
        _cache.clear()
    if disk:
        _diskcache.clear()
