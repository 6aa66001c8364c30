//===- Passes.h - mcore transformation passes -------------------*- C++ -*-===//

#ifndef MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_H
#define MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_H

#include "mcore/Dialect/MCore/IR/MCoreDialect.h"

#include "mlir/Pass/Pass.h"

namespace mlir::mcore {

#define GEN_PASS_DECL
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mcore/Dialect/MCore/Transforms/Passes.h.inc"

} // namespace mlir::mcore

#endif // MCORE_DIALECT_MCORE_TRANSFORMS_PASSES_H
