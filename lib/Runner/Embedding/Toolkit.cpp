//===- Toolkit.cpp - Where drivers find the ROCm toolkit ------------------===//

#include "mcore/Runner/Toolkit.h"
#include "mcore/Pipeline/Pipeline.h"
#include "mcore/Support/InstallPrefix.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace mlir;
using namespace mlir::mcore;

std::string runner::findRocmToolkit() {
  llvm::SmallVector<std::string> candidates;
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("MCORE_ROCM_TOOLKIT"))
    candidates.push_back(*env);
  // Beside the tools: <prefix>/bin/mcore-opt ->
  // <prefix>/lib/mcore/rocm-toolkit, in the build tree and in an install;
  // then in the installation a program was built against.
  for (const std::string &lib : getLibraryDirectories()) {
    llvm::SmallString<256> dir(lib);
    llvm::sys::path::append(dir, "mcore", "rocm-toolkit");
    candidates.push_back(std::string(dir));
  }
  for (const char *var : {"ROCM_PATH", "ROCM_ROOT", "ROCM_HOME"})
    if (std::optional<std::string> env = llvm::sys::Process::GetEnv(var))
      candidates.push_back(*env);
  candidates.push_back("/opt/rocm");
  for (const std::string &dir : candidates)
    if (isRocmToolkitDir(dir))
      return dir;
  return "";
}

void runner::setDefaultToolkit(MCorePipelineOptions &options) {
  if (options.toolkit.empty() && options.linksCodeObjects())
    options.toolkit = findRocmToolkit();
}
