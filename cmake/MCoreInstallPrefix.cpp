//===- MCoreInstallPrefix.cpp - Tell mcore where it is installed ----------===//
//
// Installed beside MCoreConfig.cmake, which compiles this file into every
// target that links MCore::MCoreSupport (its INTERFACE_SOURCES) with
// MCORE_INSTALL_PREFIX set to the prefix the package was found in: the
// program then finds mcore's runtime libraries and toolkit directory there
// (include/mcore/Support/InstallPrefix.h).
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/InstallPrefix.h"

#ifndef MCORE_INSTALL_PREFIX
#error "MCORE_INSTALL_PREFIX is set by MCoreConfig.cmake"
#endif

namespace {
const bool mcoreInstallPrefixSet =
    (mlir::mcore::setInstallPrefix(MCORE_INSTALL_PREFIX), true);
} // namespace
