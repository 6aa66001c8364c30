//===- MCoreTransformOps.h - transform.mcore.* ------------------*- C++ -*-===//
//
// The transform dialect extension of mcore (MCoreTransformOps.td, and
// docs/Transform.md for a script).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_DIALECT_MCORE_TRANSFORMOPS_MCORETRANSFORMOPS_H
#define MCORE_DIALECT_MCORE_TRANSFORMOPS_MCORETRANSFORMOPS_H

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"

#define GET_OP_CLASSES
#include "mcore/Dialect/MCore/TransformOps/MCoreTransformOps.h.inc"

namespace mlir {
class DialectRegistry;
namespace mcore {

/// Registers the transform.mcore.* ops (and apply_patterns.mcore.*) with
/// the transform dialect of contexts that use `registry`.
void registerTransformDialectExtension(DialectRegistry &registry);

} // namespace mcore
} // namespace mlir

#endif // MCORE_DIALECT_MCORE_TRANSFORMOPS_MCORETRANSFORMOPS_H
