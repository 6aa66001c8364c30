//===- MCoreToROCDL.h - mcore to ROCDL --------------------------*- C++ -*-===//
//
// For compilers that reuse the lowering without the pass: the legality
// check, the mcore -> amdgpu/LLVM patterns, and the amdgpu -> ROCDL step.
//
//===----------------------------------------------------------------------===//

#ifndef MCORE_CONVERSION_MCORETOROCDL_MCORETOROCDL_H
#define MCORE_CONVERSION_MCORETOROCDL_MCORETOROCDL_H

#include "mcore/Target/Chip.h"

#include "mlir/Support/LLVM.h"

namespace mlir {
class LLVMTypeConverter;
class Operation;
class RewritePatternSet;

namespace mcore {

/// Checks every mcore.mma / mcore.sparse_mma under `root` before lowering:
/// per-lane form, an intrinsic, one that `chip` has, fp8 in the chip's
/// encoding. Emits a located error for each violation.
LogicalResult verifyMCoreOpsForLowering(Operation *root, Chip chip);

/// Checks the matrix intrinsics a lowered device module calls (rocdl.wmma.*,
/// rocdl.mfma.*, rocdl.smfmac.*, llvm.call_intrinsic of llvm.amdgcn.*
/// matrix intrinsics, whoever wrote them) against the catalog: `chip` must
/// have the intrinsic, and its A, B and C operands must have the widths the
/// intrinsic takes on `chip`. Each violation is a located error naming what
/// the intrinsic needs; LLVM would otherwise abort with "Cannot select".
/// Intrinsics the catalog does not know are not checked.
LogicalResult verifyMatrixIntrinsicsForChip(Operation *root, Chip chip);

/// mcore.mma / mcore.sparse_mma (per-lane) -> amdgpu.wmma / amdgpu.mfma /
/// amdgpu.sparse_mfma, and SWMMAC -> llvm.call_intrinsic with packed
/// operands. Run verifyMCoreOpsForLowering first.
void populateMCoreToAMDGPUPatterns(RewritePatternSet &patterns, Chip chip);

/// Runs both steps on `root`: the legality check, the patterns above, then
/// upstream's amdgpu -> ROCDL patterns for the matrix ops they created.
LogicalResult convertMCoreToROCDL(Operation *root, Chip chip);

} // namespace mcore
} // namespace mlir

#endif // MCORE_CONVERSION_MCORETOROCDL_MCORETOROCDL_H
