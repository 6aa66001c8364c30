# Shared by scripts/demo.sh and scripts/test.sh: install what is missing,
# configure build/ and build it. Safe to run again; does nothing that is
# already done. Sourced, not executed.

MCORE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MCORE_BUILD="${MCORE_BUILD:-$MCORE_ROOT/build}"
# More CMake arguments for mcore_configure (scripts/test.sh --sanitize sets
# them for build-asan/).
MCORE_CMAKE_ARGS=(${MCORE_CMAKE_ARGS[@]+"${MCORE_CMAKE_ARGS[@]}"})

# Debian 12 packages mcore needs to build and test. LLVM/MLIR/clang/lld 22
# come from Debian's security archive.
MCORE_PACKAGES=(
  cmake ninja-build ccache pkg-config
  clang-22 lld-22 llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  libclang-rt-22-dev
  libgtest-dev libgmock-dev libbenchmark-dev libboost-context-dev
  python3 python3-dev python3-numpy python3-pytest pybind11-dev
  # `pip install .` into a virtual environment (pyproject.toml; mcore's own
  # build backend needs nothing else) and `python3 -m build`; the pip-install
  # test makes one with --system-site-packages.
  python3-pip python3-venv python3-build
  # PyTorch (CPU) for mcore.torch and torch tensors in mcore.matmul/linear;
  # optional: without it the torch tests skip.
  python3-torch
  # Debian's real HIP runtime (5.2.3) and its headers: the HIP backend's
  # tests run against its no-GPU behaviour (test/Tools/mcore-run/real-hip.test)
  # and unittests/Runtime/HipAbiTest.cpp checks lib/Runtime/Hip/HipApi.h
  # against its hip_runtime_api.h. Nothing else uses it: mcore builds and
  # runs without it.
  libamdhip64-dev
  # rsvg-convert renders the layout pictures of docs/ in a test
  # (test/Docs/layout-pictures-render.test).
  librsvg2-bin
)

mcore_log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

mcore_install_packages() {
  local missing=()
  for pkg in "${MCORE_PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$pkg")
    fi
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  mcore_log "Installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "error: missing packages (${missing[*]}) and not root; run as root or install them" >&2
      return 1
    fi
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -q --no-install-recommends "${missing[@]}"
}

mcore_configure() {
  if [ -f "$MCORE_BUILD/build.ninja" ] && [ -f "$MCORE_BUILD/CMakeCache.txt" ]; then
    return 0
  fi
  mcore_log "Configuring $MCORE_BUILD"
  local launcher=()
  if command -v ccache >/dev/null 2>&1; then
    launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  cmake -G Ninja -S "$MCORE_ROOT" -B "$MCORE_BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    "${launcher[@]}" ${MCORE_CMAKE_ARGS[@]+"${MCORE_CMAKE_ARGS[@]}"}
}

mcore_build() {
  mcore_log "Building"
  cmake --build "$MCORE_BUILD"
}

mcore_setup() {
  mcore_install_packages
  mcore_configure
  mcore_build
}
