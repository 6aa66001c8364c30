//===- Version.cpp - mcore's version --------------------------------------===//
//
// See include/mcore/Support/Version.h. MCORE_VERSION is defined by
// lib/Support/CMakeLists.txt from the CMake project's version.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/Version.h"

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

#ifndef MCORE_VERSION
#error "MCORE_VERSION must be defined by the build"
#endif

using namespace mlir;

llvm::StringRef mcore::getMCoreVersion() { return MCORE_VERSION; }

llvm::StringRef mcore::getLLVMVersion() { return LLVM_VERSION_STRING; }

void mcore::printVersion(llvm::raw_ostream &os, llvm::StringRef toolName) {
  os << toolName << " (mcore) " << getMCoreVersion() << "\n";
  os << "LLVM/MLIR " << getLLVMVersion() << "\n";
}

void mcore::setVersionPrinter(llvm::StringRef toolName) {
  llvm::cl::SetVersionPrinter([name = toolName.str()](llvm::raw_ostream &os) {
    printVersion(os, name);
  });
}
