#!/usr/bin/env bash
# Builds mcore and runs every test suite (lit, gtest, pytest and the install
# test) through CTest. Installs missing Debian packages first (as root).
# Exits non-zero if anything fails.
#
#   ./scripts/test.sh            everything
#   ./scripts/test.sh -R lit     only the tests whose name matches (ctest -R)
set -euo pipefail
source "$(dirname "$0")/lib/setup.sh"
mcore_setup
mcore_log "Running tests"
ctest --test-dir "$MCORE_BUILD" --output-on-failure -j"$(nproc)" "$@"
