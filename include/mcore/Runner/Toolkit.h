//===- Toolkit.h - Where drivers find the ROCm toolkit ----------*- C++ -*-===//
//
// --mcore-pipeline format=hsaco links code objects with ld.lld, which
// gpu-module-to-binary looks for as <toolkit>/llvm/bin/ld.lld. The pipeline
// takes that directory as its `toolkit` option; a driver (mcore-opt,
// mcore-run, a program embedding mcore) finds one where the user named none.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_RUNNER_TOOLKIT_H
#define MCORE_RUNNER_TOOLKIT_H

#include <string>

namespace mlir::mcore {
struct MCorePipelineOptions;

namespace runner {

/// The first directory with an executable llvm/bin/ld.lld among:
/// $MCORE_ROCM_TOOLKIT; <prefix>/lib/mcore/rocm-toolkit for the running
/// executable <prefix>/bin/TOOL (the build tree and installs set it up, a
/// link to Debian's ld.lld-22), then for the mcore installation a program
/// was built against (mcore/Support/InstallPrefix.h); $ROCM_PATH,
/// $ROCM_ROOT, $ROCM_HOME; /opt/rocm. Empty when none has one. No path of
/// the build tree is compiled in.
std::string findRocmToolkit();

/// Sets options.toolkit to findRocmToolkit() when the options name none and
/// their format links code objects (hsaco); the other formats need none.
void setDefaultToolkit(MCorePipelineOptions &options);

} // namespace runner
} // namespace mlir::mcore

#endif // MCORE_RUNNER_TOOLKIT_H
