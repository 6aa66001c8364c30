"""Every pytest session of the package starts with an empty persistent kernel
cache of its own (mcore._diskcache), not the user's ~/.cache/mcore: the
tests compile what they test, and leave nothing behind."""
import os
import shutil
import tempfile

_cache = tempfile.mkdtemp(prefix="mcore-pytest-kernels-")
os.environ["MCORE_CACHE_DIR"] = _cache


def pytest_unconfigure(config):
    shutil.rmtree(_cache, ignore_errors=True)
