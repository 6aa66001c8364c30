//===- MCoreAttrs.h - mcore attributes --------------------------*- C++ -*-===//

#ifndef MCORE_DIALECT_MCORE_IR_MCOREATTRS_H
#define MCORE_DIALECT_MCORE_IR_MCOREATTRS_H

#include "mcore/Heuristic/MatmulConfig.h"
#include "mcore/Target/Catalog.h"
#include "mcore/Target/Chip.h"

#include "mlir/Dialect/AMDGPU/Utils/Chipset.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

#include "mcore/Dialect/MCore/IR/MCoreInterfaces.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mcore/Dialect/MCore/IR/MCoreAttrs.h.inc"

namespace mlir::mcore {

/// The MLIR element type of a scalar kind; fp8/bf8 in the given encoding.
/// Null for fp8 kinds with Fp8Format::None.
Type getMLIRType(MLIRContext *context, ScalarKind kind, Fp8Format fp8);

/// The scalar kind of an MLIR element type, and for fp8 types their encoding
/// in `fp8` (left alone otherwise). std::nullopt for types no unscaled
/// matrix instruction takes, the MX-only ones included (getMxScalarKind).
std::optional<ScalarKind> getScalarKind(Type type, Fp8Format *fp8 = nullptr);
/// The kind of an element type that only block-scaled (MX) instructions
/// take: f6E2M3FN (fp6), f6E3M2FN (bf6), f4E2M1FN (fp4), f8E8M0FNU (e8m0,
/// the block scale); std::nullopt otherwise. Kept apart from getScalarKind
/// so that a plain matmul of these types is refused as before: nothing
/// lowers one without scales.
std::optional<ScalarKind> getMxScalarKind(Type type);

/// The chip named by the `mcore.chip` attribute of `op` or its closest
/// ancestor that has one, or by the `chip` of a `#rocdl.target` on the
/// enclosing gpu.module. Null if none.
ChipAttr lookupChip(Operation *op);

/// Resolves a chip for a pass: `option` when non-empty (an unknown name is an
/// error that lists the supported chips), else lookupChip(op). Emits an error
/// on `op` and returns failure when there is none.
FailureOr<Chip> resolveChip(Operation *op, StringRef option,
                            StringRef passName);

} // namespace mlir::mcore

#endif // MCORE_DIALECT_MCORE_IR_MCOREATTRS_H
