//===- Toolkit.cpp - Where drivers find the ROCm toolkit ------------------===//

#include "mcore/Runner/Toolkit.h"
#include "mcore/Pipeline/Pipeline.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace mlir;
using namespace mlir::mcore;

/// Anchor for getMainExecutable.
static void anchor() {}

std::string runner::findRocmToolkit() {
  llvm::SmallVector<std::string> candidates;
  if (std::optional<std::string> env =
          llvm::sys::Process::GetEnv("MCORE_ROCM_TOOLKIT"))
    candidates.push_back(*env);
  // Beside the tools: <prefix>/bin/mcore-opt ->
  // <prefix>/lib/mcore/rocm-toolkit, in the build tree and in an install.
  std::string exe =
      llvm::sys::fs::getMainExecutable(nullptr, (void *)&anchor);
  if (!exe.empty()) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(
        llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "lib", "mcore", "rocm-toolkit");
    candidates.push_back(std::string(dir));
  }
#ifdef MCORE_BUILD_ROCM_TOOLKIT
  candidates.push_back(MCORE_BUILD_ROCM_TOOLKIT);
#endif
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
