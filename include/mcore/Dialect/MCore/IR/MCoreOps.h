//===- MCoreOps.h - mcore operations ----------------------------*- C++ -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREOPS_H
#define MCORE_DIALECT_MCORE_IR_MCOREOPS_H

#include "mcore/Dialect/MCore/IR/MCoreAttrs.h"
#include "mcore/Dialect/MCore/IR/MCoreDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/TilingInterface.h"

#define GET_OP_CLASSES
#include "mcore/Dialect/MCore/IR/MCoreOps.h.inc"

namespace mlir::mcore {

/// Checks that `chip` has `intrinsic` and that the fp8 operands of `op`
/// (an mcore.mma or mcore.sparse_mma) use the chip's fp8 encoding. Emits a
/// located error naming the chips that do have it, for example
/// "smfmac_f32_16x16x32_f16 needs gfx942 or gfx950; the target is gfx90a".
LogicalResult verifyIntrinsicOnChip(Operation *op,
                                    MmaIntrinsicAttrInterface intrinsic,
                                    Chip chip);

} // namespace mlir::mcore

#endif // MCORE_DIALECT_MCORE_IR_MCOREOPS_H
