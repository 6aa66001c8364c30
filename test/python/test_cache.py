"""The persistent kernel cache (mcore._diskcache, docs/Python.md): a second
process takes a compiled kernel from disk instead of compiling it, writers
that run at the same time never leave an entry a reader could see half
written, the folder stays under its bound, a damaged entry is compiled
again, and the cache can be cleared. The in-process cache: a kernel compiled
with sparse_b=True is the one linear() runs."""
import json
import multiprocessing
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mcore
from mcore import _diskcache

# A child interpreter compiles and runs the given matmuls on the emulator and
# reports the cache's counters, its compiler remarks and the largest error.
CHILD = textwrap.dedent("""
    import json, sys, warnings
    import numpy as np
    import mcore
    problems = json.loads(sys.argv[1])
    rng = np.random.default_rng(7)
    worst, remarks = 0.0, []
    for p in problems:
        m, n, k = p["m"], p["n"], p["k"]
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", mcore.CompilerRemark)
            kernel = mcore.compile_matmul(m, n, k, chip=p["chip"],
                                          sparse=p.get("sparse", False),
                                          backend="emu")
        remarks += [str(w.message) for w in caught]
        # Partial sums that are not exact in f32.
        a = rng.standard_normal((m, k)).astype(np.float16)
        if p.get("sparse"):
            a = mcore.prune_2to4(a)
            a[:, ::8] = 0  # groups with one non-zero, and some with none
            a[::3, 4:8] = 0
        b = rng.standard_normal((k, n)).astype(np.float16)
        c = kernel(a, b)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        worst = max(worst, float(np.abs(c - ref).max()))
    info = mcore.cache_info()
    print(json.dumps({"info": info, "err": worst, "remarks": remarks}))
""")

DENSE = {"m": 64, "n": 48, "k": 96, "chip": "gfx942"}
SPARSE = {"m": 32, "n": 64, "k": 128, "chip": "gfx1201", "sparse": True}
# gfx90a has no sparse instruction: a dense fallback, with a remark.
FALLBACK = {"m": 32, "n": 32, "k": 64, "chip": "gfx90a", "sparse": True}


def start_child(cache_dir, problems, **env):
    environment = dict(os.environ, MCORE_CACHE_DIR=str(cache_dir), **env)
    return subprocess.Popen([sys.executable, "-c", CHILD,
                             json.dumps(problems)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=environment)


def finish(child):
    out, err = child.communicate(timeout=600)
    assert child.returncode == 0, err
    result = json.loads(out.strip().splitlines()[-1])
    assert result["err"] < 1e-3, result
    return result


def run_child(cache_dir, problems, **env):
    return finish(start_child(cache_dir, problems, **env))


def kernel_files(cache_dir):
    found = []
    for root, _, files in os.walk(cache_dir):
        found += [os.path.join(root, f) for f in files]
    return found


def test_second_process_reuses_the_kernels(tmp_path):
    first = run_child(tmp_path, [DENSE, SPARSE, FALLBACK])
    info = first["info"]
    assert (info["compiles"], info["disk_misses"], info["disk_hits"]) == \
        (3, 3, 0), info
    assert info["disk_entries"] == 3 and info["disk_bytes"] > 0
    assert info["disk_dir"] == str(tmp_path)
    assert any("decompressing A" in r for r in first["remarks"]), \
        first["remarks"]

    second = run_child(tmp_path, [DENSE, SPARSE, FALLBACK])
    info = second["info"]
    # Nothing compiled: every kernel came from the disk, and computes the
    # same; the compiler's remarks come with it.
    assert (info["compiles"], info["disk_misses"], info["disk_hits"]) == \
        (0, 0, 3), info
    assert second["remarks"] == first["remarks"]
    assert info["disk_entries"] == 3


def test_another_problem_or_option_is_another_entry(tmp_path):
    run_child(tmp_path, [DENSE])
    other = dict(DENSE, n=64)
    info = run_child(tmp_path, [other])["info"]
    assert (info["compiles"], info["disk_hits"]) == (1, 0)
    assert info["disk_entries"] == 2


def test_concurrent_processes_share_the_cache(tmp_path):
    # Three processes compile the same kernels at the same time, in
    # different orders, into one folder.
    orders = [[DENSE, SPARSE], [SPARSE, DENSE], [DENSE, SPARSE]]
    children = [start_child(tmp_path, order) for order in orders]
    for child in children:
        finish(child)
    files = kernel_files(tmp_path)
    assert not [f for f in files if ".tmp-" in f], files
    assert len(files) == 2, files
    # Each entry is whole; a fourth process takes both.
    info = run_child(tmp_path, [SPARSE, DENSE])["info"]
    assert (info["compiles"], info["disk_hits"]) == (0, 2), info


def test_damaged_entry_is_compiled_again(tmp_path):
    run_child(tmp_path, [DENSE])
    (path,) = kernel_files(tmp_path)
    data = bytearray(open(path, "rb").read())
    data[len(data) // 2] ^= 0xFF  # one bit pattern of the module changed
    open(path, "wb").write(bytes(data))
    info = run_child(tmp_path, [DENSE])["info"]
    assert (info["compiles"], info["disk_hits"]) == (1, 0), info
    info = run_child(tmp_path, [DENSE])["info"]
    assert (info["compiles"], info["disk_hits"]) == (0, 1), info


def test_cache_off_and_clear(tmp_path):
    info = run_child(tmp_path, [DENSE], MCORE_CACHE_MAX_BYTES="0")["info"]
    assert (info["compiles"], info["disk_max_bytes"]) == (1, 0)
    assert kernel_files(tmp_path) == []
    run_child(tmp_path, [DENSE])
    env = dict(os.environ, MCORE_CACHE_DIR=str(tmp_path))
    out = subprocess.run([sys.executable, "-m", "mcore", "cache", "info"],
                         capture_output=True, text=True, env=env, check=True)
    assert out.stdout.startswith(f"{tmp_path}: 1 kernels, "), out.stdout
    out = subprocess.run([sys.executable, "-m", "mcore", "cache", "clear"],
                         capture_output=True, text=True, env=env, check=True)
    assert out.stdout == f"removed 1 kernels from {tmp_path}\n"
    assert kernel_files(tmp_path) == []


# -- the store itself: atomic, bounded ---------------------------------------

def _writer(cache_dir, seed, rounds, result):
    """Stores random entries under three names and reads them back; counts
    the reads that found an entry that was not whole."""
    os.environ["MCORE_CACHE_DIR"] = cache_dir
    rng = np.random.default_rng(seed)
    torn = reads = 0
    for _ in range(rounds):
        name = f"{int(rng.integers(3)):064x}"
        key = f"key {name}"
        size = int(rng.integers(1, 400)) * 1024
        _diskcache.store(name, key, rng.bytes(size), ["remark"])
        for other in range(3):
            other_name = f"{other:064x}"
            try:
                with open(_diskcache._entry_path(other_name), "rb") as f:
                    data = f.read()
            except FileNotFoundError:
                continue
            reads += 1
            if _diskcache._decode(data, f"key {other_name}") is None:
                torn += 1
    result.put((torn, reads))


def test_concurrent_writers_never_show_half_an_entry(tmp_path, monkeypatch):
    monkeypatch.setenv("MCORE_CACHE_DIR", str(tmp_path))
    result = multiprocessing.get_context("fork").Queue()
    writers = [multiprocessing.get_context("fork").Process(
        target=_writer, args=(str(tmp_path), seed, 60, result))
        for seed in range(4)]
    for w in writers:
        w.start()
    counts = [result.get(timeout=300) for _ in writers]
    for w in writers:
        w.join()
        assert w.exitcode == 0
    assert sum(reads for _, reads in counts) > 100, counts
    assert sum(torn for torn, _ in counts) == 0, counts
    files = kernel_files(tmp_path)
    assert len(files) == 3 and not [f for f in files if ".tmp-" in f], files
    for f in files:
        name = os.path.basename(f)[:-len(".kernel")]
        assert _diskcache.load(name, f"key {name}") is not None


def test_size_bound_evicts_least_recently_used(tmp_path, monkeypatch):
    monkeypatch.setenv("MCORE_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("MCORE_CACHE_MAX_BYTES", str(200 * 1024))
    names = [f"{i:064x}" for i in range(10)]
    payload = bytes(30 * 1024)
    for i, name in enumerate(names):
        _diskcache.store(name, name, payload, [])
        if i >= 1:
            # The first entry is used after every store: never evicted.
            assert _diskcache.load(names[0], names[0]) is not None
        info = _diskcache.info()
        assert info["disk_bytes"] <= 200 * 1024, info
    assert _diskcache.load(names[0], names[0]) is not None
    assert _diskcache.load(names[-1], names[-1]) is not None
    assert _diskcache.load(names[1], names[1]) is None  # the oldest unused
    assert _diskcache.info()["disk_entries"] < 10


# -- the in-process cache ----------------------------------------------------

def test_compile_matmul_sparse_b_warms_linear():
    mcore.clear_cache()
    kernel = mcore.compile_matmul(16, 32, 64, chip="gfx1201", sparse_b=True,
                                  backend="emu")
    before = mcore.cache_info()
    rng = np.random.default_rng(3)
    x = rng.standard_normal((16, 64)).astype(np.float16)
    w = mcore.prune_2to4(rng.standard_normal((32, 64)).astype(np.float16))
    w[::5, :4] = 0  # groups with no non-zero
    y = mcore.linear(x, w, chip="gfx1201", sparse=True, backend="emu")
    after = mcore.cache_info()
    assert (after["hits"], after["misses"]) == \
        (before["hits"] + 1, before["misses"]), (before, after)
    assert kernel.transpose_b and kernel.sparse_b
    ref = x.astype(np.float64) @ w.astype(np.float64).T
    assert np.abs(y - ref).max() < 1e-3
