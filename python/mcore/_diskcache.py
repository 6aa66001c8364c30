"""The persistent kernel cache: compiled matmuls kept on disk between
processes, as Triton keeps its kernels.

A kernel is compiled once per problem, chip, backend, pipeline options and
build of mcore, on this machine, by any process: the pipeline's output (the
host code and the GPU binary, as MLIR bytecode) is kept in a file whose name
is a hash of all of those, and another process that asks for the same
kernel takes it from there and only JIT-compiles the host code and loads the
binary (``mcore.cache_info()["compiles"]`` stays 0).

* Where: ``$MCORE_CACHE_DIR``, else ``$XDG_CACHE_HOME/mcore``, else
  ``~/.cache/mcore``; the kernels are in its ``kernels/`` folder.
* The key: the entry's file name is the SHA-256 of mcore's version, a hash
  of the extension module (the compiler in it: a rebuilt mcore does not
  reuse the kernels of another build), LLVM's version, the problem, the
  chip, the backend and every pipeline option (a tuning file by its
  content). The entry repeats the key, so a collision or a file of another
  kind is a miss.
* Safe: an entry is written to a temporary file in the same folder and
  renamed over its name (``os.replace``, atomic on POSIX), so readers see a
  whole entry or none, and several processes (and threads) share the folder
  without locks. An entry holds the SHA-256 of its contents; one that does
  not match (a disk error, a file cut short) is a miss, deleted and
  compiled again.
* Bounded: ``$MCORE_CACHE_MAX_BYTES`` (default 1 GiB; 0 turns the cache
  off). After a write that takes the folder over the bound, the least
  recently used entries (a hit refreshes an entry's time) are deleted down
  to 3/4 of it.
* Cleared with ``mcore.clear_cache(disk=True)`` or ``python3 -m mcore cache
  clear``.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import tempfile
import threading
import time
from typing import Optional

from . import _mcore

#: An entry: this magic, the header's length (8 bytes, little-endian), the
#: header (JSON: the key, the payload's SHA-256 and length, the compiler's
#: remarks) and the payload (the compiled module's bytecode).
_MAGIC = b"MCOREKC1"
_DEFAULT_MAX_BYTES = 1 << 30
#: A temporary file older than this was left by a process that died while
#: writing it.
_STALE_SECONDS = 3600

_lock = threading.Lock()
_stats = {"disk_hits": 0, "disk_misses": 0, "compiles": 0}
_build_id: Optional[str] = None


def cache_dir() -> str:
    """The cache's folder (it may not exist yet)."""
    directory = os.environ.get("MCORE_CACHE_DIR")
    if not directory:
        base = os.environ.get("XDG_CACHE_HOME") or \
            os.path.join(os.path.expanduser("~"), ".cache")
        directory = os.path.join(base, "mcore")
    return os.path.abspath(directory)


def max_bytes() -> int:
    """The size bound, ``$MCORE_CACHE_MAX_BYTES`` (0: no disk cache)."""
    value = os.environ.get("MCORE_CACHE_MAX_BYTES")
    if value is None or value == "":
        return _DEFAULT_MAX_BYTES
    try:
        bound = int(value)
    except ValueError:
        raise _mcore.Error(f"MCORE_CACHE_MAX_BYTES={value!r} is not a number "
                           f"of bytes") from None
    if bound < 0:
        raise _mcore.Error(f"MCORE_CACHE_MAX_BYTES={value!r} is negative")
    return bound


def enabled() -> bool:
    return max_bytes() > 0


def _kernels_dir() -> str:
    return os.path.join(cache_dir(), "kernels")


def build_id() -> str:
    """A hash of the extension module: the compiler this process runs."""
    global _build_id
    if _build_id is None:
        digest = hashlib.sha256()
        with open(_mcore.__file__, "rb") as f:
            for chunk in iter(lambda: f.read(1 << 20), b""):
                digest.update(chunk)
        _build_id = digest.hexdigest()
    return _build_id


def make_key(fields: dict) -> tuple[str, str]:
    """(file name, key text) of a kernel described by `fields`: the text is
    canonical JSON of the fields and the build's identity."""
    described = dict(fields)
    described["mcore_version"] = _mcore.__version__
    described["llvm_version"] = _mcore.llvm_version()
    described["build"] = build_id()
    text = json.dumps(described, sort_keys=True, separators=(",", ":"),
                      default=str)
    return hashlib.sha256(text.encode()).hexdigest(), text


def _entry_path(name: str) -> str:
    return os.path.join(_kernels_dir(), name[:2], name + ".kernel")


def _encode(key_text: str, payload: bytes, remarks: list) -> bytes:
    header = json.dumps({"key": key_text,
                         "sha256": hashlib.sha256(payload).hexdigest(),
                         "size": len(payload),
                         "remarks": list(remarks)}).encode()
    return _MAGIC + struct.pack("<Q", len(header)) + header + payload


def _decode(data: bytes, key_text: str) -> Optional[tuple[bytes, list]]:
    """(payload, remarks) of an entry that is whole and is `key_text`'s."""
    start = len(_MAGIC) + 8
    if len(data) < start or not data.startswith(_MAGIC):
        return None
    (length,) = struct.unpack("<Q", data[len(_MAGIC):start])
    try:
        header = json.loads(data[start:start + length])
    except ValueError:
        return None
    payload = data[start + length:]
    if not isinstance(header, dict) or header.get("key") != key_text or \
            header.get("size") != len(payload) or \
            header.get("sha256") != hashlib.sha256(payload).hexdigest():
        return None
    return payload, list(header.get("remarks", []))


def load(name: str, key_text: str) -> Optional[tuple[bytes, list]]:
    """The entry `name` as (compiled module, remarks), or None. A damaged
    entry is deleted."""
    path = _entry_path(name)
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        return None
    entry = _decode(data, key_text)
    if entry is None:
        try:
            os.remove(path)
        except OSError:
            pass
        return None
    try:
        os.utime(path)  # recently used: the last to be evicted
    except OSError:
        pass
    return entry


def store(name: str, key_text: str, payload: bytes, remarks: list) -> None:
    """Writes the entry atomically, then keeps the folder under the bound.
    A cache that cannot be written (a read-only home) is no error."""
    path = _entry_path(name)
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(path), prefix=".tmp-",
                                   suffix=".kernel")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(_encode(key_text, payload, remarks))
            os.replace(tmp, path)
        except BaseException:
            try:
                os.remove(tmp)
            except OSError:
                pass
            raise
    except OSError:
        return
    evict(max_bytes())


def _entries() -> list[tuple[float, int, str]]:
    """(last used, size, path) of every entry; old temporary files are
    deleted on the way."""
    result = []
    now = time.time()
    try:
        folders = os.scandir(_kernels_dir())
    except OSError:
        return result
    with folders:
        for folder in folders:
            if not folder.is_dir(follow_symlinks=False):
                continue
            try:
                files = list(os.scandir(folder.path))
            except OSError:
                continue
            for entry in files:
                try:
                    info = entry.stat(follow_symlinks=False)
                except OSError:
                    continue  # deleted meanwhile by another process
                if entry.name.startswith(".tmp-"):
                    if now - info.st_mtime > _STALE_SECONDS:
                        try:
                            os.remove(entry.path)
                        except OSError:
                            pass
                    continue
                if entry.name.endswith(".kernel"):
                    result.append((info.st_mtime, info.st_size, entry.path))
    return result


def evict(bound: int) -> None:
    """Deletes the least recently used entries while the folder holds more
    than `bound` bytes, down to 3/4 of it."""
    entries = _entries()
    total = sum(size for _, size, _ in entries)
    if total <= bound:
        return
    target = bound * 3 // 4
    for _, size, path in sorted(entries):
        if total <= target:
            break
        try:
            os.remove(path)
        except OSError:
            pass  # another process evicted it first
        total -= size


def info() -> dict:
    """Counters of this process and the folder's state."""
    entries = _entries() if enabled() else []
    with _lock:
        stats = dict(_stats)
    stats.update({"disk_dir": cache_dir(), "disk_entries": len(entries),
                  "disk_bytes": sum(size for _, size, _ in entries),
                  "disk_max_bytes": max_bytes()})
    return stats


def count(what: str) -> None:
    with _lock:
        _stats[what] += 1


def clear() -> int:
    """Deletes every entry; returns how many."""
    removed = 0
    for _, _, path in _entries():
        try:
            os.remove(path)
            removed += 1
        except OSError:
            pass
    return removed
