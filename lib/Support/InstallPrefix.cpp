//===- InstallPrefix.cpp - Where the mcore a program uses is --------------===//
//
// See include/mcore/Support/InstallPrefix.h.
//
//===----------------------------------------------------------------------===//

#include "mcore/Support/InstallPrefix.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <mutex>

using namespace mlir;

static std::mutex prefixMutex;
static std::optional<std::string> &installPrefix() {
  static auto *prefix = new std::optional<std::string>();
  return *prefix;
}

void mcore::setInstallPrefix(llvm::StringRef prefix) {
  std::lock_guard<std::mutex> lock(prefixMutex);
  installPrefix() = prefix.str();
}

std::optional<std::string> mcore::getInstallPrefix() {
  std::lock_guard<std::mutex> lock(prefixMutex);
  return installPrefix();
}

/// Anchor for getMainExecutable.
static void anchor() {}

llvm::SmallVector<std::string, 2> mcore::getLibraryDirectories() {
  llvm::SmallVector<std::string, 2> dirs;
  std::string exe = llvm::sys::fs::getMainExecutable(nullptr, (void *)&anchor);
  if (!exe.empty()) {
    llvm::SmallString<256> dir(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "lib");
    dirs.push_back(std::string(dir));
  }
  if (std::optional<std::string> prefix = getInstallPrefix()) {
    llvm::SmallString<256> dir(*prefix);
    llvm::sys::path::append(dir, "lib");
    if (!llvm::is_contained(dirs, std::string(dir)))
      dirs.push_back(std::string(dir));
  }
  return dirs;
}
