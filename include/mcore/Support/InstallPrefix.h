//===- InstallPrefix.h - Where the mcore a program uses is ------*- C++ -*-===//
//
// mcore's tools find their runtime libraries and the ROCm toolkit directory
// (ld.lld) beside themselves: <prefix>/bin/mcore-run uses <prefix>/lib. A
// program of another project that links the installed libraries is not in
// <prefix>/bin, so the CMake package tells it the prefix: find_package(MCore)
// compiles MCoreInstallPrefix.cpp (installed beside MCoreConfig.cmake) into
// every target that links MCore::MCoreSupport, and it calls setInstallPrefix
// before main() with the prefix the package was found in.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_SUPPORT_INSTALLPREFIX_H
#define MCORE_SUPPORT_INSTALLPREFIX_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace mlir::mcore {

/// Records the prefix of the mcore installation the program was built
/// against.
void setInstallPrefix(llvm::StringRef prefix);

/// That prefix, if the program was built against an installed mcore (never
/// in mcore's own build tree).
std::optional<std::string> getInstallPrefix();

/// The directories where mcore's libraries, runtime libraries included, may
/// be for this program, best first: <dir of the executable>/../lib, then
/// <install prefix>/lib when known.
llvm::SmallVector<std::string, 2> getLibraryDirectories();

} // namespace mlir::mcore

#endif // MCORE_SUPPORT_INSTALLPREFIX_H
