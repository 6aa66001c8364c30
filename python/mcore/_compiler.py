"""mcore.compile: --mcore-pipeline in-process, on MLIR text."""

from __future__ import annotations

import contextlib
import contextvars
import difflib
import os
import re
import warnings
from typing import Iterator, Union

from . import _mcore

Error = _mcore.Error

#: The formats :func:`compile` returns.
FORMATS = ("isa", "llvm", "hsaco", "mlir")



def _find_lib_dir() -> str:
    """<prefix>/lib, where the runtime libraries and the ld.lld toolkit
    directory are: <prefix>/python/mcore in the build tree and in a CMake
    install, <prefix>/lib/pythonX.Y/site-packages/mcore in an environment
    that `pip install` filled (the wheel puts them in the environment's
    lib). The nearest ancestor of the package with a lib/ holding the
    emulator's runtime library; <prefix>/python/../lib when none has one."""
    here = os.path.dirname(os.path.abspath(__file__))
    ancestor = os.path.dirname(here)
    for _ in range(4):
        lib = os.path.join(ancestor, "lib")
        if os.path.isfile(os.path.join(lib, "libmcore_emu_runtime.so")):
            return lib
        ancestor = os.path.dirname(ancestor)
    return os.path.normpath(os.path.join(here, "..", "..", "lib"))


LIB_DIR = _find_lib_dir()
TOOLKIT_DIR = os.path.join(LIB_DIR, "mcore", "rocm-toolkit")


class CompilerRemark(UserWarning):
    """A remark or warning of mcore's compiler, for example that a 2:4-sparse
    A runs on dense instructions because the chip has no sparse ones."""


#: Frames between the user's call and the package's function that warns,
#: beyond the usual: the tensor wrappers (_tensors.py) call the numpy
#: function once more.
_wrapper_frames = contextvars.ContextVar("mcore_wrapper_frames", default=0)


@contextlib.contextmanager
def wrapped_call() -> Iterator[None]:
    """Remarks raised inside point one frame further out (at the user's call
    of the wrapper)."""
    token = _wrapper_frames.set(_wrapper_frames.get() + 1)
    try:
        yield
    finally:
        _wrapper_frames.reset(token)


def _emit_remarks(remarks, stacklevel: int) -> None:
    for remark in remarks:
        warnings.warn(remark, CompilerRemark,
                      stacklevel=stacklevel + 1 + _wrapper_frames.get())


_OPTIONS = {name: {"option": option, "type": type_, "default": default,
                   "description": description}
            for name, option, description, type_, default
            in _mcore.pipeline_options()}


def pipeline_options() -> dict[str, dict]:
    """The options of ``--mcore-pipeline`` that :func:`compile` and
    :func:`matmul` take as keyword arguments, by Python name (``tile_m`` for
    ``tile-m``): for each, the ``option`` as ``mcore-opt`` spells it, its
    Python ``type`` (``int``, ``bool`` or ``str``), its ``default`` (of that
    type) and its ``description``. ``chip`` and ``format`` are arguments of
    their own."""
    return {k: dict(v) for k, v in _OPTIONS.items()}


def make_options(options: dict, *, reserved: dict[str, str]):
    """(``_mcore.PipelineOptions`` with `options` set, a hashable key of
    them) for keyword arguments. Names are checked here; each value is
    checked against its option's type when it is set."""
    result = _mcore.PipelineOptions()
    for key in sorted(options):
        if key in reserved:
            raise Error(reserved[key])
        if key not in _OPTIONS:
            near = difflib.get_close_matches(key, list(_OPTIONS), n=2)
            hint = f"; did you mean {' or '.join(near)}?" if near else ""
            names = ", ".join(k for k in sorted(_OPTIONS) if k not in reserved)
            raise Error(f"unknown pipeline option {key!r}{hint} (options: "
                        f"{names})")
        setattr(result, key, options[key])  # raises on a wrong type
    return result, tuple(sorted(options.items()))


# The tools' spellings in the C++ library's messages, and a Python caller's:
# mcore.Error reads as advice for the call that raised it.
_PYTHON_WORDS = [
    (re.compile(r"\(mcore-run --backend=emu, or mlir-runner "
                r"--shared-libs=libmcore_emu_runtime\.so\)"),
     "(backend='emu')"),
    (re.compile(r"\(mcore-run --chip=\.\.\., or the pipeline's chip=\)"),
     "(chip=...)"),
    (re.compile(r"(?:mcore-run )?--(backend|chip)=([\w.]+)"), r"\1='\2'"),
    (re.compile(r"\(--scales\)"), "(scales=)"),
]


def python_words(message: str) -> str:
    """`message` with the command-line tools' option spellings
    (``--backend=emu``) as a Python call spells them (``backend='emu'``)."""
    for pattern, replacement in _PYTHON_WORDS:
        message = pattern.sub(replacement, message)
    return message


@contextlib.contextmanager
def in_python_words() -> Iterator[None]:
    """Re-raises an :class:`mcore.Error` of the C++ library worded for
    Python (:func:`python_words`)."""
    try:
        yield
    except Error as error:
        worded = python_words(str(error))
        if worded == str(error):
            raise
        raise Error(worded) from None


def check_chip_name(chip) -> str:
    """`chip` if it is a chip mcore knows; else the tools' error."""
    if not isinstance(chip, str):
        raise Error(f"chip must be a string such as 'gfx1201', got {chip!r}")
    _mcore.chip_fp8(chip)  # raises "unknown chip ...; supported chips: ..."
    return chip


def compile(mlir_text: str, chip: str, format: str = "isa",
            **pipeline_options) -> Union[str, bytes, dict[str, bytes]]:
    """Compiles MLIR text with mcore's pipeline (``--mcore-pipeline``), in
    this process, for `chip`.

    The input is what ``mcore-opt --mcore-pipeline`` takes: functions with
    ``linalg.matmul`` on tensors or memrefs, dense or with a 2:4-encoded A,
    or ``mcore.sparse_matmul`` on compressed operands. `format`:

    * ``"isa"``: the kernels' AMDGPU assembly, as text (several kernel
      modules are concatenated, each after a ``; gpu.binary @name`` line);
    * ``"hsaco"``: the code object (ELF) a GPU loads, as bytes;
    * ``"llvm"``: the kernels' AMDGPU LLVM bitcode (what the emulator runs;
      ``llvm-dis`` reads it), as bytes;
    * ``"mlir"``: the IR before serialization, as text: host code in the
      LLVM dialect, each kernel in a ``gpu.module`` in the LLVM and ROCDL
      dialects.

    For ``hsaco`` and ``llvm``, a program with several kernel modules (a
    2:4-encoded A compressed on the GPU, say) gives a dict from each
    ``gpu.binary``'s name to its bytes.

    Keyword arguments are ``--mcore-pipeline`` options with ``_`` for ``-``
    (``tile_m=64, stages=1, intrinsic="wmma_f32_16x16x16_f16_w32_gfx12"``;
    see :func:`pipeline_options`). Errors (a bad option, an unknown chip,
    types the chip cannot multiply, invalid IR) raise :class:`mcore.Error`
    with the messages ``mcore-opt`` prints, located in the input
    (``input.mlir:LINE:COL``). Remarks become :class:`CompilerRemark`
    warnings.
    """
    if not isinstance(mlir_text, str):
        raise Error(f"mlir_text must be a str, got {type(mlir_text).__name__}")
    if format not in FORMATS:
        raise Error(f"format={format!r} is not one of {', '.join(FORMATS)}")
    check_chip_name(chip)
    if format == "hsaco" and "toolkit" not in pipeline_options \
            and os.path.isdir(TOOLKIT_DIR):
        pipeline_options["toolkit"] = TOOLKIT_DIR
    options, _ = make_options(pipeline_options, reserved={
        "chip": "chip is an argument of compile(), not an option",
        "format": "format is an argument of compile(), not an option"})
    options.chip = chip
    options.format = "isa" if format == "mlir" else format
    with in_python_words():
        ir, binaries, remarks = _mcore.compile(mlir_text, options,
                                               format == "mlir")
    _emit_remarks(remarks, stacklevel=2)
    if format == "mlir":
        return ir
    if not binaries:
        raise Error("the program has no GPU kernel: --mcore-pipeline made no "
                    "gpu.binary (it compiles linalg.matmul and "
                    "mcore.sparse_matmul)")
    if format == "isa":
        if len(binaries) == 1:
            return binaries[0][1].decode()
        return "".join(f"; gpu.binary @{name}\n{obj.decode()}"
                       for name, obj in binaries)
    if len(binaries) == 1:
        return binaries[0][1]
    return {name: obj for name, obj in binaries}
