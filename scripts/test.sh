#!/usr/bin/env bash
# Builds mcore and runs every test suite (lit, gtest, pytest, the fuzzers and
# the install test) through CTest. Installs missing Debian packages first
# (as root). Exits non-zero if anything fails.
#
#   ./scripts/test.sh               everything
#   ./scripts/test.sh -R lit        only the tests whose name matches (ctest -R)
#   ./scripts/test.sh --sanitize    an AddressSanitizer + UndefinedBehavior-
#                                   Sanitizer build in build-asan/, then the
#                                   unit tests, the emulator's and tools' lit
#                                   tests (lit-emulator) and pytest in it
#   ./scripts/test.sh --sanitize -R '^lit$'   other tests of that build
#
# The sanitizer build is configured with -DLLVM_USE_SANITIZER="Address;
# Undefined" (cmake/MCoreSanitizers.cmake: one shared ASan runtime per
# process, the options every process runs with); MCORE_BUILD overrides
# its directory.
set -euo pipefail
sanitize=0
if [ "${1:-}" = "--sanitize" ]; then
  sanitize=1
  shift
  MCORE_BUILD="${MCORE_BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build-asan}"
  MCORE_CMAKE_ARGS=("-DLLVM_USE_SANITIZER=Address;Undefined")
fi
source "$(dirname "$0")/lib/setup.sh"
mcore_setup
if [ "$sanitize" = 1 ]; then
  if [ $# -eq 0 ]; then
    # The unit tests, lit-emulator and pytest; the whole lit suite, the
    # fuzzers and the install test only when asked for.
    set -- -E '^(lit|install-downstream|fuzz-.*)$'
  fi
  mcore_log "Running tests under AddressSanitizer and UndefinedBehaviorSanitizer"
fi
mcore_log "Running tests"
ctest --test-dir "$MCORE_BUILD" --output-on-failure -j"$(nproc)" "$@"
