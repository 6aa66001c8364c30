//===- VerifyMatrixIntrinsics.h - Matrix intrinsics vs catalog --*- C++ -*-===//
//
// For compilers that check lowered device code without the pass
// (mcore-verify-matrix-intrinsics).
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_CONVERSION_VERIFYMATRIXINTRINSICS_VERIFYMATRIXINTRINSICS_H
#define MCORE_CONVERSION_VERIFYMATRIXINTRINSICS_VERIFYMATRIXINTRINSICS_H

#include "mcore/Target/Chip.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;

namespace mcore {

/// Checks the matrix intrinsics a lowered device module calls (rocdl.wmma.*,
/// rocdl.mfma.*, rocdl.smfmac.*, llvm.call_intrinsic of llvm.amdgcn.*
/// matrix intrinsics, whoever wrote them) against the catalog: `chip` must
/// have the intrinsic, and its A, B and C operands must have the widths the
/// intrinsic takes on `chip`. Each violation is a located error naming what
/// the intrinsic needs; LLVM would otherwise abort with "Cannot select".
/// Intrinsics the catalog does not know are not checked.
LogicalResult verifyMatrixIntrinsicsForChip(Operation *root, Chip chip);

} // namespace mcore
} // namespace mlir

#endif // MCORE_CONVERSION_VERIFYMATRIXINTRINSICS_VERIFYMATRIXINTRINSICS_H
