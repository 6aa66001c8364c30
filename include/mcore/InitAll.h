//===- InitAll.h - Register all of mcore ------------------------*- C++ -*-===//
//
// For tools and compilers that embed mcore: one call registers what a
// context needs to run mcore's pipeline and passes, another every mcore pass
// and pipeline with the pass registry.
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

/// Adds everything --mcore-pipeline and mcore's passes need to `registry`:
/// the mcore dialect, and every upstream dialect, dialect extension and
/// external interface model (bufferization, tiling, ConvertToLLVM, ...) and
/// LLVM IR translation, as mlir-opt registers them (the pipeline's stages
/// span most of upstream, and a missing model is an error such as "op was
/// not bufferized" at run time), and mcore's transform dialect extension
/// (transform.mcore.*, docs/Transform.md). A compiler that embeds mcore
/// calls this on the registry of its contexts, and registerAllMCorePasses()
/// for the pass names.
void registerMCoreRequirements(DialectRegistry &registry);

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
