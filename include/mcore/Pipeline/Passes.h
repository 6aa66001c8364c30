//===- Passes.h - passes of mcore's pipeline --------------------*- C++ -*-===//

#ifndef MCORE_PIPELINE_PASSES_H
#define MCORE_PIPELINE_PASSES_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::mcore {

#define GEN_PASS_DECL
#include "mcore/Pipeline/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mcore/Pipeline/Passes.h.inc"

} // namespace mlir::mcore

#endif // MCORE_PIPELINE_PASSES_H
