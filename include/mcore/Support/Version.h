//===- Version.h - mcore's version -------------------------------*- C++
//-*-===//
//
// mcore's version is the CMake project's (project(mcore VERSION ...) in the
// top-level CMakeLists.txt), written nowhere else: the tools' --version, the
// Python package's __version__ and the installed MCoreConfigVersion.cmake
// all come from it.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_SUPPORT_VERSION_H
#define MCORE_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlir::mcore {

/// "0.1.0".
llvm::StringRef getMCoreVersion();

/// The LLVM/MLIR release mcore was built against ("22.1.8").
llvm::StringRef getLLVMVersion();

/// What --version prints:
///
///   mcore-opt (mcore) 0.1.0
///   LLVM/MLIR 22.1.8
void printVersion(llvm::raw_ostream &os, llvm::StringRef toolName);

/// Makes --version of the tool `toolName` print printVersion() instead of
/// LLVM's text. Call it before llvm::cl::ParseCommandLineOptions (or before
/// MlirOptMain, which parses the command line).
void setVersionPrinter(llvm::StringRef toolName);

} // namespace mlir::mcore

#endif // MCORE_SUPPORT_VERSION_H
