"""mcore's PEP 517 build backend: ``pip install .`` builds mcore with CMake.

pyproject.toml names this module (``backend-path = ["python/pep517"]``), so
the backend needs nothing but the standard library: ``pip install .`` works
offline, with or without build isolation, and ``python3 -m build`` (Debian's
python3-build) makes the same wheel.

build_wheel configures and builds the project with CMake the way
scripts/lib/setup.sh's mcore_configure does (clang-22, lld, Ninja, ccache
when present; tests off), installs it into a staging prefix with
``cmake --install``, and packs the staging prefix as a wheel whose files
land where ``cmake --install`` would put them under the environment's
prefix:

  python/mcore/...         the package (site-packages/mcore)
  bin/...                  the tools (the environment's bin, on PATH)
  lib/*.so, lib/mcore/...  runtime libraries, MCorePlugin.so and the
                           toolkit directory (<prefix>/lib, where the tools
                           and the package look for them)

The headers, static libraries and CMake package are not in the wheel
(``cmake --install`` gives them; docs/GettingStarted.md).

The build directory: the config setting ``build-dir`` (``pip install -C
build-dir=DIR .``), else ``$MCORE_CMAKE_BUILD_DIR``, else ``build-wheel/``
in the source tree. A directory that is already configured (mcore's own
``build/``, say) is built again as it is configured, which does nothing
when it is up to date: CI makes the wheel from its test build in seconds
(test/Install/pip.sh). ``cmake-args`` (``-C cmake-args="-DX=Y ..."``) adds
CMake arguments to a new configuration.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import importlib.machinery
import io
import os
import re
import shlex
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import tomllib
import zipfile

# The source tree: pip and build run the hooks in it (PEP 517).
SOURCE_DIR = os.path.abspath(os.getcwd())


class BuildError(Exception):
    pass


def _log(message: str) -> None:
    print(f"mcore-build: {message}", file=sys.stderr, flush=True)


def _run(command: list[str], **kwargs) -> None:
    _log("running " + " ".join(shlex.quote(c) for c in command))
    try:
        subprocess.run(command, check=True, **kwargs)
    except subprocess.CalledProcessError as e:
        raise BuildError(f"{' '.join(command[:3])} ... failed with status "
                         f"{e.returncode}") from None
    except FileNotFoundError:
        raise BuildError(f"{command[0]} not found: mcore needs CMake and "
                         f"Ninja (scripts/lib/setup.sh lists the Debian "
                         f"packages)") from None


# ---------------------------------------------------------------------------
# Metadata: pyproject.toml's [project] table, and the version from CMake
# ---------------------------------------------------------------------------


def _project() -> dict:
    with open(os.path.join(SOURCE_DIR, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _version() -> str:
    """The CMake project's version, the one every tool prints."""
    with open(os.path.join(SOURCE_DIR, "CMakeLists.txt")) as f:
        match = re.search(r"project\(mcore\s+VERSION\s+([0-9.]+)", f.read())
    if not match:
        raise BuildError("no `project(mcore VERSION ...)` in CMakeLists.txt")
    return match.group(1)


def _metadata() -> str:
    project = _project()
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}",
             f"Version: {_version()}", f"Summary: {project['description']}"]
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    if "license" in project:
        lines.append(f"License: {project['license']['text']}")
    for url_name, url in project.get("urls", {}).items():
        lines.append(f"Project-URL: {url_name}, {url}")
    for requirement in project.get("dependencies", []):
        lines.append(f"Requires-Dist: {requirement}")
    for extra, requirements in project.get("optional-dependencies",
                                           {}).items():
        lines.append(f"Provides-Extra: {extra}")
        for requirement in requirements:
            lines.append(f'Requires-Dist: {requirement}; extra == "{extra}"')
    readme = project.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(SOURCE_DIR, readme)) as f:
            return "\n".join(lines) + "\n\n" + f.read()
    return "\n".join(lines) + "\n"


def _dist_name() -> str:
    return f"{_project()['name']}-{_version()}"


def _wheel_tag() -> str:
    """cpXY-cpXY-PLATFORM: the package holds an extension module for this
    interpreter."""
    python = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{python}-{python}-{platform}"


# ---------------------------------------------------------------------------
# Building and staging
# ---------------------------------------------------------------------------


def _setting(config_settings, name: str):
    value = (config_settings or {}).get(name)
    if isinstance(value, list):  # given more than once
        value = " ".join(value)
    return value


def _build_dir(config_settings) -> str:
    build = (_setting(config_settings, "build-dir")
             or os.environ.get("MCORE_CMAKE_BUILD_DIR")
             or os.path.join(SOURCE_DIR, "build-wheel"))
    return os.path.abspath(build)


def _cached(build: str, name: str):
    """A variable of build/CMakeCache.txt, or None."""
    try:
        with open(os.path.join(build, "CMakeCache.txt")) as f:
            for line in f:
                key, _, value = line.rstrip("\n").partition("=")
                if key.split(":")[0] == name:
                    return value
    except FileNotFoundError:
        pass
    return None


def _configure_and_build(build: str, config_settings) -> None:
    home = _cached(build, "CMAKE_HOME_DIRECTORY")
    if home is not None:
        if os.path.realpath(home) != os.path.realpath(SOURCE_DIR):
            raise BuildError(f"the build directory {build} is configured for "
                             f"the sources in {home}, not {SOURCE_DIR}")
        _log(f"building in the configured build directory {build}")
    else:
        # mcore_configure of scripts/lib/setup.sh, the one place that says
        # how mcore is configured, for this interpreter and without tests.
        cmake_args = ["-DMCORE_ENABLE_TESTS=OFF",
                      f"-DPython3_EXECUTABLE={os.path.realpath(sys.executable)}"]
        cmake_args += shlex.split(_setting(config_settings, "cmake-args") or "")
        _log(f"configuring {build}")
        _run(["bash", "-c",
              'MCORE_CMAKE_ARGS=("$@"); source scripts/lib/setup.sh; '
              'mcore_configure', "mcore_configure"] + cmake_args,
             cwd=SOURCE_DIR, env=dict(os.environ, MCORE_BUILD=build))
    _run(["cmake", "--build", build])


def _stage(build: str, prefix: str) -> None:
    _run(["cmake", "--install", build, "--prefix", prefix],
         stdout=subprocess.DEVNULL)
    extensions = [name for name in os.listdir(os.path.join(prefix, "python",
                                                           "mcore"))
                  if name.startswith("_mcore.")]
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    if not any(e[len("_mcore"):] in suffixes for e in extensions):
        raise BuildError(
            f"{build} built the extension {', '.join(extensions)} for another "
            f"Python than this one ({sys.executable}, which loads "
            f"{', '.join(suffixes)}); build with this interpreter or use "
            f"another build directory")


# ---------------------------------------------------------------------------
# The wheel
# ---------------------------------------------------------------------------


def _is_python_script(path: str) -> bool:
    with open(path, "rb") as f:
        first = f.readline()
    return first.startswith(b"#!") and b"python" in first


def _wheel_files(prefix: str, data: str):
    """(path in the wheel, file in the staging prefix) of what the wheel
    holds."""
    for root, dirs, files in os.walk(os.path.join(prefix, "python", "mcore")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            path = os.path.join(root, name)
            yield os.path.relpath(path, os.path.join(prefix, "python")), path
    for name in sorted(os.listdir(os.path.join(prefix, "bin"))):
        yield f"{data}/scripts/{name}", os.path.join(prefix, "bin", name)
    lib = os.path.join(prefix, "lib")
    for root, dirs, files in os.walk(lib):
        rel_root = os.path.relpath(root, lib)
        dirs[:] = sorted(d for d in dirs if rel_root != "." or d == "mcore")
        for name in sorted(files):
            path = os.path.join(root, name)
            if rel_root == "." and not name.endswith(".so"):
                continue  # static libraries
            yield (f"{data}/data/lib/{os.path.normpath(os.path.join(rel_root, name))}",
                   path)


def _add(zf: zipfile.ZipFile, record: list, arcname: str, content: bytes,
         executable: bool) -> None:
    info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
    info.external_attr = ((0o755 if executable else 0o644) | stat.S_IFREG) << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    zf.writestr(info, content)
    digest = base64.urlsafe_b64encode(
        hashlib.sha256(content).digest()).rstrip(b"=").decode()
    record.append((arcname, f"sha256={digest}", str(len(content))))


def _pack_wheel(prefix: str, wheel_directory: str) -> str:
    dist = _dist_name()
    data, dist_info = f"{dist}.data", f"{dist}.dist-info"
    name = f"{dist}-{_wheel_tag()}.whl"
    record: list = []
    with zipfile.ZipFile(os.path.join(wheel_directory, name), "w") as zf:
        for arcname, path in _wheel_files(prefix, data):
            if os.path.islink(path):
                # A wheel holds no links: the toolkit's ld.lld (a link to
                # Debian's) becomes a script that runs it, under the name
                # the link has (lld's flavour is argv[0]'s).
                target = os.path.join(os.path.dirname(path),
                                      os.readlink(path))
                content = (f'#!/bin/sh\nexec {shlex.quote(target)} "$@"\n'
                           .encode())
                executable = True
            else:
                with open(path, "rb") as f:
                    content = f.read()
                executable = bool(os.stat(path).st_mode & stat.S_IXUSR)
                if arcname.startswith(f"{data}/scripts/") and \
                        _is_python_script(path):
                    # pip points `#!python` at the environment's interpreter.
                    content = b"#!python\n" + content.split(b"\n", 1)[1]
            _add(zf, record, arcname, content, executable)
        _add(zf, record, f"{dist_info}/METADATA", _metadata().encode(), False)
        wheel = ("Wheel-Version: 1.0\nGenerator: mcore_build "
                 f"{_version()}\nRoot-Is-Purelib: false\n"
                 f"Tag: {_wheel_tag()}\n")
        _add(zf, record, f"{dist_info}/WHEEL", wheel.encode(), False)
        _add(zf, record, f"{dist_info}/top_level.txt", b"mcore\n", False)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerows(record)
        writer.writerow((f"{dist_info}/RECORD", "", ""))
        info = zipfile.ZipInfo(f"{dist_info}/RECORD",
                               date_time=(2020, 1, 1, 0, 0, 0))
        info.external_attr = (0o644 | stat.S_IFREG) << 16
        zf.writestr(info, out.getvalue(), compress_type=zipfile.ZIP_DEFLATED)
    return name


# ---------------------------------------------------------------------------
# The source distribution
# ---------------------------------------------------------------------------


def _source_files() -> list[str]:
    """The sources: git's tracked files in a checkout, else every file but
    build directories and caches."""
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=SOURCE_DIR,
                             check=True, capture_output=True).stdout
        return sorted(p for p in out.decode().split("\0")
                      if p and os.path.lexists(os.path.join(SOURCE_DIR, p)))
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for root, dirs, names in os.walk(SOURCE_DIR):
        rel = os.path.relpath(root, SOURCE_DIR)
        dirs[:] = sorted(d for d in dirs if not (
            d in (".git", "__pycache__", ".cache", "dist") or
            (rel == "." and (d == "build" or d.startswith("build-")))))
        files += [os.path.normpath(os.path.join(rel, n)) for n in names]
    return sorted(files)


# ---------------------------------------------------------------------------
# PEP 517 hooks
# ---------------------------------------------------------------------------


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    dist_info = os.path.join(metadata_directory, f"{_dist_name()}.dist-info")
    os.makedirs(dist_info, exist_ok=True)
    with open(os.path.join(dist_info, "METADATA"), "w") as f:
        f.write(_metadata())
    return os.path.basename(dist_info)


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    try:
        build = _build_dir(config_settings)
        _configure_and_build(build, config_settings)
        with tempfile.TemporaryDirectory(prefix="mcore-wheel-") as prefix:
            _stage(build, prefix)
            name = _pack_wheel(prefix, wheel_directory)
    except BuildError as e:
        _log(f"error: {e}")
        raise SystemExit(1) from None
    _log(f"built {name}")
    return name


def build_sdist(sdist_directory, config_settings=None):
    dist = _dist_name()
    name = f"{dist}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz",
                      format=tarfile.PAX_FORMAT) as tar:
        for path in _source_files():
            tar.add(os.path.join(SOURCE_DIR, path), f"{dist}/{path}",
                    recursive=False)
        pkg_info = _metadata().encode()
        info = tarfile.TarInfo(f"{dist}/PKG-INFO")
        info.size, info.mode = len(pkg_info), 0o644
        tar.addfile(info, io.BytesIO(pkg_info))
    return name
