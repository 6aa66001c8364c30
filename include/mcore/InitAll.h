//===- InitAll.h - Register all of mcore ------------------------*- C++ -*-===//
//
// For tools and compilers that embed mcore: one call registers the mcore
// dialect, another every mcore pass and pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_INITALL_H
#define MCORE_INITALL_H

#include <functional>

namespace mlir {
class DialectRegistry;
namespace mcore {
struct MCorePipelineOptions;

/// Adds the mcore dialect (and the dialects its ops produce) to `registry`.
void registerAllMCoreDialects(DialectRegistry &registry);

/// Registers every mcore pass and pipeline with the global pass registry, so
/// that they can be named on a command line or in a pass pipeline string.
/// `setPipelineDefaults` completes --mcore-pipeline's options (mcore-opt
/// passes runner::setDefaultToolkit, mcore/Runner/Toolkit.h, which finds a
/// toolkit directory for HSACO where the options name none).
void registerAllMCorePasses(
    std::function<void(MCorePipelineOptions &)> setPipelineDefaults = {});

} // namespace mcore
} // namespace mlir

#endif // MCORE_INITALL_H
